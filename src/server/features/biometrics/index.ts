// Biometric Intelligence's public face: the newest readings (Consciousness Home, the side panel) and the data that
// travels in the consciousness export.
export { exportBiometrics, restoreBiometrics } from "./portability";
export { newestReadings, RECENT_READING_MS } from "./readings";
