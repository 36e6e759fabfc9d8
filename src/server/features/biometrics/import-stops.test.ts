import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { biometricMessages } from "../../../contract";
import { claimJob } from "../../platform/jobs/job-queue";
import { createTestApp, get, newUser, type TestApp } from "../../test/harness";
import { writeSyntheticAppleExport } from "../../test/synthetic-apple-export";
import { BIOMETRIC_IMPORT_JOB } from "./imports";
import { uploadExport } from "./test-helpers";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-bio-stops-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("an import that kills its worker every time (issue 31)", () => {
  it("is counted at each claim, never claimed past its attempts, and ends failed with a reason the person can read", async () => {
    const { cookie, id } = await newUser(t, "stops@example.com");
    const file = path.join(dir, "export.zip");
    await writeSyntheticAppleExport(file, { days: 2, minutesPerReading: 60, from: new Date(Date.now() - 3 * 86_400_000) });
    const upload = await uploadExport(t, cookie, await fs.readFile(file));
    expect(upload.statusCode).toBe(202);
    const importId = upload.json().import.id as string;
    // Three workers take it and die with it (killed, out of memory): each claim is an attempt, and the lease runs out.
    for (const worker of ["dies-1", "dies-2", "dies-3"]) {
      expect((await claimJob(t.queueDb, worker, [BIOMETRIC_IMPORT_JOB]))?.payload).toMatchObject({ importId, userId: id });
      await t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE payload->>'importId' = $1`, [importId]);
    }
    expect(await claimJob(t.queueDb, "fourth", [BIOMETRIC_IMPORT_JOB])).toBeNull();
    await t.drainJobs();
    const shown = (await get(t, `/api/biometrics/imports/${importId}`, cookie)).json().import;
    expect(shown).toMatchObject({ status: "failed", error: biometricMessages.stoppedReading });
    expect((await t.owner.query(`SELECT status, attempts FROM jobs WHERE payload->>'importId' = $1`, [importId])).rows).toEqual([{ status: "failed", attempts: 3 }]);
  });
});
