import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";

const current = (page: Page) => page.getByTestId("carousel-current");

test.describe("landing page", () => {
  test("the carousel advances every 4 seconds and wraps; play/pause, restart and jumping to a step", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(current(page)).toHaveText("Capture Personality");
    await page.clock.runFor(4000);
    await expect(current(page)).toHaveText("Clone Your Voice");
    await page.clock.runFor(4000 * 4);
    await expect(current(page)).toHaveText("Capture Personality"); // wrapped after the fifth step
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.clock.runFor(8000);
    await expect(current(page)).toHaveText("Capture Personality");
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.clock.runFor(4000);
    await expect(current(page)).toHaveText("Clone Your Voice");
    await page.getByRole("button", { name: /Build Your Twin/ }).click();
    await expect(current(page)).toHaveText("Build Your Twin");
    await page.clock.runFor(8000);
    await expect(current(page)).toHaveText("Build Your Twin"); // a jump pauses autoplay
    await page.getByRole("button", { name: "Restart" }).click();
    await expect(current(page)).toHaveText("Capture Personality");
    await page.clock.runFor(4000);
    await expect(current(page)).toHaveText("Clone Your Voice");
  });

  test("a module card opens a dialog; Escape closes it and focus returns to the card", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("button", { name: /Memory Vault/ });
    await card.click();
    const dialog = page.getByRole("dialog", { name: "Memory Vault" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    await page.getByRole("button", { name: /Data Export/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("button", { name: /Data Export/ })).toBeFocused();
  });

  test("real screenshots of the product, sized and lazy, in the module dialogs and How it works", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /Memory Vault/ }).first().click();
    const shot = page.getByRole("dialog").getByRole("img", { name: "Memory Vault in Mindprint: a screenshot of the page" });
    await expect(shot).toHaveAttribute("src", "/media/screens/memories.webp");
    await expect(shot).toHaveAttribute("width", "960");
    await expect(shot).toHaveAttribute("height", "540");
    await expect(shot).toHaveAttribute("loading", "lazy");
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    const step = page.getByRole("region", { name: "How it works in five steps" }).getByRole("img");
    await expect(step).toHaveAttribute("src", /^\/media\/screens\/[a-z]+\.webp$/);
    await expect(step).toHaveAttribute("loading", "lazy");
  });

  test("the demo video is fetched only when played", async ({ page }) => {
    const videoRequests: string[] = [];
    page.on("request", (r) => r.url().includes("/media/mindprint-demo") && videoRequests.push(r.url()));
    await page.goto("/");
    await page.getByRole("button", { name: "Play the demo video" }).scrollIntoViewIfNeeded();
    expect(videoRequests).toEqual([]);
    await page.getByRole("button", { name: "Play the demo video" }).click();
    await expect(page.getByTestId("demo-video")).toBeVisible();
    await expect.poll(() => videoRequests.some((u) => u.endsWith("mindprint-demo.webm"))).toBe(true);
    // A recording of the product, with its captions.
    await expect.poll(() => page.getByTestId("demo-video").evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(10);
    await expect(page.getByTestId("demo-video").locator("track")).toHaveAttribute("src", "/media/mindprint-demo.vtt");
  });

  test("the FAQ shows the first 4 of 8 questions and links to all of them", async ({ page }) => {
    await page.goto("/");
    const faq = page.getByRole("region", { name: "Questions people ask first" });
    await expect(faq.locator("details")).toHaveCount(4);
    await faq.getByText("Is my data private?").click();
    await expect(faq.locator("details[open]")).toHaveCount(1);
    await page.getByRole("link", { name: "View all FAQs" }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("analytics wait for cookie consent; Accept stores consent and events reach our API", async ({ page }) => {
    const events: string[] = [];
    page.on("request", (r) => r.url().endsWith("/api/events") && events.push(r.postData() ?? ""));
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await page.getByRole("button", { name: /Memory Vault/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: /Preserve Memories/ }).click();
    expect(events).toEqual([]);

    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/events"));
    await page.getByRole("button", { name: /Voice Training Hub/ }).click();
    expect((await sent).status()).toBe(202);
    expect(JSON.parse(events[0]!)).toEqual({ name: "Platform Module Clicked", source: "LandingPage", properties: { module: "Voice Training Hub" } });
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  });

  test("Escape on the cookie banner also stores consent", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
  });

  test("blog filters filter the list", async ({ page }) => {
    await page.goto("/blog");
    const cards = page.locator("main li");
    await expect(cards).toHaveCount(5);
    await page.getByRole("button", { name: "Future" }).click();
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Future" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "AI Ethics" }).click();
    await expect(cards).toHaveCount(3);
    await page.getByRole("button", { name: "All" }).click();
    await expect(cards).toHaveCount(5);
    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole("link", { name: "← All articles" })).toBeVisible();
    await expect(page.getByText(/min read/)).toBeVisible();
  });
});
