import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageStreamWriter } from "ai";
import { twinMessages, type TwinAnswerMetadata } from "../../../contract";
import type { startAnswer } from "./answer";

/**
 * The twin's answer as an AI SDK UI message stream (what useChat reads): text deltas as the model produces them,
 * then, once the question and answer are stored, a `message-metadata` chunk with the saved id, sources and score,
 * then `finish`. A failure becomes an `error` chunk with the spec's message and nothing is stored; a client that
 * disconnects aborts the model through `abortSignal`. `release` frees the generation slot however the answer ends.
 * `start` begins any answer: the owner's, or a visitor's with its own reader and store.
 */
export function answerStreamResponse(start: () => ReturnType<typeof startAnswer>, log: (error: unknown) => void, release: () => void = () => {}): Response {
  async function answerInto(writer: UIMessageStreamWriter) {
    const answer = await start();
    for await (const chunk of answer.result.toUIMessageStream({ sendFinish: false, onError: () => twinMessages.responseFailed })) {
      writer.write(chunk);
      if (chunk.type === "error") return;
    }
    const saved = await answer.save();
    const metadata: TwinAnswerMetadata = {
      messageId: saved.id,
      sources: saved.sources,
      authenticityScore: saved.authenticityScore,
      abstained: saved.abstained,
      modelName: saved.modelName,
      createdAt: saved.createdAt.toISOString(),
      aiNotice: saved.aiNotice,
      checkIn: saved.checkIn,
      kind: saved.kind,
    };
    writer.write({ type: "message-metadata", messageMetadata: metadata });
    writer.write({ type: "finish" });
  }
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      try {
        await answerInto(writer);
      } finally {
        release();
      }
    },
    onError: (error) => {
      log(error);
      return twinMessages.responseFailed;
    },
  });
  return createUIMessageStreamResponse({ stream });
}
