/** What other features may use of the vault: a memory's shape in the contract, its authenticity score, and adding one. */
export { sealColumns, toMemory, toMemoryVersion } from "./memory-shape";
export { computeAuthenticityScore } from "./authenticity";
export { createMemory } from "./service";
