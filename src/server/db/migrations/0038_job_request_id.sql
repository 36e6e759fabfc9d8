-- The request that queued a job, so its log lines can be followed back to it. A trigger that queues a job in a
-- request's transaction (twin-embed) gets it from the transaction's app.request_id setting.
ALTER TABLE "jobs" ADD COLUMN "request_id" text DEFAULT nullif(current_setting('app.request_id', true), '');
