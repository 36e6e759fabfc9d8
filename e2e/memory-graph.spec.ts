import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

interface NewMemory {
  content: string;
  emotion: string;
  category: string;
  tags: string;
  happenedOn?: string;
}

// Saved in this order. The network shows the most connected first: the lake pair (shared Ana, Lake Tahoe, #lake and
// travel) is more strongly linked than the bread pair, and between equals the newer comes first.
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
    await expect(graph.getByRole("img", { name: "Memory network of all 6 memories in the list: 2 connections." })).toBeVisible();
    await expect(graph.getByTestId("memory-graph-shown")).toHaveText("Showing all 6 memories in the list.");
    await expect(graph.getByTestId("memory-graph-advice")).toHaveCount(0);
    await expect(page.locator('[data-testid="graph-node"][data-title="I baked bread"]')).toHaveCount(1);

    // Keyboard: Tab passes the chooser and reaches the bread memory; Enter shows what it is linked to and why.
    await graph.getByText("Memories are linked when they mention the same people or places").click();
    await page.keyboard.press("Tab");
    await expect(graph.getByRole("combobox", { name: "Show" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nodes.first()).toBeFocused();
    await expect(nodes.first()).toHaveAccessibleName(/^Ana and I drove back to Lake Tahoe years later/);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const bread = nodes.nth(2);
    await expect(bread).toBeFocused();
    await expect(bread).toHaveAccessibleName(/^I baked bread with my grandmother on Sundays/);
    await page.keyboard.press("Enter");
    await expect(bread).toHaveAttribute("aria-pressed", "true");
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
    await expect(nodes.nth(3)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(bread).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nodes.nth(3)).toBeFocused();

    // A linked memory in the panel can be chosen in turn: the focus follows it into the network.
    await connections.getByRole("button", { name: /Grandma taught me to knead dough/ }).click();
    const kitchenNode = page.locator('[data-testid="graph-node"][data-title="Grandma taught me"]');
    await expect(kitchenNode).toBeFocused();
    await expect(kitchenNode).toHaveAttribute("aria-pressed", "true");
    await expect(bread).toHaveAttribute("aria-pressed", "false");

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
    await expectNoWiderThan(page, 375);
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

// Eleven memories across six decades. The oldest is linked to none of the others, so "Most connected" leaves it out.
const vault: NewMemory[] = [
  { content: "My first bicycle was a red Raleigh, bought second-hand from a neighbour", emotion: "Joy", category: "personal", tags: "", happenedOn: "1956" },
  { content: "Grandma taught me to knead dough in her kitchen in Lisbon", emotion: "Joy", category: "family", tags: "baking", happenedOn: "1962" },
  { content: "I baked bread with my grandmother on Sundays", emotion: "Love", category: "family", tags: "baking, sundays", happenedOn: "1964" },
  { content: "My grandmother sang to us every night; we never tired of it", emotion: "Love", category: "family", tags: "", happenedOn: "1966" },
  { content: "In 1971, my brother joined the navy and sailed for Angola", emotion: "Sadness", category: "family", tags: "Navy", happenedOn: "1971" },
  { content: "My brother wrote to me from the ship every single week", emotion: "Love", category: "family", tags: "Navy", happenedOn: "1972" },
  { content: "We swam at Lake Tahoe, the summer Ana turned ten", emotion: "Joy", category: "travel", tags: "lake, summer", happenedOn: "1985" },
  { content: "Ana learned to ride a bike in the park behind our flat", emotion: "Pride", category: "family", tags: "", happenedOn: "1988" },
  { content: "A quiet winter evening with the radio on", emotion: "Reflection", category: "personal", tags: "", happenedOn: "1999" },
  { content: "Ana and I drove back to Lake Tahoe years later", emotion: "Nostalgia", category: "travel", tags: "lake", happenedOn: "2005" },
  { content: "Ana phoned from Toronto to say the baby had come", emotion: "Joy", category: "family", tags: "", happenedOn: "2014" },
];

test.describe("memory vault: choosing which memories the network shows", () => {
  test("most connected by default, then a decade, a person and a theme chosen by keyboard; short-title labels; axe", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await openSection(page, signInWithMagicLink, "memories.graph.chooser@example.com", "Memory Vault", "/dashboard/memories");
    for (const memory of vault) await addMemoryThroughApi(page, memory);
    await openVault(page);
    const graph = page.getByRole("region", { name: "Connection Network" });
    const nodes = graph.getByTestId("graph-node");
    const labels = graph.getByTestId("graph-node-label");
    const shown = graph.getByTestId("memory-graph-shown");
    const chooser = graph.getByRole("combobox", { name: "Show" });

    // By default: the 8 most connected of the 11; the 1950s bicycle (linked to nothing) is not among them.
    await expect(chooser).toHaveValue("connected");
    await expect(shown).toHaveText("Showing the 8 most connected of 11 memories in the list.");
    await expect(nodes).toHaveCount(8);
    await expect(labels.filter({ hasText: "My first bicycle" })).toHaveCount(0);
    // Labels are short titles: the first clause, cut on a word boundary when long.
    await expect(labels.filter({ hasText: "We swam at Lake Tahoe" })).toHaveText("We swam at Lake Tahoe");
    await expect(labels.filter({ hasText: "My grandmother sang" })).toHaveText("My grandmother sang to us every night");

    // Keyboard: Tab to the chooser, type the decade's first characters; the oldest memory appears with its short title.
    await graph.getByText("Memories are linked when they mention the same people or places").click();
    await page.keyboard.press("Tab");
    await expect(chooser).toBeFocused();
    await expect(chooser.locator("optgroup")).toHaveCount(4);
    await expect(chooser.getByRole("option")).toContainText(["Most connected", "Family (7)", "Ana (4)", "Your grandmother (3)", "Your brother (2)", "Lake Tahoe (2)", "1950s (1)", "2010s (1)"]);
    // A person named in one memory only is no choice: it would connect nothing.
    await expect(chooser.getByRole("option", { name: /Raleigh/ })).toHaveCount(0);
    await page.keyboard.type("195");
    await expect(chooser).toHaveValue("decade:1950");
    await expect(shown).toHaveText("Showing the one memory from the 1950s.");
    await expect(nodes).toHaveCount(1);
    await expect(labels).toHaveText(["My first bicycle was a red Raleigh"]);
    await expect(nodes.first()).toHaveAccessibleName(/^My first bicycle was a red Raleigh, bought second-hand/);
    await expect(graph.getByRole("img", { name: "Memory network of the one memory from the 1950s: no connections yet." })).toBeVisible();
    await expect(chooser).toBeFocused();

    // The arrow keys move through the decades: the 1960s' three grandmother memories, and their links as text.
    await page.keyboard.press("ArrowDown");
    await expect(chooser).toHaveValue("decade:1960");
    await expect(shown).toHaveText("Showing all 3 memories from the 1960s.");
    await expect(labels).toHaveCount(3);
    await graph.getByText(/connections? as a list/).click();
    const list = graph.locator("details");
    await expect(list).toContainText("Grandma taught me to knead dough in her…");
    await expect(list).toContainText("Both mention your grandmother");
    await expect(list).not.toContainText("Lake Tahoe");

    // The 1970s: a first clause that says too little ("In 1971") gives way to the memory's tag.
    await chooser.focus();
    await page.keyboard.press("ArrowDown");
    await expect(chooser).toHaveValue("decade:1970");
    await expect(labels).toHaveText(["My brother wrote to me from the ship…", /^#navy$/i]);

    // A person, then a theme, each by typing its name in the focused chooser.
    await page.keyboard.type("Your");
    await expect(chooser).toHaveValue("person:grandmother");
    await expect(shown).toHaveText("Showing all 3 memories that mention your grandmother.");
    await expect(labels).toHaveCount(3);
    await page.keyboard.press("Home");
    await expect(chooser).toHaveValue("connected");
    await expect(nodes).toHaveCount(8);
    // A select's type-ahead adds to what was typed within the last second ("YourTrav" matches nothing): wait it out.
    await page.waitForTimeout(1_100);
    await page.keyboard.type("Trav");
    await expect(chooser).toHaveValue("theme:travel");
    await expect(shown).toHaveText("Showing all 2 memories about travel.");
    await expect(labels).toHaveText(["Ana and I drove back to Lake Tahoe years…", "We swam at Lake Tahoe"]);
    // A place, as people name them in their memories (issue 44).
    await chooser.selectOption("place:lake tahoe");
    await expect(shown).toHaveText("Showing all 2 memories that mention Lake Tahoe.");
    await expect(labels).toHaveCount(2);

    // A theme that cannot be read says so and offers Try again, rather than "Finding those memories…" for ever.
    let refused = 0;
    await page.route(/\/api\/memories\?.*category=family/, async (route) => {
      refused += 1;
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Service unavailable" } }) });
    });
    await chooser.selectOption("theme:family");
    await expect(graph.getByRole("alert")).toContainText("Could not load those memories.");
    await expect(shown).toHaveText("");
    await expect(nodes).toHaveCount(0);
    expect(refused).toBeGreaterThan(0);
    await page.unrouteAll();
    await graph.getByRole("button", { name: "Try again" }).click();
    await expect(graph.getByRole("alert")).toHaveCount(0);
    await expect(shown).toHaveText("Showing all 7 memories about family.");

    await expectNoSeriousAxeViolations(page);
  });
});
