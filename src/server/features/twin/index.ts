// The twin's public face for other features: how stored vectors are read and compared.
export { bestDot, decodeVectors } from "./vector-codec";
