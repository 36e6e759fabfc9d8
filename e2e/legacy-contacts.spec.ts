import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { acceptAs, addContact } from "./fixtures/legacy";
import { expect, test } from "./fixtures/test";

// Legacy, part 1 (issue 15): the owner names a contact and an executor; both accept through the mailbox.
const owner = "legacy.owner.e2e@example.com";

/** A signed-in contact, on their home, reports the owner's death, with a note. */
async function reportDeath(page: Page) {
  await page.goto("/legacy");
  await page.getByRole("button", { name: "Report a death" }).click();
  await page.getByLabel("A note for their release history (optional)").fill("The funeral is on Friday.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByTestId("named-by-state")).toHaveText("Their legacy: Release pending");
}

test("the owner names a contact and an executor, both accept by e-mail; the owner sets the release triggers; a death report arrives and the owner cancels it", async ({ page, browser, signInWithMagicLink }) => {
  test.setTimeout(120_000);
  await openSection(page, signInWithMagicLink, owner, "Legacy", "/dashboard/legacy");
  await expect(page.getByText("Nobody is named yet.")).toBeVisible();

  await addContact(page, { name: "Ana Ruiz", email: "ana.e2e@example.com", relationship: "daughter", role: "contact" });
  await expect(page.getByText("Name at least one executor: an executor can confirm a release on their own.")).toBeVisible();
  await addContact(page, { name: "Bo Lind", email: "bo.e2e@example.com", relationship: "lawyer", role: "executor" });
  await expect(page.getByText("Name at least one executor")).toHaveCount(0);
  // An address already named is refused, with the reason.
  const form = page.getByRole("form", { name: "Name a legacy contact" });
  await form.getByLabel("Name", { exact: true }).fill("Ana again");
  await form.getByLabel("E-mail").fill("ana.e2e@example.com");
  await form.getByLabel("Relationship").fill("daughter");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByRole("alert")).toHaveText("You have already named someone with this e-mail address.");

  const rows = page.getByTestId("legacy-contact");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Ana Ruiz");
  // By keyboard: the focused button keeps focus as its contact moves to the top.
  await page.getByRole("button", { name: "Move Bo Lind up" }).focus();
  await page.keyboard.press("Enter");
  await expect(rows.first()).toContainText("Bo Lind");
  await expect(page.getByRole("button", { name: "Move Bo Lind up" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Move Bo Lind up" })).toHaveAttribute("aria-disabled", "true");
  await expect(rows.first().getByTestId("legacy-contact-status")).toContainText("Invited · expires");
  await expectNoSeriousAxeViolations(page);

  const ana = await acceptAs(browser, "ana.e2e@example.com", "legacy contact. Until their legacy is released");
  await (await acceptAs(browser, "bo.e2e@example.com", "legacy executor. Until their legacy is released")).close();

  await page.reload();
  await expect(rows.filter({ hasText: "Ana Ruiz" }).getByTestId("legacy-contact-status")).toContainText("Accepted");
  await expect(rows.filter({ hasText: "Bo Lind" }).getByTestId("legacy-contact-status")).toContainText("Accepted");
  await expect(rows.filter({ hasText: "Ana Ruiz" }).getByRole("button", { name: "Resend invitation" })).toHaveCount(0);
  // The role buttons say what they do to the role ("Make contact" read as "get in touch"): there and back.
  await rows.filter({ hasText: "Ana Ruiz" }).getByRole("button", { name: "Make executor" }).click();
  await expect(page.getByText("Ana Ruiz is now an executor.")).toBeVisible();
  await rows.filter({ hasText: "Ana Ruiz" }).getByRole("button", { name: "Make contact only" }).click();
  await expect(page.getByText("Ana Ruiz is now a contact.")).toBeVisible();
  await expect(rows.filter({ hasText: "Bo Lind" }).getByRole("button", { name: "Make contact only" })).toBeVisible();

  // Release settings: a long silence of 12 months, a waiting period of 10 days.
  const release = page.getByRole("region", { name: "Release" });
  await release.getByLabel("After a long silence").selectOption("12");
  await release.getByLabel("Waiting period in which you can cancel (days)").fill("10");
  await release.getByRole("button", { name: "Save release settings" }).click();
  await expect(page.getByText("Your triggers and waiting period are in place.")).toBeVisible();
  await expect(release.getByTestId("release-state")).toContainText("without a sign-in, a release would start on");

  // A death report arrives: the owner sees it on every dashboard page and cancels it.
  await reportDeath(ana.page);
  await ana.close();
  await page.goto("/dashboard");
  await expect(page.getByText("Your legacy release is pending.")).toBeVisible();
  await page.getByRole("link", { name: "Review or cancel it" }).click();
  await expect(page).toHaveURL(/\/dashboard\/legacy$/);
  await expect(release.getByTestId("release-state")).toContainText("Release pending");
  await release.getByRole("button", { name: "Cancel release" }).click();
  await expect(page.getByText("Nothing was released.")).toBeVisible();
  await expect(release.getByTestId("release-state")).toContainText("Not released");
  await expect(release.getByTestId("release-audit")).toContainText("Cancelled by the owner (owner)");
  await expect(release.getByTestId("release-audit")).toContainText("Death reported (contact: Ana Ruiz): The funeral is on Friday.");
  await expectNoSeriousAxeViolations(page);
});
