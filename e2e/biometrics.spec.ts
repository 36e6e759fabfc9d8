import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";
import { writeSyntheticAppleExport } from "../src/server/test/synthetic-apple-export";
import { writeSyntheticFitbitExport } from "../src/server/test/synthetic-device-exports";
import { expectNoWiderThan } from "./fixtures/layout";

const DAY_MS = 86_400_000;

// Biometric Intelligence (issue 19): a person brings an Apple Health export and a Fitbit export (synthetic, with the
// real files' defects), watches them import, and reads their devices, trends, charts and Biometric Sync.
test("a person imports an Apple Health and a Fitbit export and sees their devices, trends, charts and Biometric Sync active", async ({ page, signInWithMagicLink }, testInfo) => {
  test.setTimeout(180_000);
  const apple = testInfo.outputPath("export.zip");
  // 40 days ending about three hours ago: a fresh reading, and enough days for the 28-day baseline.
  await writeSyntheticAppleExport(apple, { days: 40, minutesPerReading: 60, from: new Date(Date.now() - 40 * DAY_MS - 2 * 3600_000) });
  const fitbit = testInfo.outputPath("takeout-20260301T000000Z-001.zip");
  await writeSyntheticFitbitExport(fitbit, { days: 35, from: new Date(Date.now() - 60 * DAY_MS).toISOString().slice(0, 10), offsetMinutes: 60 });

  await openSection(page, signInWithMagicLink, "biometrics.person@example.com", "Biometric Intelligence", "/dashboard/biometrics");
  const devices = page.getByRole("region", { name: "Device Connections" });
  await expect(devices.getByText("No Devices Connected")).toBeVisible();
  await expect(devices.getByText("Apple Watch and iPhone", { exact: true })).toBeVisible();
  await expect(page.getByTestId("trend-recovery")).toContainText("—");
  await expect(page.getByTestId("arousal")).toHaveText("—");
  await expectNoSeriousAxeViolations(page);

  await devices.getByLabel("Upload a device export").setInputFiles(apple);
  await expect(devices.getByTestId("biometric-source")).toHaveCount(1, { timeout: 60_000 });
  await expect(devices.getByTestId("biometric-source")).toContainText("Ada’s AppleWatch");
  await expect(devices.getByTestId("biometric-source")).toContainText("Watch · Apple Health export");
  await expect(devices.getByText(/export\.zip: [\d,]+ readings kept from [\d,]+ records/)).toBeVisible();

  // The newest readings, said not to be live; the state they suggest; trends with HRV named as SDNN.
  const latest = page.getByRole("region", { name: "Latest Readings" });
  await expect(latest).toContainText("Not a live feed");
  await expect(latest).toContainText("Blood oxygen (SpO2)");
  await expect(page.getByTestId("arousal")).toHaveText(/Calm|Active|Highly aroused/);
  await expect(page.getByTestId("trend-recovery")).toContainText(/Well recovered|Typical for you|Under-recovered/);
  await expect(page.getByTestId("trend-recovery")).toContainText("HRV (SDNN)");
  await expect(page.getByTestId("trend-sleep")).toContainText("/ 10");

  // The chart: heart rate by default, the unit on its axis; HRV chosen shows its method.
  const charts = page.getByRole("region", { name: "Over Time" });
  await expect(charts.getByRole("img", { name: /^Heart rate, daily values from/ })).toBeVisible();
  await expect(charts.locator(".recharts-line")).toHaveCount(1);
  await expect(charts.locator("svg").getByText("Heart rate (bpm)")).toBeVisible();
  await charts.getByLabel("Measurement").selectOption({ label: "HRV (SDNN)" });
  await expect(charts.locator("svg").getByText("HRV (SDNN) (ms)")).toBeVisible();
  await charts.getByRole("button", { name: "90 days" }).click();
  await expect(charts.getByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousAxeViolations(page);

  // Fitbit's Takeout: a second device; its HRV is RMSSD, a measurement of its own.
  await devices.getByLabel("Upload a device export").setInputFiles(fitbit);
  await expect(devices.getByTestId("biometric-source")).toHaveCount(2, { timeout: 60_000 });
  await expect(devices.getByTestId("biometric-source").filter({ hasText: "Fitbit" })).toContainText("Fitness tracker · Fitbit / Google Takeout export");
  await expect(charts.getByLabel("Measurement").locator("option")).toContainText(["HRV (SDNN)", "HRV (RMSSD)"]);

  // The same file again changes nothing, and says so.
  await devices.getByLabel("Upload a device export").setInputFiles(apple);
  await expect(devices.getByText("You imported this very file before")).toBeVisible();

  // Consciousness Home: Biometric Sync is active with the fresh reading; the side panel shows the heart rate.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Consciousness Home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("stat-biometric-value")).toHaveText("Active");
  await expect(page.getByTestId("live-consciousness")).toContainText(/Heart rate\s*\d+ bpm at/);

  // Removing a device removes its readings.
  await page.goto("/dashboard/biometrics");
  const fitbitRow = devices.getByTestId("biometric-source").filter({ hasText: "Fitbit" });
  await fitbitRow.getByRole("button", { name: "Remove Fitbit" }).click();
  await fitbitRow.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(devices.getByTestId("biometric-source")).toHaveCount(1);

  // On a phone the page fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(devices).toBeVisible();
  await expectNoWiderThan(page, 375);
});

test("a file that is not an export is refused with a message to act on", async ({ page, signInWithMagicLink }, testInfo) => {
  const photo = testInfo.outputPath("holiday.png");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(photo, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300)]));
  await openSection(page, signInWithMagicLink, "biometrics.wrong@example.com", "Biometric Intelligence", "/dashboard/biometrics");
  await page.getByLabel("Upload a device export").setInputFiles(photo);
  await expect(page.getByRole("alert")).toContainText("This file is not a health export Mindprint can read");
  await expect(page.getByText("No Devices Connected")).toBeVisible();
});
