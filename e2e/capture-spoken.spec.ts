import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { chromiumArgs, findChromium } from "./fixtures/chromium";
import { openSection } from "./fixtures/dashboard";
import { fakeMicrophoneArgs } from "./fixtures/fake-voice-wav";
import { SPOKEN_ANSWER_WAV } from "./fixtures/spoken-answer-wav";
import { expect, test } from "./fixtures/test";

// Issue 46: the product's own offline transcriber (Whisper, TRANSCRIBE_PROVIDER=auto) hears a spoken answer. This
// file's browser has a fake microphone that says a known sentence (espeak-ng, written by the global setup); a browser's
// microphone is set at launch, hence a file of its own.
test.use({ launchOptions: { executablePath: findChromium(), args: [...chromiumArgs, ...fakeMicrophoneArgs(SPOKEN_ANSWER_WAV)] } });

test("Whisper transcribes what was said into the answer, for the person to read through before saving", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(120_000);
  await openSection(page, signInWithMagicLink, "capture.whisper@example.com", "Consciousness Capture", "/dashboard/capture");
  await page.getByRole("button", { name: "Record my answer" }).click();
  await expect(page.getByRole("timer", { name: "Recording time" })).toHaveText("0:05", { timeout: 10_000 });
  await page.getByRole("button", { name: "Stop and save" }).click();
  await expect(page.getByTestId("capture-saved-recording")).toBeVisible({ timeout: 15_000 });
  const answer = page.getByLabel("Your answer in words (what you said, or a summary of it)");
  // Through the browser's Opus and a synthetic voice, most words come through ("We sold the bakery industry and kept
  // the little house like the river." in one run): the person corrects the rest.
  await expect(answer).toHaveValue(/sold the bakery/i, { timeout: 60_000 });
  await expect(answer).toHaveValue(/kept the little house/i);
  await expect(page.getByTestId("transcript-status")).toHaveText("Transcript ready: read it through and correct anything it misheard before you save.");
  // The words Whisper was least sure of, as the server stored them, are the ones marked for the person to check.
  const queue = (await (await page.request.get("/api/capture/prompts")).json()).queue as Array<{ recording: { transcript: { text: string; doubtful: number[] } | null } | null }>;
  const heard = queue[0]!.recording!.transcript!;
  const doubts = page.getByTestId("transcript-doubts");
  if (heard.doubtful.length > 0) await expect(doubts.locator("mark")).toHaveText(heard.doubtful.map((i) => heard.text.split(" ")[i]!));
  else await expect(doubts).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Save to Memory Vault" }).click();
  await expect(page.getByText(/· 1 of \d+ questions answered/)).toBeVisible();
});
