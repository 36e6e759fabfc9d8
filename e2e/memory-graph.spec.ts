import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";

interface NewMemory {
  content: string;
  emotion: string;
  category: string;
  tags: string;
}

// Saved in this order, so the newest (the graph's first node) is the last one.
const nervous: NewMemory = { content: "I felt nervous on my first day at the new job", emotion: "Fear", category: "career", tags: "work" };
const fair: NewMemory = { content: "A happy afternoon at the fair, candy floss everywhere", emotion: "Joy", category: "personal", tags: "" };
const swim: NewMemory = { content: "We swam at Lake Tahoe the summer Ana turned ten", emotion: "Joy", category: "travel", tags: "lake, summer" };
const driveBack: NewMemory = { content: "Ana and I drove back to Lake Tahoe years later", emotion: "Nostalgia", category: "travel", tags: "lake" };
const kitchen: NewMemory = { content: "Grandma taught me to knead dough in her kitchen in Lisbon", emotion: "Joy", category: "family", tags: "baking" };
const sundays: NewMemory = { content: "I baked bread with my grandmother on Sundays", emotion: "Love", category: "family", tags: "baking, sundays" };

async function addMemoryThroughApi(page: Page, memory: NewMemory) {
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  const response = await page.request.post("/api/memories", { data: { ...memory, emotionalIntensity: 5 }, headers: { origin } });
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
}

async function openVault(page: Page) {
  await page.goto("/dashboard/memories");
  await expect(page.getByRole("heading", { name: "Memory Vault", level: 1 })).toBeVisible();
}

test.describe("memory vault: connection network", () => {
  test("empty states, links with reasons, keyboard selection, the text list, axe and 375 px", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openSection(page, signInWithMagicLink, "memories.graph@example.com", "Memory Vault", "/dashboard/memories");
    const graph = page.getByRole("region", { name: "Connection Network" });
    const nodes = graph.getByTestId("graph-node");
    const links = graph.getByTestId("graph-link");

    // Nothing yet: say what to do.
    await expect(graph).toContainText("No memories to connect yet. Add a few that mention the same people or places, or give them a shared tag");
    await expect(nodes).toHaveCount(0);

    // One memory: its node, and how to get a first connection.
    await addMemoryThroughApi(page, nervous);
    await openVault(page);
    await expect(nodes).toHaveCount(1);
    await expect(graph).toContainText("One memory so far.");

    // Two memories with only an emotion in common are not linked.
    await addMemoryThroughApi(page, fair);
    await openVault(page);
    await expect(nodes).toHaveCount(2);
    await expect(links).toHaveCount(0);
    await expect(graph).toContainText("None of these memories are connected yet.");

    for (const memory of [swim, driveBack, kitchen, sundays]) await addMemoryThroughApi(page, memory);
    await openVault(page);
    await expect(nodes).toHaveCount(6);
    // Lake Tahoe and Ana join the two lake memories; the grandmother (however she is named) and #baking join the bread ones.
    await expect(links).toHaveCount(2);
    await expect(graph.getByRole("img", { name: "Memory network of the 6 newest memories in the list: 2 connections." })).toBeVisible();
    await expect(graph.getByTestId("memory-graph-advice")).toHaveCount(0);
    await expect(page.locator('[data-testid="graph-node"][data-title="I baked bread"]')).toHaveCount(1);

    // Keyboard: Tab reaches the first node (the newest memory); Enter shows what it is linked to and why.
    await graph.getByText("Memories are linked when they mention the same people or places").click();
    await page.keyboard.press("Tab");
    const newest = nodes.first();
    await expect(newest).toBeFocused();
    await expect(newest).toHaveAccessibleName(/^I baked bread with my grandmother on Sundays/);
    await page.keyboard.press("Enter");
    await expect(newest).toHaveAttribute("aria-pressed", "true");
    const panel = graph.getByRole("region", { name: "What this memory connects to" });
    await expect(panel).toContainText("Linked to 1 memory:");
    const connections = panel.getByTestId("graph-connections");
    await expect(connections).toContainText("Grandma taught me to knead dough");
    await expect(connections).toContainText("Both mention your grandmother");
    await expect(connections).toContainText("Both tagged #baking");
    await expect(connections).toContainText("Both about family");
    await expect(connections).not.toContainText("Both mention Lisbon");

    // The arrow keys move between nodes; Tab does too.
    await page.keyboard.press("ArrowRight");
    await expect(nodes.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(newest).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nodes.nth(1)).toBeFocused();

    // A linked memory in the panel can be chosen in turn: the focus follows it into the network.
    await connections.getByRole("button", { name: /Grandma taught me to knead dough/ }).click();
    const kitchenNode = page.locator('[data-testid="graph-node"][data-title="Grandma taught me"]');
    await expect(kitchenNode).toBeFocused();
    await expect(kitchenNode).toHaveAttribute("aria-pressed", "true");
    await expect(newest).toHaveAttribute("aria-pressed", "false");

    // A memory that shares only an emotion says so.
    await page.locator('[data-testid="graph-node"][data-title="A happy afternoon"]').click();
    await expect(panel).toContainText("Not linked yet.");

    // Every connection is also text.
    await graph.getByText("All 2 connections as a list").click();
    const list = graph.locator("details");
    await expect(list).toContainText("Both mention Ana");
    await expect(list).toContainText("Both mention Lake Tahoe");
    await expect(list).toContainText("Both tagged #lake");

    await expectNoSeriousAxeViolations(page);

    // On a phone: nothing overflows sideways and the labels stay at least 12 px.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(nodes).toHaveCount(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const sizes = await nodes.evaluateAll((buttons) =>
      buttons.flatMap((button) => [...button.querySelectorAll("span")].filter((s) => s.textContent && !s.classList.contains("sr-only")).map((s) => parseFloat(getComputedStyle(s).fontSize))),
    );
    expect(sizes.length).toBe(6);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    for (const node of await nodes.all()) {
      const box = (await node.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
  });
});
