import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "e2e/fixtures/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["src/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: a few files at a time, each on its own fresh database.
    maxWorkers: 2,
  },
});
