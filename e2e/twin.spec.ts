import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { openFromMenu, reachDashboard } from "./fixtures/dashboard";
import { expectNoWiderThan } from "./fixtures/layout";

const openTwinLab = reachDashboard;
const goToLab = (page: Page) => openFromMenu(page, "Digital Twin Lab", "/dashboard/twin");

const originOf = (baseUrl: string) => ({ origin: new URL(baseUrl).origin });

async function addMemory(request: APIRequestContext, baseUrl: string, data: { content: string; emotion: string; category: string; tags: string }) {
  const response = await request.post("/api/memories", { data, headers: originOf(baseUrl) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { memory: { id: string } }).memory.id;
}

async function addAnswer(request: APIRequestContext, baseUrl: string, statement: string, response: string) {
  const created = await request.post("/api/onboarding/calibration", { data: { statement, response }, headers: originOf(baseUrl) });
  expect(created.ok()).toBe(true);
}

const boat = "My grandfather taught me to sail on Lake Ontario the summer I turned ten. His boat was called the Marigold.";
const messages = (page: Page) => page.getByTestId("twin-message");
const answers = (page: Page) => page.locator('[data-testid="twin-message"][data-role="twin"]');

test.describe("digital twin lab", () => {
  test("ask, stream, cite, open the memory, feedback, history after reload; abstention; laboratory; status; axe", async ({ page, baseUrl, signInWithMagicLink }) => {
    test.setTimeout(120_000);
    await openTwinLab(page, signInWithMagicLink, "twin.lab.main@example.com");
    const identity = await page.request.put("/api/profile/identity", { data: { firstName: "Ines", legacyPreference: "family" }, headers: originOf(baseUrl) });
    expect(identity.status()).toBe(200);
    const boatId = await addMemory(page.request, baseUrl, { content: boat, emotion: "Nostalgia", category: "family", tags: "sailing, grandfather" });
    await addMemory(page.request, baseUrl, { content: "I started my first job at the post office in 1971.", emotion: "Pride", category: "career", tags: "work" });
    await addMemory(page.request, baseUrl, { content: "We grew tomatoes and beans behind the house every summer.", emotion: "Joy", category: "family", tags: "garden, summers" });
    await addAnswer(page.request, baseUrl, "You find a wallet with cash on the sidewalk.", "I would take it to the police station with every note still in it.");
    await goToLab(page);

    // Status card: the server's real counts.
    const status = page.getByRole("region", { name: "Twin Status" });
    await expect(status.getByTestId("twin-status-memories")).toContainText("3");
    await expect(status.getByTestId("twin-status-calibration")).toContainText("1");
    await expect(status.getByTestId("twin-status-last")).not.toContainText("Not yet");
    // Memories just written are read for meaning in the background; the card follows until all are read.
    await expect(status.getByTestId("twin-status-memories")).not.toContainText("Reading them for meaning", { timeout: 30_000 });
    await expect(status.getByTestId("twin-status-ratings")).toContainText("—");
    await expect(status.getByTestId("twin-status-honesty")).toContainText(/\d+ of \d+/);
    await expect(status.getByTestId("twin-status-honesty")).toContainText(/Declined \d+ of \d+ built-in test questions on topics you never mention/);
    await expect(status.getByTestId("twin-status-model")).toContainText("Offline model");

    // Empty conversation: a pointer to the Memory Vault.
    const chat = page.getByRole("region", { name: "Consciousness Validation Chat" });
    await expect(chat.getByText("No conversation yet.")).toBeVisible();
    await expect(chat.getByRole("link", { name: "Memory Vault" })).toHaveAttribute("href", "/dashboard/memories");

    // Blank text is ignored; Shift+Enter makes a new line instead of sending.
    const box = page.getByLabel("Message your twin");
    const send = chat.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await box.fill("   ");
    await expect(send).toBeDisabled();
    await box.press("Enter");
    await box.fill("line one");
    await box.press("Shift+Enter");
    await box.pressSequentially("line two");
    await expect(box).toHaveValue("line one\nline two");
    await expect(messages(page)).toHaveCount(0);

    // Enter sends; the answer streams in from the memory.
    await box.fill("What was your grandfather's boat called?");
    const streamed = page.waitForResponse((r) => r.url().endsWith("/api/twin/chat") && r.request().method() === "POST");
    await box.press("Enter");
    expect((await streamed).headers()["content-type"]).toContain("text/event-stream");
    await expect(box).toHaveValue("");
    await expect(messages(page)).toHaveCount(2);
    const answer = answers(page).first();
    await expect(answer.getByTestId("twin-answer")).toContainText("His boat was called the Marigold.");
    await expect(answer.getByText("Based on:")).toBeVisible();
    const cited = answer.getByRole("list", { name: "Sources of this answer" }).getByRole("link");
    await expect(cited).toHaveCount(1);
    await expect(cited).toHaveAttribute("href", `/dashboard/memories?memory=${boatId}`);
    await expect(answer.getByTestId("grounding")).toHaveText(/^Grounded: \d+%$/);
    await expect(chat.getByRole("button", { name: "Stop" })).toHaveCount(0);

    // Open the cited memory: the Memory Vault with that card highlighted and focused; then back.
    await cited.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/memories\\?memory=${boatId}$`));
    const highlighted = page.locator('[data-testid="memory-card"][data-highlighted]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText("Marigold");
    await expect(highlighted).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/twin$/);
    await expect(messages(page)).toHaveCount(2);

    // Feedback: up, then pressing it again clears it; then up again, kept across a reload.
    const up = answers(page).first().getByRole("button", { name: "This sounds like me" });
    const down = answers(page).first().getByRole("button", { name: "This does not sound like me" });
    const feedbackSaved = () => page.waitForResponse((r) => /\/api\/twin\/messages\/[^/]+\/feedback$/.test(r.url()) && r.status() === 200);
    let saved = feedbackSaved();
    await up.click();
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await saved;
    saved = feedbackSaved();
    await up.click();
    await expect(up).toHaveAttribute("aria-pressed", "false");
    expect(((await (await saved).json()) as { message: { feedback: string | null } }).message.feedback).toBeNull();
    saved = feedbackSaved();
    await up.click();
    await saved;
    await expect(down).toHaveAttribute("aria-pressed", "false");

    await page.reload();
    await expect(messages(page)).toHaveCount(2);
    await expect(messages(page).first()).toContainText("What was your grandfather's boat called?");
    await expect(answers(page).first()).toContainText("His boat was called the Marigold.");
    await expect(answers(page).first().getByRole("link", { name: /grandfather taught me to sail/ })).toBeVisible();
    await expect(answers(page).first().getByRole("button", { name: "This sounds like me" })).toHaveAttribute("aria-pressed", "true");
    await expect(answers(page).first().getByRole("button", { name: "This does not sound like me" })).toHaveAttribute("aria-pressed", "false");

    // A question nothing speaks to: an honest abstention, no sources, no score.
    await page.getByLabel("Message your twin").fill("Have you ever been to Japan?");
    await page.getByLabel("Message your twin").press("Enter");
    await expect(messages(page)).toHaveCount(4);
    const abstention = answers(page).nth(1);
    await expect(abstention.getByTestId("twin-answer")).toContainText("I never talked about that");
    await expect(abstention.getByText("Not from your memories.")).toBeVisible();
    await expect(abstention.getByText("Based on:")).toHaveCount(0);
    await expect(abstention.getByTestId("grounding")).toHaveCount(0);
    // The card refetches after the answer is saved; its honesty self-check puts several probes to retrieval, which on
    // a loaded two-core CI machine can take longer than the default 10 s.
    await expect(status.getByTestId("twin-status-conversation")).toContainText("4", { timeout: 30_000 });

    // A question in other words than the memory's: the twin finds it by meaning and cites it.
    await page.getByLabel("Message your twin").fill("Who showed you how to handle a sailboat?");
    await page.getByLabel("Message your twin").press("Enter");
    await expect(messages(page)).toHaveCount(6);
    const paraphrased = answers(page).nth(2);
    await expect(paraphrased.getByTestId("twin-answer")).toContainText("My grandfather taught me to sail on Lake Ontario");
    await expect(paraphrased.getByRole("list", { name: "Sources of this answer" }).getByRole("link")).toHaveAttribute("href", `/dashboard/memories?memory=${boatId}`);
    // The thumbs given above count in the card's ratings.
    await page.reload();
    await expect(page.getByRole("region", { name: "Twin Status" }).getByTestId("twin-status-ratings")).toContainText("100%");

    // The laboratory: profile card, and a decision from the calibration answer, listed as used.
    const lab = page.getByRole("region", { name: "Advanced Digital Twin Laboratory" });
    await expect(lab.getByTestId("twin-profile")).toContainText("Ines");
    await expect(lab.getByTestId("twin-profile")).toContainText("No traits yet");
    const decide = lab.getByRole("button", { name: "Ask my twin to decide" });
    await expect(decide).toBeDisabled();
    await lab.getByLabel("Describe a decision for your twin").fill("I found a wallet full of cash in a taxi. What would you do?");
    await decide.click();
    const decision = lab.getByTestId("twin-decision");
    await expect(decision).toContainText("police station");
    await expect(decision.getByRole("list", { name: "Memories and answers used" })).toContainText("Your answer to: You find a wallet with cash on the sidewalk.");
    await expect(decision.getByRole("heading", { name: "Traits considered" })).toBeVisible();

    // The status card follows: the conversation is stored (reload shows the counts from the server again).
    await page.reload();
    await expect(page.getByRole("region", { name: "Twin Status" }).getByTestId("twin-status-memories")).toContainText("3");
    await expect(messages(page)).toHaveCount(6);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("an unsure crisis check: the answer comes after Mindprint's check-in, kept after a reload (issue 42)", async ({ page, baseUrl, signInWithMagicLink }) => {
    test.setTimeout(60_000);
    await openTwinLab(page, signInWithMagicLink, "twin.lab.checkin@example.com");
    await addMemory(page.request, baseUrl, { content: boat, emotion: "Nostalgia", category: "family", tags: "sailing, grandfather" });
    await goToLab(page);
    await page.getByLabel("Message your twin").fill("Some days I can't see the point of getting up anymore.");
    await page.getByLabel("Message your twin").press("Enter");
    const answer = answers(page).first();
    const checkIn = answer.getByRole("note", { name: "Check-in from Mindprint" });
    await expect(checkIn).toContainText("I'm an AI, and I'm not able to help with this the way a person can", { timeout: 30_000 });
    await expect(checkIn.getByRole("listitem").first()).toContainText("988");
    // The twin's own answer follows, and Mindprint's words are not part of it.
    await expect(answer.getByTestId("twin-answer")).not.toContainText("988");
    await page.reload();
    await expect(answers(page).first().getByRole("note", { name: "Check-in from Mindprint" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("a support message in the owner's lab is Mindprint's: no thumbs, no sources, in the chat and the decision box (issue 44)", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(60_000);
    await openTwinLab(page, signInWithMagicLink, "twin.lab.support@example.com");
    await goToLab(page);
    // On a phone the conversation is the page: the composer stays at the bottom of the screen, and a new answer is
    // brought into view from its start, so the support message's label and 988 are seen first.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = page.getByLabel("Message your twin");
    await box.fill("I'm going to kill myself on Friday.");
    await box.press("Enter");
    const support = answers(page).first();
    await expect(support.getByTestId("support-message-label")).toHaveText("Support message from Mindprint", { timeout: 30_000 });
    await expect(support).toContainText("988");
    await expect(support.getByTestId("support-message-label")).toBeInViewport();
    await expect(box).toBeInViewport();
    await expectNoWiderThan(page, 390);
    expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload(); // the saved message, as history shows it
    await expect(answers(page).first().getByTestId("support-message-label")).toBeVisible();
    await expect(answers(page).first().getByRole("group", { name: "Feedback on this answer" })).toHaveCount(0);
    await expect(answers(page).first().getByTestId("answer-not-from-memories")).toHaveCount(0);
    await expect(answers(page).first().getByTestId("grounding")).toHaveCount(0);

    const lab = page.getByRole("region", { name: "Advanced Digital Twin Laboratory" });
    await lab.getByLabel("Describe a decision for your twin").fill("I'm going to kill myself on Friday. Should I write letters first?");
    await lab.getByRole("button", { name: "Ask my twin to decide" }).click();
    const decision = lab.getByTestId("twin-decision");
    await expect(decision.getByTestId("support-message-label")).toHaveText("Support message from Mindprint", { timeout: 30_000 });
    await expect(decision).toContainText("988");
    await expect(decision.getByText("Your twin's decision")).toHaveCount(0);
    await expect(decision.getByText("Memories and answers used")).toHaveCount(0);
  });

  test("history and send failures, Stop, and a single column at 375 px", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openTwinLab(page, signInWithMagicLink, "twin.lab.failures@example.com");

    // History fails to load: the spec's message and a Retry that works.
    await page.route("**/api/twin/messages", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "boom" } }) }),
    );
    await goToLab(page);
    const chat = page.getByRole("region", { name: "Consciousness Validation Chat" });
    await expect(chat.getByRole("alert")).toContainText("Failed to load conversation history.", { timeout: 15_000 });
    await page.unroute("**/api/twin/messages");
    await chat.getByRole("button", { name: "Retry" }).click();
    await expect(chat.getByText("No conversation yet.")).toBeVisible();

    // Sending fails: inline message, toast, and the question is marked unsaved and given back.
    await page.route("**/api/twin/chat", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "boom" } }) }),
    );
    const box = page.getByLabel("Message your twin");
    await box.fill("Tell me about your first job");
    await box.press("Enter");
    await expect(chat.getByRole("alert")).toHaveText("Failed to send message.");
    await expect(page.getByText("Failed to get response from your digital twin.")).toBeVisible();
    await expect(messages(page).first()).toContainText("Not saved — your twin did not answer.");
    await expect(box).toHaveValue("Tell me about your first job");
    await page.unroute("**/api/twin/chat");

    // Stop while the twin is still thinking: the request is cancelled and the turn says nothing was saved.
    let release: () => void = () => {};
    await page.route("**/api/twin/chat", async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue().catch(() => {});
    });
    await box.fill("What did you grow in the garden?");
    await box.press("Enter");
    const stop = chat.getByRole("button", { name: "Stop" });
    await expect(stop).toBeVisible();
    await stop.click();
    await expect(stop).toHaveCount(0);
    await expect(messages(page).nth(1)).toContainText("Stopped before your twin answered — nothing was saved.");
    await expect(chat.getByRole("alert")).toHaveCount(0);
    release();
    await page.unroute("**/api/twin/chat");

    // 375 px: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Advanced Digital Twin Laboratory" })).toBeVisible();
    await expectNoWiderThan(page, 375);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("the Memory Vault opens a cited memory that is not on its first page, and says when one was deleted", async ({ page, baseUrl, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openTwinLab(page, signInWithMagicLink, "twin.lab.cited@example.com");
    // The oldest of 51 memories is not among the 50 newest the vault lists.
    const oldest = await addMemory(page.request, baseUrl, { content: "The oldest memory: my first bicycle was red.", emotion: "Joy", category: "personal", tags: "bicycle" });
    for (let i = 0; i < 50; i++) await addMemory(page.request, baseUrl, { content: `Filler memory number ${i} about an ordinary day.`, emotion: "Reflection", category: "personal", tags: "" });
    await page.goto(`/dashboard/memories?memory=${oldest}`);
    await expect(page.getByRole("heading", { name: "Cited memory" })).toBeVisible();
    const highlighted = page.locator('[data-testid="memory-card"][data-highlighted]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText("my first bicycle was red");
    await expect(highlighted).toBeFocused();

    const gone = await addMemory(page.request, baseUrl, { content: "A memory that will be deleted.", emotion: "Sadness", category: "personal", tags: "" });
    expect((await page.request.delete(`/api/memories/${gone}`, { headers: originOf(baseUrl) })).ok()).toBe(true);
    await page.goto(`/dashboard/memories?memory=${gone}`);
    await expect(page.getByRole("alert").filter({ hasText: "This memory no longer exists" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the Digital Twin Lab" })).toHaveAttribute("href", "/dashboard/twin");
  });
});
