import type { Page } from "@playwright/test";
import { reachDashboard } from "./fixtures/dashboard";
import { signInWithMagicLinkOn } from "./fixtures/sign-in";
import { expect, test } from "./fixtures/test";

/** Sends a one-finger swipe from x1 to x2 as real touch events. */
async function swipe(page: Page, x1: number, x2: number, y = 300) {
  await page.evaluate(
    ([from, to, at]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: at });
      document.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(from)], changedTouches: [touch(from)], bubbles: true }));
      document.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(to)], bubbles: true }));
    },
    [x1, x2, y] as const,
  );
}

test.describe("dashboard shell", () => {
  test("the side menu lists the sections in the spec's order, each with its own URL, and Dev Tools in development", async ({ page, signInWithMagicLink }) => {
    await reachDashboard(page, signInWithMagicLink, "shell.desktop@example.com");
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByRole("link")).toHaveText([
      "Consciousness Home",
      "Voice Training Hub",
      "Memory Vault",
      "Digital Twin Lab",
      "Personality Mapping",
      "Consciousness Capture",
      "Data Export",
      "Legacy",
      "Biometric Intelligence",
      "Dev Tools",
    ]);
    await menu.getByRole("link", { name: "Data Export" }).click();
    await expect(page).toHaveURL(/\/dashboard\/export$/);
    await expect(page.getByRole("heading", { name: "Data Export" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Export Consciousness Data" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Data Export" })).toHaveAttribute("aria-current", "page");
    await page.goto("/dashboard/no-such-section");
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  });

  test("the side panel reports the real connection and shows no invented figures", async ({ page, signInWithMagicLink }) => {
    await reachDashboard(page, signInWithMagicLink, "shell.panel@example.com");
    await expect(page.getByTestId("connection")).toHaveText("Connected");
    await expect(page.getByTestId("completeness")).toHaveText("0%");
    await page.route("**/api/health", (route) => route.abort());
    await page.reload();
    await expect(page.getByTestId("connection")).toHaveText("Offline");
  });

  test("below 768 px the menu is a drawer: button, edge swipe, Escape, overlay and left swipe", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await reachDashboard(page, signInWithMagicLinkOn, "shell.mobile@example.com");
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await expect(drawer).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer).toBeVisible();
    // A modal dialog: Tab never reaches the page behind it (past its last link focus may leave for the browser's own
    // controls, as it does from any page), and closing gives focus back to the button that opened it.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await swipe(page, 10, 200);
    await expect(drawer).toBeVisible();
    await page.getByTestId("drawer-overlay").click({ position: { x: 350, y: 400 } });
    await expect(drawer).toBeHidden();

    await swipe(page, 100, 300); // not from the edge: nothing happens
    await expect(drawer).toBeHidden();
    await swipe(page, 5, 150);
    await expect(drawer).toBeVisible();
    await swipe(page, 250, 220); // 30 px: not enough to close
    await expect(drawer).toBeVisible();
    await swipe(page, 250, 150);
    await expect(drawer).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(drawer).toBeHidden();
    await context.close();
  });
});
