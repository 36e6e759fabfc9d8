import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { messages } from "../../../contract/messages";
import { AppError } from "../../platform/errors";
import { assertOwnerId, assertStorageKey, type LocalFile, type PendingWrite, type Storage, type StoredRead } from "../../platform/storage/storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3 API (MinIO, Cloudflare R2, Ceph RGW, a local stand-in); AWS itself when absent. */
  endpoint?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`: what most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Without them the AWS SDK's own chain is used (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Parts of 8 MiB, two in flight: an upload holds a few parts of it in memory (about 24–32 MiB), however large the file. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * A bucket that does not answer, or refuses (credentials, permissions, a full account): the person is told to try
 * again and nothing is kept; what went wrong is for the operator's log, never blamed on the person's upload.
 */
const unavailable = (error: unknown) => {
  if (error instanceof AppError) return error;
  console.warn(`the S3 bucket failed: ${error instanceof Error ? error.message : String(error)}`);
  return new AppError("storage_unavailable", messages.storageUnavailable);
};

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404);

/**
 * Storage in an S3-compatible bucket (decision 0022). An upload streams into a multipart upload under `tmp/` as it
 * arrives and is copied under its key on commit, so like the disk store a failed or refused upload never appears
 * where a row could point. A process that dies mid-upload leaves an incomplete multipart upload: the bucket's
 * AbortIncompleteMultipartUpload lifecycle rule (README) clears those, and an expiry rule on `tmp/` any copy source left.
 * Reads stream from the bucket through the server, ranges included, so the owner-only checks stay where they are.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      maxAttempts: 3,
      // Without these a bucket that stops answering (rather than refusing) would hold uploads and readiness forever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    });
  }

  async begin(): Promise<PendingWrite> {
    const tmpKey = `tmp/${crypto.randomUUID()}.part`;
    const body = new PassThrough({ highWaterMark: PART_SIZE });
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: tmpKey, Body: body }, partSize: PART_SIZE, queueSize: QUEUE_SIZE, leavePartsOnError: false });
    let failure: unknown = null;
    const done = upload.done().then(
      () => true,
      (error: unknown) => {
        failure = error;
        return false;
      },
    );
    let written = 0;
    let finished = false;
    const throwIfFailed = () => {
      if (failure) throw unavailable(failure);
    };
    return {
      write: async (chunk) => {
        throwIfFailed();
        written += chunk.length;
        // Wait for room in the current part, or for the upload to fail, whichever comes first.
        if (!body.write(chunk)) await Promise.race([new Promise((resolve) => body.once("drain", resolve)), done]);
        throwIfFailed();
      },
      bytes: () => written,
      commit: async (key) => {
        assertStorageKey(key);
        body.end();
        if (!(await done)) throwIfFailed();
        finished = true;
        try {
          await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: `${this.bucket}/${tmpKey}` })).catch((error: unknown) => {
            throw unavailable(error);
          });
        } finally {
          await this.deleteQuietly(tmpKey);
        }
      },
      discard: async () => {
        if (!finished) {
          finished = true;
          body.destroy();
          await upload.abort().catch(() => undefined);
          await done;
        }
        await this.deleteQuietly(tmpKey);
      },
    };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<StoredRead | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // A range answer says the whole size after the slash: "bytes 100-199/4521".
      const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? "")?.[1]) : Number(answer.ContentLength);
      const size = Number.isFinite(total) ? total : ((await this.size(key)) ?? 0);
      return { stream: answer.Body as Readable, size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }));
      return Number(head.ContentLength ?? 0);
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  // A zip's reader needs random access: the object is copied to a temporary file, removed again on release.
  async localFile(key: string): Promise<LocalFile | null> {
    const stored = await this.read(key);
    if (!stored) return null;
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "mindprint-s3-")).catch((error: unknown) => {
      stored.stream.destroy();
      throw error;
    });
    const file = path.join(dir, path.basename(key));
    const release = () => fs.promises.rm(dir, { recursive: true, force: true });
    try {
      await pipeline(stored.stream, fs.createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  async remove(key: string): Promise<void> {
    // Deleting what is not there succeeds: a retried deletion is not an error.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }));
  }

  async removeOwner(userId: string): Promise<void> {
    const prefix = `${assertOwnerId(userId)}/`;
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      if (keys.length === 0) return;
      const deleted = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      // A batch delete answers 200 even when some keys failed: those are an error here, so a job retries them.
      if (deleted.Errors && deleted.Errors.length > 0) throw new Error(`the bucket could not delete ${deleted.Errors.length} of ${keys.length} files (${deleted.Errors[0]?.Code ?? "unknown"})`);
      if (!page.IsTruncated) return;
    }
  }

  /** Whether the bucket answers (readiness). */
  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(5_000) });
      return true;
    } catch {
      return false;
    }
  }

  private async deleteQuietly(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
  }
}
