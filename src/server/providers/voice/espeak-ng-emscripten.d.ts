// The package ships no types; this is the part of its Emscripten/WebIDL surface the local voice engine uses.
declare module "@echogarden/espeak-ng-emscripten" {
  export interface ESpeakEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: string | number;
  }
  export interface ESpeakNGWorker {
    /** Returns 0 on success; an unknown variant is silently ignored, so callers validate names themselves. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): number;
    set_pitch(pitch: number): number;
    set_range(range: number): number;
    get_samplerate(): number;
    /** Calls back with 16-bit PCM pieces; returning true from the callback aborts the synthesis. */
    synthesize(text: string, callback: (samples: Int16Array, events: ESpeakEvent[]) => boolean | void): number;
  }
  export interface ESpeakModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const initialize: (moduleArg?: object) => Promise<ESpeakModule>;
  export default initialize;
}
