/**
 * The samples of a 16-bit PCM WAV file (what the offline voice engine speaks), as floats in −1..1, first channel
 * only. Chunks other than `fmt ` and `data` (metadata such as a provenance mark) are skipped. Null when the bytes are
 * not such a file.
 */
export function readPcmWav(bytes: Uint8Array): { samples: Float32Array; sampleRate: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") return null;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt " && size >= 16) {
      if (view.getUint16(body, true) !== 1) return null; // not plain PCM
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === "data") {
      if (bits !== 16 || channels < 1 || sampleRate <= 0) return null;
      const frames = Math.floor(Math.min(size, bytes.length - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2 * channels, true) / 32768;
      return { samples, sampleRate };
    }
    at = body + size + (size % 2); // chunks are padded to an even length
  }
  return null;
}
