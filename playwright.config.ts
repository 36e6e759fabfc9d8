import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./e2e/fixtures/chromium";
import { ensureFakeVoiceWav, fakeMicrophoneArgs } from "./e2e/fixtures/fake-voice-wav";

// Fails the run at once, with instructions, when no Chromium is available.
const executablePath = findChromium();
// A fake microphone that plays a speech-like WAV (written once, when missing) for the voice recorder's tests.
const fakeVoiceWav = ensureFakeVoiceWav();

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
    launchOptions: { executablePath, args: [...chromiumArgs, ...fakeMicrophoneArgs(fakeVoiceWav)] },
  },
});
