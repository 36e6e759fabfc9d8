import { inviteToWaitlist, inviteTopOfQueue, type InviteDeps, type InviteResult } from "./invite";
import { countUnsubscribed, listQueue, type QueueRow } from "./queue";

export interface AdminDeps extends InviteDeps {
  /** Where results go (stdout in the real command). */
  out: (line: string) => void;
}

export const adminUsage = [
  "Usage: npm run admin -- <command>",
  "",
  "  waitlist             print the queue: position, e-mail, referrals, founding member, invited, joined",
  "  invite EMAIL         invite one waitlist address to the private beta (sends the invitation e-mail)",
  "  invite --top N       invite the first N people by position who are still waiting for an invitation",
].join("\n");

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "—");

/** Renders the queue as an aligned plain-text table. */
export function formatQueueTable(rows: QueueRow[]): string {
  const header = ["#", "E-mail", "Referrals", "Founding", "Invited", "Joined"];
  const cells = rows.map((r) => [String(r.position), r.email, String(r.referrals), r.foundingMember ? "yes" : "no", day(r.invitedAt), day(r.createdAt)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => (i === 0 || i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), ...cells.map(line)].join("\n");
}

function describeInvite(result: InviteResult): string {
  switch (result.status) {
    case "invited":
      return `Invited ${result.email} (#${result.position}): invitation e-mail sent.`;
    case "reinvited":
      return `${result.email} was already invited on ${day(result.invitedAt)}: invitation e-mail sent again.`;
    case "unknown":
      return `No waitlist entry for ${result.email}.`;
    case "unsubscribed":
      return `${result.email} unsubscribed from the waitlist on ${day(result.since)}: not invited.`;
  }
}

function mailNote(deps: AdminDeps) {
  if (deps.mailer.kind === "dev-mailbox") deps.out(`(No SMTP_URL is set: the e-mail is in the dev mailbox, ${deps.publicUrl}/dev/mailbox in development.)`);
}

async function printQueue(deps: AdminDeps): Promise<number> {
  const rows = await listQueue(deps.db);
  const left = await countUnsubscribed(deps.db);
  deps.out(`Waitlist: ${rows.length} waiting, ${left} unsubscribed.`);
  if (rows.length > 0) deps.out(`\n${formatQueueTable(rows)}`);
  return 0;
}

async function inviteTop(deps: AdminDeps, raw: string | undefined): Promise<number> {
  const count = Number(raw);
  if (!raw || !Number.isInteger(count) || count < 1) {
    deps.out(`invite --top needs a whole number of people, e.g. invite --top 10 (got ${raw ?? "nothing"}).`);
    return 2;
  }
  const { invited, failure } = await inviteTopOfQueue(deps, count);
  if (invited.length === 0 && !failure) deps.out("Nobody is waiting for an invitation.");
  for (const result of invited) deps.out(describeInvite(result));
  if (invited.length > 0) mailNote(deps);
  if (!failure) return 0;
  deps.out(`The invitation to ${failure.email} could not be sent (${failure.message}); it and everyone after it were not invited.`);
  return 1;
}

/** Runs one admin command against the given database and mailer; answers the process exit code (0 success, 1 failure, 2 usage). */
export async function runWaitlistAdmin(deps: AdminDeps, args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === "waitlist" && rest.length === 0) return printQueue(deps);
  if (command === "invite" && rest[0] === "--top" && rest.length <= 2) return inviteTop(deps, rest[1]);
  if (command === "invite" && rest.length === 1 && !rest[0]!.startsWith("-")) {
    const result = await inviteToWaitlist(deps, rest[0]!);
    deps.out(describeInvite(result));
    if (result.status === "invited" || result.status === "reinvited") mailNote(deps);
    return result.status === "invited" || result.status === "reinvited" ? 0 : 1;
  }
  if (command === "help" || command === "--help") {
    deps.out(adminUsage);
    return 0;
  }
  deps.out(command ? `Unknown command: ${args.join(" ")}\n\n${adminUsage}` : adminUsage);
  return 2;
}
