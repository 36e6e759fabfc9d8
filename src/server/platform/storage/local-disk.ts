import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertOwnerId, assertStorageKey, type LocalFile, type PendingWrite, type Storage, type StoredRead } from "./storage";

/** Storage on the local disk (DATA_DIR/storage by default): `tmp/` for uploads in progress, one folder per user. */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, assertStorageKey(key));
  }

  async begin(): Promise<PendingWrite> {
    const tmpDir = path.join(this.root, "tmp");
    await fs.promises.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
    const handle = await fs.promises.open(tmp, "wx", 0o600);
    let written = 0;
    let closed = false;
    const close = async () => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
    };
    return {
      write: async (chunk) => {
        await handle.write(chunk);
        written += chunk.length;
      },
      bytes: () => written,
      commit: async (key) => {
        await handle.sync();
        await close();
        const target = this.pathOf(key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
      },
      discard: async () => {
        await close();
        await fs.promises.rm(tmp, { force: true });
      },
    };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<StoredRead | null> {
    const file = this.pathOf(key);
    const size = await this.size(key);
    if (size === null) return null;
    return { stream: fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}), size };
  }

  // The file is already on this disk: read in place, nothing to release.
  async localFile(key: string): Promise<LocalFile | null> {
    const file = this.pathOf(key);
    return (await this.size(key)) === null ? null : { path: file, release: async () => {} };
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async reachable(): Promise<boolean> {
    try {
      await fs.promises.mkdir(this.root, { recursive: true });
      await fs.promises.access(this.root, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  async removeOwner(userId: string): Promise<void> {
    await fs.promises.rm(path.join(this.root, assertOwnerId(userId)), { recursive: true, force: true });
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
