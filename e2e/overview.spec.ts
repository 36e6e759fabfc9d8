import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";
import { reachDashboard, type SignIn } from "./fixtures/dashboard";
import { expectNoWiderThan } from "./fixtures/layout";

async function reachHome(page: Page, signIn: SignIn, email: string) {
  await reachDashboard(page, signIn, email);
  await expect(page.getByRole("heading", { name: "Your Consciousness Dashboard", level: 1 })).toBeVisible();
}

async function addMemoryInVault(page: Page, memory: { content: string; emotion: string; category: string }) {
  const form = page.getByRole("region", { name: "Add New Memory" });
  await form.getByLabel("Memory", { exact: true }).fill(memory.content);
  await form.getByLabel("Emotion", { exact: true }).selectOption(memory.emotion);
  await form.getByLabel("Category").selectOption(memory.category);
  await form.getByRole("button", { name: "Save Memory" }).click();
  await expect(page.getByText("Memory saved").first()).toBeVisible();
  await expect(form.getByLabel("Memory", { exact: true })).toHaveValue("");
}

/** docs/formulas.md, "Consciousness completeness": six saturating parts, each rounded to one decimal, the sum rounded (no questionnaire here). */
function expectedCompleteness(counts: { memories: number; voiceSeconds: number; answers: number; mappingProgress: number[]; summary: boolean }): number {
  const part = (weight: number, n: number, full: number) => Math.round(((weight * Math.min(n, full)) / full) * 10) / 10;
  const mappingAverage = counts.mappingProgress.reduce((a, b) => a + b, 0) / counts.mappingProgress.length;
  const sum =
    part(30, counts.memories, 50) +
    part(25, counts.voiceSeconds, 1800) +
    part(15, counts.answers, 10) +
    Math.round(((15 * mappingAverage) / 100) * 10) / 10 +
    (counts.summary ? 5 : 0);
  return Math.min(100, Math.round(sum));
}

const region = (page: Page, name: string): Locator => page.getByRole("region", { name, exact: true });

test.describe("consciousness home", () => {
  test("a new account sees honest zeros and empty states", async ({ page, signInWithMagicLink }) => {
    await reachHome(page, signInWithMagicLink, "overview.new@example.com");

    await expect(region(page, "Consciousness").getByTestId("stat-consciousness-value")).toHaveText("0%");
    await expect(region(page, "Voice Hours").getByTestId("stat-voice-value")).toHaveText("0 s");
    await expect(region(page, "Voice Hours")).toContainText("0 sessions");
    await expect(region(page, "Memories").getByTestId("stat-memories-value")).toHaveText("0");
    await expect(region(page, "Memories")).toContainText("0 available to your twin");
    await expect(region(page, "Biometric Sync").getByTestId("stat-biometric-value")).toHaveText("Inactive");
    await expect(region(page, "Biometric Sync")).toContainText("No device data yet");

    // The formula behind the percentage, part by part.
    const consciousness = region(page, "Consciousness");
    await consciousness.getByText("How it is computed").click();
    await expect(consciousness.getByTestId("completeness-part")).toHaveCount(6);
    await expect(consciousness.getByTestId("completeness-part").first()).toContainText("0 memories of 50");

    const mapping = region(page, "Consciousness Mapping Progress");
    await expect(mapping.getByTestId("mapping-status")).toHaveText(["No data yet", "No data yet", "No data yet", "No data yet"]);
    const bars = mapping.getByRole("progressbar");
    await expect(bars).toHaveCount(4);
    for (const bar of await bars.all()) await expect(bar).toHaveAttribute("aria-valuenow", "0");

    const recent = region(page, "Recent Memories");
    await expect(recent.getByText("No memories yet")).toBeVisible();
    await expect(recent.getByRole("link", { name: "Add your first memory" })).toHaveAttribute("href", "/dashboard/memories");

    const monitor = region(page, "Live Consciousness Monitor");
    await expect(monitor.getByTestId("monitor-value")).toHaveText(["—", "—", "—", "—"]);
    await expect(monitor).toContainText("They appear while you record in Consciousness Capture");

    const summary = region(page, "Personality Summary");
    await expect(summary.getByText("No summary yet.")).toBeVisible();
    await expect(summary.getByRole("button", { name: "Generate" })).toBeEnabled();

    const lab = region(page, "Digital Twin Lab");
    await expect(lab.getByRole("definition")).toHaveText(["0", "0", "0"]);

    await expect(page.getByTestId("completeness")).toHaveText("0%");
    await expectNoSeriousAxeViolations(page);

    // Mobile first: one column at 375 px, nothing overflows sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(region(page, "Quick Actions")).toBeVisible();
    await expectNoWiderThan(page, 375);
  });

  test("quick actions and card links are real links that navigate", async ({ page, signInWithMagicLink }) => {
    await reachHome(page, signInWithMagicLink, "overview.links@example.com");
    const actions = region(page, "Quick Actions");
    const targets = [
      ["Start Voice Session", /\/dashboard\/voice$/, "Voice Training Hub"],
      ["Capture Session", /\/dashboard\/capture$/, "Consciousness Capture"],
      ["Add Memory", /\/dashboard\/memories$/, "Memory Vault"],
      ["Map Personality", /\/dashboard\/personality$/, "Personality Mapping"],
    ] as const;
    for (const [name, url, heading] of targets) {
      await actions.getByRole("link", { name }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    // Keyboard: focus the first action and follow it with Enter.
    await actions.getByRole("link", { name: "Start Voice Session" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/voice$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);

    await region(page, "Digital Twin Lab").getByRole("link", { name: "Open Lab" }).click();
    await expect(page).toHaveURL(/\/dashboard\/twin$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await region(page, "Recent Memories").getByRole("link", { name: "View All memories" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
  });

  test("figures follow the person's memories; the summary is written, regenerated, and kept on failure", async ({ page, baseUrl, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await reachHome(page, signInWithMagicLink, "overview.figures@example.com");
    const headers = { origin: new URL(baseUrl).origin };
    // The summary needs a first name and a legacy preference, as onboarding would have stored.
    const identity = await page.request.put("/api/profile/identity", { data: { firstName: "Ines", legacyPreference: "family" }, headers });
    expect(identity.status()).toBe(200);

    // Two family memories through the Memory Vault, then two more through the API.
    const long = "The summer I turned twelve we drove to the coast in my uncle's green van and slept on the beach.";
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(page.getByRole("heading", { name: "Memory Vault", level: 1 })).toBeVisible();
    await addMemoryInVault(page, { content: "Sunday lunch at my grandmother's table", emotion: "Love", category: "family" });
    await expect(page.getByTestId("completeness")).toHaveText(`${expectedCompleteness({ memories: 1, voiceSeconds: 0, answers: 0, mappingProgress: [0, 10, 0, 0], summary: false })}%`);
    await addMemoryInVault(page, { content: long, emotion: "Nostalgia", category: "family" });
    for (const memory of [
      { content: "My first day at the bakery", emotion: "Pride", category: "career" },
      { content: "I painted the harbour at dawn", emotion: "Joy", category: "creative" },
    ]) {
      const created = await page.request.post("/api/memories", { data: memory, headers });
      expect(created.status()).toBe(201);
    }

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Consciousness Home" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(region(page, "Memories").getByTestId("stat-memories-value")).toHaveText("4");
    await expect(region(page, "Memories")).toContainText("4 available to your twin");

    // The three newest, newest first; the long one is cut to 50 characters with an ellipsis.
    const recent = region(page, "Recent Memories").getByTestId("recent-memory");
    await expect(recent).toHaveCount(3);
    await expect(recent.nth(0)).toContainText("I painted the harbour at dawn");
    await expect(recent.nth(0)).toContainText("Joy");
    await expect(recent.nth(1)).toContainText("My first day at the bakery");
    await expect(recent.nth(2).locator("p").first()).toHaveText(`${long.slice(0, 50).trimEnd()}…`);
    await expect(region(page, "Recent Memories")).not.toContainText("Sunday lunch");

    // Mapping: 1 career, 2 family, 0 philosophy, 1 creative trait.
    const mapping = region(page, "Consciousness Mapping Progress");
    await expect(mapping.getByTestId("mapping-status")).toHaveText(["In Progress", "In Progress", "No data yet", "In Progress"]);
    const family = mapping.getByRole("progressbar", { name: "Family & Relationships mapping progress" });
    await expect(family).toHaveAttribute("aria-valuenow", "20");
    await expect(mapping.getByTestId("mapping-family")).toContainText("2 traits");
    await expect(mapping.getByRole("progressbar", { name: "Business & Career mapping progress" })).toHaveAttribute("aria-valuenow", "10");

    // Completeness from the documented formula, not from the screen.
    const mappingProgress = [10, 20, 0, 10];
    const before = expectedCompleteness({ memories: 4, voiceSeconds: 0, answers: 0, mappingProgress, summary: false });
    await expect(region(page, "Consciousness").getByTestId("stat-consciousness-value")).toHaveText(`${before}%`);
    await expect(page.getByTestId("completeness")).toHaveText(`${before}%`);
    await expect(region(page, "Digital Twin Lab").getByRole("definition")).toHaveText(["4", "0", "0"]);

    // Generate: absent, then generating, then present (the offline local model writes it).
    const card = region(page, "Personality Summary");
    await card.getByRole("button", { name: "Generate" }).click();
    const text = card.getByTestId("personality-summary-text");
    await expect(text).toHaveText(/^Ines, /);
    await expect(card.getByText("Last updated")).toBeVisible();
    const after = expectedCompleteness({ memories: 4, voiceSeconds: 0, answers: 0, mappingProgress, summary: true });
    await expect(region(page, "Consciousness").getByTestId("stat-consciousness-value")).toHaveText(`${after}%`);
    await expect(page.getByTestId("completeness")).toHaveText(`${after}%`);

    // Regenerate replaces it: the request goes out and the card shows the stored summary again.
    const regenerate = card.getByRole("button", { name: "Regenerate" });
    const written = page.waitForResponse((r) => r.url().endsWith("/api/onboarding/reflection") && r.request().method() === "POST");
    await regenerate.click();
    expect((await written).status()).toBe(200);
    await expect(regenerate).toBeEnabled();
    await expect(text).toHaveText(/^Ines, /);
    const firstSummary = await text.textContent();

    // A failure shows the server's message in the card and a destructive toast; the old summary stays.
    const message = "Failed to generate your personality summary. You can continue and try again later.";
    await page.route("**/api/onboarding/reflection", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "reflection_failed", message } }) }),
    );
    await regenerate.click();
    await expect(card.getByRole("alert")).toHaveText(message);
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toContainText("Could not write your personality summary");
    await expect(text).toHaveText(firstSummary ?? "");
    await page.unroute("**/api/onboarding/reflection");

    await expectNoSeriousAxeViolations(page);
  });

  test("a failed overview shows the error and Retry loads it", async ({ page, signInWithMagicLink }) => {
    await reachHome(page, signInWithMagicLink, "overview.retry@example.com");
    let fail = true;
    await page.route("**/api/overview", (route) =>
      fail ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal", message: "Something went wrong." } }) }) : route.continue(),
    );
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: "Something went wrong." })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("completeness")).toHaveText("—");
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(region(page, "Consciousness").getByTestId("stat-consciousness-value")).toHaveText("0%");
  });
});
