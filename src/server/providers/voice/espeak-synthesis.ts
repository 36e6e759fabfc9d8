import initializeEspeak, { type ESpeakNGWorker } from "@echogarden/espeak-ng-emscripten";

/** What espeak-ng is told for one synthesis. */
export interface EspeakSettings {
  voice: string;
  pitch: number;
  range: number;
  rate: number;
}

// The WebAssembly module (24 MB of voice data) loads on first use only, and once per thread.
let instance: Promise<ESpeakNGWorker> | null = null;

function getInstance(): Promise<ESpeakNGWorker> {
  if (!instance) {
    instance = initializeEspeak().then((module) => new module.eSpeakNGWorker());
    instance.catch(() => {
      instance = null; // a failed load is retried on the next call rather than remembered forever
    });
  }
  return instance;
}

/**
 * One synthesis, synchronous once the module is loaded: 16-bit PCM at the engine's rate (22 050 Hz). espeak-ng keeps
 * the voice and its parameters as global state, so callers must not interleave calls (the thread runs one at a time).
 */
export async function synthesizeOnThisThread(text: string, settings: EspeakSettings): Promise<{ samples: Int16Array; sampleRate: number }> {
  const espeak = await getInstance();
  espeak.set_voice(settings.voice);
  espeak.set_rate(settings.rate);
  espeak.set_pitch(settings.pitch);
  espeak.set_range(settings.range);
  const pieces: Int16Array[] = [];
  let length = 0;
  espeak.synthesize(text, (samples) => {
    pieces.push(samples.slice());
    length += samples.length;
    return false;
  });
  const samples = new Int16Array(length);
  let offset = 0;
  for (const piece of pieces) {
    samples.set(piece, offset);
    offset += piece.length;
  }
  return { samples, sampleRate: espeak.get_samplerate() };
}
