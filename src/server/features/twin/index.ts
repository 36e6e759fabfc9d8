// The twin's public face for other features: how stored vectors are read and compared.
export { bestDot, decodeVectors } from "./vector-codec";
export { questionText } from "./encoder-texts";
// What of a reader's stored answers their export withholds (a cited memory no longer shared with them).
export { ANSWER_SOURCE_GONE, withheldAnswerIds } from "./withheld-answers";
