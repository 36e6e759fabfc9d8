import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./e2e/fixtures/chromium";

// Fails the run at once, with instructions, when no Chromium is available.
const executablePath = findChromium();

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    headless: true,
    trace: "retain-on-failure",
    launchOptions: { executablePath, args: chromiumArgs },
  },
});
