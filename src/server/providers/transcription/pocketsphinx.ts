import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { encodeWav } from "../voice/wav";
import { TranscriptionError, type Transcriber, type TranscriptionAudio } from "./transcriber";

/** Where Debian's `pocketsphinx` and `pocketsphinx-en-us` put the decoder and its US English model. */
export const POCKETSPHINX_DEFAULT_BIN = "/usr/bin/pocketsphinx_continuous";
export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
export const TEMP_PREFIX = "mindprint-transcribe-";

/** Whether the offline engine is installed (the binary and its model); checked once, at start-up. */
export function pocketsphinxInstalled(bin = POCKETSPHINX_DEFAULT_BIN): boolean {
  try {
    accessSync(bin, constants.X_OK);
    accessSync(POCKETSPHINX_MODEL_DIR);
    return true;
  } catch {
    return false;
  }
}

/**
 * CMU PocketSphinx, offline, English only, modest accuracy: the decoded recording goes to a temporary 16 kHz WAV file
 * and `pocketsphinx_continuous -infile` prints one line per stretch of speech it heard. Runs in its own process, so
 * the server's event loop never waits on it; the file is removed whatever happens.
 */
export function createPocketsphinxTranscriber(options: { bin?: string; timeoutMs: number }): Transcriber {
  const bin = options.bin ?? POCKETSPHINX_DEFAULT_BIN;
  void removeLeftovers();
  return {
    name: "PocketSphinx, offline, English",
    async transcribe(audio: TranscriptionAudio, signal?: AbortSignal): Promise<string> {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), TEMP_PREFIX));
      const wav = path.join(dir, "audio.wav");
      try {
        await fs.writeFile(wav, encodeWav(await audio.pcm16k(), 16_000));
        const output = await runPocketsphinx(bin, ["-infile", wav, "-logfn", "/dev/null"], options.timeoutMs, signal);
        return output
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .join(" ");
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs the decoder in its own process, time-limited, and answers what it printed. */
export function runPocketsphinx(bin: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    // Nothing of the server's environment (its keys) goes to the engine; it needs none of it.
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err = (err + d).slice(-2000)));
    child.on("error", (error) => {
      const timedOut = timeout.aborted || (signal?.aborted && signal.reason instanceof DOMException && signal.reason.name === "TimeoutError");
      reject(new TranscriptionError(timedOut ? "Transcribing this recording took too long. Type your answer instead." : "The offline transcription engine could not run. Type your answer instead.", error.message));
    });
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new TranscriptionError("The offline transcription engine could not read this recording. Type your answer instead.", `exit ${code}: ${err.trim()}`));
    });
  });
}


/** Decoded voices a process that died mid-transcription left behind (older than an hour: not another's work). */
async function removeLeftovers(): Promise<void> {
  try {
    const names = (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith(TEMP_PREFIX));
    for (const name of names) {
      const dir = path.join(os.tmpdir(), name);
      const { mtimeMs } = await fs.stat(dir);
      if (Date.now() - mtimeMs > 3_600_000) await fs.rm(dir, { recursive: true, force: true });
    }
  } catch {
    // Best effort: a temporary directory that cannot be listed is not worth failing start-up over.
  }
}
