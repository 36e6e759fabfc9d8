import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openFromMenu, reachDashboard } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

/** The section's heading is in view at the top of the screen, below the sticky top bar rather than hidden under it. */
async function expectJustBelowTopBar(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  const bar = (await page.getByRole("banner").boundingBox())!;
  const box = (await heading.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  expect(box.y).toBeLessThan(bar.y + bar.height + 150);
}

// Formulas a person can read (issue 35): docs/formulas.md as a public page, every figure's "How is this worked out?"
// landing on its own section, and the Trust page pointing to it.
test.describe("the formulas page", () => {
  test("renders the formulas document with its sections, tables and code, readable at 1440 and 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/formulas");
    await expect(page).toHaveTitle("Formulas · Mindprint");
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formulas");
    // The document's own words, sections and tables, rendered at build time.
    await expect(page.getByText(/Every figure Mindprint shows is computed from the person.s own data/)).toBeVisible();
    const authenticity = page.getByRole("heading", { level: 2, name: "Memory authenticity score (0–100)" });
    await expect(authenticity).toHaveAttribute("id", "memory-authenticity-score-0-100");
    await expect(page.getByRole("heading", { level: 3, name: /Grounding score/ })).toHaveAttribute("id", "grounding-score-a-twin-answer-s-authenticity-score-0-100");
    await expect(page.getByRole("table").first()).toContainText("First person");
    await expect(page.locator("main code").first()).toBeVisible();
    // Subscripts are rendered, not shown as markup.
    await expect(page.locator("main sub").first()).toHaveText("k,d");
    await expect(page.getByText("<sub>")).toHaveCount(0);

    // The contents list leads to each section.
    const contents = page.getByRole("navigation", { name: "On this page" });
    await contents.getByRole("link", { name: "Voice clone similarity" }).click();
    await expect(page).toHaveURL(/\/formulas#voice-clone-similarity$/);
    await expectJustBelowTopBar(page, page.getByRole("heading", { level: 2, name: "Voice clone similarity" }));
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/formulas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formulas");
    // Long formulas and file names wrap; wide tables scroll inside themselves, never the page.
    await expectNoWiderThan(page, 375);
    await expectNoSeriousAxeViolations(page);
  });

  test("the Trust page links to it", async ({ page }) => {
    await page.goto("/trust");
    await page.getByRole("main").getByRole("link", { name: "Formulas" }).click();
    await expect(page).toHaveURL(/\/formulas$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formulas");
  });

  test("a figure's “How is this worked out?” lands on the section that explains it", async ({ page, signInWithMagicLink }) => {
    await reachDashboard(page, signInWithMagicLink, "formulas.reader@example.com");
    // Consciousness Home: the completeness figure.
    await page
      .getByTestId("stat-consciousness")
      .getByRole("link", { name: "How is this worked out? (consciousness completeness)" })
      .click();
    await expect(page).toHaveURL(/\/formulas#consciousness-completeness-0-100$/);
    await expectJustBelowTopBar(page, page.getByRole("heading", { level: 2, name: "Consciousness completeness (0–100 %)" }));

    // Biometric Intelligence: the trends, whose sentence used to name the formulas without linking to them.
    await page.goto("/dashboard");
    await openFromMenu(page, "Biometric Intelligence", "/dashboard/biometrics");
    await page.getByRole("region", { name: "Trends" }).getByRole("link", { name: /How is this worked out\?/ }).click();
    await expect(page).toHaveURL(/\/formulas#biometrics-biometric-intelligence$/);
    const biometrics = page.getByRole("heading", { level: 2, name: "Biometrics (Biometric Intelligence)" });
    await expect(biometrics).toBeInViewport();
    // Not merely somewhere on a long page: near the top of the screen, and below the sticky top bar, not under it.
    await expectJustBelowTopBar(page, biometrics);
  });
});
