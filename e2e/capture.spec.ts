import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";

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
  await expect(page.getByText("Please enter memory content")).toBeVisible();
  await expect(answer).toBeFocused();
  const third = (await prompt.textContent())!;
  await answer.fill("Choosing to stay in the village when everyone left taught me that patience is a decision.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/· 2 of \d+ questions answered/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Both answers are memories with their question; the spoken one with its recording.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
  await expect(page.getByText(`Answer to: “${second}” · recorded in Consciousness Capture`)).toBeVisible();
  await expect(page.getByText(`Answer to: “${third}”`, { exact: true })).toBeVisible();

  // On a phone, the session fits the screen.
  await page.goto("/dashboard/capture");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
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

  // The recording's signals are kept with it, on the Voice Training Hub too.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Voice Training Hub" }).click();
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
