import { startFakeChatCompletions, type FakeChatCompletions, type FakeReply } from "../src/server/test/fake-chat-completions";
import { startAppServer, type AppServer } from "./fixtures/app-server";
import { linkFromMail, readMails, waitForMail } from "./fixtures/mail-capture";
import { pressConfirm } from "./fixtures/sign-in";
import { expect, test } from "./fixtures/test";

// The reflection screen against an OpenAI-compatible server (a local stand-in speaking Chat Completions),
// whose answer each test chooses: a real summary, an error, an empty answer.
let llm: FakeChatCompletions;
let server: AppServer;
let nextReply: FakeReply = "";

test.beforeAll(async () => {
  llm = await startFakeChatCompletions({ apiKey: "sk-e2e", reply: () => nextReply });
  server = await startAppServer({
    LLM_PROVIDER: "openai-compatible",
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: "sk-e2e",
    LLM_MODEL: "stand-in-model",
    LLM_TIMEOUT_MS: "5000",
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
  });
});
test.afterAll(async () => {
  await server.stop();
  await llm.stop();
});

async function reachSummary(page: import("@playwright/test").Page, email: string) {
  const before = readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === email).length;
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.goto(linkFromMail(await waitForMail(process.env.E2E_MAIL_FILE!, email, before)));
  await pressConfirm(page);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole("checkbox", { name: /Build my AI twin/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/onboarding\/identity$/);
  await page.getByLabel("First name").fill("Tomas");
  await page.getByRole("radio", { name: /Keep private/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/onboarding\/trait-calibration$/);
  await page.getByLabel("Hypothetical statement or scenario:").fill("Your neighbour's dog keeps barking at night.");
  await page.getByLabel("How would you respond?").fill("I'd bake a cake and knock on the door.");
  await page.getByRole("button", { name: "Submit Response" }).click();
  await expect(page.getByText("Response submitted")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/onboarding\/summary$/);
}

test.describe("reflection through an OpenAI-compatible provider", () => {
  test("shows the model's summary, line breaks kept, and sends it the person's own words", async ({ page }) => {
    nextReply = "Tomas, you meet friction with kindness.\n\nYou would bake a cake before you would complain.\nTraits: kind, practical";
    await reachSummary(page, "tomas.one@example.com");
    const box = page.getByLabel("Your reflection");
    await expect(box).toContainText("Tomas, you meet friction with kindness.");
    await expect(box).not.toContainText("Traits:");
    await expect(box).toHaveCSS("white-space", "pre-line");
    const sent = JSON.stringify(llm.requests.at(-1));
    expect(sent).toContain("bake a cake and knock on the door");
    expect(sent).toContain("stand-in-model");
  });

  test("a provider error shows the spec's message and Next stays usable", async ({ page }) => {
    nextReply = { status: 500, error: { message: "upstream exploded", type: "server_error", param: null, code: null } };
    await reachSummary(page, "tomas.two@example.com");
    await expect(page.getByText("Failed to generate your personality summary. You can continue and try again later.")).toBeVisible();
    await expect(page.getByText("Don't worry, you can explore this feature later in your dashboard.")).toBeVisible();
    await expect(page.getByText("upstream exploded")).toHaveCount(0);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/onboarding\/contribute$/);
    await expect(page.getByRole("heading", { name: "Want to go deeper?" })).toBeVisible();
  });

  test("an empty answer shows the fallback text", async ({ page }) => {
    nextReply = "";
    await reachSummary(page, "tomas.three@example.com");
    await expect(page.getByLabel("Your reflection")).toHaveText("Unable to generate summary at this time.");
  });
});
