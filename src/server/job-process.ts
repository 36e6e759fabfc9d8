import { loadConfig } from "./config";
import { createAppContext } from "./create-context";
import { openDatabase, WORKER_ROLE } from "./db/client";
import { jobHandlers } from "./job-handlers";
import { jobProcessData, serveJobProcess, type JobProcessData } from "./platform/jobs/job-process";
import { createJobWorker, type JobLog } from "./platform/jobs/job-worker";

/**
 * The entry of the memory-bounded job process (platform/jobs/job-process.ts): its own pool and context, running only
 * the heavy kinds it was given. Started by the app (JOB_WORKER=in-process) and by `npm run worker`.
 */
const data = jobProcessData<JobProcessData & { connectionString: string; queueConnectionString: string; databaseMode: "embedded" | "external" }>();
const config = loadConfig();
const database = openDatabase(data.connectionString, { max: 2 });
const queue = openDatabase(data.queueConnectionString, { max: 1, role: WORKER_ROLE });
const ctx = createAppContext(config, database.db, data.databaseMode);
let log: JobLog = () => {};
const worker = createJobWorker(
  queue.db,
  jobHandlers(ctx).filter((h) => data.kinds.includes(h.kind)),
  { pollMs: data.pollMs, workerId: data.workerId, keepAlive: true, log: (level, fields, message) => log(level, fields, message) },
);
log = serveJobProcess({ nudge: worker.nudge, stop: () => worker.stop().then(async () => void (await Promise.all([database.close(), queue.close()]))) });
worker.nudge();
