import { openDatabase, WORKER_ROLE } from "../db/client";
import { jobProcessData, serveJobProcess, type JobProcessData } from "../platform/jobs/job-process";
import { createJobWorker } from "../platform/jobs/job-worker";

/**
 * A job process for tests whose one kind of job, `test.hog`, grows one string until the heap is exhausted: what a
 * reader without bounds does with a hostile file's endless attribute.
 */
const data = jobProcessData<JobProcessData & { connectionString: string }>();
// Its one job needs no database: the queue pool, acting as the workers' role, is all it holds.
const database = openDatabase(data.connectionString, { max: 1, role: WORKER_ROLE });
const kept: string[] = [];
const worker = createJobWorker(
  database.db,
  [
    {
      kind: "test.hog",
      async run() {
        for (let i = 0; ; i += 1) {
          kept.push(`${i}`.padEnd(1 << 20, "x"));
          if (i % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      },
      isRetryable: () => true,
      describeError: (error) => String(error),
      onGiveUp: async () => {},
    },
  ],
  { pollMs: data.pollMs, workerId: data.workerId, keepAlive: true },
);
serveJobProcess({ nudge: worker.nudge, stop: () => worker.stop().then(() => database.close()) });
worker.nudge();
