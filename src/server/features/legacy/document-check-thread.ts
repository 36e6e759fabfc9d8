import { parentPort, workerData } from "node:worker_threads";
import { decodeDocument, type DocumentKind } from "./document-decode";

// One legacy document decoded off the event loop (document-check.ts): the bytes arrive transferred, the outcome goes back.
const { bytes, kind } = workerData as { bytes: Uint8Array; kind: DocumentKind };
parentPort?.postMessage(await decodeDocument(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind));
