// Fitting only: loads every persona of a folder into one fresh database, and for each question writes every retrieval
// candidate with its features (meaning, words, support check) and whether the persona expects it, as JSON lines.
// Usage: node --import tsx scripts/twin-eval/dump-features.ts FOLDER OUT.jsonl
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../src/server/config";
import { createAppContext } from "../../src/server/create-context";
import { openDatabase } from "../../src/server/db/client";
import { prepareAppLogin } from "../../src/server/db/app-login";
import { withUserScope } from "../../src/server/db/user-scope";
import { retrieve } from "../../src/server/features/twin/retrieval";
import { freshDatabase } from "./database";
import { readPersonaFile } from "./persona-file";
import { loadPersona } from "./run";

const [folder, out] = process.argv.slice(2);
if (!folder || !out) throw new Error("usage: dump-features.ts FOLDER OUT.jsonl");
const files = fs.readdirSync(folder).filter((f) => /^persona-.*\.json$/.test(f)).sort();
const database = await freshDatabase();
const handle = openDatabase(await prepareAppLogin(database.url), { max: 4 });
const config = loadConfig({ ...process.env, NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: database.dataDir, PUBLIC_URL: "http://localhost:3000", AUTH_SECRET: crypto.randomBytes(24).toString("hex"), LOG_LEVEL: "silent" });
const ctx = createAppContext(config, handle.db, "external", { mailer: { kind: "smtp", send: async () => {} } });
const lines: string[] = [];
for (const name of files) {
  const file = readPersonaFile(path.join(folder, name));
  const { userId, ids } = await loadPersona(ctx, handle, database.url, file, 0);
  for (const question of file.questions) {
    await withUserScope(handle.db, userId, (tx) =>
      retrieve(tx, ctx, userId, question.q, {
        trace: (candidates) =>
          lines.push(JSON.stringify({ persona: name, q: question.q, kind: question.kind, asker: question.asker, expect: question.expect, candidates: candidates.map((c) => ({ ...c, id: ids.get(c.id) ?? c.id })) })),
      }),
    );
  }
  console.log(`${name}: ${file.questions.length} questions`);
}
fs.writeFileSync(out, lines.join("\n") + "\n");
await handle.close();
await database.dispose();
