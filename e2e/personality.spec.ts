import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

// Personality Mapping (issue 17): the IPIP-NEO-120 answered with the keyboard alone, resumed after a reload, scored
// against norms, shown as a radar with a table of the same numbers.
test("a person answers the Big Five questionnaire by keyboard, resumes it after leaving, and reads their profile with percentiles", async ({ page, signInWithMagicLink }) => {
  test.setTimeout(180_000);
  await openSection(page, signInWithMagicLink, "personality.keyboard@example.com", "Personality Mapping", "/dashboard/personality");
  await expect(page.getByRole("heading", { name: "No Personality Data Yet" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Traits you will see" }).getByRole("listitem")).toHaveText([/Openness/, /Conscientiousness/, /Extraversion/, /Agreeableness/]);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Start the questionnaire" }).click();

  /** Answers the six statements shown with the keyboard: Tab into each group, then Space (1) or arrows (2–5). */
  const answerPage = async (pageIndex: number) => {
    await expect(page.getByRole("heading", { name: `Statements ${pageIndex * 6 + 1}–${pageIndex * 6 + 6} of 120` })).toBeFocused();
    for (let i = 0; i < 6; i++) {
      const value = ((pageIndex * 6 + i) % 5) + 1;
      await page.keyboard.press("Tab");
      if (value === 1) await page.keyboard.press("Space");
      for (let k = 1; k < value; k++) await page.keyboard.press("ArrowRight");
    }
    // On to the Next (or Finish) button.
    const next = page.getByRole("button", { name: pageIndex === 19 ? "Finish" : "Next" });
    for (let tries = 0; tries < 3 && !(await next.evaluate((el) => el === document.activeElement)); tries++) await page.keyboard.press("Tab");
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
  };

  for (let p = 0; p < 3; p++) await answerPage(p);
  await expect(page.getByTestId("questionnaire-answered")).toContainText("18 of 120 answered");
  await expectNoSeriousAxeViolations(page);
  // Leaving and coming back opens where they stopped, with every answer kept.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Statements 19–24 of 120" })).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  // Statement 14 was answered 4 ("Moderately accurate"), statement 16 was answered 1.
  await expect(page.getByTestId("personality-item").nth(1).getByRole("radio", { name: "Moderately accurate", exact: true })).toBeChecked();
  await expect(page.getByTestId("personality-item").nth(3).getByRole("radio", { name: "Very inaccurate", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  for (let p = 3; p < 20; p++) await answerPage(p);

  await expect(page.getByRole("heading", { name: "All 120 statements answered" })).toBeVisible();
  await page.getByRole("radio", { name: "Women" }).check();
  // The date of birth given at sign-up (1980) puts them in the 41–60 band: the age is not asked again.
  await expect(page.getByText("Your age band comes from the birthday in your profile.")).toBeVisible();
  await expect(page.getByLabel("Your age")).toHaveCount(0);
  await page.getByRole("button", { name: "See my profile" }).click();

  await expect(page.getByRole("heading", { name: "Your Big Five profile" })).toBeVisible();
  await expect(page.getByTestId("personality-norm-group")).toContainText("compared with women aged 41 to 60");
  await expect(page.getByRole("img", { name: /Radar chart of your five domains: Openness \d+(st|nd|rd|th) percentile/ })).toBeVisible();
  const table = page.getByTestId("personality-table");
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(table.getByRole("rowheader")).toHaveText(["Openness", "Conscientiousness", "Extraversion", "Agreeableness", "Neuroticism"]);
  await expect(table.getByRole("row", { name: /Openness/ })).toContainText(/\d+(st|nd|rd|th)/);
  await expect(page.getByTestId("personality-domain")).toHaveCount(5);
  await expect(page.getByRole("list", { name: "Conscientiousness facets" }).getByRole("listitem")).toHaveCount(6);
  await expectNoSeriousAxeViolations(page);

  // The overview counts it: the questionnaire's part of completeness is full.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Consciousness Home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("completeness-part").filter({ hasText: "Personality questionnaire" })).toContainText("120 of 120 statements answered");

  // On a phone, the profile fits the screen.
  await page.goto("/dashboard/personality");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("heading", { name: "Your Big Five profile" })).toBeVisible();
  await expectNoWiderThan(page, 375);
});

// Decision Scenario Testing: the person answers everyday decisions; their twin's prediction, made before each answer
// is stored, is shown after it, and the agreement figure counts them.
test("a person answers decision scenarios, sees what their twin predicted, and reads the agreement with its count", async ({ page, signInWithMagicLink, baseUrl }) => {
  test.setTimeout(120_000);
  await openSection(page, signInWithMagicLink, "personality.scenarios@example.com", "Personality Mapping", "/dashboard/personality");
  // A questionnaire taken through the API (the keyboard walk through it is the test above).
  const headers = { origin: baseUrl };
  const attempt = (await (await page.request.post("/api/personality/attempts", { headers })).json()).attempt.id as string;
  const answers = Array.from({ length: 120 }, (_, i) => ({ item: i + 1, value: (i % 5) + 1 }));
  expect((await page.request.put(`/api/personality/attempts/${attempt}/answers`, { headers, data: { answers } })).status()).toBe(200);
  expect((await page.request.post(`/api/personality/attempts/${attempt}/complete`, { headers, data: { sex: null, ageBand: "21-40" } })).status()).toBe(200);
  await page.reload();

  const section = page.getByRole("region", { name: "Decision Scenario Testing" });
  await expect(section.getByRole("heading", { name: "Decision Scenario Testing" })).toBeVisible();
  await expect(section.getByTestId("scenario-agreement")).toContainText("No predictions yet.");
  await expect(section.getByTestId("scenario-fidelity")).toContainText("Needs 10 more predictions and 5 more scenarios asked again.");
  await expect(section.getByText(/Scenario 1 of \d+ · Business & Career/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Saving without a choice says what to do, and saves nothing.
  await section.getByRole("button", { name: "Save my answer" }).click();
  await expect(section.getByRole("alert")).toHaveText("Choose one of the options.");

  // The first answer by keyboard alone: a choice with the arrow keys, the person's own words, Enter.
  await section.getByRole("radio").first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(section.getByRole("radio").nth(1)).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(section.getByLabel("In your own words (optional): why this one?")).toBeFocused();
  await page.keyboard.type("I would want to see it in writing first.");
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Save my answer" })).toBeFocused();
  await page.keyboard.press("Enter");

  const outcome = section.getByTestId("scenario-outcome");
  await expect(outcome.getByRole("heading", { name: "Answer saved" })).toBeFocused();
  await expect(outcome).toContainText(/Your twin predicted (this choice|another choice)/);
  await expect(outcome).toContainText("It drew on your Big Five profile");
  await expect(section.getByTestId("scenario-agreement")).toContainText(/of 1 prediction matched your choice/);
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press("Tab");
  await expect(outcome.getByRole("button", { name: "Next scenario" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(section.getByTestId("scenario-prompt")).toBeFocused();
  await expect(section.getByText(/Scenario 2 of \d+ · Family & Relationships/)).toBeVisible();

  // Two more, by pointer.
  for (const n of [3, 4]) {
    await section.getByRole("radio").first().check();
    await section.getByRole("button", { name: "Save my answer" }).click();
    await expect(outcome).toBeVisible();
    await outcome.getByRole("button", { name: "Next scenario" }).click();
    await expect(section.getByText(new RegExp(`Scenario ${n} of \\d+`))).toBeVisible();
  }

  // The figure is the server's count: matches of predictions, as a percentage.
  const { figures } = await (await page.request.get("/api/personality/scenarios")).json();
  expect(figures.predictions).toBe(3);
  await expect(section.getByTestId("scenario-agreement")).toContainText(`${Math.round((figures.matches / 3) * 100)}%`);
  await expect(section.getByTestId("scenario-agreement")).toContainText(`${figures.matches} of 3 predictions matched your choice`);
  await expect(section.getByTestId("scenario-consistency")).toContainText("Your first scenario comes back on");
  await expect(section.getByTestId("scenario-fidelity")).toContainText("Needs 7 more predictions and 5 more scenarios asked again.");

  // The person's own words are kept with their answer.
  await section.getByText("Your latest answers").click();
  await expect(section.getByText("“I would want to see it in writing first.”")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(section.getByTestId("scenario-prompt")).toBeVisible();
  await expectNoWiderThan(page, 375);
});
