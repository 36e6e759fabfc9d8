import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { runWaitlistAdmin, type AdminDeps } from "./admin-command";
import { join, placeFromNewestMail } from "./test-helpers";

let t: TestApp;
let output: string[];
let deps: AdminDeps;
beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.ctx.authDb, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl, out: (line) => output.push(line) };
  await join(t, "ann@example.com");
  await join(t, "bob@example.com");
  await join(t, "cy@example.com", (await placeFromNewestMail(t, "bob@example.com")).referralCode);
  await join(t, "dee@example.com");
});
afterAll(() => t.close());

const run = async (...args: string[]) => {
  output = [];
  const code = await runWaitlistAdmin(deps, args);
  return { code, text: output.join("\n") };
};
const today = new Date().toISOString().slice(0, 10);

describe("npm run admin -- waitlist", () => {
  it("prints the queue in order with referrals, founding status, invitation and join date", async () => {
    const { code, text } = await run("waitlist");
    expect(code).toBe(0);
    const lines = text.split("\n");
    expect(lines[0]).toBe("Waitlist: 4 waiting, 0 unsubscribed.");
    expect(lines[2]).toMatch(/^#\s+E-mail\s+Referrals\s+Founding\s+Invited\s+Joined$/);
    // bob (seq 2, one referral: score −8) leads; then ann, cy, dee.
    expect(lines.slice(3).map((l) => l.split(/\s+/).slice(0, 5))).toEqual([
      ["1", "bob@example.com", "1", "yes", "—"],
      ["2", "ann@example.com", "0", "yes", "—"],
      ["3", "cy@example.com", "0", "yes", "—"],
      ["4", "dee@example.com", "0", "yes", "—"],
    ]);
    expect(lines[3]).toContain(today);
  });
});

describe("npm run admin -- invite", () => {
  it("invites one address, sends the invitation and shows it in the table", async () => {
    const sent = t.mails.length;
    const { code, text } = await run("invite", "CY@example.com");
    expect(code).toBe(0);
    expect(text).toBe("Invited cy@example.com (#3): invitation e-mail sent.");
    expect(t.mails.slice(sent).map((m) => [m.to, m.subject])).toEqual([["cy@example.com", "You're invited to the Mindprint private beta"]]);
    expect((await run("waitlist")).text).toMatch(new RegExp(`cy@example\\.com\\s+0\\s+yes\\s+${today}`));
  });

  it("invites the first N still waiting by position", async () => {
    const sent = t.mails.length;
    const { code, text } = await run("invite", "--top", "2");
    expect(code).toBe(0);
    expect(text.split("\n")).toEqual(["Invited bob@example.com (#1): invitation e-mail sent.", "Invited ann@example.com (#2): invitation e-mail sent."]);
    expect(t.mails.slice(sent).map((m) => m.to)).toEqual(["bob@example.com", "ann@example.com"]);
    expect((await run("invite", "--top", "10")).text).toBe("Invited dee@example.com (#4): invitation e-mail sent.");
    expect((await run("invite", "--top", "10")).text).toBe("Nobody is waiting for an invitation.");
  });

  it("fails with a message for an unknown address and for bad usage", async () => {
    expect(await run("invite", "ghost@example.com")).toEqual({ code: 1, text: "No waitlist entry for ghost@example.com." });
    const notANumber = await run("invite", "--top", "many");
    expect(notANumber.code).toBe(2);
    expect(notANumber.text).toContain("invite --top needs a whole number");
    const unknown = await run("launch");
    expect(unknown.code).toBe(2);
    expect(unknown.text).toContain("Unknown command: launch");
    expect(unknown.text).toContain("Usage: npm run admin -- <command>");
  });
});
