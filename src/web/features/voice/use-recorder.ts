import { useCallback, useEffect, useRef, useState } from "react";
import type { VoiceSession } from "../../../contract/voice";
import { voiceMessages } from "../../../contract/voice-options";
import { messageOf } from "../../lib/api-client";
import { barLevels } from "./waveform-scale";

/** The spec's recorder constants (dashboard.md section 9). */
export const RECORDER_TIMESLICE_MS = 1000;
// A quarter second, so the whole seconds shown (measured from the start) change close to when they pass.
const TIMER_TICK_MS = 250;
export const WAVEFORM_BARS = 50;
export const ANALYSER_FFT_SIZE = 256;
const PREFERRED_MIME_TYPE = "audio/webm;codecs=opus";
const AUDIO_BITS_PER_SECOND = 128_000;

/** Echo cancellation, noise suppression, mono, 44100 Hz (section 5). */
export const microphoneConstraints: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1, sampleRate: 44100 },
};

export type RecorderStatus = "idle" | "initializing" | "recording" | "stopped" | "uploading" | "success" | "error";

/** The spec's in-browser recorded session: kept in memory until it is saved or discarded. */
export interface RecordedSession {
  id: string;
  duration: number;
  timestamp: string;
  audioUrl: string;
  audioBlob: Blob;
}

/**
 * Extra analysis of the microphone while recording (the capture session's live signals): called once the audio graph
 * exists, it returns what stops it, which runs whenever the microphone is released.
 */
export type Analyse = (context: AudioContext, source: MediaStreamAudioSourceNode) => () => void;

export type Uploader = (blob: Blob, onProgress: (step: number) => void) => Promise<VoiceSession>;
export type SaveResult = { ok: true; session: VoiceSession } | { ok: false; message: string };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));
const isPermissionDenied = (error: unknown) => error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");

/**
 * The microphone recorder: idle → initializing → recording → stopped → uploading → success (or error).
 * Records WebM/Opus in 1 s slices, counts seconds, and feeds a 50-bar waveform from an AnalyserNode (fftSize 256).
 * Stopping ends the timer, stops every track and closes the AudioContext; so does leaving the page.
 */
export function useRecorder(options: { analyse?: Analyse } = {}) {
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [levels, setLevels] = useState<number[] | null>(null);
  const [recording, setRecording] = useState<RecordedSession | null>(null);
  const [progress, setProgress] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [saved, setSaved] = useState<VoiceSession | null>(null);

  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const contextRef = useRef<AudioContext | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const frameRef = useRef<number | null>(null);
  const secondsRef = useRef(0);
  const urlRef = useRef<string | null>(null);
  const mountedRef = useRef(true);
  const stopAnalysisRef = useRef<(() => void) | null>(null);
  const analyseRef = useRef(options.analyse);
  analyseRef.current = options.analyse;

  /** Ends the timer and the waveform, releases the microphone and closes the audio context. */
  const release = useCallback(() => {
    if (timerRef.current !== null) clearInterval(timerRef.current);
    timerRef.current = null;
    if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    frameRef.current = null;
    stopAnalysisRef.current?.();
    stopAnalysisRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    const context = contextRef.current;
    contextRef.current = null;
    if (context && context.state !== "closed") void context.close().catch(() => undefined);
  }, []);

  const discardRecording = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
  }, []);

  const fail = useCallback(
    (message: string) => {
      release();
      recorderRef.current = null;
      setLevels(null);
      setError(message);
      setStatus("error");
    },
    [release],
  );

  // What a new attempt forgets: the last recording, errors, the saved session, progress and the timer.
  const clearSession = useCallback(() => {
    discardRecording();
    setError(null);
    setUploadError(null);
    setSaved(null);
    setProgress(0);
    setSeconds(0);
    secondsRef.current = 0;
  }, [discardRecording]);

  const start = useCallback(async () => {
    clearSession();
    setStatus("initializing");

    if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) return fail(voiceMessages.micUnavailable);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(microphoneConstraints);
    } catch (cause) {
      return fail(isPermissionDenied(cause) ? voiceMessages.micDenied : voiceMessages.initFailed(reasonOf(cause)));
    }
    if (!mountedRef.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;

    let recorder: MediaRecorder;
    let analyser: AnalyserNode;
    try {
      const supported = typeof MediaRecorder.isTypeSupported === "function" && MediaRecorder.isTypeSupported(PREFERRED_MIME_TYPE);
      recorder = new MediaRecorder(stream, supported ? { mimeType: PREFERRED_MIME_TYPE, audioBitsPerSecond: AUDIO_BITS_PER_SECOND } : undefined);
      const context = new AudioContext();
      contextRef.current = context;
      analyser = context.createAnalyser();
      analyser.fftSize = ANALYSER_FFT_SIZE;
      const source = context.createMediaStreamSource(stream);
      source.connect(analyser);
      void context.resume().catch(() => undefined);
      if (analyseRef.current) stopAnalysisRef.current = analyseRef.current(context, source);
    } catch (cause) {
      return fail(voiceMessages.initFailed(reasonOf(cause)));
    }

    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      if (!mountedRef.current || recorderRef.current !== recorder) return;
      recorderRef.current = null;
      const audioBlob = new Blob(chunks, { type: recorder.mimeType || "audio/webm" });
      const audioUrl = URL.createObjectURL(audioBlob);
      urlRef.current = audioUrl;
      setRecording({ id: crypto.randomUUID(), duration: secondsRef.current, timestamp: new Date().toISOString(), audioUrl, audioBlob });
      setStatus("stopped");
    };
    recorderRef.current = recorder;
    try {
      recorder.start(RECORDER_TIMESLICE_MS);
    } catch (cause) {
      return fail(voiceMessages.startFailed(reasonOf(cause)));
    }

    setStatus("recording");
    // Seconds since the start, not ticks counted: a busy page runs its timers late, and a count of ticks fell behind
    // the recording (19 s shown for 27 s recorded).
    const startedAt = performance.now();
    timerRef.current = setInterval(() => {
      secondsRef.current = Math.floor((performance.now() - startedAt) / 1000);
      setSeconds(secondsRef.current);
    }, TIMER_TICK_MS);
    // Floats, not bytes: a byte's step (1/128, -42 dBFS) would flatten everything quieter than that on the dB scale.
    const samples = new Float32Array(analyser.fftSize);
    const draw = () => {
      analyser.getFloatTimeDomainData(samples);
      setLevels(barLevels(samples, WAVEFORM_BARS));
      frameRef.current = requestAnimationFrame(draw);
    };
    frameRef.current = requestAnimationFrame(draw);
  }, [clearSession, fail]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop(); // onstop builds the blob and moves to "stopped"
    release();
    setLevels(null);
  }, [release]);

  const save = useCallback(
    async (upload: Uploader): Promise<SaveResult> => {
      if (!recording) return { ok: false, message: voiceMessages.uploadFailed };
      setStatus("uploading");
      setUploadError(null);
      setProgress(0);
      try {
        const session = await upload(recording.audioBlob, (step) => mountedRef.current && setProgress(step));
        if (mountedRef.current) {
          setSaved(session);
          setStatus("success");
        }
        return { ok: true, session };
      } catch (cause) {
        const message = messageOf(cause, voiceMessages.uploadFailed);
        if (mountedRef.current) {
          setUploadError(message);
          setProgress(0);
          setStatus("stopped");
        }
        return { ok: false, message };
      }
    },
    [recording],
  );

  /** Back to idle: the unsaved recording, any error and the last result are dropped. */
  const reset = useCallback(() => {
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (recorder && recorder.state !== "inactive") recorder.stop();
    release();
    setLevels(null);
    clearSession();
    setStatus("idle");
  }, [clearSession, release]);

  /** Retry after a capture error: reset, then ask for the microphone again. */
  const retry = useCallback(() => {
    reset();
    void start();
  }, [reset, start]);

  /** Hides the error and returns to idle. */
  const dismiss = useCallback(() => {
    setError(null);
    setStatus("idle");
  }, []);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const recorder = recorderRef.current;
      recorderRef.current = null;
      if (recorder && recorder.state !== "inactive") recorder.stop();
      release();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    };
  }, [release]);

  return { status, error, seconds, levels, recording, progress, uploadError, saved, start, stop, save, reset, retry, dismiss };
}
