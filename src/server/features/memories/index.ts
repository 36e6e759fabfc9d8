/** What other features may use of the vault: a memory's shape in the contract and its authenticity score. */
export { sealColumns, toMemory, toMemoryVersion } from "./memory-shape";
export { computeAuthenticityScore } from "./authenticity";
