// The legacy feature's public face: the reader rule every other feature asks, and the release state it reads.
export { accessOf, isSealed, memoryAccessSql, NOT_RELEASED, type Access, type MemoryFacts, type Reader, type Release, type ReleaseState } from "./reader-rule";
export { releasedLegacyFor, type ReleasedLegacy } from "./reading";
export { memorialFor, memorialRobotsTag, memorialUnavailable, type MemorialLegacy } from "./memorial";
export { legacyDeps, type LegacyDeps } from "./deps";
export { contactRelationships } from "./contacts";
export { runReleaseScheduler } from "./release";
export { schedulerHooks } from "./release-job";
