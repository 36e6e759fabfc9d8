import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { openSection, type SignIn } from "./fixtures/dashboard";
import { expectNoWiderThan } from "./fixtures/layout";

const openMemoryVault = (page: Page, signIn: SignIn, email: string) => openSection(page, signIn, email, "Memory Vault", "/dashboard/memories");

async function addMemory(page: Page, memory: { content: string; emotion: string; category: string; tags: string; intensity: string }) {
  const form = page.getByRole("region", { name: "Add New Memory" });
  await form.getByLabel("Memory", { exact: true }).fill(memory.content);
  await form.getByLabel("Emotion", { exact: true }).selectOption(memory.emotion);
  await form.getByLabel("Category").selectOption(memory.category);
  await form.getByLabel("Tags (comma-separated)").fill(memory.tags);
  await form.getByRole("slider", { name: "Emotional intensity" }).fill(memory.intensity);
  await expect(form.getByText(`${memory.intensity} / 10`)).toBeVisible();
  await form.getByRole("button", { name: "Save Memory" }).click();
  await expect(page.getByText("Memory saved").first()).toBeVisible();
  await expect(form.getByLabel("Memory", { exact: true })).toHaveValue("");
}

const bread = "I baked bread with my grandmother in Lisbon";
const job = "I felt nervous on my first day at the new job";

test.describe("memory vault", () => {
  test("when it happened: on the card, in the history, and on the timeline by decade", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openMemoryVault(page, signInWithMagicLink, "memories.when@example.com");
    const form = page.getByRole("region", { name: "Add New Memory" });
    const when = form.getByRole("group", { name: "When it happened (optional)" });
    const save = form.getByRole("button", { name: "Save Memory" });

    // A year alone, then a wrong one: the message says what is accepted and Save waits.
    await form.getByLabel("Memory", { exact: true }).fill("We moved into the house on Alder Street and I got my own room.");
    await form.getByLabel("Emotion", { exact: true }).selectOption("Joy");
    await when.getByLabel("Year").fill("19");
    await when.getByLabel("Month").focus();
    await expect(when.getByRole("alert")).toHaveText("Give when it happened as a year, a month and year, or a full date, not in the future.");
    await expect(save).toBeDisabled();
    await expect(when.getByLabel("Day")).toBeDisabled(); // a day needs its month first
    await when.getByLabel("Year").fill("1967");
    await expect(when.getByRole("alert")).toHaveCount(0);
    await save.click();
    await expect(page.getByText("Memory saved").first()).toBeVisible();
    await expect(form.getByLabel("Memory", { exact: true })).toHaveValue(""); // this save is done, not an earlier toast

    await form.getByLabel("Memory", { exact: true }).fill("Our daughter was born during the snowstorm, and the doctor arrived on skis.");
    await form.getByLabel("Emotion", { exact: true }).selectOption("Love");
    await when.getByLabel("Year").fill("1982");
    await when.getByLabel("Month").selectOption("February");
    await when.getByLabel("Day").fill("11");
    await save.click();
    await expect(page.getByText("Memory saved").first()).toBeVisible();
    await expect(form.getByLabel("Memory", { exact: true })).toHaveValue(""); // this save is done, not an earlier toast

    await form.getByLabel("Memory", { exact: true }).fill("A recipe for plum cake that never works twice the same way.");
    await form.getByLabel("Emotion", { exact: true }).selectOption("Reflection");
    await save.click();
    await expect(page.getByText("Memory saved").first()).toBeVisible();
    await expect(form.getByLabel("Memory", { exact: true })).toHaveValue(""); // this save is done, not an earlier toast

    const cards = page.getByTestId("memory-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: "snowstorm" }).getByTestId("memory-happened")).toHaveText("February 11, 1982");
    await expect(cards.filter({ hasText: "plum cake" }).getByTestId("memory-happened")).toHaveText("—");

    // Editing the date is a new version, shown in the history.
    const house = cards.filter({ hasText: "Alder Street" });
    await expect(house.getByTestId("memory-happened")).toHaveText("1967");
    await house.getByRole("button", { name: "Edit" }).click();
    const editing = page.getByRole("dialog", { name: "Edit memory" });
    await editing.getByLabel("Month").selectOption("September");
    await editing.getByRole("button", { name: "Save changes" }).click();
    await expect(house.getByTestId("memory-happened")).toHaveText("September 1967");
    await house.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Show history" }).click();
    await expect(house.getByTestId("memory-version")).toHaveCount(2);
    await expect(house.getByTestId("memory-version").nth(0)).toContainText("Happened 1967");
    await expect(house.getByTestId("memory-version").nth(1)).toContainText("When it happened: 1967 → September 1967");

    // The timeline: decades earliest first, the earliest shown, the undated counted with what to do.
    await page.getByRole("button", { name: "Timeline" }).click();
    await expect(page).toHaveURL(/view=timeline/);
    await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
    const decades = page.getByRole("navigation", { name: "Decades" }).getByRole("button");
    await expect(decades).toHaveText(["1960s (1)", "1980s (1)"]);
    await expect(decades.first()).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("timeline-summary")).toContainText("2 memories placed in time across 2 decades. 1 memory has no date yet");
    await expect(page.getByRole("heading", { name: "The 1960s" })).toBeVisible();
    await expect(page.getByTestId("timeline-year")).toHaveCount(1);
    await expect(page.getByTestId("timeline-year").getByRole("heading", { name: "1967" })).toBeVisible();
    await decades.nth(1).press("Enter");
    await expect(page.getByRole("heading", { name: "The 1980s" })).toBeVisible();
    await expect(page.getByTestId("timeline-year").getByTestId("memory-card")).toContainText("snowstorm");
    await expect(page.locator("html[data-toast-pending]")).toHaveCount(0); // a first toast loads its code before it shows
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    // Back to the collection: the filters and every card.
    await page.getByRole("button", { name: "Collection" }).click();
    await expect(cards).toHaveCount(3);
  });

  test("add, validate, edit with history, search, filter, hide, delete; graph, insights and axe", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openMemoryVault(page, signInWithMagicLink, "memories.vault@example.com");
    await expect(page.getByText("No memories yet. Write your first one above.")).toBeVisible();
    await expect(page.getByTestId("memory-insights").getByText("No data yet")).toBeVisible();

    // Validation: the form opens once something is written in its one field, Save stays disabled, and blank content says so once the field is left.
    const form = page.getByRole("region", { name: "Add New Memory" });
    const save = form.getByRole("button", { name: "Save Memory" });
    await expect(save).toHaveCount(0); // folded to its one field until something is written
    await form.getByLabel("Memory", { exact: true }).fill("   ");
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription("To save, write the memory and choose an emotion.");
    await form.getByLabel("Emotion", { exact: true }).focus();
    await expect(form.getByText("Please enter memory content")).toBeVisible();
    await form.getByLabel("Category").focus();
    await expect(form.getByText("Please select an emotion")).toBeVisible();
    await expect(save).toBeDisabled();

    await addMemory(page, { content: bread, emotion: "Joy", category: "family", tags: "Baking, family", intensity: "8" });
    await addMemory(page, { content: job, emotion: "Fear", category: "career", tags: "work", intensity: "6" });

    await expect(page.getByRole("heading", { name: "Memory Collection (2)" })).toBeVisible();
    const cards = page.getByTestId("memory-card");
    await expect(cards).toHaveCount(2);
    const breadCard = cards.filter({ hasText: "grandmother" });
    await expect(breadCard).toContainText("Joy");
    await expect(breadCard).toContainText("Family");
    await expect(breadCard).toContainText("#Baking");
    await expect(breadCard).toContainText("8/10");
    await expect(breadCard.getByTestId("detail-score")).toHaveText(/^\d+\/100$/);

    // Graph: both memories are nodes, titled by their first three words; different emotions, so no links.
    await expect(page.getByTestId("graph-node")).toHaveCount(2);
    await expect(page.getByTestId("graph-link")).toHaveCount(0);
    await expect(page.locator('[data-testid="graph-node"][data-title="I baked bread"]')).toHaveCount(1);
    await expect(page.getByRole("img", { name: /Memory network of all 2 memories in the list/ })).toBeVisible();
    // Insights: the top emotions with their counts.
    const insights = page.getByTestId("memory-insights");
    await expect(insights.getByRole("listitem")).toHaveCount(2);
    await expect(insights).toContainText("Joy");
    await expect(insights).toContainText("Fear");
    await expect(insights).toContainText("1 memory");

    // Edit creates a second version; History lists both, oldest first.
    await breadCard.getByRole("button", { name: "Edit" }).click();
    const editing = page.getByRole("dialog", { name: "Edit memory" });
    await editing.getByLabel("Memory", { exact: true }).fill(`${bread} in the summer of 1998`);
    await editing.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Memory updated")).toBeVisible();
    await expect(breadCard).toContainText("summer of 1998");
    // Secondary actions sit in the card's menu.
    await breadCard.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Show history" }).click();
    const versions = breadCard.getByTestId("memory-version");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText("Version 1");
    await expect(versions.nth(0)).not.toContainText("1998");
    await expect(versions.nth(1)).toContainText("Version 2");
    await expect(versions.nth(1)).toContainText("summer of 1998");

    // Search with a typo still finds it.
    const search = page.getByLabel("Search memories");
    await search.fill("grandmuther");
    await expect(page.getByRole("heading", { name: "Memory Collection (1)" })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("grandmother");
    await search.fill("");
    await expect(cards).toHaveCount(2);

    // Filter by emotion.
    await page.getByLabel("Filter by emotion").selectOption("Fear");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("nervous");
    await page.getByLabel("Filter by emotion").selectOption("");
    await expect(cards).toHaveCount(2);

    // Hide from twin: hidden memories are left out by default, so the card goes, the toast says where, and the box
    // counts it; ticked, the card is back with its badge and the action turns into Show to twin.
    const showHidden = page.getByRole("checkbox", { name: /Show hidden/ });
    await expect(showHidden).not.toBeChecked();
    await expect(showHidden).toHaveAccessibleName("Show hidden (0)");
    const jobCard = cards.filter({ hasText: "nervous" });
    await jobCard.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Hide from twin" }).click();
    await expect(page.getByText("Tick Show hidden to see it in the list.")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(showHidden).toHaveAccessibleName("Show hidden (1)");
    await showHidden.check();
    await expect(cards).toHaveCount(2);
    await expect(jobCard.getByText("Hidden from twin", { exact: true })).toBeVisible();
    await jobCard.getByRole("button", { name: "More actions" }).click();
    await expect(page.getByRole("menuitem", { name: "Show to twin" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(jobCard.getByRole("button", { name: "More actions" })).toBeFocused();

    // Accessibility of the whole section, with cards, history open and the graph.
    // The shared toasts fade out first: axe would measure their contrast mid-animation.
    await expect(page.locator("html[data-toast-pending]")).toHaveCount(0); // a first toast loads its code before it shows
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Delete asks first, by keyboard alone: the menu opens on Enter, End reaches Delete…, the confirmation takes the
    // focus; Cancel keeps the memory and gives the focus back to the menu button; Delete removes it.
    const more = jobCard.getByRole("button", { name: "More actions" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("menuitem", { name: "Delete…" })).toBeFocused();
    await page.keyboard.press("Enter");
    const confirm = jobCard.getByRole("group", { name: "Confirm deletion" });
    await expect(confirm).toContainText("Are you sure?");
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(more).toBeFocused();
    await expect(cards).toHaveCount(2);
    await more.click();
    await page.getByRole("menuitem", { name: "Delete…" }).click();
    await jobCard.getByRole("group", { name: "Confirm deletion" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Memory deleted")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Memory Collection (1)" })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(page.getByTestId("graph-node")).toHaveCount(1);
    await expect(insights.getByRole("listitem")).toHaveCount(1);

    // At 375 px nothing overflows sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("heading", { name: "Memory Collection (1)" })).toBeVisible();
    await expectNoWiderThan(page, 375);
  });

  test("a memory whose answer was lost on the way back is saved once, not twice", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(60_000);
    await openMemoryVault(page, signInWithMagicLink, "memories.lost.answer@example.com");
    // The first save reaches the server and is stored, but its answer never arrives (the connection drops).
    let dropped = 0;
    await page.route("**/api/memories", async (route) => {
      if (route.request().method() !== "POST" || dropped > 0) return route.fallback();
      dropped += 1;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await addMemory(page, { content: "The night the river froze over and we skated to school", emotion: "Joy", category: "personal", tags: "winter", intensity: "7" });
    expect(dropped).toBe(1);
    await expect(page.getByRole("heading", { name: "Memory Collection (1)" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("memory-card")).toHaveCount(1);
  });
});
