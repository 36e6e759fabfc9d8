import { parentPort, workerData } from "node:worker_threads";
import { readJsonBody } from "./json-body";
import type { JsonShapeLimits } from "./json-shape";

// A large request body, read off the event loop (request-guards.ts): the bytes arrive transferred, the answer is
// either a value of few parts (bounded by the limits) or the reason it was refused.
const { bytes, limits } = workerData as { bytes: Uint8Array; limits: JsonShapeLimits };
parentPort?.postMessage(readJsonBody(bytes, limits));
