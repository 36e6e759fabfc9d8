import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { linkFromMail, readMails, waitForMail } from "./fixtures/mail-capture";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";
import { openSection, type SignIn } from "./fixtures/dashboard";
import { letSignInMinutePass } from "./fixtures/sign-in";
import { expectNoWiderThan } from "./fixtures/layout";


const bread = "I baked bread with my grandmother in Lisbon";
const job = "I felt nervous on my first day at the new job";
const passphrase = "correct horse battery staple";
const day = /\d{4}-\d{2}-\d{2}/.source;

const openDataExport = (page: Page, signIn: SignIn, email: string) => openSection(page, signIn, email, "Data Export", "/dashboard/export");

async function addMemoryThroughApi(page: Page, content: string, emotion: string) {
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  const response = await page.request.post("/api/memories", { data: { content, emotion, category: "family", tags: "e2e" }, headers: { origin } });
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
}

const readDownload = async (download: Download) => fs.readFileSync((await download.path())!, "utf8");

test.describe("data export", () => {
  test("figures, contents, plain export and voice archive downloads; privacy block, coming soon, axe and 375 px", async ({ page, signInWithMagicLink }) => {
    test.setTimeout(90_000);
    await signInWithMagicLink(page, "export.plain@example.com");
    await addMemoryThroughApi(page, bread, "Joy");
    await addMemoryThroughApi(page, job, "Fear");
    await openDataExport(page, async () => {}, "export.plain@example.com");

    await expect(page.getByTestId("export-figure-sessions")).toContainText("0");
    await expect(page.getByTestId("export-figure-voiceHours")).toContainText("0.0");
    await expect(page.getByTestId("export-figure-memories")).toContainText("2");
    await expect(page.getByTestId("export-figure-totalMegabytes")).toContainText(/\d+\.\d/);
    await expect(page.getByTestId("export-content-memories")).toContainText("Memories2");
    await expect(page.getByTestId("export-content-memoryVersions")).toContainText("2");
    await expect(page.getByTestId("export-content-voiceSessions")).toContainText("0");

    // The honest blocks: plain JSON is not encrypted, the encrypted option names its cipher and KDF.
    await expect(page.getByText("This file is not encrypted.")).toBeVisible();
    const privacy = page.getByRole("region", { name: "Privacy & Security" });
    await expect(privacy).toContainText("AES-256-GCM");
    await expect(privacy).toContainText("scrypt");
    await expect(privacy).toContainText("row-level security");
    await expect(page.getByRole("heading", { name: "Decision Pattern Analysis" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Learning & Growth Metrics" })).toBeVisible();
    await expect(page.getByText("Coming Soon", { exact: true })).toHaveCount(2);

    await expectNoSeriousAxeViolations(page);

    // Plain export: the file, its structure and the memories; the progress bar reaches 100.
    const card = page.getByRole("region", { name: "Export Consciousness Data" });
    const [plain] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Download", exact: true }).click()]);
    expect(plain.suggestedFilename()).toMatch(new RegExp(`^consciousness-export-${day}\\.json$`));
    const bundle = JSON.parse(await readDownload(plain)) as { metadata: { version: string }; memories: { count: number; data: { content: string }[] } };
    expect(bundle.metadata.version).toBe("1.0");
    expect(bundle.memories.count).toBe(2);
    expect(bundle.memories.data.map((m) => m.content).sort()).toEqual([bread, job].sort());
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(card.getByText("Saved to your downloads.")).toBeVisible();
    await expect(page.getByText("Export downloaded").first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Download", exact: true })).toBeEnabled();

    // Voice archive: a valid empty archive.
    const voice = page.getByRole("region", { name: "Export Voice Archive" });
    await expect(voice.getByText("No voice sessions yet")).toBeVisible();
    const [archive] = await Promise.all([page.waitForEvent("download"), voice.getByRole("button", { name: "Download voice archive" }).click()]);
    expect(archive.suggestedFilename()).toMatch(new RegExp(`^voice-archive-${day}\\.json$`));
    const archiveJson = JSON.parse(await readDownload(archive)) as { metadata: { totalSessions: number }; sessions: unknown[] };
    expect(archiveJson.metadata.totalSessions).toBe(0);
    expect(archiveJson.sessions).toEqual([]);
    await expect(voice.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

    await expectNoSeriousAxeViolations(page);

    // At 375 px everything stacks in one column and nothing overflows sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("heading", { name: "Export Consciousness Data" })).toBeVisible();
    await expectNoWiderThan(page, 375);
  });

  test("encrypted export, refused into a non-empty account, imported into a fresh one (wrong, then right passphrase)", async ({ page, signInWithMagicLink }, testInfo) => {
    test.setTimeout(120_000);
    await signInWithMagicLink(page, "export.encrypted@example.com");
    await addMemoryThroughApi(page, bread, "Joy");
    await addMemoryThroughApi(page, job, "Fear");
    await openDataExport(page, async () => {}, "export.encrypted@example.com");

    const card = page.getByRole("region", { name: "Export Consciousness Data" });
    // Validation before anything is sent.
    await card.getByLabel("Passphrase", { exact: true }).fill("too short");
    await card.getByRole("button", { name: "Download encrypted" }).click();
    await expect(card.getByText("Use a passphrase of at least 12 characters.")).toBeVisible();
    await card.getByLabel("Passphrase", { exact: true }).fill(passphrase);
    await card.getByLabel("Confirm passphrase").fill(`${passphrase}!`);
    await card.getByRole("button", { name: "Download encrypted" }).click();
    await expect(card.getByText("The two passphrases do not match.")).toBeVisible();
    await card.getByLabel("Confirm passphrase").fill(passphrase);

    const [encrypted] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Download encrypted" }).click()]);
    expect(encrypted.suggestedFilename()).toMatch(new RegExp(`^consciousness-export-${day}\\.encrypted\\.json$`));
    const encryptedText = await readDownload(encrypted);
    expect((JSON.parse(encryptedText) as { format: string }).format).toBe("mindprint-encrypted-export");
    expect(encryptedText).not.toContain("grandmother");
    expect(encryptedText).not.toContain("nervous");
    await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const file = testInfo.outputPath(encrypted.suggestedFilename());
    await encrypted.saveAs(file);

    // This account has memories: the import refuses and changes nothing.
    const restore = page.getByRole("region", { name: "Restore from an export" });
    await restore.getByLabel("Export file (.json)").setInputFiles(file);
    await expect(restore.getByTestId("import-file-kind")).toContainText("encrypted export");
    await restore.getByLabel("Passphrase of this file").fill(passphrase);
    await restore.getByRole("button", { name: "Import" }).click();
    await expect(restore.getByRole("alert")).toContainText("Import restores into an empty vault");

    // A second, fresh account.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await openDataExport(page, signInWithMagicLink, "export.restore@example.com");
    await expect(page.getByTestId("export-figure-memories")).toContainText("0");
    await restore.getByLabel("Export file (.json)").setInputFiles(file);
    await expect(restore.getByLabel("Passphrase of this file")).toBeVisible();

    await restore.getByLabel("Passphrase of this file").fill("not the right passphrase");
    await restore.getByRole("button", { name: "Import" }).click();
    await expect(restore.getByRole("alert")).toContainText("That passphrase does not open this file");
    await expect(restore.getByRole("button", { name: "Import" })).toBeEnabled();
    await page.reload();
    await expect(page.getByTestId("export-figure-memories")).toContainText("0");

    await restore.getByLabel("Export file (.json)").setInputFiles(file);
    await restore.getByLabel("Passphrase of this file").fill(passphrase);
    await restore.getByRole("button", { name: "Import" }).click();
    const summary = restore.getByRole("status").filter({ hasText: "Import complete" });
    await expect(summary).toContainText("2 memories");
    await expect(summary).toContainText("Voice sessions, voice clones and voice consents are not restored");
    await expect(page.getByTestId("export-figure-memories")).toContainText("2");
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Memory Vault" }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(page.getByRole("heading", { name: "Memory Collection (2)" })).toBeVisible();
    await expect(page.getByTestId("memory-card").filter({ hasText: "grandmother" })).toHaveCount(1);
    await expect(page.getByTestId("memory-card").filter({ hasText: "nervous" })).toHaveCount(1);
  });

  test("an action that needs a recent sign-in offers to e-mail a fresh link", async ({ page, signInWithMagicLink, baseUrl }) => {
    const email = "export.reauth@example.com";
    await openDataExport(page, signInWithMagicLink, email);
    const message = "For your safety, please sign in again (we will e-mail you a fresh link) and then repeat this within 10 minutes.";
    await page.route("**/api/export/consciousness", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ error: { code: "reauth_required", message } }) }),
    );
    const card = page.getByRole("region", { name: "Export Consciousness Data" });
    await card.getByRole("button", { name: "Download", exact: true }).click();
    const panel = card.getByRole("alert");
    await expect(panel).toContainText(message);
    await expect(card.getByRole("progressbar")).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Download", exact: true })).toBeEnabled();

    // A real re-authentication comes more than 10 minutes after the last link; the server allows one link per
    // address per minute, so that minute, begun by this test's own sign-in link, is let pass.
    await letSignInMinutePass(page, baseUrl, email);
    const mailFile = process.env.E2E_MAIL_FILE!;
    const before = readMails(mailFile).filter((m) => m.to === email).length;
    await panel.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(panel).toContainText(`We sent a sign-in link to ${email}`);
    const mail = await waitForMail(mailFile, email, before);
    expect(linkFromMail(mail)).toContain("/login/confirm?token=");
  });

  test("delete account: only DELETE enables the button; afterwards the dashboard needs a sign-in", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "export.delete@example.com");
    await addMemoryThroughApi(page, bread, "Joy");
    await openDataExport(page, async () => {}, "export.delete@example.com");
    const danger = page.getByRole("region", { name: "Delete account" });
    const button = danger.getByRole("button", { name: "Delete my account" });
    await expect(button).toBeDisabled();
    await danger.getByLabel("Type DELETE to confirm").fill("delete");
    await expect(button).toBeDisabled();
    await danger.getByLabel("Type DELETE to confirm").fill("DELETE ");
    await expect(button).toBeDisabled();
    await danger.getByLabel("Type DELETE to confirm").fill("DELETE");
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });
});
