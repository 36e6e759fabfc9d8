import initializeEspeak, { type ESpeakNGWorker } from "@echogarden/espeak-ng-emscripten";

/** What espeak-ng is told for one synthesis. */
export interface EspeakSettings {
  voice: string;
  pitch: number;
  range: number;
  rate: number;
}

// The WebAssembly module (24 MB of voice data) loads on first use only, and once: a server that never speaks with
// the local engine never pays for it.
let worker: Promise<ESpeakNGWorker> | null = null;
// espeak-ng keeps the voice and its parameters as global state in one instance, so syntheses take turns.
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Promise<ESpeakNGWorker> {
  if (!worker) {
    worker = initializeEspeak().then((module) => new module.eSpeakNGWorker());
    worker.catch(() => {
      worker = null; // a failed load is retried on the next call rather than remembered forever
    });
  }
  return worker;
}

/** 16-bit PCM at the engine's rate (22 050 Hz for these voices). */
export function synthesizeRaw(text: string, settings: EspeakSettings): Promise<{ samples: Int16Array; sampleRate: number }> {
  const run = queue.then(async () => {
    const espeak = await getWorker();
    espeak.set_voice(settings.voice);
    espeak.set_rate(settings.rate);
    espeak.set_pitch(settings.pitch);
    espeak.set_range(settings.range);
    const pieces: Int16Array[] = [];
    let length = 0;
    espeak.synthesize(text, (samples) => {
      pieces.push(samples);
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
  });
  queue = run.catch(() => undefined);
  return run;
}
