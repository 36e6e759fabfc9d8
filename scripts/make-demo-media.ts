/**
 * Makes the landing page's demo video and the product screenshots from the real app, so both can be made again
 * whenever the product changes:
 *   npm run build && tsx scripts/make-demo-media.ts
 * Needs Debian's ffmpeg (apt-get install ffmpeg) and a Chromium (as the e2e tests do). The outputs are committed, so
 * neither is needed to build or run Mindprint.
 *
 * It starts the built server on a fresh embedded database, fills one account through the API as a person would (a
 * profile, dated memories, a trained voice, a questionnaire, a device import), then in Chromium:
 * - takes a screenshot of every section (public/media/screens/*.webp, 960×540, for the module dialogs and How it works);
 * - takes full-size screenshots of the pages a new user works in most (docs/screens/*-1440x900.webp and *-390x844.webp:
 *   the vault, the voice hub and capture), for reviewing their layout on a desktop and a phone;
 * - records a person adding a memory, asking the twin about it and playing the answer in their voice, through the
 *   DevTools protocol's screencast (Playwright's own recorder needs an ffmpeg build it downloads), encoded to VP9 by
 *   ffmpeg with each frame held until the next one (public/media/mindprint-demo.webm), with captions written from the
 *   moments each step began (public/media/mindprint-demo.vtt). The video has no sound track: the answer's audio
 *   plays in the page, which a screencast does not capture; the captions say what is heard.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { chromiumArgs, findChromium } from "../e2e/fixtures/chromium";
import { prepareServerEnv } from "../src/server/test/server-env";
import { spawnServer, waitUntilReady } from "../src/server/test/spawn-server";
import { writeSyntheticAppleExport } from "../src/server/test/synthetic-apple-export";
import { signIn } from "../bench/fixtures/vault-setup";
import type { LandingScreen } from "../src/contract/landing";

const root = path.resolve(import.meta.dirname, "..");
const media = path.join(root, "public/media");
const audio = path.join(root, "src/server/platform/audio/fixtures");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-media-"));
const WIDTH = 1280;
const HEIGHT = 720;

/** Where each screenshot the landing page shows (contract/landing.ts, landingScreens) is taken. */
const SCREENS: Record<LandingScreen, string> = {
  home: "/dashboard",
  voice: "/dashboard/voice",
  memories: "/dashboard/memories",
  twin: "/dashboard/twin",
  personality: "/dashboard/personality",
  capture: "/dashboard/capture",
  export: "/dashboard/export",
  biometrics: "/dashboard/biometrics",
};

const MEMORIES = [
  { content: "Every Sunday my grandmother and I baked rye bread in her kitchen on Mill Lane. She never measured anything; she said the dough would tell us when it was ready.", emotion: "Love", category: "family", tags: "grandmother, baking", happenedOn: "1964" },
  { content: "I learned to swim in the cold lake behind our cabin. My father counted my strokes out loud until I reached the dock on my own.", emotion: "Pride", category: "family", tags: "lake, father", happenedOn: "1962-07" },
  { content: "My first job was at the harbour office, stamping shipping papers. I was so nervous that I stamped my own lunch bag on the first day.", emotion: "Fear", category: "career", tags: "harbour, work", happenedOn: "1974-09-02" },
  { content: "We drove to the coast in a borrowed van with a broken radio, so we sang the whole way. That was the summer I decided to become a teacher.", emotion: "Joy", category: "travel", tags: "coast, teaching", happenedOn: "1978-08" },
];
const NEW_MEMORY = "The day our daughter was born it snowed so hard that the midwife came on cross-country skis. I held her by the window and watched the flakes.";
const QUESTION = "What do you remember about the day your daughter was born?";

async function api<T = unknown>(base: string, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function upload<T = unknown>(base: string, cookie: string, url: string, field: string, file: string, type: string, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([fs.readFileSync(file)], { type }), path.basename(file));
  const response = await fetch(`${base}${url}`, { method: "POST", headers: { cookie, origin: base }, body: form });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, seconds = 120): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what} did not finish in ${seconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** One account with something in every section, through the same API the pages use. */
async function fillAccount(base: string, cookie: string): Promise<void> {
  await api(base, cookie, "PUT", "/api/profile/identity", { firstName: "Maya", birthday: "1956-04-09", legacyPreference: "family" });
  for (const memory of MEMORIES) await api(base, cookie, "POST", "/api/memories", memory);
  await api(base, cookie, "POST", "/api/onboarding/calibration", {
    statement: "A friend asks to borrow a large sum of money.",
    response: "I would lend what I could afford to lose and say so plainly. Money between friends should never become a debt that sits between you.",
  }).catch(() => undefined); // the calibration step is optional for these pictures
  // A voice: the consent read aloud, 63 s of speech, a clone trained by the server's worker.
  await upload(base, cookie, "/api/voice/consent", "audio", path.join(audio, "spoken-10.5s.webm"), "audio/webm", { scope: "only-me", day: new Date().toISOString().slice(0, 10) });
  for (let i = 0; i < 14; i++) await upload(base, cookie, "/api/voice/sessions", "audio", path.join(audio, "spoken-4.5s.webm"), "audio/webm");
  type Profile = { profile: { id: string; status: string } };
  const { profile } = await api<Profile>(base, cookie, "POST", "/api/voice/profiles", { name: "Maya at the kitchen table" });
  await until("voice training", () => api<Profile>(base, cookie, "GET", `/api/voice/profiles/${profile.id}`), (v) => v.profile.status !== "training");
  // A completed questionnaire.
  const { attempt } = await api<{ attempt: { id: string } }>(base, cookie, "POST", "/api/personality/attempts");
  const answers = Array.from({ length: 120 }, (_, i) => ({ item: i + 1, value: ((i * 7) % 5) + 1 }));
  await api(base, cookie, "PUT", `/api/personality/attempts/${attempt.id}/answers`, { answers });
  await api(base, cookie, "POST", `/api/personality/attempts/${attempt.id}/complete`, { sex: "female" });
  // Five weeks of a watch's readings.
  const exportZip = path.join(work, "export.zip");
  await writeSyntheticAppleExport(exportZip, { days: 35, minutesPerReading: 5, from: new Date(Date.now() - 35 * 86_400_000) });
  type Import = { import: { id: string; status: string } };
  const { import: started } = await upload<Import>(base, cookie, "/api/biometrics/imports", "file", exportZip, "application/zip");
  await until("device import", () => api<Import>(base, cookie, "GET", `/api/biometrics/imports/${started.id}`), (v) => v.import.status !== "pending" && v.import.status !== "running");
}

/** A page's screenshot as WebP, 960 wide: a quarter of the PNG's weight or less, sharp enough for a dialog. */
async function screenshot(page: Page, name: string, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole("main").waitFor();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500); // charts finish their first layout
  const png = path.join(work, `${name}.png`);
  await page.screenshot({ path: png });
  fs.mkdirSync(path.join(media, "screens"), { recursive: true });
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", png, "-vf", "scale=960:-1", "-quality", "72", path.join(media, "screens", `${name}.webp`)]);
}

/** The pages reviewed at a desktop's and a phone's size, whole (first screen only: what a person sees on arrival). */
const REVIEWED = { memories: "/dashboard/memories", voice: "/dashboard/voice", capture: "/dashboard/capture" };
const REVIEW_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

async function reviewScreens(page: Page): Promise<number> {
  const out = path.join(root, "docs/screens");
  fs.mkdirSync(out, { recursive: true });
  let made = 0;
  for (const size of REVIEW_SIZES) {
    await page.setViewportSize(size);
    for (const [name, url] of Object.entries(REVIEWED)) {
      await page.goto(url);
      await page.getByRole("main").waitFor();
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      const png = path.join(work, `${name}-${size.width}.png`);
      await page.screenshot({ path: png });
      execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", png, "-quality", "80", path.join(out, `${name}-${size.width}x${size.height}.webp`)]);
      made++;
    }
  }
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  return made;
}

interface Frame {
  file: string;
  at: number;
}

/** Records what the page shows while `act` runs, with the captions `act` marks; answers the frames and the cues. */
async function record(page: Page, act: (caption: (text: string) => void) => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  const frames: Frame[] = [];
  cdp.on("Page.screencastFrame", (frame) => {
    const file = path.join(work, `frame-${String(frames.length).padStart(5, "0")}.jpg`);
    fs.writeFileSync(file, Buffer.from(frame.data, "base64"));
    frames.push({ file, at: frame.metadata.timestamp ?? Date.now() / 1000 });
    void cdp.send("Page.screencastFrameAck", { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await cdp.send("Page.startScreencast", { format: "jpeg", quality: 85, maxWidth: WIDTH, maxHeight: HEIGHT, everyNthFrame: 1 });
  const started = Date.now() / 1000;
  const cues: Array<{ at: number; text: string }> = [];
  await act((text) => cues.push({ at: Date.now() / 1000 - started, text }));
  await page.waitForTimeout(1500);
  await cdp.send("Page.stopScreencast");
  const end = Date.now() / 1000;
  return { frames, cues: cues.map((cue, i) => ({ ...cue, until: cues[i + 1]?.at ?? end - started })), started, end };
}

function writeVideo(frames: Frame[], end: number, out: string): void {
  // The concat demuxer holds each frame for its duration: the screencast sends frames only when the screen changes.
  const list = frames.map((frame, i) => `file '${frame.file}'\nduration ${Math.max(0.001, (frames[i + 1]?.at ?? end) - frame.at).toFixed(3)}`).join("\n");
  const listFile = path.join(work, "frames.txt");
  fs.writeFileSync(listFile, `${list}\nfile '${frames.at(-1)!.file}'\n`);
  execFileSync("ffmpeg", [
    "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", listFile,
    "-vf", `fps=24,scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=white,format=yuv420p`,
    "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "38", "-row-mt", "1", "-an", out,
  ]);
}

const stamp = (seconds: number) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
};

const { base, env } = await prepareServerEnv("demo-media", { LOG_LEVEL: "warn" });
const server = spawnServer(env);
try {
  await waitUntilReady(server);
  const { cookie } = await signIn(base, "maya.demo@example.com");
  console.log("Filling the demo account through the API (voice training and a device import take a minute)…");
  await fillAccount(base, cookie);

  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, baseURL: base, reducedMotion: "reduce" });
  await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: base })));
  const page = await context.newPage();
  await page.goto("/onboarding/complete");
  await page.getByRole("button", { name: "Go to Dashboard" }).click();
  await page.waitForURL(/\/dashboard$/);
  // The cookie notice answered once, so it is in no picture.
  await page.getByRole("button", { name: "Accept" }).click({ timeout: 3000 }).catch(() => undefined);

  for (const [name, url] of Object.entries(SCREENS)) await screenshot(page, name, url);
  console.log(`Screenshots: ${Object.keys(SCREENS).length} in public/media/screens/`);
  console.log(`Review screenshots: ${await reviewScreens(page)} in docs/screens/`);

  await page.goto("/dashboard/memories");
  await page.getByRole("main").waitFor();
  const video = await record(page, async (caption) => {
    caption("Maya writes down a memory in her Memory Vault.");
    const form = page.getByRole("region", { name: "Add New Memory" });
    await form.getByLabel("Memory", { exact: true }).pressSequentially(NEW_MEMORY, { delay: 18 });
    await form.getByLabel("Emotion", { exact: true }).selectOption("Joy");
    await form.getByLabel("Year").pressSequentially("1984", { delay: 80 });
    await form.getByLabel("Month").selectOption("January");
    await form.getByRole("button", { name: "Save Memory" }).click();
    await page.getByTestId("memory-card").filter({ hasText: "cross-country skis" }).waitFor();
    await page.waitForTimeout(1200);
    caption("In the Digital Twin Lab, she asks her twin about it.");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Digital Twin Lab" }).click();
    await page.getByLabel("Message your twin").waitFor();
    await page.getByLabel("Message your twin").pressSequentially(QUESTION, { delay: 30 });
    await page.getByRole("region", { name: "Consciousness Validation Chat" }).getByRole("button", { name: "Send" }).click();
    const answer = page.locator('[data-testid="twin-message"][data-role="twin"]').last();
    await answer.getByRole("button", { name: "Listen to this answer" }).waitFor({ timeout: 60_000 });
    caption("The twin answers in her own words and shows which memory it used.");
    await page.waitForTimeout(3500);
    caption("Listen: the answer is read in the voice she trained (sound plays in the app; this recording is silent).");
    await answer.getByRole("button", { name: "Listen to this answer" }).click();
    await page.getByTestId("twin-answer-audio").waitFor({ timeout: 30_000 });
    await page.waitForTimeout(4000);
  });
  writeVideo(video.frames, video.end, path.join(media, "mindprint-demo.webm"));
  const vtt = ["WEBVTT", ...video.cues.map((cue) => `\n${stamp(cue.at)} --> ${stamp(cue.until)}\n${cue.text}`)].join("\n");
  fs.writeFileSync(path.join(media, "mindprint-demo.vtt"), `${vtt}\n`);
  console.log(`Video: ${video.frames.length} frames over ${(video.end - video.started).toFixed(1)} s → public/media/mindprint-demo.webm (${(fs.statSync(path.join(media, "mindprint-demo.webm")).size / 1e6).toFixed(2)} MB)`);
  await browser.close();
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  fs.rmSync(work, { recursive: true, force: true });
}
