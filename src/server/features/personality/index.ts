// Personality Mapping's public face: what the export and import carry, and what the overview counts.
export { exportAttempts, restoreAttempts } from "./portability";
export { exportScenarioAnswers, restoreScenarioAnswers } from "./scenario-portability";
export { measuredProfile } from "./service";
