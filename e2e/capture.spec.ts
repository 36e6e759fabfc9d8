import type { Page } from "@playwright/test";
import { startFakeTranscriptions, type FakeTranscriptions } from "../src/server/test/fake-transcriptions";
import { startAppServer, type AppServer } from "./fixtures/app-server";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openFromMenu, openSection } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

// Consciousness Capture (issue 18): a guided session from question to memory, spoken with the fake microphone (live
// signals in the page and the side panel, a summary kept with the recording) and written.
test("a person answers a capture question aloud and in writing, sees live voice signals, and finds the answers in the vault", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(120_000);
  await openSection(page, signInWithMagicLink, "capture.session@example.com", "Consciousness Capture", "/dashboard/capture");
  const prompt = page.getByTestId("capture-prompt");
  await expect(prompt).toContainText("critical decision");
  await expect(page.getByText(/Business & Career · 0 of \d+ questions answered/)).toBeVisible();
  await expect(page.getByTestId("live-consciousness")).toContainText("No live signals yet");
  await expectNoSeriousAxeViolations(page);

  // Skip moves on (focus on the new question), and the opening question comes back after the others.
  await page.getByRole("button", { name: "Skip this question" }).click();
  await expect(prompt).not.toContainText("critical decision");
  await expect(prompt).toBeFocused();
  const second = (await prompt.textContent())!;

  // Spoken: the side panel's timer and live signals while recording, measured from the fake microphone.
  await page.getByRole("button", { name: "Record my answer" }).click();
  await expect(page.getByTestId("side-capture-timer")).toBeVisible();
  // Moving on now would throw the recording away: Skip and writing wait until it is stopped and saved.
  await expect(page.getByRole("button", { name: "Skip this question" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "I'll answer in writing" })).toBeDisabled();
  const live = page.getByTestId("live-signals");
  await expect(live.getByRole("definition").first()).toHaveText(/dBFS$/, { timeout: 5_000 });
  await expect(live).toContainText(/Pitch\s*\d+ Hz/);
  await expect(page.getByTestId("live-consciousness")).toContainText(/Cognitive load \(est\.\)\s*\d+(\.\d)?\/10/, { timeout: 15_000 });
  await expect(page.getByTestId("live-consciousness")).toContainText(/Attention\s*—/);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Stop and save" }).click();
  const saved = page.getByTestId("capture-saved-recording");
  await expect(saved).toBeVisible({ timeout: 15_000 });
  await expect(saved.getByTestId("capture-summary")).toContainText(/Speaking rate\s*\d+(\.\d)? syllables\/s/);
  await expect(page.getByTestId("side-capture-timer")).toBeHidden();
  // The recording is transcribed offline in the background; the fake microphone's voice has no words to hear, or
  // few, so whichever the engine says, the status reaches its end and the person can correct the answer.
  await expect(page.getByTestId("transcript-status")).toHaveText(/Transcript ready|heard no words/, { timeout: 30_000 });

  await page.getByLabel("Your answer in words (what you said, or a summary of it)").fill("My grandmother sang while she kneaded bread, always the same two songs.");
  await page.getByRole("button", { name: "Save to Memory Vault" }).click();
  await expect(page.getByText("Saved to your Memory Vault", { exact: true })).toBeVisible();
  await expect(page.getByText(/· 1 of \d+ questions answered/)).toBeVisible();
  await expect(prompt).not.toHaveText(second);

  // Written: a blank answer says what to do; then saved.
  await page.getByRole("button", { name: "I'll answer in writing" }).click();
  const answer = page.getByLabel("Your answer", { exact: true });
  await expect(answer).toBeFocused();
  await page.getByRole("button", { name: "Save to Memory Vault" }).click();
  await expect(page.getByText("Write your answer first, or record it instead.")).toBeVisible();
  await expect(answer).toBeFocused();
  const third = (await prompt.textContent())!;
  await answer.fill("Choosing to stay in the village when everyone left taught me that patience is a decision.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/· 2 of \d+ questions answered/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Both answers are memories with their question; the spoken one with its recording.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
  await expect(page).toHaveURL(/\/dashboard\/memories$/);
  await expect(page.getByText(`Answer to: “${second}” · recorded in Consciousness Capture`)).toBeVisible();
  await expect(page.getByText(`Answer to: “${third}”`, { exact: true })).toBeVisible();

  // On a phone, the session fits the screen.
  await page.goto("/dashboard/capture");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(prompt).toBeVisible();
  await expectNoWiderThan(page, 375);
});

// The optional camera panel with Chromium's fake camera: it reads the picture in the page with the face model served
// from our own origin, shows its cues, and sends nothing anywhere.
test("the camera panel reads the fake camera in the browser and makes no request outside our origin, uploading no image", async ({ page, signInWithMagicLink, baseUrl }) => {
  test.setTimeout(120_000);
  await openSection(page, signInWithMagicLink, "capture.camera@example.com", "Consciousness Capture", "/dashboard/capture");
  const requests: Array<{ url: string; method: string; type: string | undefined }> = [];
  page.on("request", (request) => requests.push({ url: request.url(), method: request.method(), type: request.headers()["content-type"] }));
  const camera = page.getByRole("region", { name: /Camera analysis/ });
  await expect(camera.getByText("Nothing from the camera leaves this device")).toBeVisible();
  await expect(page.getByTestId("camera-panel")).toHaveCount(0);
  await camera.getByRole("button", { name: "Turn the camera on" }).click();
  const status = page.getByTestId("camera-status");
  await expect(status).toHaveText("Reading the camera in this browser.", { timeout: 60_000 });
  // A reading has been made: attention over the readings so far (the fake camera shows no face: none toward the screen).
  await expect(page.getByTestId("camera-cues")).toContainText(/Attention \(last 30 s\)\s*\d+%/, { timeout: 30_000 });
  await expect(page.getByTestId("live-consciousness")).toContainText(/Attention\s*\d+%/);
  await expectNoSeriousAxeViolations(page);
  await camera.getByRole("button", { name: "Turn the camera off" }).click();
  await expect(page.getByTestId("camera-panel")).toHaveCount(0);
  await expect(page.getByTestId("live-consciousness")).toContainText(/Attention\s*—/);

  const origin = new URL(baseUrl).origin;
  const outside = requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith("data:") && !r.url.startsWith("blob:"));
  expect(outside).toEqual([]);
  // The face model came from our own origin, and nothing was sent while the camera was on.
  expect(requests.some((r) => r.url === `${origin}/models/human-3.3.6/blazeface.json`)).toBe(true);
  expect(requests.filter((r) => r.method !== "GET" && r.method !== "HEAD")).toEqual([]);
  expect(requests.filter((r) => /image\//.test(r.type ?? ""))).toEqual([]);
});

// What goes wrong, said so that a person can act, and nothing typed is lost.
test("capture errors: a refused upload and a failed save each say what to do, and keep the answer", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(90_000);
  await openSection(page, signInWithMagicLink, "capture.errors@example.com", "Consciousness Capture", "/dashboard/capture");

  // The upload of the recording refused by the server: its message, and Try again.
  await page.route("**/api/voice/sessions", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 413, contentType: "application/json", body: JSON.stringify({ error: { code: "voice_too_large", message: "This recording is larger than 100 MB." } }) })
      : route.fallback(),
  );
  await page.getByRole("button", { name: "Record my answer" }).click();
  await expect(page.getByRole("timer", { name: "Recording time" })).toHaveText("0:02", { timeout: 8_000 });
  await page.getByRole("button", { name: "Stop and save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This recording is larger than 100 MB." })).toBeVisible();
  await page.unroute("**/api/voice/sessions");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("capture-saved-recording")).toBeVisible({ timeout: 15_000 });

  // Saving the answer fails on the server: the spec's "Unexpected Error", and the answer is still there to save again.
  await page.route("**/api/capture/answers", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal_error", message: "Something went wrong on our side." } }) }),
  );
  const answer = page.getByLabel("Your answer in words (what you said, or a summary of it)");
  await answer.fill("The day we opened the shop, it rained and nobody came.");
  await page.getByRole("button", { name: "Save to Memory Vault" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Unexpected Error" })).toBeVisible();
  await expect(answer).toHaveValue("The day we opened the shop, it rained and nobody came.");
  await page.unroute("**/api/capture/answers");
  await page.getByRole("button", { name: "Save to Memory Vault" }).click();
  await expect(page.getByText(/· 1 of \d+ questions answered/)).toBeVisible();

  // The recording's signals are kept with it, on the Voice Training Hub too, which says what question it answers.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Voice Training Hub" }).click();
  await expect(page).toHaveURL(/\/dashboard\/voice$/);
  await expect(page.getByTestId("session-question").first()).toHaveText(/^Your answer to “Tell me about the most critical decision you made in your work or business/);
  await page.getByTestId("session-signals").first().getByText(/voice signals/).click();
  await expect(page.getByTestId("session-signal-list").first()).toContainText(/Loudness\s*-?\d+(\.\d)? dBFS/);
});

test("capture errors: a denied microphone shows the spec's message, and the written answer still works", async ({ page, signInWithMagicLink }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await openSection(page, signInWithMagicLink, "capture.denied@example.com", "Consciousness Capture", "/dashboard/capture");
  await page.getByRole("button", { name: "Record my answer" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Microphone access denied. Please enable mic permissions in your browser settings and reload the page." });
  await expect(alert).toBeVisible();
  await alert.getByRole("button", { name: "Dismiss" }).click();
  await expect(alert).toBeHidden();
  await page.getByRole("button", { name: "I'll answer in writing" }).click();
  await page.getByLabel("Your answer", { exact: true }).fill("I chose the harder job because the people were kinder.");
  await page.getByRole("button", { name: "Save to Memory Vault" }).click();
  await expect(page.getByText(/· 1 of \d+ questions answered/)).toBeVisible();
});

// Issue 35: a spoken answer stays with its question whatever the person does next. Transcription goes through a local
// stand-in for an OpenAI-compatible service that holds its answer until the test lets it go, so the person leaves
// while the transcript is certainly still on its way.
test.describe("a recorded answer kept across navigation, reloads and tabs", () => {
  const KEY = "sk-e2e-transcriptions";
  let fake: FakeTranscriptions;
  let server: AppServer;
  test.beforeAll(async () => {
    fake = await startFakeTranscriptions(KEY);
    server = await startAppServer({
      TRANSCRIBE_PROVIDER: "openai-compatible",
      TRANSCRIBE_BASE_URL: fake.baseUrl,
      TRANSCRIBE_API_KEY: KEY,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  async function openCapture(page: Page, signIn: (page: Page, email: string, startAt?: string) => Promise<void>, email: string) {
    await signIn(page, email, `${server.baseUrl}/login`);
    await page.goto(`${server.baseUrl}/onboarding/complete`);
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openFromMenu(page, "Consciousness Capture", "/dashboard/capture");
  }
  /** Records a few seconds with the fake microphone and waits until the recording is stored; answers the question. */
  async function recordAnswer(page: Page): Promise<string> {
    const question = (await page.getByTestId("capture-prompt").textContent())!;
    await page.getByRole("button", { name: "Record my answer" }).click();
    await expect(page.getByRole("timer", { name: "Recording time" })).toHaveText("0:02", { timeout: 8_000 });
    await page.getByRole("button", { name: "Stop and save" }).click();
    await expect(page.getByTestId("capture-saved-recording")).toBeVisible({ timeout: 15_000 });
    return question;
  }
  const answerBox = (page: Page) => page.getByLabel("Your answer in words (what you said, or a summary of it)");

  test("leaving before the transcript arrives: the question comes back transcribing, then the transcript fills the answer", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(120_000);
    await openCapture(page, signInWithMagicLink, "capture.kept@example.com");
    // Another question than the first, to show the page brings back the one that was being answered.
    await page.getByRole("button", { name: "Skip this question" }).click();
    const release = fake.hold();
    fake.text = "We sold the bakery in the spring of 1994 and kept the house.";
    const question = await recordAnswer(page);
    const status = page.getByTestId("transcript-status");
    await expect(status).toContainText("Transcribing your answer…");

    // Away to the vault and back, the transcript still on its way: the question is there with its recording.
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(page.getByRole("heading", { name: "Memory Vault", level: 1 })).toBeVisible();
    await openFromMenu(page, "Consciousness Capture", "/dashboard/capture");
    const prompt = page.getByTestId("capture-prompt");
    await expect(prompt).toHaveText(question);
    const kept = page.getByTestId("capture-kept-recording");
    await expect(kept.getByRole("heading", { name: /^Your recording \(0:0\d\), saved with this question$/ })).toBeVisible();
    await expect(status).toContainText("Transcribing your answer…");
    await expect(page.getByRole("button", { name: "Record again" })).toBeVisible();

    // A reload, and a second tab, find it the same way.
    await page.goto(`${server.baseUrl}/dashboard/capture`);
    await expect(prompt).toHaveText(question);
    await expect(kept).toBeVisible();
    await expect(status).toContainText("Transcribing your answer…");
    await expect(answerBox(page)).toHaveValue("");
    await expectNoSeriousAxeViolations(page);
    const second = await page.context().newPage();
    await second.goto(`${server.baseUrl}/dashboard/capture`);
    await expect(second.getByTestId("capture-prompt")).toHaveText(question);
    await expect(second.getByTestId("capture-kept-recording")).toBeVisible();

    // The service answers (the person's pages are not asking for anything): the transcript arrives into the answer.
    release();
    await expect(answerBox(page)).toHaveValue("We sold the bakery in the spring of 1994 and kept the house.", { timeout: 20_000 });
    await expect(status).toHaveText("Transcript ready: read it through and correct anything it misheard before you save.");
    await expect(answerBox(second)).toHaveValue("We sold the bakery in the spring of 1994 and kept the house.", { timeout: 20_000 });
    await second.close();
    // The recording the page shows is the stored one, served to its owner.
    const src = await kept.getByLabel("Your recorded answer").getAttribute("src");
    expect((await page.request.get(`${server.baseUrl}${src}`)).status()).toBe(200);

    // After another reload the transcript is there at once; saved, the question is answered with its recording.
    await page.goto(`${server.baseUrl}/dashboard/capture`);
    await expect(answerBox(page)).toHaveValue("We sold the bakery in the spring of 1994 and kept the house.");
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Save to Memory Vault" }).click();
    await expect(page.getByText(/· 1 of \d+ questions answered/)).toBeVisible();
    await expect(prompt).not.toHaveText(question);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(page.getByText(`Answer to: “${question}” · recorded in Consciousness Capture`)).toBeVisible();
  });

  test("a failed transcription says what to do, and the recording stays with its question, playable", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openCapture(page, signInWithMagicLink, "capture.kept.failed@example.com");
    fake.failNext("invalid_api_key");
    const question = await recordAnswer(page);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await openFromMenu(page, "Consciousness Capture", "/dashboard/capture");
    await expect(page.getByTestId("capture-prompt")).toHaveText(question);
    await expect(page.getByTestId("transcript-status")).toContainText("We could not transcribe this recording. Type your answer or record again.", { timeout: 20_000 });
    await expect(page.getByTestId("capture-kept-recording").getByLabel("Your recorded answer")).toBeVisible();
    await expect(page.getByRole("button", { name: "Transcribe again" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // Typed instead: saved with the recording it was spoken in.
    await answerBox(page).fill("We sold the bakery and kept the house.");
    await page.getByRole("button", { name: "Save to Memory Vault" }).click();
    await expect(page.getByText(/· 1 of \d+ questions answered/)).toBeVisible();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(page.getByText(`Answer to: “${question}” · recorded in Consciousness Capture`)).toBeVisible();
  });
});
