/** FNV-1a (32-bit) with a final mix: a stable, dependency-free hash so "variety" in wording is a function of the input, never of chance. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // FNV-1a's low bits mix poorly (the lowest is a mere parity); MurmurHash3's finaliser spreads every input bit.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Picks one option deterministically: the same seed and key always give the same choice. */
export function pickVariant<T>(options: readonly [T, ...T[]], seed: string, key: string): T {
  return options[hashString(`${key}\u0000${seed}`) % options.length] ?? options[0];
}
