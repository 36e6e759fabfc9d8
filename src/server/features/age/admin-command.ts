import { eq, sql } from "drizzle-orm";
import { birthDateSchema, guardianEmailSchema } from "../../../contract/age";
import type { Database } from "../../db/client";
import { ageChecks, user } from "../../db/schema";
import { normaliseEmail } from "../../platform/access-policy";
import { statusOf } from "../../platform/age-rules";

export interface AgeAdminDeps {
  /** The sign-in pool (the operator commands' connection). */
  db: Database;
  out: (line: string) => void;
  now: Date;
}

export const ageAdminUsage = [
  "  age EMAIL                                  print what is on record of this person's age",
  "  age EMAIL --birth-date YYYY-MM-DD --note TEXT [--guardian ADDRESS --consent yes|no]",
  "                                             support's correction (a person cannot change their own answer)",
].join("\n");

function optionsOf(args: string[]): Map<string, string> | null {
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i]!, args[i + 1]];
    if (!name.startsWith("--") || value === undefined || options.has(name)) return null;
    options.set(name, value);
  }
  return options;
}

/** `npm run admin -- age …`: shows or corrects a person's age on record (exit 0 done, 1 unknown address, 2 usage). */
export async function runAgeAdmin(deps: AgeAdminDeps, args: string[]): Promise<number> {
  const [email, ...rest] = args;
  const options = optionsOf(rest);
  if (!email || email.startsWith("-") || !options) {
    deps.out(`Usage:\n${ageAdminUsage}`);
    return 2;
  }
  const [person] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, normaliseEmail(email)));
  if (!person) {
    deps.out(`No account for ${email}.`);
    return 1;
  }
  if (options.size > 0) {
    const birthDate = birthDateSchema.safeParse(options.get("--birth-date") ?? "");
    const note = options.get("--note")?.trim();
    const guardian = options.has("--guardian") ? guardianEmailSchema.safeParse(options.get("--guardian")) : null;
    const consent = options.get("--consent") ?? "no";
    const known = ["--birth-date", "--note", "--guardian", "--consent"];
    if (!birthDate.success || !note || (guardian && !guardian.success) || !["yes", "no"].includes(consent) || [...options.keys()].some((k) => !known.includes(k)) || (consent === "yes" && !guardian)) {
      deps.out(`A correction needs --birth-date YYYY-MM-DD and --note; --consent yes needs --guardian.\n\nUsage:\n${ageAdminUsage}`);
      return 2;
    }
    const guardianEmail = guardian?.success ? normaliseEmail(guardian.data) : null;
    await deps.db.execute(sql`SELECT age_support_correction(${person.id}, ${birthDate.data}::date, ${guardianEmail}, ${consent === "yes"}, ${note})`);
  }
  const [row] = await deps.db.select().from(ageChecks).where(eq(ageChecks.userId, person.id));
  if (!row) {
    deps.out(`${email}: no age on record (an account older than the age check).`);
    return 0;
  }
  const consent = row.guardianEmail ? `; guardian ${row.guardianEmail}, ${row.guardianConfirmedAt ? `agreed ${row.guardianConfirmedAt.toISOString().slice(0, 10)}` : "not agreed yet"}` : "";
  deps.out(`${email}: born ${row.birthDate} (${statusOf(row, deps.now)}), stated by ${row.statedBy} on ${row.statedAt.toISOString().slice(0, 10)}${consent}${row.correctionNote ? `; note: ${row.correctionNote}` : ""}`);
  return 0;
}
