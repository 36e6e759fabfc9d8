/** What other features may use of the overview: the person's figures, read once, and the formulas over them. */
export { readPersonFigures } from "./figures";
export { completeness, mappingProgress, voiceHours } from "./formulas";
