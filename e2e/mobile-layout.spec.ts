import type { Page } from "@playwright/test";
import { publicRoutes } from "../src/contract/public-routes";
import { reachDashboard } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";

// Every page at a phone's width (375 px): nothing wider than the screen, no page taller than what it shows, and the
// primary action of the cookie banner on screen.
const PHONE = { width: 375, height: 800 };

/**
 * The page's width and height against its layout's: the bottom of the body's own boxes. Content clipped inside a
 * scrolling box, or screen-reader text positioned outside it, must not make the page taller than that.
 */
async function measure(page: Page) {
  return page.evaluate(() => {
    let bottom = 0;
    for (const el of document.body.children) {
      const style = getComputedStyle(el);
      if (style.position === "fixed" || style.display === "none" || el.tagName === "SCRIPT") continue;
      bottom = Math.max(bottom, el.getBoundingClientRect().bottom + window.scrollY);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, scrollHeight: document.documentElement.scrollHeight, contentBottom: bottom, viewport: window.innerHeight };
  });
}

async function expectFits(page: Page, path: string) {
  const m = await measure(page);
  expect(m.scrollWidth, `${path} is ${m.scrollWidth} px wide`).toBeLessThanOrEqual(m.width);
  expect(m.scrollHeight, `${path} is ${m.scrollHeight} px tall for ${Math.round(m.contentBottom)} px of content`).toBeLessThanOrEqual(Math.max(m.viewport, m.contentBottom + 48));
}

test("every public page fits a phone's width, and the cookie banner's Accept is on screen", async ({ browser, baseUrl }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto("/");
  const accept = page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" });
  await expect(accept).toBeInViewport({ ratio: 1 });
  await accept.click();
  for (const path of [...publicRoutes, "/login"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectFits(page, path);
  }
  await context.close();
});

test("every signed-in page fits a phone's width and is no taller than its content", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await reachDashboard(page, signInWithMagicLink, "phone.layout@example.com");
  // A conversation of a few messages: the Digital Twin Lab once grew blank space with every message.
  await page.goto("/dashboard/twin");
  for (const question of ["What do you remember about summer?", "Who taught you to cook?", "What made you proud?"]) {
    await page.getByLabel("Message your twin").fill(question);
    await page.getByLabel("Message your twin").press("Enter");
    await expect(page.getByText(question).last()).toBeVisible();
  }
  for (const path of ["/dashboard", "/dashboard/voice", "/dashboard/memories", "/dashboard/memories?view=timeline", "/dashboard/twin", "/dashboard/personality", "/dashboard/capture", "/dashboard/export", "/dashboard/legacy", "/dashboard/biometrics", "/dev-test", "/onboarding"]) {
    await page.goto(path);
    // Onboarding is finished here, so /onboarding sends the person on to the dashboard.
    const landing = path === "/onboarding" ? "/dashboard" : path;
    await expect(page).toHaveURL(new RegExp(`${landing.replace(/[/?]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expectFits(page, path);
    // The old status card's "Fidelity 100 %" (a figure nothing measured) is on no page.
    await expect(page.getByRole("main")).not.toContainText(/Fidelity:?\s*100\s*%/);
  }
});

test("the Digital Twin Lab is no taller than its content however long the conversation, at 1440 px too", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await reachDashboard(page, signInWithMagicLink, "twin.height@example.com");
  await page.goto("/dashboard/twin");
  for (let i = 1; i <= 8; i++) {
    await page.getByLabel("Message your twin").fill(`What do you remember about summer number ${i}?`);
    await page.getByLabel("Message your twin").press("Enter");
    await expect(page.getByText(`summer number ${i}?`).last()).toBeVisible();
  }
  await expectFits(page, "/dashboard/twin at 1440 px");
});
