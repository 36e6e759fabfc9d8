import { TranscriptionError } from "../transcriber";
import { createWhisperTranscriber } from "./whisper";
import { WHISPER_PROCESS_ENV, type FromWhisperProcess, type ToWhisperProcess } from "./whisper-process";

/**
 * The entry of the Whisper process (whisper-process.ts): one Whisper on this process's own ONNX thread, answering the
 * host's requests one after another. It ends with its host (the IPC channel closing).
 */
const raw = process.env[WHISPER_PROCESS_ENV];
if (!raw) throw new Error(`${WHISPER_PROCESS_ENV} is not set: this module is started by createWhisperProcessTranscriber().`);
const { cacheDir, threads } = JSON.parse(raw) as { cacheDir: string; threads: number };
const whisper = createWhisperTranscriber({ cacheDir, threads });
let line = Promise.resolve();

process.on("message", (message: ToWhisperProcess) => {
  line = line.then(async () => {
    const audio = { webm: () => Promise.reject(new Error("not used")), pcm16k: async () => message.pcm };
    let answer: FromWhisperProcess;
    try {
      const heard = message.windowSeconds ? whisper.inWindowsOf(message.windowSeconds) : whisper;
      answer = { id: message.id, text: await heard.transcribe(audio) };
    } catch (error) {
      answer = { id: message.id, error: error instanceof Error ? error.message : String(error), transcription: error instanceof TranscriptionError };
    }
    process.send?.(answer);
  });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => {});
process.on("disconnect", () => process.exit(0));
