import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import readline from "node:readline";
import type { Database } from "../../db/client";
import { releaseHeldJobs } from "./job-queue";
import { giveUpDeadJobs, type JobHandler, type JobLog } from "./job-worker";

/** What the host and a job process say to each other (over the IPC channel). */
export type ToJobProcess = { type: "nudge" } | { type: "stop" };
export type FromJobProcess = { type: "log"; level: "info" | "warn"; fields: Record<string, unknown>; message: string };

/** What a job process's entry module receives, as JSON in the MINDPRINT_JOB_PROCESS environment variable. */
export interface JobProcessData {
  workerId: string;
  kinds: string[];
  pollMs: number;
}

export interface JobProcess {
  nudge(): void;
  /** Lets the running job finish (the child's own worker stops), then ends the child. */
  stop(): Promise<void>;
}

export const JOB_PROCESS_ENV = "MINDPRINT_JOB_PROCESS";
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 60_000;
// V8's native stack after a fatal error: whoever runs the server needs the first line, not forty frames.
const NATIVE_FRAME = /^\s*\d+: 0x[0-9a-f]+/;

/**
 * Runs the given kinds of job in a child process whose heap is bounded (`memoryMb`, `--max-old-space-size`): a reader
 * that runs out of memory ends that child, never the server. (A worker thread's `resourceLimits` does not: a large
 * allocation past its limit aborts the whole process, measured in docs/decisions/0025.) The host then gives the child's
 * jobs back at once, each already counted (attempts are counted at the claim): queued again after a backoff, or failed
 * for good past its attempts, with the person told through the handler the host also holds. A child that died is
 * started again after a pause that grows while it keeps dying.
 */
export function startJobProcess(options: {
  entry: URL;
  data: Omit<JobProcessData, "workerId"> & Record<string, unknown>;
  memoryMb: number;
  db: Database;
  handlers: JobHandler[];
  log: JobLog;
}): JobProcess {
  const byKind = new Map(options.handlers.filter((h) => options.data.kinds.includes(h.kind)).map((h) => [h.kind, h]));
  let child: ChildProcess | null = null;
  let stopping: Promise<void> | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let pause = RESTART_FIRST_MS;
  let generation = 0;
  const settled: Promise<void>[] = [];

  function start() {
    generation += 1;
    const workerId = `${os.hostname()}:${process.pid}:child-${generation}:${crypto.randomUUID().slice(0, 8)}`;
    const startedAt = Date.now();
    let fatalLine: string | null = null;
    const started = fork(options.entry, [], {
      execArgv: ["--import", "tsx", `--max-old-space-size=${options.memoryMb}`],
      env: { ...process.env, [JOB_PROCESS_ENV]: JSON.stringify({ ...options.data, workerId }) },
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    child = started;
    if (started.stderr) readline.createInterface({ input: started.stderr }).on("line", (line) => {
      if (NATIVE_FRAME.test(line) || line.trim() === "") return;
      if (/FATAL ERROR|out of memory/i.test(line)) fatalLine ??= line.trim();
      process.stderr.write(`[job process] ${line}\n`);
    });
    started.on("message", (message: FromJobProcess) => {
      if (message?.type === "log") options.log(message.level, message.fields, message.message);
    });
    // A fork that fails (no memory, no process slots) or a message to a child that just died is an error event: it
    // must never reach the server as an unhandled one. The 'close' that follows (or none, for a failed fork) decides.
    started.on("error", (error) => {
      options.log("warn", { workerId, error: error.message }, "job process error");
      if (started.pid === undefined) started.emit("close", null, null);
    });
    // 'close' comes after stderr has been read to its end, so the fatal line is known.
    started.once("close", (code: number | null, signal: NodeJS.Signals | null) => {
      if (child === started) child = null;
      const outOfMemory = fatalLine !== null && /memory/i.test(fatalLine);
      const reason = outOfMemory ? `Its worker process ran out of the ${options.memoryMb} MB a job may use.` : `Its worker process stopped (${signal ?? `exit code ${code}`}).`;
      if (!stopping) options.log("warn", { workerId, code, signal, outOfMemory }, "job process stopped: giving its jobs back");
      // Whatever it held goes back at once, also when the server is stopping (a job cut short by the grace period).
      const released = releaseHeldJobs(options.db, workerId, reason)
        .then((jobs) => giveUpDeadJobs(jobs, byKind, options.log, workerId))
        .catch((error: unknown) => options.log("warn", { workerId, error: error instanceof Error ? error.message : String(error) }, "giving back a dead job process's jobs failed; their lease will"));
      settled.push(released);
      if (stopping) return;
      // A child that lived a while starts again soon; one that keeps dying waits longer each time.
      const wait = Date.now() - startedAt > 5 * 60_000 ? RESTART_FIRST_MS : pause;
      pause = Math.min(RESTART_MAX_MS, wait * 2);
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!stopping) start();
      }, wait);
      restartTimer.unref();
    });
  }
  start();

  return {
    nudge: () => {
      // The callback takes the error of a child that died a moment ago; the 'close' handler restarts it.
      if (child?.connected) child.send({ type: "nudge" } satisfies ToJobProcess, () => {});
    },
    stop: () =>
      (stopping ??= (async () => {
        if (restartTimer) clearTimeout(restartTimer);
        const current = child;
        if (current && current.exitCode === null && current.signalCode === null) {
          const closed = new Promise<void>((resolve) => current.once("close", () => resolve()));
          // Asked again every second: a child still starting up has no listener yet, and would miss one request.
          const ask = () => (current.connected ? current.send({ type: "stop" } satisfies ToJobProcess, () => {}) : current.kill("SIGTERM"));
          ask();
          const again = setInterval(ask, 1000);
          await closed.finally(() => clearInterval(again));
        }
        await Promise.all(settled);
      })()),
  };
}

/** For an entry module: the data its host gave it, and a way to send it log lines. */
export function jobProcessData<T extends JobProcessData>(): T {
  const raw = process.env[JOB_PROCESS_ENV];
  if (!raw) throw new Error(`${JOB_PROCESS_ENV} is not set: this module is started by startJobProcess().`);
  return JSON.parse(raw) as T;
}

/** For an entry module: runs `stop` and exits when the host asks, nudges on request; the host's exit ends this process. */
export function serveJobProcess(handlers: { nudge(): void; stop(): Promise<void> }): JobLog {
  let stopping: Promise<void> | null = null;
  process.on("message", (message: ToJobProcess) => {
    if (message?.type === "nudge") handlers.nudge();
    else if (message?.type === "stop") stopping ??= handlers.stop().finally(() => process.exit(0));
  });
  // Ctrl-C or a service manager's SIGTERM reaches the whole process group: the host decides when this child stops (its
  // running job may finish within the server's grace period), so the signal itself is ignored here.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => {});
  // The IPC channel closes when the host dies (a graceful stop asks first): a job process never outlives its server,
  // and the job it held is taken up again when its lease runs out, as if it had died with it.
  process.on("disconnect", () => process.exit(1));
  return (level, fields, message) => {
    if (process.connected) process.send?.({ type: "log", level, fields, message } satisfies FromJobProcess);
  };
}
