import { expect } from "vitest";

/** Signs in on a server process of its own through its dev mailbox page; answers the cookie header. */
export async function signInThroughDevMailbox(base: string, email: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify(body) });
  expect((await post("/api/session/magic-link", { email })).status).toBe(200);
  const page = await (await fetch(`${base}/dev/mailbox`)).text();
  const token = page.match(/login\/confirm\?token=([A-Za-z]+)/)?.[1];
  expect(token).toBeDefined();
  const confirmed = await post("/api/session/magic-link/confirm", { token, birthDate: "1980-05-17" });
  expect(confirmed.status).toBe(200);
  return confirmed.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
