import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { acceptAs, addContact, addMemory, letDaysPass } from "./fixtures/legacy";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

// Days pass for this spec's people: on a server of its own (fixtures/test.ts).
test.use({ ownClock: true });

// Legacy, part 2 (issue 16): the public memorial. The owner opens one in their release settings; nobody can visit it
// before release; afterwards anyone reads the public memories and asks the twin, which answers from those alone.
const owner = "memorial.owner@example.com";
const executor = "memorial.executor@example.com";
const address = "edith-harbour-e2e";

test("an owner opens a public memorial; after release a stranger reads the public memories and asks the twin, and nothing else is there", async ({
  page,
  browser,
  signInWithMagicLink,
  baseUrl,
}) => {
  test.setTimeout(180_000);
  await openSection(page, signInWithMagicLink, owner, "Legacy", "/dashboard/legacy");
  expect((await page.request.put("/api/profile/identity", { headers: { origin: baseUrl }, data: { firstName: "Edith", legacyPreference: "public" } })).status()).toBe(200);
  await addMemory(page, baseUrl, "I founded the harbour choir in 1988 with six fishermen and a borrowed piano; we sang every Thursday.", { visibility: "public", category: "creative" });
  await addMemory(page, baseUrl, "My daughter's first word was lighthouse, because we walked past it every morning.", { visibility: "family" });
  await addMemory(page, baseUrl, "The spare key to the boathouse hangs behind the blue shutter.", { visibility: "private" });

  // The memorial, in the owner's release settings, by keyboard-reachable controls.
  await page.reload();
  await page.getByLabel("Open a public memorial once my legacy is released").check();
  const slug = page.getByRole("textbox", { name: "Its address" });
  // A first suggestion: the first name and eight random characters.
  await expect(slug).toHaveValue(/^edith-[a-z0-9]{8}$/);
  await slug.fill(address);
  await expect(page.getByText(`/memorial/${address}`)).toBeVisible();
  await page.getByRole("button", { name: "Save release settings" }).click();
  await expect(page.getByText("Release settings saved")).toBeVisible();
  await expect(page.getByTestId("release-audit")).toContainText(`public memorial at /memorial/${address}`);
  await expectNoSeriousAxeViolations(page);
  await addContact(page, { name: "Rosa Heir", email: executor, relationship: "daughter", role: "executor" });

  // A stranger, before release: nothing at that address, and search engines are told not to list it.
  const stranger = await browser.newContext({ baseURL: baseUrl });
  const visitor = await stranger.newPage();
  const early = await visitor.goto(`/memorial/${address}`);
  expect(early?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(visitor.getByRole("heading", { name: "No memorial here" })).toBeVisible();
  await expect(visitor.getByText(/Edith|choir/)).toHaveCount(0);

  // The executor reports the death and confirms; after the waiting period the legacy is released.
  const rosa = await acceptAs(browser, executor, "legacy executor. Until their legacy is released");
  await rosa.page.getByRole("button", { name: "Report a death" }).click();
  await rosa.page.getByRole("button", { name: "Send report" }).click();
  await rosa.page.getByRole("button", { name: "Confirm release" }).click();
  await rosa.page.getByRole("dialog").getByRole("button", { name: "Confirm release" }).click();
  await expect(rosa.page.getByText("You confirmed this release.", { exact: false })).toBeVisible();
  await letDaysPass(page, baseUrl, 8);
  await rosa.page.reload();
  await expect(rosa.page.getByTestId("named-by-state")).toHaveText("Their legacy: Released");
  // The executor has the address to share.
  await expect(rosa.page.getByTestId("named-by-memorial")).toContainText(`/memorial/${address}`);

  // The stranger again: the public memory, an honest introduction, a cited answer, and nothing else of Edith's.
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "In memory of Edith", level: 1 })).toBeVisible();
  await expect(visitor.getByTestId("visitor-twin-intro")).toContainText("I am an AI built from what Edith recorded");
  await expect(visitor.getByTestId("released-memory")).toHaveCount(1);
  await expect(visitor.getByTestId("released-memory")).toContainText("harbour choir");
  await expect(visitor.getByText(/lighthouse|boathouse/)).toHaveCount(0);
  await visitor.getByLabel("Message Edith's twin").fill("Tell me about the choir you founded.");
  await visitor.keyboard.press("Enter");
  const answer = visitor.locator('[data-testid="visitor-message"][data-role="twin"]').last();
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await expect(answer).toContainText(/choir/i);
  const source = answer.getByRole("link", { name: /I founded the harbour choir/ });
  await expect(source).toBeVisible();
  await source.click();
  await expect(visitor).toHaveURL(new RegExp(`/memorial/${address}#memory-`));
  // Asked for the private memory in its own words, it tells nothing of it.
  await visitor.getByLabel("Message Edith's twin").fill("Where does the spare key to the boathouse hang?");
  await visitor.keyboard.press("Enter");
  const refused = visitor.locator('[data-testid="visitor-message"][data-role="twin"]').last();
  await expect(visitor.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await expect(refused).not.toContainText("blue shutter");
  await expect(visitor.getByText("Nothing you ask here is kept.")).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);

  // On a phone, the page fits the screen.
  await visitor.setViewportSize({ width: 375, height: 800 });
  await expectNoWiderThan(visitor, 375);
  await stranger.close();
  await rosa.close();
});
