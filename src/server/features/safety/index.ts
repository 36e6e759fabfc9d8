// The safety feature's public face: the crisis check every message to a twin goes through (issue 33).
export { createCrisisDetector, type CrisisDetector, type CrisisVerdict } from "./crisis-detector";
