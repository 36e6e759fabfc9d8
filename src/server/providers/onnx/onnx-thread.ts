import { parentPort } from "node:worker_threads";
import ort from "onnxruntime-node";
import { embedWithMiniLm } from "../embeddings/minilm-model";
import { embedWithTrainedReader } from "../embeddings/trained-reader-model";
import type { OnnxAnswer, OnnxRequest } from "./onnx-messages";

// The one thread of a process that runs ONNX Runtime (onnx-host.ts): the encoders and Whisper's sessions live
// here. A session's run is synchronous on its thread, so here it never holds the process's event loop. Requests are
// handled one at a time, in the order they come.
const sessions = new Map<string, Promise<ort.InferenceSession>>();

async function answer(request: OnnxRequest): Promise<OnnxAnswer> {
  if (request.op === "embed") return { id: request.id, flat: await (request.encoder === "minilm" ? embedWithMiniLm(request.texts) : embedWithTrainedReader(request.encoder, request.texts)) };
  if (request.op === "release") {
    const session = sessions.get(request.model);
    sessions.delete(request.model);
    await (await session?.catch(() => null))?.release();
    return { id: request.id };
  }
  let session = sessions.get(request.model);
  if (!session) {
    session = ort.InferenceSession.create(request.model, { intraOpNumThreads: request.threads, interOpNumThreads: 1, logSeverityLevel: 3 });
    sessions.set(request.model, session);
    // A session that could not be made is tried again by the next request.
    session.catch(() => sessions.delete(request.model));
  }
  const feeds = Object.fromEntries(Object.entries(request.feeds).map(([name, { type, data, dims }]) => [name, new ort.Tensor(type, data, dims)]));
  const out = await (await session).run(feeds);
  const outputs = Object.fromEntries(request.outputs.map((name) => [name, { data: out[name]!.data as Int32Array | Float32Array, dims: [...out[name]!.dims] }]));
  return { id: request.id, outputs };
}

let queue: Promise<unknown> = Promise.resolve();
parentPort!.on("message", (request: OnnxRequest) => {
  queue = queue.then(async () => {
    try {
      parentPort!.postMessage(await answer(request));
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
