import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection, type SignIn } from "./fixtures/dashboard";
import { addMemory } from "./fixtures/legacy";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

// Issue 35, the Memory Vault: a returning person sees search and their collection first; readable cards with labelled
// details; tags as typed; editing in a dialog; a history that shows what changed.

const openVault = (page: Page, signIn: SignIn, email: string) => openSection(page, signIn, email, "Memory Vault", "/dashboard/memories");

/** Three memories through the API, one tagged with a name written in capitals. */
async function fillVault(page: Page, baseUrl: string) {
  await addMemory(page, baseUrl, "My first day of school, in a yellow dress my mother sewed.", { happenedOn: "1975-09", tags: "Jefferson Elementary, school" });
  await addMemory(page, baseUrl, "Sunday mornings, the kitchen smelled of cinnamon and coffee.", { tags: "home" });
  await addMemory(page, baseUrl, "The summer we rebuilt the boathouse with my brother, one plank a day.", { happenedOn: "1998" });
}

/** The search field is on the first screen: in the viewport without any scrolling. */
async function expectSearchOnFirstScreen(page: Page) {
  await expect(page.getByTestId("memory-card")).toHaveCount(3);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByLabel("Search memories")).toBeInViewport({ ratio: 1 });
  // The add form is folded to its one field.
  const form = page.getByRole("region", { name: "Add New Memory" });
  await expect(form.getByLabel("Memory", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Emotion", { exact: true })).toHaveCount(0);
}

test.describe("memory vault, first screen and editing", () => {
  test("a returning person sees search and the collection first at 1440 × 900 and at 390 × 844; cards are wide, their details on labelled lines, tags as typed", async ({
    page,
    browser,
    signInWithMagicLink,
    baseUrl,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVault(page, signInWithMagicLink, "vault.first.screen@example.com");
    await fillVault(page, baseUrl);
    await page.reload();
    await expectSearchOnFirstScreen(page);

    const school = page.getByTestId("memory-card").filter({ hasText: "yellow dress" });
    // One card a row, wide enough to read.
    expect((await school.boundingBox())!.width).toBeGreaterThanOrEqual(600);
    // Happened and Added each on their own labelled line.
    const details = school.getByTestId("memory-details");
    await expect(details.getByRole("term")).toHaveText(["Happened:", "Added:", "Intensity:", "Detail score:"]);
    await expect(school.getByTestId("memory-happened")).toHaveText("September 1975");
    const happened = (await school.getByTestId("memory-happened").boundingBox())!;
    const added = (await school.getByTestId("memory-added").boundingBox())!;
    expect(added.y).toBeGreaterThanOrEqual(happened.y + happened.height);
    // The tag keeps its capitals; a search in lower case still finds it.
    await expect(school.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["#Jefferson Elementary", "#school"]);
    await page.getByLabel("Search memories").fill("jefferson elementary");
    await expect(page.getByTestId("memory-card")).toHaveCount(1);
    await expect(page.getByTestId("memory-card")).toContainText("yellow dress");
    await page.getByLabel("Search memories").fill("");
    await expectNoSeriousAxeViolations(page);

    // The same person on a phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
    const small = await phone.newPage();
    await small.goto(`${baseUrl}/dashboard/memories`);
    await expectSearchOnFirstScreen(small);
    await expectNoWiderThan(small, 390);
    await expectNoSeriousAxeViolations(small);
    await phone.close();
  });

  test("the add form opens when something is written in its one field and folds again; tags keep their case and drop a second spelling", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(60_000);
    await openVault(page, signInWithMagicLink, "vault.add.form@example.com");
    const form = page.getByRole("region", { name: "Add New Memory" });
    const memory = form.getByLabel("Memory", { exact: true });
    await expect(form.getByLabel("Emotion", { exact: true })).toHaveCount(0);

    // Focus alone (tabbing past) leaves it folded; the first letter written opens the whole form.
    await memory.focus();
    await expect(form.getByLabel("Emotion", { exact: true })).toHaveCount(0);
    await page.keyboard.type("A draft");
    await expect(memory).toBeFocused();
    await expect(form.getByLabel("Emotion", { exact: true })).toBeVisible();
    await expect(form.getByRole("button", { name: "Save Memory" })).toBeDisabled();

    // Cancel empties and folds it, the focus staying in the field.
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(memory).toHaveValue("");
    await expect(memory).toBeFocused();
    await expect(form.getByLabel("Emotion", { exact: true })).toHaveCount(0);

    await memory.fill("Grandma Rose taught me to swim in Lake Tahoe.");
    await form.getByLabel("Emotion", { exact: true }).selectOption("Love");
    await form.getByLabel("Tags (comma-separated)").fill("Grandma Rose, grandma rose, Lake Tahoe");
    await form.getByRole("button", { name: "Save Memory" }).click();
    await expect(page.getByText("Memory saved").first()).toBeVisible();
    // Saved: folded, the focus back in the empty field.
    await expect(memory).toHaveValue("");
    await expect(memory).toBeFocused();
    await expect(form.getByLabel("Emotion", { exact: true })).toHaveCount(0);
    const card = page.getByTestId("memory-card");
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["#Grandma Rose", "#Lake Tahoe"]);
    await expectNoSeriousAxeViolations(page);
  });

  test("editing happens in a dialog (focus in, Escape out, focus back) and the history shows the words and fields that changed", async ({ page, signInWithMagicLink, baseUrl }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVault(page, signInWithMagicLink, "vault.edit.history@example.com");
    await addMemory(page, baseUrl, "We moved to the house on Alder Street.", { emotion: "Joy", happenedOn: "1967", tags: "home" });
    await page.reload();
    const card = page.getByTestId("memory-card");
    const edit = card.getByRole("button", { name: "Edit" });

    // The dialog takes the focus; Escape closes it and gives the focus back to Edit.
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Edit memory" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Memory", { exact: true })).toBeFocused();
    expect((await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(700);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();

    // An edit: words out and in, another emotion, a date more precise, a tag in capitals.
    await edit.press("Enter");
    await expect(dialog.getByLabel("Memory", { exact: true })).toBeFocused();
    await dialog.getByLabel("Memory", { exact: true }).fill("In 1967 we moved to the blue house on Alder Street.");
    await dialog.getByLabel("Emotion", { exact: true }).selectOption("Nostalgia");
    await dialog.getByLabel("Month").selectOption("September");
    await dialog.getByLabel("Tags (comma-separated)").fill("home, Alder Street");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Memory updated")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();
    await expect(card).toContainText("blue house");
    await expect(card.getByTestId("memory-happened")).toHaveText("September 1967");

    await card.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Show history" }).click();
    const versions = card.getByTestId("memory-version");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText("We moved to the house on Alder Street.");
    const second = versions.nth(1);
    await expect(second.locator("ins")).toHaveText([/^\[added:\s*In 1967 we\s*\]$/, /^\[added:\s*blue\s*\]$/]);
    await expect(second.locator("del")).toHaveText([/^\[removed:\s*We\s*\]$/]);
    // Not by colour alone: underlined and struck through, and named for a screen reader.
    await expect(second.locator("ins").first()).toHaveCSS("text-decoration-line", "underline");
    await expect(second.locator("del").first()).toHaveCSS("text-decoration-line", "line-through");
    await expect(second.locator("ins").first().locator(".sr-only").first()).toHaveText("[added: ");
    await expect(second.getByTestId("version-field-changes").getByRole("listitem")).toHaveText(["Emotion: Joy → Nostalgia", "Tags: #home → #home #Alder Street", "When it happened: 1967 → September 1967"]);
    await expectNoSeriousAxeViolations(page);
  });
});
