import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures/test";
import { reachDashboard } from "./fixtures/dashboard";

test.describe("dev test page (development mode)", () => {
  test("shows the user, says no token is readable, and calls both insight functions showing their raw JSON", async ({ page, signInWithMagicLink }) => {
    await reachDashboard(page, signInWithMagicLink, "dev.tools@example.com");
    const origin = new URL(page.url()).origin;
    for (const content of ["My sister Clara taught me to swim at Lake Como in 1970.", "Clara and I opened a bakery in 1984, and every loaf was a gift to someone."]) {
      const created = await page.request.post("/api/memories", { data: { content, emotion: "Joy", category: "family" }, headers: { origin } });
      expect(created.status()).toBe(201);
    }

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Dev Tools" }).click();
    await expect(page).toHaveURL(/\/dev-test$/);
    await expect(page.getByText("dev.tools@example.com")).toBeVisible();
    await expect(page.getByText("No access token available")).toBeVisible();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");

    await page.getByRole("button", { name: "Call generate-memory-insight" }).click();
    const insight = page.getByTestId("generate-memory-insight-output");
    await expect(insight).toContainText('"kind": "memory_insight"');
    const parsed = JSON.parse((await insight.textContent()) ?? "{}");
    expect(parsed.memoryCount).toBe(2);
    expect(parsed.recurringPeople[0]).toMatchObject({ name: "Clara", memories: 2 });

    await page.getByRole("button", { name: "Call generate-values-summary" }).click();
    const values = page.getByTestId("generate-values-summary-output");
    await expect(values).toContainText('"kind": "values_summary"');
    expect(JSON.parse((await values.textContent()) ?? "{}").values.map((v: { value: string }) => v.value)).toContain("family");

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});
