import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { findFreePort } from "./free-port";

/** A local server that speaks the S3 API (s3rver: multipart uploads, ranges, copies, batch deletes), with one bucket. */
export interface FakeS3 {
  bucket: string;
  endpoint: string;
  /** The settings that point Mindprint at it. */
  env: Record<string, string>;
  /** Every key stored in the bucket now. */
  keys(): string[];
  /** Stops answering (an outage); `start` answers again on the same port with the same files. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = "mindprint-test"): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-s3-"));
  const port = await findFreePort();
  const options = { address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] };
  let server: S3rver | null = new S3rver(options);
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const keys = () => {
    const root = path.join(directory, bucket);
    if (!fs.existsSync(root)) return [];
    // s3rver keeps each object as a folder of files ending in "._S3rver_object" named after its key.
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith("._S3rver_object")).map((f) => f.slice(0, -"._S3rver_object".length)).sort();
  };
  return {
    bucket,
    endpoint,
    env: { STORAGE: "s3", S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: "true", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    keys,
    stop: async () => {
      await server?.close();
      server = null;
    },
    start: async () => {
      server = new S3rver(options);
      await server.run();
    },
    close: async () => {
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
