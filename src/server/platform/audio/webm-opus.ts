import { Decoder, tools } from "ts-ebml";
import { OpusDecoder } from "opus-decoder";
import { LevelMeter, rateQuality, type SessionQuality } from "./audio-quality";
import { SpeechDetector } from "./speech-detector";

export class InvalidAudioError extends Error {}

export interface AudioAnalysis {
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  levelDbfs: number;
  noiseFloorDbfs: number;
  clippedRatio: number;
  /** Seconds judged to be a person speaking (speech-detector.ts). */
  speechSeconds: number;
  quality: SessionQuality;
}

const OPUS_RATE = 48_000;

/**
 * The parts of opus-decoder 0.7 (pinned in package.json) that decode one frame in place. Its public `decodeFrame`
 * copies every frame's PCM out of WebAssembly memory twice (a `slice` per channel, then a concatenation): two new
 * 3.8 kB ArrayBuffers per 20 ms frame, about 2.5 GB of short-lived off-heap allocations for a 100 MB recording. V8
 * frees those only when external-memory pressure triggers a collection, so the server's RSS climbed by tens of MB
 * during a long upload. Decoding into the decoder's own output buffer and reading it in place allocates nothing.
 */
interface OpusInPlace {
  decode(frame: Uint8Array): number;
  /** The first channel's samples after `decode`; a view into WebAssembly memory, overwritten by the next frame. */
  firstChannel(samples: number): Float32Array;
}

export function inPlaceDecoder(decoder: OpusDecoder): OpusInPlace | null {
  const internals = decoder as unknown as {
    _common?: { wasm?: { opus_frame_decode_float_deinterleaved?: (decoder: number, input: number, length: number, output: number) => number } };
    _decoder?: number;
    _input?: { ptr: number; buf: Uint8Array };
    _output?: { ptr: number; buf: Float32Array };
  };
  const decode = internals._common?.wasm?.opus_frame_decode_float_deinterleaved;
  const { _decoder: handle, _input: input, _output: output } = internals;
  if (typeof decode !== "function" || typeof handle !== "number" || !(input?.buf instanceof Uint8Array) || !(output?.buf instanceof Float32Array)) return null;
  return {
    decode: (frame) => {
      input.buf.set(frame);
      return decode(handle, input.ptr, frame.length, output.ptr);
    },
    // Deinterleaved output: channel 0 comes first.
    firstChannel: (samples) => output.buf.subarray(0, samples),
  };
}

/**
 * Reads a WebM file piece by piece as it arrives: checks that it is WebM with an Opus audio track, decodes every
 * Opus frame to PCM and measures it. Memory stays at one piece plus the decoder: the samples are measured and
 * dropped. The duration is computed from the decoded samples, because MediaRecorder files carry none.
 */
export class WebmOpusAnalyzer {
  private readonly ebml = new Decoder();
  private sawEbmlHeader = false;
  private docType: string | null = null;
  private audioTrack: number | null = null;
  private codec: string | null = null;
  private channels = 1;
  private preSkip = 0;
  private currentTrack: { number: number | null; codec: string | null; type: number | null; channels: number | null; codecPrivate: Buffer | null } | null = null;
  private decoder: OpusDecoder | null = null;
  private inPlace: OpusInPlace | null = null;
  private meter = new LevelMeter(OPUS_RATE);
  private readonly speech = new SpeechDetector();
  private bytes = 0;
  private readonly openEnds: number[] = [];

  /**
   * `onSamples` receives the first channel's decoded PCM as it is measured (voice features are taken from it). The
   * array is only valid during the call: the next frame is decoded into the same memory, so copy what must be kept.
   */
  constructor(private readonly options: { onSamples?: (samples: Float32Array, sampleRate: number) => void } = {}) {}

  async push(chunk: Buffer): Promise<void> {
    this.bytes += chunk.length;
    let elements;
    try {
      elements = this.ebml.decode(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer);
    } catch {
      throw new InvalidAudioError("not a WebM file");
    }
    for (const element of elements) {
      if (!this.sawEbmlHeader) {
        if (element.name !== "EBML") throw new InvalidAudioError("not a WebM file");
        this.sawEbmlHeader = true;
      }
      // Container elements of known size (clusters, usually) say where they must end; one still open at the end of
      // the upload means the file was cut. MediaRecorder writes "unknown size" instead, so there only a cut inside
      // an element can be seen.
      const flags = element as { isEnd?: boolean; unknownSize?: boolean; dataEnd?: number };
      if (element.type === "m" && !flags.unknownSize && (flags.dataEnd ?? -1) > 0) {
        if (flags.isEnd) this.openEnds.pop();
        else this.openEnds.push(flags.dataEnd!);
      }
      if (element.type === "m") {
        if (element.name === "TrackEntry" && !element.isEnd) this.currentTrack = { number: null, codec: null, type: null, channels: null, codecPrivate: null };
        if (element.name === "TrackEntry" && element.isEnd) this.closeTrack();
        continue;
      }
      const value = (element as { value?: unknown }).value;
      const data = (element as { data?: Buffer }).data;
      switch (element.name) {
        case "DocType":
          this.docType = String(value);
          break;
        case "TrackNumber":
          if (this.currentTrack) this.currentTrack.number = Number(value);
          break;
        case "TrackType":
          if (this.currentTrack) this.currentTrack.type = Number(value);
          break;
        case "CodecID":
          if (this.currentTrack) this.currentTrack.codec = String(value);
          break;
        case "Channels":
          if (this.currentTrack) this.currentTrack.channels = Number(value);
          break;
        case "CodecPrivate":
          if (this.currentTrack && data) this.currentTrack.codecPrivate = Buffer.from(data);
          break;
        case "SimpleBlock":
        case "Block":
          if (data) await this.decodeBlock(data);
          break;
        default:
      }
    }
  }

  private closeTrack(): void {
    const track = this.currentTrack;
    this.currentTrack = null;
    if (!track || this.audioTrack !== null) return;
    if (track.type === 2 || track.codec?.startsWith("A_")) {
      this.audioTrack = track.number;
      this.codec = track.codec;
      // OpusHead: "OpusHead", version, channel count, pre-skip (little endian).
      const head = track.codecPrivate;
      if (head && head.length >= 12 && head.toString("latin1", 0, 8) === "OpusHead") {
        this.channels = head[9] ?? 1;
        this.preSkip = head.readUInt16LE(10);
      } else if (track.channels) {
        this.channels = track.channels;
      }
    }
  }

  private async decodeBlock(data: Buffer): Promise<void> {
    if (this.codec !== "A_OPUS" || this.audioTrack === null) throw new InvalidAudioError(this.codec ? `audio is ${this.codec}, not Opus` : "no audio track before the audio data");
    const block = tools.ebmlBlock(data);
    if (block.trackNumber !== this.audioTrack) return;
    if (!this.decoder) {
      this.decoder = new OpusDecoder({ channels: this.channels, preSkip: this.preSkip, forceStereo: false });
      await this.decoder.ready;
      this.inPlace = inPlaceDecoder(this.decoder);
    }
    for (const frame of block.frames) {
      if (this.inPlace) {
        const samples = this.inPlace.decode(frame);
        if (samples < 0) throw new InvalidAudioError("the Opus audio is damaged");
        this.measure(this.inPlace.firstChannel(samples));
        continue;
      }
      const decoded = this.decoder.decodeFrame(new Uint8Array(frame));
      if (decoded.errors.length > 0) throw new InvalidAudioError("the Opus audio is damaged");
      // Measured on the first channel: recordings are mono, and a second channel would not change the verdict.
      const first = decoded.channelData[0]?.subarray(0, decoded.samplesDecoded);
      if (first) this.measure(first);
    }
  }

  private measure(first: Float32Array): void {
    this.meter.add(first);
    this.speech.add(first, OPUS_RATE);
    this.options.onSamples?.(first, OPUS_RATE);
  }

  /** The measurements; fails for a file that is not WebM/Opus, holds no audio, or stops in the middle of an element. */
  finish(): AudioAnalysis {
    this.decoder?.free();
    const pending = this.ebml as unknown as { _buffer: Buffer; _cursor: number; _state: number };
    // The decoder still waiting for an element's size or content, or a sized element left open, both mean the upload
    // stopped early. (A live recording cut between two blocks cannot be told from a shorter one.)
    const STATE_TAG = 1; // ts-ebml's "waiting for the next element" state
    const cutInElement = pending._state !== STATE_TAG || pending._buffer.length - pending._cursor > 0;
    const cutBeforeEnd = this.openEnds.some((end) => end > this.bytes);
    if (!this.sawEbmlHeader || this.bytes === 0) throw new InvalidAudioError("not a WebM file");
    if (this.docType !== null && this.docType !== "webm") throw new InvalidAudioError(`a ${this.docType} file, not WebM`);
    if (this.codec !== "A_OPUS") throw new InvalidAudioError(this.codec ? `audio is ${this.codec}, not Opus` : "no audio track");
    if (cutInElement || cutBeforeEnd) throw new InvalidAudioError("the file ends in the middle of its data (truncated upload)");
    if (this.meter.samples === 0) throw new InvalidAudioError("the recording holds no audio");
    const durationSeconds = Math.max(0, (this.meter.samples - this.preSkip) / OPUS_RATE);
    const speech = this.speech.finish();
    const stats = {
      durationSeconds,
      levelDbfs: this.meter.percentile(90),
      noiseFloorDbfs: this.meter.percentile(10),
      clippedRatio: this.meter.clipped / this.meter.samples,
    };
    const quality = rateQuality({ ...stats, hasSpeech: speech.hasSpeech, silent: speech.speechSeconds === 0 && speech.otherSeconds === 0 });
    return { ...stats, speechSeconds: speech.speechSeconds, sampleRate: OPUS_RATE, channels: this.channels, quality };
  }
}
