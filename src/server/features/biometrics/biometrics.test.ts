import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { biometricMessages, biometricsResponseSchema, overviewResponseSchema } from "../../../contract";
import { sql } from "drizzle-orm";
import { withUserScope } from "../../db/user-scope";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { writeSyntheticAppleExport } from "../../test/synthetic-apple-export";
import { syntheticOuraTrendsCsv, writeSyntheticFitbitExport } from "../../test/synthetic-device-exports";
import { uploadExport } from "./test-helpers";

let t: TestApp;
let dir: string;
const DAY_MS = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-bio-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A 40-day Apple export whose newest heart rate is about three hours old. */
async function freshAppleExport(name = "export.zip"): Promise<Buffer> {
  const file = path.join(dir, name);
  await writeSyntheticAppleExport(file, { days: 40, minutesPerReading: 60, from: new Date(Date.now() - 40 * DAY_MS - 2 * 3600_000) });
  return fs.readFile(file);
}

const biometrics = async (cookie: string) => {
  const response = await get(t, "/api/biometrics", cookie);
  expect(response.statusCode, response.body).toBe(200);
  return biometricsResponseSchema.parse(response.json());
};
const count = async (table: string, userId: string) => (await t.owner.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n as number;
const uploadsOnDisk = async () => {
  const root = path.join(t.ctx.config.DATA_DIR, "storage");
  const all = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return all.filter((f) => String(f).includes("health_"));
};

describe("importing device exports", () => {
  it("reads an Apple export in the background with progress, shows sources, readings, state and trends, and makes Biometric Sync active", async () => {
    const { cookie, id } = await newUser(t, "apple.bio@example.com");
    const empty = await biometrics(cookie);
    expect(empty).toMatchObject({ sources: [], imports: [], latest: [], metrics: [], state: { arousal: null } });
    expect(empty.trends.recovery).toMatchObject({ level: null, needs: "Import a device export with heart rate, HRV or sleep." });
    const before = overviewResponseSchema.parse((await get(t, "/api/overview", cookie)).json());
    expect(before.biometricSync).toEqual({ active: false, lastReadingAt: null });
    expect(before.heartRate).toBeNull();

    const upload = await uploadExport(t, cookie, await freshAppleExport(), "export.zip");
    expect(upload.statusCode, upload.body).toBe(202);
    expect(upload.json()).toMatchObject({ duplicate: false, import: { status: "pending", filename: "export.zip", progress: 0 } });
    const importId = upload.json().import.id;
    await t.drainJobs();
    const done = (await get(t, `/api/biometrics/imports/${importId}`, cookie)).json().import;
    expect(done).toMatchObject({ status: "done", format: "apple-health", progress: 1, error: null });
    expect(done.kept).toBeGreaterThan(40 * 24);
    // The upload is not kept once read.
    expect(await uploadsOnDisk()).toEqual([]);

    const page = await biometrics(cookie);
    // The device's name as the export wrote it, without the control characters some exports carry.
    expect(page.sources).toHaveLength(1);
    expect(page.sources[0]).toMatchObject({ name: "Ada’s AppleWatch", format: "apple-health", device: "watch" });
    expect(page.sources[0]!.metrics).toEqual(["heart_rate", "resting_heart_rate", "hrv_sdnn", "sleep_minutes", "steps", "respiratory_rate", "spo2"]);
    expect(page.latest.find((r) => r.metric === "spo2")!.value).toBeCloseTo(97);
    expect(page.state.arousal).not.toBeNull();
    expect(page.trends.recovery.level).not.toBeNull();
    expect(page.trends.recovery.details[0]).toMatch(/^HRV \(SDNN\)/);
    expect(page.trends.sleep.score).toBeGreaterThan(0);
    const overview = overviewResponseSchema.parse((await get(t, "/api/overview", cookie)).json());
    expect(overview.biometricSync.active).toBe(true);
    expect(overview.heartRate!.bpm).toBeGreaterThan(40);

    // The series: one value per day; the whole range as weekly means past 400 days is not needed for 40 days.
    const series = (await get(t, "/api/biometrics/series/heart_rate?range=all", cookie)).json();
    expect(series).toMatchObject({ metric: "heart_rate", bucket: "day" });
    expect(series.points.length).toBeGreaterThanOrEqual(40);
    expect(await count("biometric_daily", id)).toBeGreaterThan(200);
  });

  it("answers the same file again with its earlier import and changes nothing", async () => {
    const { cookie, id } = await newUser(t, "again.bio@example.com");
    const bytes = await freshAppleExport("again.zip");
    expect((await uploadExport(t, cookie, bytes)).statusCode).toBe(202);
    await t.drainJobs();
    const rows = await count("biometric_daily", id);
    const again = await uploadExport(t, cookie, bytes, "renamed.zip");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, import: { status: "done", filename: "export.zip" } });
    expect(await t.drainJobs()).toBe(0);
    expect(await count("biometric_daily", id)).toBe(rows);
    expect(await count("biometric_imports", id)).toBe(1);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  it("refuses what is not an export at once, and a zip without one after reading it, storing nothing", async () => {
    const { cookie, id } = await newUser(t, "wrong.bio@example.com");
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
    const refused = await uploadExport(t, cookie, png, "photo.png");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: "biometric_not_an_export", message: biometricMessages.notAnExport });
    expect((await uploadExport(t, cookie, Buffer.alloc(0), "empty.zip")).statusCode).toBe(422);
    const missing = await uploadExport(t, cookie, Buffer.from("x"), "export.zip", "audio");
    expect(missing.json().error).toMatchObject({ code: "validation_failed", message: biometricMessages.fileRequired });

    const yazl = (await import("yazl")).default;
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("<html>holiday photos</html>"), "index.html");
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const accepted = await uploadExport(t, cookie, Buffer.concat(chunks), "photos.zip");
    expect(accepted.statusCode).toBe(202);
    await t.drainJobs();
    const failed = (await get(t, `/api/biometrics/imports/${accepted.json().import.id}`, cookie)).json().import;
    expect(failed).toMatchObject({ status: "failed", error: biometricMessages.notAnExport });
    expect(await count("biometric_sources", id)).toBe(0);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  it("a damaged export (cut off half way) fails with its reason and leaves earlier data untouched", async () => {
    const { cookie, id } = await newUser(t, "damaged.bio@example.com");
    expect((await uploadExport(t, cookie, await freshAppleExport("first.zip"))).statusCode).toBe(202);
    await t.drainJobs();
    const before = await t.owner.query(`SELECT metric, day, value, count FROM biometric_daily WHERE user_id = $1 ORDER BY 1, 2`, [id]);
    // An export whose XML stops mid-record: the zip is whole, its content is not.
    const yazl = (await import("yazl")).default;
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(`<?xml version="1.0"?>\n<HealthData locale="en">\n<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Other Watch" startDate="2026-01-01 10:00:00 +0000" endDate="2026-01-01 10:00:00 +0000" value="70"/>\n<Record type="HKQuantity`),
      "apple_health_export/export.xml",
    );
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const upload = await uploadExport(t, cookie, Buffer.concat(chunks));
    await t.drainJobs();
    const failed = (await get(t, `/api/biometrics/imports/${upload.json().import.id}`, cookie)).json().import;
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(biometricMessages.damaged("its health data (export.xml) is damaged or cut off"));
    const after = await t.owner.query(`SELECT metric, day, value, count FROM biometric_daily WHERE user_id = $1 ORDER BY 1, 2`, [id]);
    expect(after.rows).toEqual(before.rows);
    expect((await biometrics(cookie)).sources.map((s) => s.name)).toEqual(["Ada’s AppleWatch"]);
  });

  it("one import at a time per person; too large a file is refused by the configured limit", async () => {
    const { cookie } = await newUser(t, "busy.bio@example.com");
    expect((await uploadExport(t, cookie, await freshAppleExport("busy.zip"))).statusCode).toBe(202);
    const second = await uploadExport(t, cookie, Buffer.from("date,Steps\n2026-01-01,5\n"), "oura.csv");
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(biometricMessages.importRunning);
    await t.drainJobs();

    const small = await createTestApp({ BIOMETRIC_MAX_UPLOAD_MB: "0.01" });
    try {
      const other = await newUser(small, "small.bio@example.com");
      const big = await uploadExport(small, other.cookie, Buffer.concat([Buffer.from("date,Steps\n"), Buffer.alloc(20_000, 0x31)]), "oura.csv");
      expect(big.statusCode).toBe(413);
      expect(big.json().error).toMatchObject({ code: "biometric_too_large", message: biometricMessages.tooLarge(0.01) });
    } finally {
      await small.close();
    }
  });

  it("shows each day from one device, never two added together, and removes a device with its readings", async () => {
    const { cookie, id } = await newUser(t, "two.bio@example.com");
    const fitbit = path.join(dir, "fitbit.zip");
    const today = new Date(Date.now() - 20 * DAY_MS).toISOString().slice(0, 10);
    await writeSyntheticFitbitExport(fitbit, { days: 20, from: today, offsetMinutes: 60 });
    expect((await uploadExport(t, cookie, await fs.readFile(fitbit), "takeout-001.zip")).statusCode).toBe(202);
    await t.drainJobs();
    expect((await uploadExport(t, cookie, Buffer.from(syntheticOuraTrendsCsv({ days: 20, from: today })), "oura_trends.csv")).statusCode).toBe(202);
    await t.drainJobs();
    const page = await biometrics(cookie);
    expect(page.sources.map((s) => [s.name, s.format, s.device]).sort()).toEqual([
      ["Fitbit", "fitbit", "tracker"],
      ["Oura Ring", "oura", "ring"],
    ]);
    // Both report steps every day: the series takes Fitbit's day (many per-minute readings) over Oura's (one figure).
    const steps = (await get(t, "/api/biometrics/series/steps?range=90d", cookie)).json();
    expect(steps.points).toHaveLength(20);
    const fitbitDay = (await t.owner.query(`SELECT d.value FROM biometric_daily d JOIN biometric_sources s ON s.id = d.source_id WHERE d.user_id = $1 AND s.name = 'Fitbit' AND d.metric = 'steps' AND d.day = $2`, [id, steps.points[3].day])).rows[0];
    expect(steps.points[3].value).toBe(fitbitDay.value);

    const oura = page.sources.find((s) => s.name === "Oura Ring")!;
    expect((await send(t, "DELETE", `/api/biometrics/sources/${oura.id}`, {}, cookie)).statusCode).toBe(200);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM biometric_daily WHERE source_id = $1`, [oura.id])).rows[0].n).toBe(0);
    expect((await biometrics(cookie)).sources.map((s) => s.name)).toEqual(["Fitbit"]);
    const again = await send(t, "DELETE", `/api/biometrics/sources/${oura.id}`, {}, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(biometricMessages.sourceNotFound);
    // The same Oura file uploaded after its device was removed is read again, not answered as already imported.
    const back = await uploadExport(t, cookie, Buffer.from(syntheticOuraTrendsCsv({ days: 20, from: today })), "oura_trends.csv");
    expect(back.statusCode).toBe(202);
    await t.drainJobs();
    expect((await biometrics(cookie)).sources.map((s) => s.name).sort()).toEqual(["Fitbit", "Oura Ring"]);
  });

  it("the newest steps reading is the day's total, not its last sample", async () => {
    const { cookie, id } = await newUser(t, "steps.bio@example.com");
    // Fitbit writes steps per minute (100 a minute in the synthetic file), so the last sample is not the day.
    const file = path.join(dir, "steps-fitbit.zip");
    await writeSyntheticFitbitExport(file, { days: 5, from: new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10) });
    expect((await uploadExport(t, cookie, await fs.readFile(file), "takeout.zip")).statusCode).toBe(202);
    await t.drainJobs();
    const latest = (await biometrics(cookie)).latest.find((r) => r.metric === "steps")!;
    const day = (await t.owner.query(`SELECT value FROM biometric_daily WHERE user_id = $1 AND metric = 'steps' ORDER BY day DESC LIMIT 1`, [id])).rows[0];
    expect(latest.value).toBe(day.value);
    expect(latest.value).toBeGreaterThan(1000);
  });

  it("limits uploads per person per hour", async () => {
    const { cookie } = await newUser(t, "many.bio@example.com");
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(50)]);
    for (let i = 0; i < 20; i++) expect((await uploadExport(t, cookie, png, "photo.png")).statusCode).toBe(422);
    const limited = await uploadExport(t, cookie, png, "photo.png");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(biometricMessages.uploadsLimited);
  });

  it("validates the series request against the contract", async () => {
    const { cookie } = await newUser(t, "series.bio@example.com");
    const unknown = await get(t, "/api/biometrics/series/blood_pressure", cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(biometricMessages.metricInvalid);
    expect((await get(t, "/api/biometrics/series/steps?range=forever", cookie)).statusCode).toBe(400);
    expect((await get(t, "/api/biometrics/series/steps", cookie)).json()).toEqual({ metric: "steps", bucket: "day", points: [] });
    expect((await get(t, "/api/biometrics")).statusCode).toBe(401);
    expect((await uploadExport(t, undefined, Buffer.from("x"))).json().error.message).toBe(biometricMessages.mustBeLoggedIn);
  });
});

describe("biometric isolation", () => {
  it("another person can neither see, poll nor remove someone's devices, imports or readings", async () => {
    const owner = await newUser(t, "owner.bio@example.com");
    const other = await newUser(t, "other.bio@example.com");
    const upload = await uploadExport(t, owner.cookie, await freshAppleExport("owner.zip"));
    await t.drainJobs();
    const source = (await biometrics(owner.cookie)).sources[0]!;
    const seen = await biometrics(other.cookie);
    expect(seen).toMatchObject({ sources: [], imports: [], latest: [], metrics: [] });
    expect((await get(t, `/api/biometrics/imports/${upload.json().import.id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(t, "/api/biometrics/series/heart_rate?range=all", other.cookie)).json().points).toEqual([]);
    expect((await send(t, "DELETE", `/api/biometrics/sources/${source.id}`, {}, other.cookie)).statusCode).toBe(404);
    expect((await biometrics(owner.cookie)).sources).toHaveLength(1);
    expect(overviewResponseSchema.parse((await get(t, "/api/overview", other.cookie)).json()).heartRate).toBeNull();
    // The same file uploaded by someone else is their own import, not a duplicate of the owner's.
    const theirs = await uploadExport(t, other.cookie, await fs.readFile(path.join(dir, "owner.zip")));
    expect(theirs.json().duplicate).toBe(false);
    await t.drainJobs();
    expect(await count("biometric_sources", other.id)).toBe(1);
    expect(await count("biometric_sources", owner.id)).toBe(1);
  });

  it("row-level security on its own: queries made for one person never see or write another's device rows", async () => {
    const owner = await newUser(t, "rls.owner.bio@example.com");
    const other = await newUser(t, "rls.other.bio@example.com");
    await uploadExport(t, owner.cookie, await freshAppleExport("rls.zip"));
    await t.drainJobs();
    for (const table of ["biometric_imports", "biometric_sources", "biometric_daily", "biometric_latest"]) {
      const seen = await withUserScope(t.ctx.db, other.id, (tx) => tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`));
      expect(seen.rows[0]!.n, table).toBe(0);
      expect(await count(table, owner.id), table).toBeGreaterThan(0);
    }
    const source = (await t.owner.query(`SELECT id FROM biometric_sources WHERE user_id = $1`, [owner.id])).rows[0].id;
    const refused = await withUserScope(t.ctx.db, other.id, (tx) =>
      tx.execute(sql`INSERT INTO biometric_daily (source_id, user_id, metric, day, value, min, max, count) VALUES (${source}, ${owner.id}, 'steps', '2020-01-01', 1, 1, 1, 1)`),
    ).catch((error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
    expect(refused).toMatch(/row-level security/);
    const removed = await withUserScope(t.ctx.db, other.id, (tx) => tx.execute(sql`DELETE FROM biometric_sources WHERE id = ${source}`));
    expect(removed.rowCount).toBe(0);
  });
});
