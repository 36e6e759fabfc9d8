import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { publicRoutes } from "../src/contract/public-routes";
import { expect, test, waitForHydration } from "./fixtures/test";

test.describe("prerendered public pages", () => {
  test("every public route is real HTML with its own title, description and social tags, readable without JavaScript", async ({ page }) => {
    const titles = new Set<string>();
    for (const path of publicRoutes) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html, path).toContain("<h1");
    }
    expect(titles.size).toBe(publicRoutes.length);
    const login = await (await page.request.get("/login")).text();
    expect(login).toContain('<meta name="robots" content="noindex, nofollow"');
    const landing = await (await page.request.get("/")).text();
    expect(landing).not.toContain('name="robots"');
  });

  test("content is there with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
    const page = await context.newPage();
    await page.goto("/blog/privacy-paradox");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Privacy Paradox of Preserving Yourself");
    await expect(page.getByText("Last updated")).toBeVisible();
    await page.goto("/terms");
    await expect(page.getByRole("heading", { name: /14\. Contact/ })).toBeVisible();
    await context.close();
  });
});

test.describe("layout and navigation", () => {
  test("the top bar highlights the current page and offers visitors Get started where anyone may sign up", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
    // This server is ACCESS_MODE=open (an allowlist server offers Join Waitlist: access-policy.spec.ts).
    await expect(page.getByRole("banner").getByRole("link", { name: "Get started" }).first()).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Join Waitlist" })).toHaveCount(0);
    await expect(page.locator("main details")).toHaveCount(12);
  });

  test("no public page states a past date as a plan, or a progress nobody measured", async ({ page }) => {
    for (const path of publicRoutes) {
      const html = await (await page.request.get(path)).text();
      const text = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ").replace(/<[^>]+>/g, " ");
      expect(text, path).not.toMatch(/Development progress|planned for (Spring|Summer|Fall|Autumn|Winter)? ?20\d\d|promised for 20\d\d|native apps for 20\d\d/i);
    }
    await page.goto("/");
    await expect(page.getByRole("main").getByRole("link", { name: "Get started" }).first()).toBeVisible();
  });

  test("the mobile menu opens by keyboard and closes on Escape, on choosing a link and on route change", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/about");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Technology" }).click();
    await expect(page).toHaveURL(/\/technology$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("the landing bar changes once the page scrolls past 50 px", async ({ page }) => {
    await page.goto("/");
    const bar = page.locator("header").first();
    await expect(bar).not.toHaveAttribute("data-scrolled", "true");
    await page.mouse.wheel(0, 400);
    await expect(bar).toHaveAttribute("data-scrolled", "true");
  });

  test("an unknown page shows the 404 page and logs the path", async ({ page }) => {
    const logged = page.waitForEvent("console", (m) => m.text().includes("/no-such-page"));
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await logged;
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("the voice mark certificate", () => {
  test("the Trust page shows the certificate this installation signs its synthetic speech under, and hands it over as a file", async ({ page }) => {
    const published = (await (await page.request.get("/api/voice/mark-certificate")).json()) as { pem: string; fingerprint: string; subject: string };
    await page.goto("/trust");
    await page.getByRole("main").getByRole("link", { name: "at the end of this page" }).click();
    const section = page.getByRole("region", { name: "This installation's voice mark certificate" });
    await expect(section.getByTestId("mark-certificate-fingerprint")).toHaveText(published.fingerprint);
    await expect(section.getByTestId("mark-certificate-subject")).toHaveText(published.subject);
    const download = page.waitForEvent("download");
    await section.getByRole("button", { name: "Download the certificate (PEM)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("mindprint-voice-marks.pem");
    expect(fs.readFileSync((await file.path())!, "utf8")).toBe(published.pem);
  });
});

test.describe("accessibility of every public page", () => {
  test("axe finds no serious or critical violation", async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of [...publicRoutes, "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
});
