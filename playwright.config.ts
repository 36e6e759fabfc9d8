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
  // Two files at a time (two cores; decision 0049): each spec keeps to its own people, and a spec that moves the clock
  // has a server of its own (`ownClock` in fixtures/test.ts). A file's tests run in order in one worker, since some
  // build on the one before.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two browsers, two servers' worth of work and the offline models share two cores: a step takes up to two and a half
  // times as long as it does alone (the six-step onboarding journey with axe at each step took over 60 s, 25 s alone),
  // so a test's budget is three times the one-at-a-time one and an expectation's half again.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    headless: true,
    trace: "retain-on-failure",
    launchOptions: { executablePath, args: [...chromiumArgs, ...fakeMicrophoneArgs(fakeVoiceWav)] },
  },
});
