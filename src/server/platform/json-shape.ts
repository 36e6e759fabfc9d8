/** How much structure a JSON text may hold before anything is built from it. */
export interface JsonShapeLimits {
  /** Strings, containers and commas (a bound on the values a parse would allocate). */
  values: number;
  /** Nesting of arrays and objects. */
  depth: number;
}

/**
 * A scan of the text that allocates nothing: false when it holds more values or deeper nesting than allowed. A
 * parse of 57 MB of empty arrays allocated 1.2 GB and took seconds; this refuses it after one pass over the
 * characters, and a bounded depth keeps structured cloning and recursive checks of the result safe.
 */
export function isJsonShapeWithin(text: string, limits: JsonShapeLimits): boolean {
  let values = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // the escaped character cannot end the string
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      values++;
    } else if (c === 0x5b || c === 0x7b) {
      values++;
      if (++depth > limits.depth) return false;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c) values++;
    if (values > limits.values) return false;
  }
  return true;
}
