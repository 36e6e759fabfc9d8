// Consciousness Capture's public face: which questions exist (a recording names the one it answers).
export { capturePromptById } from "./prompts";
