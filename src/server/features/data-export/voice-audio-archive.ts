import { desc, eq } from "drizzle-orm";
import { voiceSessions } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { tarEnd, tarHeader, tarPadding } from "./tar-stream";

/**
 * The person's recordings as one tar archive (`voice-recordings/{filename}` for each session, newest first), written
 * file by file through `write`, so memory holds one read buffer, not the archive.
 */
export async function writeVoiceAudioArchive(ctx: AppContext, userId: string, write: (bytes: Buffer) => Promise<void>): Promise<void> {
  const rows = await withUserScope(ctx.db, userId, (tx) => tx.select().from(voiceSessions).where(eq(voiceSessions.userId, userId)).orderBy(desc(voiceSessions.createdAt)));
  for (const row of rows) {
    const stored = await ctx.storage.read(row.storageKey);
    if (!stored) continue; // a row whose file is gone is listed in voice-archive-{date}.json, not packed here
    let written = 0;
    try {
      await write(tarHeader(`voice-recordings/${row.filename}`, stored.size, row.createdAt));
      for await (const chunk of stored.stream) {
        await write(chunk as Buffer);
        written += (chunk as Buffer).length;
      }
    } finally {
      // A download the client left half way must not keep the file (or a bucket connection) open.
      stored.stream.destroy();
    }
    if (written !== stored.size) throw new Error(`storage returned ${written} of ${stored.size} bytes for ${row.filename}`);
    await write(tarPadding(stored.size));
  }
  await write(tarEnd());
}

