import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

describe("the database test files CI runs a second time", () => {
  it("lists the files that reach the test database, directly or through a helper, and none that never open it", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ci/database-tests.ts"], { cwd: root });
    const files = stdout.trim().split("\n");
    // Through the harness, through a feature's helper that imports it, and by opening PostgreSQL itself.
    expect(files).toEqual(expect.arrayContaining(["src/server/features/twin/twin-chat.test.ts", "src/server/features/twin/own-voice.test.ts", "src/server/db/migrate.test.ts"]));
    // Pure units, and a spawned server that keeps its own embedded cluster whatever DATABASE_URL says.
    for (const never of ["src/web/lib/format.test.ts", "src/server/features/safety/crisis-detector.test.ts", "src/server/restart.test.ts", "scripts/ci/database-tests.test.ts"]) expect(files).not.toContain(never);
    expect(files).toEqual([...files].sort());
  });
});
