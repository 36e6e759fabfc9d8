import { expect, test } from "./fixtures/test";

test.describe("API documentation", () => {
  test("the viewer at /api/docs renders the OpenAPI document from this server, under the app's CSP", async ({ page, baseUrl }) => {
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") blocked.push(message.text());
    });
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(new URL(baseUrl).origin) && !request.url().startsWith("data:")) outside.push(request.url());
    });
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: /Mindprint API/ })).toBeVisible();
    const memories = page.locator(".opblock").filter({ hasText: "/api/memories/{id}" }).first();
    await expect(memories).toBeVisible();
    await expect(page.getByText("A page of the vault, newest first, or the matches of a search.")).toBeVisible();
    await expect(page.locator("main")).toHaveCount(1);
    expect(outside).toEqual([]);
    expect(blocked.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
  });
});
