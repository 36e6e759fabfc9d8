import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures/test";
import { openFromMenu, reachDashboard } from "./fixtures/dashboard";

// Issue 58, the people in her life: suggested from her memories, confirmed, corrected and removed, by keyboard too.
test("People in your life: a suggestion from a memory is added, corrected and removed; a bad entry says why; axe", async ({ page, baseUrl, signInWithMagicLink }) => {
  await reachDashboard(page, signInWithMagicLink, "people.card@example.com");
  const headers = { origin: new URL(baseUrl).origin };
  const memory = await page.request.post("/api/memories", { data: { content: "My sister Grace taught me to swim in the river behind the mill.", emotion: "Joy", category: "family", tags: "" }, headers });
  expect(memory.status()).toBe(201);
  await openFromMenu(page, "Digital Twin Lab", "/dashboard/twin");

  const card = page.getByRole("region", { name: "People in your life" });
  await expect(card.getByText("No one yet.")).toBeVisible();
  const suggested = card.getByRole("list", { name: "Suggested people" });
  await expect(suggested).toContainText("Grace");
  await expect(suggested).toContainText("your sister");
  await suggested.getByRole("button", { name: "Add Grace, your sister" }).click();
  const listed = card.getByRole("list", { name: "People in your life" });
  await expect(listed).toContainText("Grace");
  await expect(card.getByRole("list", { name: "Suggested people" })).toHaveCount(0);

  // Corrected in place, from the keyboard.
  await listed.getByRole("button", { name: "Edit Grace" }).focus();
  await page.keyboard.press("Enter");
  const relationship = listed.getByLabel("Who they are to you");
  await relationship.fill("older sister");
  await relationship.press("Enter");
  await expect(listed).toContainText("older sister");

  // A person without a relationship is refused with what to do, and nothing is added.
  await card.getByLabel("Name").last().fill("Tom");
  await card.getByRole("button", { name: "Add person" }).click();
  await expect(card.getByRole("alert")).toHaveText("Say who they are to you, for example husband, sister or friend.");
  await expect(listed.getByRole("listitem")).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).include('[data-testid="twin-people"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  await listed.getByRole("button", { name: "Remove Grace" }).click();
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(card.getByText("No one yet.")).toBeVisible();
});
