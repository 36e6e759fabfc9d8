import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "e2e/fixtures/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: a few files at a time, each on its own fresh database.
    maxWorkers: 2,
    // A worker keeps the modules it has imported for its next file (decision 0049): importing the server again for each
    // of 170 files took 420 s of the run's 700. The tests share no module state: every file builds its own app on its
    // own database, and none mocks a module or stubs the environment.
    isolate: false,
  },
});
