import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures/test";
import { openSection } from "./fixtures/dashboard";

// Legacy, part 1: the owner decides who each memory is for and when it opens (issue 15).
test("the owner sets a memory's audience and seal, changes several at once, and filters by audience", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(90_000);
  await openSection(page, signInWithMagicLink, "memories.audience@example.com", "Memory Vault", "/dashboard/memories");
  const form = page.getByRole("region", { name: "Add New Memory" });
  const nextYear = `${new Date().getUTCFullYear() + 1}-03-03`;

  // A letter for later: family, sealed until a date.
  await form.getByLabel("Memory", { exact: true }).fill("A letter for Maya to read on her eighteenth birthday");
  await form.getByLabel("Emotion", { exact: true }).selectOption("Love");
  await form.getByLabel("Audience").selectOption("family");
  await expect(form.getByText("Your legacy contacts, once your legacy is released.")).toBeVisible();
  await form.getByLabel("Seal").selectOption("until");
  await form.getByLabel("Opens on").fill(nextYear);
  await form.getByRole("button", { name: "Save Memory" }).click();
  await expect(page.getByText("Memory saved").first()).toBeVisible();
  const cards = page.getByTestId("memory-card");
  const letter = cards.filter({ hasText: "eighteenth birthday" });
  await expect(letter.getByTestId("memory-audience")).toHaveText("Audience: Family");
  await expect(letter.getByTestId("memory-seal")).toHaveText(/^Sealed until Mar 3, \d{4}$/);

  // A seal of 0 days is refused before anything is sent.
  await form.getByLabel("Memory", { exact: true }).fill("The recipe book is in the blue tin");
  await form.getByLabel("Emotion", { exact: true }).selectOption("Joy");
  await form.getByLabel("Seal").selectOption("daysAfterRelease");
  await form.getByLabel("Days after release").fill("0");
  await form.getByLabel("Days after release").blur();
  await expect(form.getByText("A seal after release lasts from 1 to 36,500 days.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Save Memory" })).toBeDisabled();
  await form.getByLabel("Seal").selectOption("none");
  await form.getByLabel("Audience").selectOption("private");
  await form.getByRole("button", { name: "Save Memory" }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "blue tin" }).getByTestId("memory-audience")).toHaveText("Audience: Private");

  // Both at once: public.
  const selection = page.getByRole("region", { name: "Selected memories" });
  await selection.getByRole("button", { name: "Select all shown" }).click();
  await expect(selection.getByText("2 selected")).toBeVisible();
  await selection.getByLabel("New audience").selectOption("public");
  await selection.getByRole("button", { name: "Set audience" }).click();
  await expect(page.getByText("2 memories are now public.")).toBeVisible();
  await expect(page.getByTestId("memory-audience")).toHaveText(["Audience: Public", "Audience: Public"]);
  await expect(selection.getByText("Select memories to change who may reach them.")).toBeVisible();

  // One of them by keyboard: its checkbox, then the bar.
  await cards.filter({ hasText: "blue tin" }).getByRole("checkbox", { name: /^Select the memory “The recipe book/ }).check();
  await selection.getByLabel("New audience").selectOption("twin-only");
  await selection.getByRole("button", { name: "Set audience" }).press("Enter");
  await expect(cards.filter({ hasText: "blue tin" }).getByTestId("memory-audience")).toHaveText("Audience: Twin only");

  // Filter by audience.
  await page.getByLabel("Filter by audience").selectOption("public");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("eighteenth birthday");
  await page.getByLabel("Filter by audience").selectOption("private");
  await expect(page.getByText("No memories match your search or filters. Try other words or clear the filters.")).toBeVisible();
  await page.getByLabel("Filter by audience").selectOption("");
  await expect(cards).toHaveCount(2);

  // The seal changes in the edit form, without a new version.
  await letter.getByRole("button", { name: "Edit" }).click();
  const editing = page.getByRole("dialog", { name: "Edit memory" });
  await editing.getByLabel("Seal").selectOption("daysAfterRelease");
  await editing.getByLabel("Days after release").fill("30");
  await editing.getByRole("button", { name: "Save changes" }).click();
  await expect(letter.getByTestId("memory-seal")).toHaveText("Sealed until 30 days after release");

  await expect(page.locator("html[data-toast-pending]")).toHaveCount(0); // a first toast loads its code before it shows
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
