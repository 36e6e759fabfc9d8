import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  ageBandLabels,
  bigFiveDisplayOrder,
  bigFiveDomainLabels,
  bigFiveDomains,
  bigFiveFacetLabels,
  mappingDomainValues,
  personalityMessages,
  type AgeBand,
  type BigFiveDomain,
  type MappingDomain,
  type NormSex,
  type PersonalityAttempt,
  type PersonalityProfile,
  type PersonalityState,
  type TraitLevel,
} from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { consciousnessTraits, personalityAttempts, profiles, traitScores } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { isUuid } from "../../platform/ids";
import { DOMAIN_INSIGHTS, FACET_MAPPING } from "./insights";
import { PERSONALITY_ITEMS } from "./items";
import { ageBandOn, normGroup, scoreBigFive, type BigFiveScores } from "./scoring";

type AttemptRow = typeof personalityAttempts.$inferSelect;
type ScoreRow = typeof traitScores.$inferSelect;

const notFound = () => new AppError("personality_attempt_not_found", personalityMessages.attemptNotFound);

/** The norm group in words, saying which average was used when the person gave no sex or no age. */
function normGroupLabel(sex: NormSex | null, ageBand: AgeBand | null): string {
  const who = sex === "female" ? "women" : sex === "male" ? "men" : "people";
  const age = ageBand ? `aged ${ageBandLabels[ageBand]}` : "of every age";
  const notes = [...(sex ? [] : ["no sex was given, so the average of the women's and men's norms"]), ...(ageBand ? [] : ["no age was given, so the average of the four age bands"])];
  return `${who} ${age}${notes.length ? ` (${notes.join("; ")})` : ""}`;
}

const presentAttempt = (row: AttemptRow): PersonalityAttempt => ({
  id: row.id,
  startedAt: row.startedAt.toISOString(),
  answers: row.answers.map((a) => a ?? null),
  answered: row.answers.filter((a) => a !== null).length,
});

/**
 * A completed attempt's profile from its stored scores, with the change in percentile since `previous` when both were
 * read against the same norm group (against different groups the difference would be partly a change of yardstick).
 */
function presentProfile(attempt: AttemptRow, scores: ScoreRow[], previousAttempt: AttemptRow | undefined, previousScores: ScoreRow[]): PersonalityProfile {
  const sameGroup = previousAttempt && previousAttempt.normSex === attempt.normSex && previousAttempt.normAgeBand === attempt.normAgeBand;
  const previous = sameGroup ? previousScores : [];
  const score = (rows: ScoreRow[], trait: string) => rows.find((r) => r.trait === trait);
  return {
    attemptId: attempt.id,
    completedAt: attempt.completedAt!.toISOString(),
    normGroup: normGroupLabel(attempt.normSex as NormSex | null, attempt.normAgeBand as AgeBand | null),
    domains: bigFiveDisplayOrder.map((domain) => {
      const own = score(scores, domain)!;
      const before = score(previous, domain);
      return {
        domain,
        label: bigFiveDomainLabels[domain],
        raw: own.raw,
        percentile: own.percentile,
        level: own.level as TraitLevel,
        insight: DOMAIN_INSIGHTS[domain][own.level as TraitLevel],
        change: before ? own.percentile - before.percentile : null,
        facets: bigFiveFacetLabels[domain].map((label, i) => {
          const facet = score(scores, `${domain}${i + 1}`)!;
          return { facet: i + 1, label, raw: facet.raw, percentile: facet.percentile, level: facet.level as TraitLevel };
        }),
      };
    }),
  };
}

async function stateOf(tx: Transaction, userId: string): Promise<PersonalityState> {
  const [open] = await tx.select().from(personalityAttempts).where(and(eq(personalityAttempts.userId, userId), isNull(personalityAttempts.completedAt)));
  const done = await completedAttempts(tx, userId);
  const [latest, previous] = done;
  const scores = latest
    ? await tx
        .select()
        .from(traitScores)
        .where(and(eq(traitScores.userId, userId), inArray(traitScores.attemptId, [latest.id, ...(previous ? [previous.id] : [])])))
    : [];
  const [profile] = await tx.select({ birthday: profiles.birthday }).from(profiles).where(eq(profiles.userId, userId));
  return {
    inProgress: open ? presentAttempt(open) : null,
    latest: latest
      ? presentProfile(
          latest,
          scores.filter((s) => s.attemptId === latest.id),
          previous,
          scores.filter((s) => s.attemptId === previous?.id),
        )
      : null,
    history: done.map((a) => ({ attemptId: a.id, completedAt: a.completedAt!.toISOString(), normGroup: normGroupLabel(a.normSex as NormSex | null, a.normAgeBand as AgeBand | null) })),
    knowsAge: Boolean(profile?.birthday),
  };
}

/** The person's completed questionnaires, newest first (ties by id, so "latest" is one answer everywhere). */
function completedAttempts(tx: Transaction, userId: string, limit?: number) {
  const query = tx
    .select()
    .from(personalityAttempts)
    .where(and(eq(personalityAttempts.userId, userId), isNotNull(personalityAttempts.completedAt)))
    .orderBy(desc(personalityAttempts.completedAt), desc(personalityAttempts.id));
  return limit ? query.limit(limit) : query;
}

export function getPersonality(db: Database, userId: string): Promise<PersonalityState> {
  return withUserScope(db, userId, (tx) => stateOf(tx, userId), { accessMode: "read only" });
}

/** Starts a questionnaire, or hands back the one in progress so it resumes on any device. */
export function startAttempt(db: Database, userId: string): Promise<{ attempt: PersonalityAttempt; created: boolean }> {
  return withUserScope(db, userId, async (tx) => {
    const created = await tx
      .insert(personalityAttempts)
      .values({ userId })
      .onConflictDoNothing({ target: personalityAttempts.userId, where: sql`${personalityAttempts.completedAt} IS NULL` })
      .returning();
    const [open] = created.length
      ? created
      : await tx.select().from(personalityAttempts).where(and(eq(personalityAttempts.userId, userId), isNull(personalityAttempts.completedAt)));
    // Finished on another device between the two statements: nothing to resume, and starting again is one click.
    if (!open) throw new AppError("personality_attempt_finished", personalityMessages.attemptFinished);
    return { attempt: presentAttempt(open), created: created.length > 0 };
  });
}

/** The person's attempt, locked for a change; 404 for anyone else's or an unknown id, 409 once it is completed. */
async function openAttempt(tx: Transaction, userId: string, attemptId: string | undefined): Promise<AttemptRow> {
  if (!isUuid(attemptId)) throw notFound();
  const [row] = await tx
    .select()
    .from(personalityAttempts)
    .where(and(eq(personalityAttempts.id, attemptId), eq(personalityAttempts.userId, userId)))
    .for("update");
  if (!row) throw notFound();
  if (row.completedAt) throw new AppError("personality_attempt_finished", personalityMessages.attemptFinished);
  return row;
}

/** Saves answers as they are given; a statement answered again keeps the newest answer. */
export function saveAnswers(db: Database, userId: string, attemptId: string | undefined, answers: { item: number; value: number }[]): Promise<{ answered: number }> {
  return withUserScope(db, userId, async (tx) => {
    const row = await openAttempt(tx, userId, attemptId);
    const merged = [...row.answers];
    for (const { item, value } of answers) merged[item - 1] = value;
    await tx.update(personalityAttempts).set({ answers: merged, updatedAt: new Date() }).where(eq(personalityAttempts.id, row.id));
    return { answered: merged.filter((a) => a !== null).length };
  });
}

/**
 * Scores a fully answered questionnaire against the norm group (the profile's birthday gives the age band; without
 * one, the band the person chose; the sex they chose, if any), stores every domain and facet score, and refreshes the
 * traits the profile adds to the consciousness map; all in one transaction.
 */
export function completeAttempt(db: Database, userId: string, attemptId: string | undefined, choice: { sex: NormSex | null; ageBand: AgeBand | null }, now = new Date()): Promise<PersonalityState> {
  return withUserScope(db, userId, async (tx) => {
    const row = await openAttempt(tx, userId, attemptId);
    const missing = row.answers.filter((a) => a === null).length;
    if (missing > 0) throw new AppError("validation_failed", personalityMessages.missingAnswers(missing));
    const [profile] = await tx.select({ birthday: profiles.birthday }).from(profiles).where(eq(profiles.userId, userId));
    const ageBand = ageBandOn(profile?.birthday ?? null, now) ?? choice.ageBand;
    const scores = scoreBigFive(row.answers, normGroup({ sex: choice.sex, ageBand }));
    await tx.update(personalityAttempts).set({ completedAt: now, updatedAt: now, normSex: choice.sex, normAgeBand: ageBand }).where(eq(personalityAttempts.id, row.id));
    await tx.insert(traitScores).values(scoreRows(userId, row.id, scores, now));
    await refreshMappedTraits(tx, userId, scores.facets, now);
    return stateOf(tx, userId);
  });
}

/** One trait_scores row per domain and facet of a scored questionnaire. */
export const scoreRows = (userId: string, attemptId: string, scores: BigFiveScores, at: Date) =>
  bigFiveDomains.flatMap((domain) => [
    { userId, attemptId, trait: domain, ...scores.domains[domain], createdAt: at },
    ...scores.facets[domain].map((facet, i) => ({ userId, attemptId, trait: `${domain}${i + 1}`, ...facet, createdAt: at })),
  ]);

/** Puts the latest completed questionnaire's facets on the consciousness map (after an import added older or newer ones). */
export async function refreshFromLatest(tx: Transaction, userId: string): Promise<void> {
  const [latest] = await completedAttempts(tx, userId, 1);
  if (!latest) return;
  const rows = await tx.select().from(traitScores).where(and(eq(traitScores.userId, userId), eq(traitScores.attemptId, latest.id)));
  const facets = Object.fromEntries(
    bigFiveDomains.map((d) => [d, [1, 2, 3, 4, 5, 6].map((f) => ({ level: (rows.find((r) => r.trait === `${d}${f}`)?.level ?? "average") as TraitLevel }))]),
  ) as Record<BigFiveDomain, { level: TraitLevel }[]>;
  await refreshMappedTraits(tx, userId, facets, latest.completedAt!);
}

/** The latest profile's facets as consciousness traits, by mapping domain ("Self-Discipline: high"). */
async function refreshMappedTraits(tx: Transaction, userId: string, facets: Record<BigFiveDomain, { level: TraitLevel }[]>, now: Date) {
  const byCategory = Object.fromEntries(mappingDomainValues.map((c) => [c, [] as string[]])) as Record<MappingDomain, string[]>;
  for (const domain of bigFiveDomains) {
    facets[domain].forEach((facet, i) => byCategory[FACET_MAPPING[domain][i]!].push(`${bigFiveFacetLabels[domain][i]}: ${facet.level}`));
  }
  for (const category of mappingDomainValues) {
    await tx
      .insert(consciousnessTraits)
      .values({ userId, category, traits: byCategory[category], updatedAt: now })
      .onConflictDoUpdate({ target: [consciousnessTraits.userId, consciousnessTraits.category], set: { traits: byCategory[category], updatedAt: now } });
  }
}

/** The statements, numbered, for the questionnaire page. */
export const personalityItems = () => ({ items: PERSONALITY_ITEMS.map((i) => ({ number: i.number, text: i.text })) });

/**
 * The person's latest measured domains, for their own twin (never a visitor's): how they tend to decide, as levels
 * and percentiles, and the same as short trait words for the Laboratory's "traits used" (e.g. "high conscientiousness").
 */
export async function measuredProfile(
  tx: Transaction,
  userId: string,
): Promise<{ profile: { domain: BigFiveDomain; label: string; level: TraitLevel; percentile: number }[]; traits: string[] }> {
  const [latest] = await completedAttempts(tx, userId, 1);
  if (!latest) return { profile: [], traits: [] };
  const rows = await tx
    .select()
    .from(traitScores)
    .where(and(eq(traitScores.userId, userId), eq(traitScores.attemptId, latest.id), inArray(traitScores.trait, [...bigFiveDomains])));
  const profile = bigFiveDisplayOrder
    .map((domain) => rows.find((r) => r.trait === domain))
    .filter((r): r is ScoreRow => Boolean(r))
    .map((r) => ({ domain: r.trait as BigFiveDomain, label: bigFiveDomainLabels[r.trait as BigFiveDomain], level: r.level as TraitLevel, percentile: r.percentile }));
  return { profile, traits: profile.map((p) => `${p.level} ${p.label.toLowerCase()}`) };
}
