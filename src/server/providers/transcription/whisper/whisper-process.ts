import { fork, type ChildProcess } from "node:child_process";
import { TranscriptionError, type Transcriber, type TranscriptionAudio } from "../transcriber";

/** What the host asks the Whisper process, and what it answers (over the IPC channel, `advanced` serialization). */
export type ToWhisperProcess = { id: number; pcm: Int16Array; windowSeconds?: number };
export type FromWhisperProcess = { id: number; text: string } | { id: number; error: string; transcription: boolean };

export const WHISPER_PROCESS_ENV = "MINDPRINT_WHISPER_PROCESS";

/** Whether the child (and its IPC channel) keeps this process's event loop alive. */
function hold(child: ChildProcess, held: boolean) {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (held) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}
const ENTRY = new URL("./whisper-process-entry.ts", import.meta.url);

/**
 * Whisper in a child process of its own (issue 57, SECURITY.md 53): a web process that hears consent recordings
 * never runs Whisper on the ONNX thread the twin's encoder answers everyone's questions on, and its inference (one
 * core's worth of threads) is scheduled by the system beside the server, never in front of it. The child is started
 * at the first request, answers one request at a time, and is ended after `idleMs` unused, so the 300-odd MB the
 * model takes are held only while people record consents. A request given up (its signal aborted) ends the child,
 * so no work goes on that nobody waits for.
 */
export function createWhisperProcessTranscriber(options: { cacheDir: string; idleMs: number; threads?: number }): Transcriber & { inWindowsOf(seconds: number): Transcriber; stop(): void } {
  let child: ChildProcess | null = null;
  let idle: NodeJS.Timeout | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const stop = () => {
    clearTimeout(idle);
    const running = child;
    child = null;
    running?.kill("SIGKILL");
  };
  const start = (): ChildProcess => {
    const started = fork(ENTRY, [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, [WHISPER_PROCESS_ENV]: JSON.stringify({ cacheDir: options.cacheDir, threads: options.threads ?? 1 }) },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    started.on("message", (message: FromWhisperProcess) => {
      const request = waiting.get(message.id);
      if (!request) return;
      waiting.delete(message.id);
      if ("text" in message) request.resolve(message.text);
      else request.reject(message.transcription ? new TranscriptionError(message.error, message.error) : new Error(message.error));
    });
    started.on("error", () => {});
    // An idle child never keeps its host alive (a test run, a script that is done): it is held only while asked.
    hold(started, false);
    started.once("exit", () => {
      if (child === started) child = null;
      failAll(new Error("the Whisper process stopped"));
    });
    return started;
  };
  const hear = async (audio: TranscriptionAudio, signal: AbortSignal | undefined, windowSeconds?: number): Promise<string> => {
    const pcm = await audio.pcm16k();
    signal?.throwIfAborted();
    clearTimeout(idle);
    child ??= start();
    const id = ++next;
    const answer = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
    const onAbort = () => {
      waiting.get(id)?.reject(signal!.reason instanceof Error ? signal!.reason : new Error("aborted"));
      waiting.delete(id);
      stop();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    hold(child, true);
    child.send({ id, pcm, ...(windowSeconds ? { windowSeconds } : {}) } satisfies ToWhisperProcess);
    try {
      return await answer;
    } finally {
      signal?.removeEventListener("abort", onAbort);
      if (waiting.size === 0) {
        if (child) hold(child, false);
        idle = setTimeout(stop, options.idleMs).unref();
      }
    }
  };
  return {
    name: "Whisper, offline, English (own process)",
    transcribe: (audio, signal) => hear(audio, signal),
    inWindowsOf: (seconds) => ({ name: `Whisper, offline, English, ${seconds}-s windows (own process)`, transcribe: (audio, signal) => hear(audio, signal, seconds) }),
    stop,
  };
}
