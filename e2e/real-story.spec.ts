import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { acceptAs, addContact, addMemory, letDaysPass } from "./fixtures/legacy";
import { readMails } from "./fixtures/mail-capture";
import { letSignInMinutePass, signInWithMagicLinkOn } from "./fixtures/sign-in";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

// Days pass for this spec's people: on a server of its own (fixtures/test.ts).
test.use({ ownClock: true });

// Issue 34, "the real story": an owner dates their memories, attaches one of their own recordings in the vault and
// lets their contacts and the memorial hear them; after release the executor reads the memories in the order they
// happened, with the age then, and hears the recording; a grandson who was told nothing but the e-mails finds his way from
// his inbox to the memories, the recording and the twin; a stranger sees the memorial's years and the owner's words.
const owner = "story.owner@example.com";
const executor = "story.executor@example.com";
const contact = "story.grandson@example.com";
const address = "nora-story-e2e";
/**
 * The owner's recording as a browser's MediaRecorder writes it: WebM with no length in its header (the fixture's
 * Duration element turned into an EBML Void of the same size), which a plain player shows as "0:00 / 0:00".
 */
function withoutDuration(webm: Buffer): Buffer {
  const copy = Buffer.from(webm);
  const at = copy.indexOf(Buffer.from([0x44, 0x89]));
  expect(at, "the fixture's header has a Duration").toBeGreaterThan(0);
  expect(at).toBeLessThan(512);
  copy[at] = 0xec; // Void's one-byte ID where Duration's two-byte ID began,
  copy[at + 1] = 0x80 | ((copy[at + 2]! & 0x7f) + 1); // and a size covering the rest of the old element.
  return copy;
}
const clip = withoutDuration(fs.readFileSync(path.join(import.meta.dirname, "../src/server/platform/audio/fixtures/spoken-4.5s.webm")));

/** The length the page's player shows for `audio`, once the browser knows it (a finite number of seconds). */
async function shownLength(audio: Locator): Promise<number> {
  await expect(audio).toBeVisible();
  // Players load nothing until played (a page of recordings fetches none on its own): load this one's metadata.
  await audio.evaluate((element: HTMLAudioElement) => {
    if (element.readyState > 0) return;
    element.preload = "metadata";
    element.load();
  });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => (Number.isFinite(element.duration) ? element.duration : 0)), { timeout: 15_000 }).toBeGreaterThan(4);
  return audio.evaluate((element: HTMLAudioElement) => element.duration);
}
const heardDuration = (page: Page) => shownLength(page.getByTestId("released-memory-audio").first());

async function atBothWidths(page: Page, check: () => Promise<void>) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await check();
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await check();
  await expectNoWiderThan(page, 390);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("told only by e-mail, a contact finds the released memories, hears the owner's own recording and talks with the twin; the executor reads them in the order they happened; the memorial shows the years and the owner's words; the owner can undo it", async ({
  page,
  browser,
  baseUrl,
}) => {
  test.setTimeout(300_000);
  const headers = { origin: baseUrl };
  // Nora gives her date of birth once, at sign-up: it is what puts her age beside her memories.
  await signInWithMagicLinkOn(page, owner, "/login", "1960-06-14");
  await openSection(page, async () => undefined, owner, "Legacy", "/dashboard/legacy");
  await addContact(page, { name: "Leo Grandson", email: contact, relationship: "grandson", role: "contact" });
  // First, the grandson accepts from the invitation e-mail and closes his browser: from here on he is told only by mail.
  const leo = await acceptAs(browser, contact, "legacy contact. Until their legacy is released");
  await leo.close();
  expect((await page.request.put("/api/profile/identity", { headers, data: { firstName: "Nora", legacyPreference: "family" } })).status()).toBe(200);
  await addMemory(page, baseUrl, "The summer we rebuilt the boathouse with my brother, one plank a day.", { visibility: "family", happenedOn: "1998-06-20" });
  await addMemory(page, baseUrl, "I sang the harbour song at the town's first festival, terrified and proud.", { visibility: "public", happenedOn: "1975", category: "creative" });
  await addMemory(page, baseUrl, "The smell of the kitchen on a Sunday morning.", { visibility: "family" });
  const uploaded = await page.request.post("/api/voice/sessions", { headers, multipart: { audio: { name: "song.webm", mimeType: "audio/webm", buffer: clip } } });
  expect(uploaded.status()).toBe(201);

  // In the vault, the owner attaches that recording to the festival memory.
  await page.goto("/dashboard/memories");
  const festival = page.getByTestId("memory-card").filter({ hasText: "harbour song" });
  await festival.getByRole("button", { name: "Attach a recording" }).click();
  const choose = festival.getByLabel("Your recording of this memory");
  await expect(choose.locator("option")).toHaveCount(2);
  await choose.selectOption({ index: 1 });
  await festival.getByRole("button", { name: "Attach", exact: true }).click();
  await expect(festival.getByLabel("Your recording of this memory")).toBeVisible();
  await expect(festival.getByRole("button", { name: "Take the recording off" })).toBeVisible();

  // In Legacy: the memorial's address, who hears the recordings, and the owner's words for visitors.
  await page.goto("/dashboard/legacy");
  expect((await page.request.put("/api/legacy/release/settings", { headers, data: { inactivityMonths: null, deathReports: true, vetoDays: 7, memorialSlug: address } })).status()).toBe(200);
  await page.reload();
  const story = page.getByTestId("story-settings");
  await story.getByLabel(/^Public memorial/).check();
  await story.getByLabel("Introduction for your public memorial").fill("I sang by the harbour all my life. Stay a while and listen.");
  await story.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Who hears your recordings, and your words for the memorial, are saved.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await addContact(page, { name: "Ines Heir", email: executor, relationship: "daughter", role: "executor" });

  // The daughter signs in before opening her invitation: she is recognised at the door, never sent into onboarding,
  // and accepts where she lands.
  const inesContext = await browser.newContext({ baseURL: baseUrl });
  const ines = { page: await inesContext.newPage(), close: () => inesContext.close() };
  await signInWithMagicLinkOn(ines.page, executor);
  await ines.page.waitForURL(/\/legacy$/);
  const waiting = ines.page.getByTestId("waiting-invitation");
  await expect(waiting).toContainText("Nora invited you: accept");
  await atBothWidths(ines.page, () => expect(waiting).toBeVisible());
  await waiting.getByRole("button", { name: "Accept invitation" }).click();
  await expect(ines.page.getByTestId("named-by")).toContainText("You are their executor (daughter)");
  await expect(waiting).toHaveCount(0);

  // She reports the death with its date and confirms; after the waiting period the legacy is released.
  await ines.page.getByRole("button", { name: "Report a death" }).click();
  await ines.page.getByLabel(/Date of death/).fill("2025-12-30");
  await ines.page.getByRole("button", { name: "Send report" }).click();
  await ines.page.getByRole("button", { name: "Confirm release" }).click();
  await ines.page.getByRole("dialog").getByRole("button", { name: "Confirm release" }).click();
  await expect(ines.page.getByText("You confirmed this release.", { exact: false })).toBeVisible();
  await letDaysPass(page, baseUrl, 8);
  expect((await page.request.post("/api/dev/legacy-check", { headers, data: {} })).status()).toBe(200);
  await ines.page.reload();
  await expect(ines.page.getByTestId("named-by-state")).toHaveText("Their legacy: Released");

  // The executor reads: oldest first, with the date and her mother's age, the undated last; and hears the recording.
  await ines.page.getByRole("link", { name: /Read what .* left you/ }).click();
  await expect(ines.page).toHaveURL(/\/legacy\/[\w-]+\/memories$/);
  const memories = ines.page.getByTestId("released-memory");
  await expect(memories).toHaveCount(3);
  await expect(memories.nth(0).getByTestId("released-memory-when")).toHaveText("1975, age 14 or 15");
  await expect(memories.nth(1).getByTestId("released-memory-when")).toHaveText("June 20, 1998, age 38");
  await expect(memories.nth(2).getByTestId("released-memory-when")).toHaveText("Undated");
  await expect(memories.getByTestId("released-memory-audio")).toHaveCount(1);
  // Her recording shows its real length, though the file carries none.
  await expect(memories.getByTestId("released-memory-recording-length")).toHaveText(/^Nora's own voice, [45] s$/);
  expect(await heardDuration(ines.page)).toBeGreaterThan(4);
  // By decade.
  await ines.page.getByLabel("Decade").selectOption("1990");
  await expect(memories).toHaveCount(1);
  await expect(memories).toContainText("boathouse");
  await ines.page.getByLabel("Decade").selectOption("");
  await expect(memories).toHaveCount(3);
  await atBothWidths(ines.page, () => expect(memories.first().getByTestId("released-memory-audio")).toBeVisible());

  // The grandson, told only by the release e-mail, follows its link in a fresh browser: he signs in, arrives at the
  // memories, hears his grandmother's recording, and talks with her twin, at 1440 and 375 px.
  const mail = readMails(process.env.E2E_MAIL_FILE!).find((m) => m.to === contact && / left you on Mindprint is open to you$/.test(m.subject));
  const memoriesLink = mail?.text.match(/https?:\/\/\S+\/legacy\/[\w-]+\/memories/)?.[0];
  expect(memoriesLink, "the release mail links to the memories").toBeTruthy();
  expect(mail!.text, "the release mail gives the memorial's address to share").toContain(`${baseUrl}/memorial/${address}`);
  // Sign-in links are one a minute per address: the minute since his last one is let pass.
  await letSignInMinutePass(page, baseUrl, contact);
  const grandson = await browser.newContext({ baseURL: baseUrl });
  const leoPage = await grandson.newPage();
  await leoPage.goto(memoriesLink!);
  await leoPage.waitForURL(/\/login\?next=/);
  await signInWithMagicLinkOn(leoPage, contact, leoPage.url().replace(baseUrl, ""));
  await leoPage.waitForURL(/\/legacy\/[\w-]+\/memories$/);
  const leoMemories = leoPage.getByTestId("released-memory");
  await expect(leoMemories).toHaveCount(3);
  expect(await heardDuration(leoPage)).toBeGreaterThan(4);
  await atBothWidths(leoPage, () => expect(leoMemories.first().getByTestId("released-memory-audio")).toBeVisible());
  await leoPage.getByRole("link", { name: "← People who named you" }).click();
  await expect(leoPage).toHaveURL(/\/legacy$/);
  await leoPage.getByRole("link", { name: /Talk with .*'s twin/ }).click();
  await expect(leoPage).toHaveURL(/\/legacy\/[\w-]+\/twin$/);
  await leoPage.getByLabel(/^Message .*'s twin$/).fill("What did you rebuild with your brother?");
  await leoPage.keyboard.press("Enter");
  const answer = leoPage.locator('[data-testid="visitor-message"][data-role="twin"]').last();
  await expect(answer).toContainText("boathouse", { timeout: 30_000 });
  await expect(leoPage.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await expect(answer.getByRole("link", { name: /rebuilt the boathouse/ })).toBeVisible();
  await atBothWidths(leoPage, () => expect(answer).toBeVisible());
  // A memory she recorded herself: the answer offers her own voice telling it, labelled as hers, not the AI's.
  await leoPage.getByLabel(/^Message .*'s twin$/).fill("Tell me about the harbour song at the festival.");
  await leoPage.keyboard.press("Enter");
  const sung = leoPage.locator('[data-testid="visitor-message"][data-role="twin"]').last();
  await expect(sung).toContainText("harbour song", { timeout: 30_000 });
  await sung.getByRole("button", { name: /^Hear Nora tell it, [45] s/ }).click();
  const ownVoice = sung.getByTestId("own-voice-recording");
  await expect(ownVoice).toContainText("Nora's own voice, recorded by Nora (not AI)");
  expect(await shownLength(ownVoice.getByLabel(/^Nora's own recording/))).toBeGreaterThan(4);
  await atBothWidths(leoPage, () => expect(ownVoice).toBeVisible());
  await grandson.close();

  // A stranger on the memorial: the name, the years, the owner's words, the public memory with its date and voice.
  const stranger = await browser.newContext({ baseURL: baseUrl });
  const visitor = await stranger.newPage();
  await visitor.goto(`/memorial/${address}`);
  await expect(visitor.getByRole("heading", { name: "In memory of Nora", level: 1 })).toBeVisible();
  // Both years: the birth from sign-up, the death from the report (not the day of the release).
  await expect(visitor.getByTestId("memorial-years")).toHaveText("1960 – 2025");
  await expect(visitor.getByTestId("memorial-introduction")).toHaveText("I sang by the harbour all my life. Stay a while and listen.");
  await expect(visitor.getByTestId("released-memory")).toHaveCount(1);
  await expect(visitor.getByTestId("released-memory-when")).toHaveText("1975, age 14 or 15");
  expect(await heardDuration(visitor)).toBeGreaterThan(4);
  await expect(visitor.getByText(/boathouse|kitchen/)).toHaveCount(0);
  await atBothWidths(visitor, () => expect(visitor.getByTestId("memorial-years")).toBeVisible());
  await stranger.close();

  // Had it been a mistake, the owner undoes the release from the banner on her dashboard, after a question; the
  // family is told by e-mail and the memories close again.
  await page.goto("/dashboard");
  const banner = page.getByTestId("released-banner");
  await expect(banner).toContainText("Your legacy was released on");
  await banner.getByRole("button", { name: "Undo the release" }).click();
  const confirm = banner.getByRole("group", { name: "Confirm: Undo the release" });
  await expect(confirm).toContainText("Your contacts lose access to your memories and twin");
  await confirm.getByRole("button", { name: "Undo the release" }).click();
  await expect(banner).toHaveCount(0);
  await expect.poll(() => readMails(process.env.E2E_MAIL_FILE!).some((m) => m.to === contact && m.subject === "Nora stopped the release of their legacy")).toBe(true);
  await ines.page.goto("/legacy");
  await expect(ines.page.getByTestId("named-by-state")).toHaveText(/^Their legacy: /);
  await expect(ines.page.getByTestId("named-by-state")).not.toHaveText("Their legacy: Released");
  await expect(ines.page.getByRole("link", { name: /Read what .* left you/ })).toHaveCount(0);
  await ines.close();
});
