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
