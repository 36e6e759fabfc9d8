/** What other features may use of the vault: a memory's shape in the contract and its authenticity score. */
export { toMemory, toMemoryVersion } from "./memory-shape";
export { computeAuthenticityScore } from "./authenticity";
