import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "../../test/fake-s3";
import { S3Storage } from "./s3-storage";

let s3: FakeS3;
let storage: S3Storage;
beforeAll(async () => {
  s3 = await startFakeS3();
  storage = new S3Storage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
});
afterAll(() => s3.close());

const key = (owner: string) => `${owner}/voice_${crypto.randomUUID()}.webm`;
const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("S3 storage against an S3 API server", () => {
  it("streams a 20 MB upload as a multipart upload, visible only under its key once committed", async () => {
    const bytes = crypto.randomBytes(20 * 1024 * 1024 + 123);
    const write = await storage.begin();
    for (let i = 0; i < bytes.length; i += 64 * 1024) await write.write(bytes.subarray(i, i + 64 * 1024));
    expect(write.bytes()).toBe(bytes.length);
    const target = key("owner1");
    expect(s3.keys().filter((k) => !k.startsWith("tmp/"))).toEqual([]); // nothing under a real key before commit
    await write.commit(target);
    expect(s3.keys()).toEqual([target]); // the temporary object is gone
    expect(await storage.size(target)).toBe(bytes.length);
    const whole = await storage.read(target);
    expect(whole!.size).toBe(bytes.length);
    expect((await text(whole!.stream)).equals(bytes)).toBe(true);
  }, 60_000);

  it("reads byte ranges with the whole size, copies to a local file for random access, and answers null for what is missing", async () => {
    const bytes = Buffer.from("0123456789abcdefghij");
    const write = await storage.begin();
    await write.write(bytes);
    const target = key("owner2");
    await write.commit(target);
    const part = await storage.read(target, { start: 5, end: 9 });
    expect(part!.size).toBe(20);
    expect((await text(part!.stream)).toString()).toBe("56789");
    const local = await storage.localFile(target);
    expect(fs.readFileSync(local!.path, "utf8")).toBe(bytes.toString());
    await local!.release();
    expect(fs.existsSync(local!.path)).toBe(false);
    const missing = key("owner2");
    expect(await storage.read(missing)).toBeNull();
    expect(await storage.size(missing)).toBeNull();
    expect(await storage.localFile(missing)).toBeNull();
  });

  it("a discarded upload leaves nothing; deleting a key or a whole owner removes the objects, twice is fine", async () => {
    const before = s3.keys();
    const dropped = await storage.begin();
    await dropped.write(Buffer.alloc(1000, 1));
    await dropped.discard();
    await dropped.discard();
    expect(s3.keys()).toEqual(before);

    const mine = [key("owner3"), key("owner3"), key("owner3")];
    for (const k of mine) {
      const w = await storage.begin();
      await w.write(Buffer.from(k));
      await w.commit(k);
    }
    const other = key("owner4");
    const w = await storage.begin();
    await w.write(Buffer.from("other"));
    await w.commit(other);
    await storage.remove(mine[0]!);
    await storage.remove(mine[0]!);
    expect(await storage.size(mine[0]!)).toBeNull();
    await storage.removeOwner("owner3");
    expect(s3.keys().filter((k) => k.startsWith("owner3/"))).toEqual([]);
    expect(await storage.size(other)).toBe(5); // another owner's file is untouched
    await expect(storage.remove("../etc/passwd")).rejects.toThrow(/not a storage key/);
  });

  it("an outage mid-upload fails the upload with an error and leaves no object under the key", async () => {
    const write = await storage.begin();
    await write.write(crypto.randomBytes(9 * 1024 * 1024)); // a first part goes out
    await s3.stop();
    const target = key("owner5");
    try {
      await expect(
        (async () => {
          for (let i = 0; i < 4; i++) await write.write(crypto.randomBytes(8 * 1024 * 1024));
          await write.commit(target);
        })(),
      ).rejects.toThrow();
      await write.discard();
    } finally {
      await s3.start();
    }
    expect(await storage.size(target)).toBeNull();
    expect(await storage.reachable()).toBe(true);
  }, 60_000);
});
