import { and, asc, count, eq, sql } from "drizzle-orm";
import { PEOPLE_MAX, peopleMessages, type PeopleResponse, type Person, type PersonRequest, type PersonSuggestion } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { people } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { pgErrorCode } from "../../platform/pg-error-code";
import { contactRelationships } from "../legacy";
import { kinOf } from "./people-kin";
import { readNamedKin } from "./support";

type PersonRow = typeof people.$inferSelect;
const toPerson = (row: PersonRow): Person => ({ id: row.id, name: row.name, relationship: row.relationship, createdAt: row.createdAt.toISOString() });

// The newest memories are plenty to read who is who, and keep the list cheap in a large vault.
const MEMORIES_READ = 2000;
const SUGGESTIONS_SHOWN = 12;

/** A name as a suggestion shows it: "Mary's" is Mary. */
const cleanName = (name: string) => name.replace(/['’]s$/u, "");

/** People read from the owner's memories ("my sister Grace") and legacy contacts, that the list does not hold yet. */
async function suggestPeople(tx: Transaction, userId: string, confirmed: PersonRow[]): Promise<PersonSuggestion[]> {
  const known = new Set(confirmed.map((p) => p.name.toLowerCase()));
  const found = new Map<string, PersonSuggestion>();
  const add = (name: string, relationship: string, from: PersonSuggestion["from"]) => {
    const key = `${name.toLowerCase()}|${kinOf(relationship)}`;
    if (known.has(name.toLowerCase())) return;
    const seen = found.get(key);
    if (seen) seen.count += 1;
    else found.set(key, { name, relationship: kinOf(relationship), from, count: 1 });
  };
  for (const c of await contactRelationships(tx, userId)) add(c.name.trim(), c.relationship, "contacts");
  const texts = await tx.execute<{ content: string }>(sql`SELECT content FROM memories WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${MEMORIES_READ}`);
  for (const { content } of texts.rows) for (const { kin, name } of readNamedKin(content)) add(cleanName(name), kin, "memories");
  // A contact first (the owner named them), then the people their memories name most.
  return [...found.values()].sort((a, b) => (a.from === b.from ? b.count - a.count || a.name.localeCompare(b.name) : a.from === "contacts" ? -1 : 1)).slice(0, SUGGESTIONS_SHOWN);
}

/** The owner's confirmed people, by relationship then name, with suggestions for the ones not yet confirmed. */
export function listPeople(db: Database, userId: string): Promise<PeopleResponse> {
  return withUserScope(
    db,
    userId,
    async (tx) => {
      const rows = await tx.select().from(people).where(eq(people.userId, userId)).orderBy(asc(people.relationship), asc(people.name));
      return { people: rows.map(toPerson), suggestions: await suggestPeople(tx, userId, rows) };
    },
    { accessMode: "read only" },
  );
}

/** The confirmed people alone, for the twin (read in the caller's user-scoped transaction). */
export async function confirmedPeople(tx: Transaction, userId: string): Promise<Array<Pick<Person, "name" | "relationship">>> {
  return tx.select({ name: people.name, relationship: people.relationship }).from(people).where(eq(people.userId, userId));
}

const duplicate = () => new AppError("person_duplicate", peopleMessages.duplicate, { fields: { name: peopleMessages.duplicate } });

/** Adds a person to the owner's list; the same name and relationship twice is refused, and the list holds 200 at most. */
export function addPerson(db: Database, userId: string, input: PersonRequest): Promise<Person> {
  return withUserScope(db, userId, async (tx) => {
    // Counted under a lock on the owner's rows, so two adds at once cannot pass the limit together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('people:' || ${userId}))`);
    const [held] = await tx.select({ n: count() }).from(people).where(eq(people.userId, userId));
    if ((held?.n ?? 0) >= PEOPLE_MAX) throw new AppError("people_limit", peopleMessages.tooMany);
    try {
      const [row] = await tx.insert(people).values({ userId, name: input.name, relationship: input.relationship }).returning();
      return toPerson(row!);
    } catch (error) {
      if (pgErrorCode(error) === "23505") throw duplicate();
      throw error;
    }
  });
}

/** Corrects a person's name or relationship; another person's id is not found. */
export function updatePerson(db: Database, userId: string, id: string, input: PersonRequest): Promise<Person> {
  return withUserScope(db, userId, async (tx) => {
    try {
      const [row] = await tx
        .update(people)
        .set({ name: input.name, relationship: input.relationship, updatedAt: new Date() })
        .where(and(eq(people.id, id), eq(people.userId, userId)))
        .returning();
      if (!row) throw new AppError("person_not_found", peopleMessages.notFound);
      return toPerson(row);
    } catch (error) {
      if (pgErrorCode(error) === "23505") throw duplicate();
      throw error;
    }
  });
}

/** Takes a person off the list; another person's id is not found. */
export function removePerson(db: Database, userId: string, id: string): Promise<void> {
  return withUserScope(db, userId, async (tx) => {
    const removed = await tx.delete(people).where(and(eq(people.id, id), eq(people.userId, userId))).returning({ id: people.id });
    if (removed.length === 0) throw new AppError("person_not_found", peopleMessages.notFound);
  });
}
