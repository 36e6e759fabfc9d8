import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";
import { openVoiceHub } from "./fixtures/voice-hub";
import { reachDashboard } from "./fixtures/dashboard";
import { expectNoWiderThan } from "./fixtures/layout";

const deniedMessage = "Microphone access denied. Please enable mic permissions in your browser settings and reload the page.";

/** "5 s" or "1 min 12 s" as seconds: how the hub writes a duration under an hour. */
function secondsOf(text: string): number {
  const match = /^(?:(\d+) min)? ?(?:(\d+) s)?$/.exec(text.trim());
  if (!match || (!match[1] && !match[2])) throw new Error(`not a duration: ${text}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

const barHeights = (page: Page) => page.getByTestId("waveform-bar").evaluateAll((bars) => bars.map((bar) => (bar as HTMLElement).style.height).join(","));

test.describe("voice training hub", () => {
  test("record with the fake microphone, save (server-measured), play back, stats, delete; axe", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openVoiceHub(page, signInWithMagicLink, "voice.recorder@example.com");
    await expect(page.getByText("Start recording to see live waveform")).toBeVisible();
    await expect(page.getByText("No sessions yet — record your first one above.")).toBeVisible();
    await expect(page.getByTestId("voice-stat-sessions-value")).toHaveText("0");
    await expect(page.getByTestId("voice-stat-hours-value")).toHaveText("0 s");
    await expect(page.getByTestId("voice-stat-megabytes-value")).toHaveText("0.0");
    await expect(page.getByRole("heading", { name: "Clone My Voice" })).toBeVisible();
    await expect(page.getByText("No voice clones yet.", { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Start with the keyboard: the indicator, the timer and a moving waveform.
    await page.getByRole("button", { name: "Start recording" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("recording-indicator")).toHaveText("Recording");
    await expect(page.getByText("Start recording to see live waveform")).toBeHidden();
    await expect(page.getByTestId("waveform-bar")).toHaveCount(50);
    await expect(page.getByTestId("waveform").locator("[aria-hidden=true]")).toHaveCount(1);
    const first = await barHeights(page);
    await expect.poll(() => barHeights(page), { timeout: 5_000 }).not.toBe(first);
    // On the decibel scale a voice fills the box: the fake voice (louder than normal speech) reaches past half its height.
    await expect.poll(async () => (await barHeights(page)).split(",").some((h) => parseInt(h, 10) > 50), { timeout: 5_000 }).toBe(true);
    // The timer counts on (at least 3 s in; a busy machine may show it a few seconds later than that).
    const timer = page.getByRole("timer", { name: "Recording time" });
    await expect.poll(async () => { const [m, sec] = (await timer.textContent())!.split(":").map(Number); return m! * 60 + sec!; }, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect(page.getByTestId("recording-indicator")).toBeHidden();
    await expect(page.getByText("Start recording to see live waveform")).toBeVisible();
    await expect(page.getByTestId("recording-preview")).toBeVisible();

    // Save: progress to 100, the toast, the measured quality.
    await page.getByRole("button", { name: "Save session" }).click();
    await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText("Voice Session Saved", { exact: true })).toBeVisible();
    await expect(page.getByTestId("saved-quality-label")).toHaveText(/^(Excellent|Good|Fair|Poor)$/);

    const session = page.getByTestId("voice-session");
    await expect(session).toHaveCount(1);
    // Durations read in minutes and seconds ("4 s", "1 min 12 s"), like the stats strip.
    await expect(session.getByTestId("session-duration")).toHaveText(/^(\d+ min ?)?(\d+ s)?$/);
    const serverSeconds = secondsOf((await session.getByTestId("session-duration").textContent())!);
    expect(serverSeconds).toBeGreaterThanOrEqual(3);
    // The server decodes the file: its duration agrees with the browser's timer (which counts whole seconds).
    const clientSeconds = secondsOf(/^Your recording \((.+)\)$/.exec((await page.getByText(/^Your recording/).textContent())!)![1]!);
    expect(serverSeconds).toBeGreaterThanOrEqual(clientSeconds);
    expect(serverSeconds).toBeLessThanOrEqual(clientSeconds + 2);
    await expect(session.getByTestId("session-quality-label")).toHaveText(/^(Excellent|Good|Fair|Poor)$/);
    // The measured reason is shown, not a fixed label.
    await expect(session.getByTestId("session-quality")).not.toHaveText(/^Session Quality: (Excellent|Good|Fair|Poor)$/);
    await expect(page.getByTestId("voice-stat-sessions-value")).toHaveText("1");
    // Seconds of speech read as seconds, not as "0.0 hours".
    await expect(page.getByTestId("voice-stat-hours-value")).toHaveText(/^(\d+ min ?)?(\d+ s)?$/);
    await expect(page.getByTestId("voice-stat-megabytes-value")).toHaveText(/^\d+\.\d$/);

    // The player loads real audio from the server.
    const audio = session.locator("audio");
    await expect(audio).toHaveAttribute("preload", "metadata");
    const src = await audio.getAttribute("src");
    expect(src).toMatch(/^\/api\/voice\/sessions\/[0-9a-f-]+\/audio$/);
    const response = await page.request.get(src!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("audio/webm");
    expect((await response.body()).length).toBeGreaterThan(1000);
    await expect
      .poll(() =>
        audio.evaluate(
          (el: HTMLAudioElement) =>
            new Promise<number>((resolve) => {
              if (el.readyState >= 1) return resolve(el.readyState);
              el.addEventListener("loadedmetadata", () => resolve(el.readyState), { once: true });
              el.addEventListener("error", () => resolve(-1), { once: true });
              el.load();
            }),
        ),
      )
      .toBeGreaterThanOrEqual(1);
    await expectNoSeriousAxeViolations(page);

    // Delete with a confirmation step.
    await session.getByRole("button", { name: /^Delete session recorded/ }).click();
    const confirm = session.getByRole("group", { name: "Confirm deletion" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(session).toHaveCount(1);
    await session.getByRole("button", { name: /^Delete session recorded/ }).click();
    await session.getByRole("group", { name: "Confirm deletion" }).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("voice-session")).toHaveCount(0);
    await expect(page.getByText("No sessions yet — record your first one above.")).toBeVisible();
    await expect(page.getByTestId("voice-stat-sessions-value")).toHaveText("0");
    expect((await page.request.get(src!)).status()).toBe(404);
  });

  test("a denied microphone shows the spec's message; Dismiss hides it and Retry asks again", async ({ page, signInWithMagicLink }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await openVoiceHub(page, signInWithMagicLink, "voice.denied@example.com");
    await page.getByRole("button", { name: "Start recording" }).click();
    const alert = page.getByRole("alert").filter({ hasText: deniedMessage });
    await expect(alert).toHaveText(new RegExp(deniedMessage.replace(/\./g, "\\.")));
    await expect(page.getByTestId("recording-indicator")).toBeHidden();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(alert).toBeVisible();
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole("button", { name: "Start recording" })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
  });

  test("an upload the server refuses shows its message inline and an Upload Error toast", async ({ page, signInWithMagicLink }) => {
    await openVoiceHub(page, signInWithMagicLink, "voice.refused@example.com");
    await page.route("**/api/voice/sessions", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 413, contentType: "application/json", body: JSON.stringify({ error: { code: "voice_quota_exceeded", message: "Your voice storage is full." } }) })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect(page.getByRole("timer", { name: "Recording time" })).toHaveText("0:01", { timeout: 5_000 });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("button", { name: "Save session" }).click();
    await expect(page.getByTestId("upload-error")).toHaveText("Your voice storage is full.");
    await expect(page.getByText("Upload Error", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save session" })).toBeEnabled();
  });

  test("1440 px: passages to read beside the recorder, chosen by keyboard, and read while recording; axe", async ({ page, signInWithMagicLink }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVoiceHub(page, signInWithMagicLink, "voice.passages@example.com");
    const passages = page.getByRole("region", { name: "Read aloud" });
    const recorder = page.getByRole("region", { name: "Record a voice session" });
    await expect(passages.getByTestId("passage-position")).toHaveText("Passage 1 of 6: The kitchen where I grew up");
    const first = passages.getByTestId("reading-passage");
    await expect(first.getByRole("heading", { level: 3 })).toHaveText("The kitchen where I grew up");
    await expect(first).toContainText("14 Church Lane");

    // Beside the recorder: side by side (the recorder first, as it is read), their tops level, both in the first screen.
    const [textBox, recorderBox] = await Promise.all([passages.boundingBox(), recorder.boundingBox()]);
    expect(recorderBox!.x + recorderBox!.width).toBeLessThanOrEqual(textBox!.x);
    expect(Math.abs(textBox!.y - recorderBox!.y)).toBeLessThan(2);
    expect(recorderBox!.y).toBeLessThan(900);
    await expectNoSeriousAxeViolations(page);

    // Next and Previous by keyboard; the position is announced with the title, and the ends wrap round.
    await passages.getByRole("button", { name: "Next passage" }).focus();
    await page.keyboard.press("Enter");
    await expect(passages.getByTestId("passage-position")).toHaveText("Passage 2 of 6: The day I met my oldest friend");
    await expect(passages.getByTestId("passage-position")).toHaveAttribute("aria-live", "polite");
    await expect(passages.getByTestId("reading-passage")).toContainText("the 3rd of June, 1967");
    await page.keyboard.press("Space");
    await expect(passages.getByRole("heading", { level: 3 })).toHaveText("What my grandmother taught me");
    await page.keyboard.press("Shift+Tab");
    await expect(passages.getByRole("button", { name: "Previous passage" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(passages.getByTestId("passage-position")).toHaveText("Passage 6 of 6: To the people I love");

    // The choice stays while recording, and is remembered when the person comes back.
    await recorder.getByRole("button", { name: "Start recording" }).click();
    await expect(page.getByTestId("recording-indicator")).toHaveText("Recording");
    await expect(passages.getByRole("heading", { level: 3 })).toHaveText("To the people I love");
    // Side by side, Stop is in view: no bar at the foot of the screen.
    await expect(page.getByTestId("recording-bar")).toHaveCount(0);
    await recorder.getByRole("button", { name: "Stop recording" }).click();
    await page.reload();
    await expect(page.getByRole("region", { name: "Read aloud" }).getByTestId("passage-position")).toHaveText("Passage 6 of 6: To the people I love");
  });

  test("390 px: the recorder's Start button in the first screen, the passage just below it, moved by keyboard; Stop follows the reader down; axe", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { signInWithMagicLinkOn } = await import("./fixtures/sign-in");
    await reachDashboard(page, signInWithMagicLinkOn, "voice.passages.phone@example.com");
    await page.goto("/dashboard/voice");
    const passages = page.getByRole("region", { name: "Read aloud" });
    const recorder = page.getByRole("region", { name: "Record a voice session" });
    await expect(passages.getByTestId("reading-passage")).toBeVisible();
    const [textBox, recorderBox, startBox] = await Promise.all([passages.boundingBox(), recorder.boundingBox(), recorder.getByRole("button", { name: "Start recording" }).boundingBox()]);
    expect(startBox!.y + startBox!.height).toBeLessThanOrEqual(844);
    expect(recorderBox!.y + recorderBox!.height).toBeLessThanOrEqual(textBox!.y);
    await expectNoWiderThan(page, 390);
    await passages.getByRole("button", { name: "Previous passage" }).focus();
    await page.keyboard.press("Enter");
    await expect(passages.getByTestId("passage-position")).toHaveText("Passage 6 of 6: To the people I love");
    await expectNoSeriousAxeViolations(page);

    // Recording, then scrolled down to read: Stop comes along at the foot of the screen, and stops the recording.
    const bar = page.getByTestId("recording-bar");
    await recorder.getByRole("button", { name: "Start recording" }).click();
    await expect(page.getByTestId("recording-indicator")).toHaveText("Recording");
    await expect(bar).toHaveCount(0);
    // Stop only just scrolled under the sticky header (still a few pixels on screen) already counts as out of sight.
    await page.evaluate(() => window.scrollBy(0, document.querySelector('[data-testid="recorder-controls"]')!.getBoundingClientRect().bottom - 10));
    await expect(bar).toBeInViewport();
    await passages.getByRole("button", { name: "Next passage" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(/Recording \d:\d\d/);
    await expectNoSeriousAxeViolations(page);
    await bar.getByRole("button", { name: "Stop recording" }).click();
    await expect(bar).toHaveCount(0);
    // Back at the recorder, where the recording waits to be heard and saved.
    await expect(recorder.getByRole("heading", { name: "Record a voice session" })).toBeFocused();
    await expect(page.getByTestId("recording-preview")).toBeInViewport();
    await context.close();
  });

  test("375 px: one column, nothing wider than the screen", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { signInWithMagicLinkOn } = await import("./fixtures/sign-in");
    await reachDashboard(page, signInWithMagicLinkOn, "voice.mobile@example.com");
    await page.goto("/dashboard/voice");
    await expect(page.getByRole("heading", { name: "Voice Training Hub", level: 1 })).toBeVisible();
    await expect(page.getByText("Start recording to see live waveform")).toBeVisible();
    const boxes = await Promise.all(["voice-stat-hours", "voice-stat-sessions"].map((id) => page.getByTestId(id).boundingBox()));
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y); // stacked, not side by side
    await expectNoWiderThan(page, 375);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
