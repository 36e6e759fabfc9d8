/** Stored vectors are float32, little-endian, concatenated: `count × dimensions` floats in one bytea. */
export function encodeVectors(vectors: Float32Array[]): Buffer {
  const flat = new Float32Array(vectors.reduce((n, v) => n + v.length, 0));
  let offset = 0;
  for (const v of vectors) {
    flat.set(v, offset);
    offset += v.length;
  }
  return Buffer.from(flat.buffer, flat.byteOffset, flat.byteLength);
}

/** The floats of a stored bytea (copied, so the result is aligned whatever the driver's buffer offset). */
export function decodeVectors(bytes: Buffer | Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

/** The best dot product of `query` with any of the vectors in `flat` (each `query.length` long). */
export function bestDot(query: Float32Array, flat: Float32Array): number {
  let best = -1;
  for (let offset = 0; offset + query.length <= flat.length; offset += query.length) {
    let sum = 0;
    for (let i = 0; i < query.length; i++) sum += query[i]! * flat[offset + i]!;
    if (sum > best) best = sum;
  }
  return best;
}
