import { z } from "zod";
import {
  LEGACY_NAME_MAX,
  LEGACY_INTRODUCTION_MAX,
  LEGACY_NOTE_MAX,
  LEGACY_PAUSE_MESSAGE_MAX,
  LEGACY_RELATIONSHIP_MAX,
  LEGACY_VETO_DAYS_MAX,
  LEGACY_VETO_DAYS_MIN,
  legacyInactivityValues,
  legacyRetentionValues,
  legacyMessages,
  legacyRoleValues,
  legacyStateValues,
  MEMORIAL_INTRODUCTION_MAX,
  MEMORIAL_SLUG_PATTERN,
} from "./legacy-options";

import { emotionValues, MEMORY_LIST_LIMIT_MAX, memoryCategoryValues } from "./memory-options";
import { twinMessageSchema } from "./twin";
import { voiceConsentScopes } from "./voice-options";
import { controlCharacterMessages, isPlainMultiLine, isSingleLine } from "./plain-text";

export * from "./legacy-options";

const nameSchema = z
  .string({ error: legacyMessages.nameRequired })
  .trim()
  .min(1, legacyMessages.nameRequired)
  .max(LEGACY_NAME_MAX, legacyMessages.nameTooLong)
  .refine(isSingleLine, controlCharacterMessages.singleLine);
const emailSchema = z
  .string({ error: legacyMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: legacyMessages.emailInvalid }).max(254, legacyMessages.emailInvalid));
const relationshipSchema = z
  .string({ error: legacyMessages.relationshipRequired })
  .trim()
  .min(1, legacyMessages.relationshipRequired)
  .max(LEGACY_RELATIONSHIP_MAX, legacyMessages.relationshipTooLong)
  .refine(isSingleLine, controlCharacterMessages.singleLine);
const roleSchema = z.enum(legacyRoleValues, { error: legacyMessages.roleInvalid });

/** POST /api/legacy/contacts: names someone and sends them an invitation. */
export const addLegacyContactSchema = z.strictObject({ name: nameSchema, email: emailSchema, relationship: relationshipSchema, role: roleSchema.default("contact") });

/** PATCH /api/legacy/contacts/:id: the address cannot change (the invitation went to it): remove and name again. */
export const updateLegacyContactSchema = z
  .strictObject({ name: nameSchema.optional(), relationship: relationshipSchema.optional(), role: roleSchema.optional() })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), "Nothing to change: send at least one field.");

/** POST /api/legacy/contacts/order: every contact's id, in the new order. */
export const orderLegacyContactsSchema = z.strictObject({ ids: z.array(z.string()).min(1, legacyMessages.orderMismatch).max(10, legacyMessages.orderMismatch) });

export const acceptLegacyInvitationSchema = z.strictObject({ token: z.string().min(1, legacyMessages.inviteUnknown).max(200, legacyMessages.inviteUnknown) });

export const legacyContactSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  email: z.string(),
  relationship: z.string(),
  role: z.enum(legacyRoleValues),
  /** `invited` (waiting, until `inviteExpiresAt`), `expired` (resend to invite again) or `accepted`. */
  status: z.enum(["invited", "expired", "accepted"]),
  invitedAt: z.string(),
  inviteExpiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type LegacyContact = z.infer<typeof legacyContactSchema>;

export const legacyContactsResponseSchema = z.object({
  contacts: z.array(legacyContactSchema),
  /** Set when nobody is an executor yet: the page recommends naming one. */
  recommendation: z.string().nullable(),
});
export const legacyContactResponseSchema = z.object({ contact: legacyContactSchema });

/** A document attached to a death report, for the owner's executors (and the contact who uploaded it). */
export const legacyDocumentSchema = z.object({ id: z.string(), uploadedBy: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int(), createdAt: z.string() });
export type LegacyDocument = z.infer<typeof legacyDocumentSchema>;
export const legacyDocumentResponseSchema = z.object({ document: legacyDocumentSchema });

/** Someone who named the signed-in person, as a contact sees it before release: who, and in what role. */
export const namedByResponseSchema = z.object({
  namedBy: z.array(
    z.object({
      contactId: z.string(),
      ownerName: z.string(),
      ownerEmail: z.string(),
      role: z.enum(legacyRoleValues),
      relationship: z.string(),
      acceptedAt: z.string(),
      /** Where that person's legacy stands, so the contact can report a death or confirm a pending release. */
      state: z.enum(legacyStateValues),
      /** Whether that person allows a death report to start a release. */
      deathReports: z.boolean(),
      confirmedByMe: z.boolean(),
      /** While a release is pending: when its waiting period ends, the earliest it can happen (with the confirmations it needs). */
      releaseAfter: z.string().nullable(),
      /** The release history in summary (who did what, when), from the moment a release was set in motion. */
      history: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string() })),
      /** The public memorial's page (/memorial/{slug}) once released, to share; null when there is none to visit. */
      memorialPath: z.string().nullable(),
      /** Documents attached to a death report: all of them for an executor, one's own upload for anyone else. */
      documents: z.array(legacyDocumentSchema),
    }),
  ),
  /**
   * Invitations sent to the signed-in address and not yet accepted (a contact who signed in before opening the mail):
   * the owner's first name (null when they gave none), the role, and until when it can be accepted.
   */
  waiting: z.array(z.object({ contactId: z.string(), ownerName: z.string().nullable(), role: z.enum(legacyRoleValues), relationship: z.string(), expiresAt: z.string() })),
});
/**
 * Who named the person and as what, when they accept an invitation or look at it first: the owner's first name as they
 * gave it in their profile (null when they gave none: never their e-mail), and the role.
 */
export const acceptLegacyInvitationResponseSchema = z.object({ ownerName: z.string().nullable(), role: z.enum(legacyRoleValues) });

/** PUT /api/legacy/release/settings: the triggers and the veto window. */
export const releaseSettingsSchema = z.strictObject({
  inactivityMonths: z
    .number({ error: legacyMessages.inactivityInvalid })
    .int()
    .refine((n) => (legacyInactivityValues as readonly number[]).includes(n), legacyMessages.inactivityInvalid)
    .nullable(),
  deathReports: z.boolean(),
  vetoDays: z.number({ error: legacyMessages.vetoDaysInvalid }).int(legacyMessages.vetoDaysInvalid).min(LEGACY_VETO_DAYS_MIN, legacyMessages.vetoDaysInvalid).max(LEGACY_VETO_DAYS_MAX, legacyMessages.vetoDaysInvalid),
  /** How the twin introduces itself to the people named, in the owner's words; empty for the default words. Left out: unchanged. */
  introduction: z.string().trim().max(LEGACY_INTRODUCTION_MAX, legacyMessages.introductionTooLong).refine(isPlainMultiLine, controlCharacterMessages.multiLine).optional(),
  /** The public memorial's address (/memorial/{slug}), or null for none. Left out: unchanged. */
  memorialSlug: z
    .string({ error: legacyMessages.memorialSlugInvalid })
    .trim()
    .toLowerCase()
    .regex(MEMORIAL_SLUG_PATTERN, legacyMessages.memorialSlugInvalid)
    .nullable()
    .optional(),
  /** Whether search engines may list the memorial. Left out: unchanged. */
  memorialIndexing: z.boolean().optional(),
  /** Who may hear the owner's recordings linked to memories (the voice consent's three words). Left out: unchanged. */
  recordingsAudience: z.enum(voiceConsentScopes).optional(),
  /** The owner's words for the public memorial's visitors; empty for none. Left out: unchanged. */
  memorialIntroduction: z.string().trim().max(MEMORIAL_INTRODUCTION_MAX, legacyMessages.memorialIntroductionTooLong).refine(isPlainMultiLine, controlCharacterMessages.multiLine).optional(),
  /** Left out: unchanged. */
  retentionMonths: z
    .number({ error: legacyMessages.retentionInvalid })
    .refine((n) => (legacyRetentionValues as readonly number[]).includes(n), legacyMessages.retentionInvalid)
    .optional(),
});

/** POST /api/legacy/named-me/:id/pause: the executor's words to visitors while the twin is paused (optional). */
export const pauseTwinSchema = z.strictObject({
  message: z.string().trim().max(LEGACY_PAUSE_MESSAGE_MAX, legacyMessages.pauseMessageTooLong).refine(isPlainMultiLine, controlCharacterMessages.multiLine).default(""),
});
/** POST /api/legacy/named-me/:id/retire: retiring cannot be undone, so it is confirmed in the request itself. */
export const retireTwinSchema = z.strictObject({ confirm: z.literal(true, { error: legacyMessages.retireConfirm }) });

export const releaseResponseSchema = z.object({
  state: z.enum(legacyStateValues),
  releasedAt: z.string().nullable(),
  settings: z.object({ inactivityMonths: z.number().int().nullable(), deathReports: z.boolean(), vetoDays: z.number().int(), retentionMonths: z.number().int(), introduction: z.string().nullable(), memorialSlug: z.string().nullable(), memorialIndexing: z.boolean(), recordingsAudience: z.enum(voiceConsentScopes), memorialIntroduction: z.string().nullable() }),
  /** When the inactivity trigger would start a release if the owner never signs in again; null when it is off. */
  inactivityDeadline: z.string().nullable(),
  pending: z
    .object({
      reason: z.enum(["inactivity", "death_report"]),
      since: z.string(),
      vetoUntil: z.string(),
      confirmedBy: z.array(z.object({ name: z.string(), role: z.enum(legacyRoleValues), at: z.string() })),
      /** What is still needed, in words: the waiting period, and who must confirm. */
      waitingFor: z.array(z.string()),
    })
    .nullable(),
  audit: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string(), fromState: z.string(), toState: z.string(), note: z.string().nullable() })),
  /** Documents contacts attached to a death report. */
  documents: z.array(legacyDocumentSchema),
});
export type ReleaseStatus = z.infer<typeof releaseResponseSchema>;

export const reportDeathSchema = z.strictObject({
  note: z.string().trim().max(LEGACY_NOTE_MAX, legacyMessages.noteTooLong).default(""),
  /** The date of death, when the reporter knows it (YYYY-MM-DD); the server refuses one in the future or before the birth date. */
  diedOn: z.iso.date({ error: legacyMessages.diedOnInvalid }).nullable().default(null),
});
export const stillHereSchema = z.strictObject({ token: z.string().min(1, legacyMessages.stillHereInvalid).max(200, legacyMessages.stillHereInvalid) });

/**
 * GET /api/legacy/named-me/:id/memories: the released memories a contact may read, in the order they happened (the
 * undated after, in the order written), by theme and by decade (`decade=1990` for the 1990s).
 */
export const releasedMemoriesQuerySchema = z.object({
  category: z.enum(memoryCategoryValues).optional(),
  decade: z.coerce
    .number()
    .int()
    .min(1000)
    .max(9990)
    .refine((n) => n % 10 === 0, "A decade is a year ending in 0, such as 1990.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(MEMORY_LIST_LIMIT_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const releasedMemoriesResponseSchema = z.object({
  ownerName: z.string(),
  state: z.enum(["released", "paused", "retired"]),
  memories: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      emotion: z.enum(emotionValues),
      category: z.enum(memoryCategoryValues),
      tags: z.array(z.string()),
      createdAt: z.string(),
      /** When it happened: "1998", "1998-06" or "1998-06-14"; null when the owner did not say. */
      happenedOn: z.string().nullable(),
      /** The owner's age then, from their birthday: one figure, or two ("37 or 38") when the date is too coarse. */
      age: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
      /** The question a capture answer responds to; null for a memory written in the vault. */
      question: z.string().nullable(),
      /** The owner's own recording of it, when this reader may hear it (the recordings audience); null otherwise. */
      recording: z.object({ durationSeconds: z.number() }).nullable(),
      /** The day its seal opened, for a memory the owner sealed (a letter for later); null for one never sealed. */
      openedOn: z.string().nullable(),
    }),
  ),
  /** How many match the theme and decade chosen (all when none). */
  total: z.number().int(),
  /** Every theme with something to read, and how much. */
  themes: z.array(z.object({ category: z.enum(memoryCategoryValues), count: z.number().int() })),
  /** Every decade with dated memories to read (1990 for the 1990s), oldest first, and how many. */
  decades: z.array(z.object({ decade: z.number().int(), count: z.number().int() })),
  /** Memories still sealed: the day each group opens and how many, never what they hold. */
  sealed: z.array(z.object({ opensOn: z.string(), count: z.number().int() })),
});
export type ReleasedMemories = z.infer<typeof releasedMemoriesResponseSchema>;

/** GET /api/legacy/named-me/:id/twin: the released twin as this contact meets it, with their own conversation. */
export const visitorTwinResponseSchema = z.object({
  ownerName: z.string(),
  state: z.enum(["released", "paused", "retired"]),
  /** The twin's honest first words: what it is, whose words it holds, that it can be wrong. */
  intro: z.string(),
  /** Why the twin does not answer now (paused or retired), null while it does. */
  unavailable: z.string().nullable(),
  /** The executor's own words to visitors while the twin is paused. */
  executorMessage: z.string().nullable(),
  /** Whether answers may be heard in the owner's voice, and if not, why (the owner's consent, or no trained voice). */
  voice: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  messages: z.array(twinMessageSchema),
});
export type VisitorTwin = z.infer<typeof visitorTwinResponseSchema>;

/** GET /api/memorial/:slug: a public memorial, to anyone, once the owner's legacy is released. */
export const memorialResponseSchema = visitorTwinResponseSchema.omit({ messages: true, voice: true }).extend({
  /** Whether the owner let search engines list the memorial. */
  indexing: z.boolean(),
  /** When a retired memorial closes and its memories are erased; null while it has no end. */
  readableUntil: z.string().nullable(),
});
/** The memorial page as a visitor meets it (issue 34): the twin's part above, and the life it remembers. */
export const memorialPageResponseSchema = memorialResponseSchema.extend({
  /** The year of birth (the owner's profile) and of death (the confirmed death report); null when not known. */
  years: z.object({ born: z.number().int().nullable(), died: z.number().int().nullable() }),
  /** What the owner wrote for the memorial's visitors; null when they wrote nothing. */
  introduction: z.string().nullable(),
});
export type MemorialPage = z.infer<typeof memorialPageResponseSchema>;
export const memorialSlugParams = z.object({ slug: z.string().max(60) });

export const visitorSpeechSchema = z.strictObject({ messageId: z.string().min(1, legacyMessages.voiceMessageNotFound) });
export const narrowVoiceScopeSchema = z.strictObject({ scope: z.enum(voiceConsentScopes, { error: legacyMessages.scopeNotNarrower }) });

/** GET /api/legacy/named-me/:id/memories/download: the released memories as one JSON file, for an executor. */
export const releasedMemoriesFileSchema = z.object({
  ownerName: z.string(),
  exportedAt: z.string(),
  memories: releasedMemoriesResponseSchema.shape.memories,
});
export type ReleasedMemoriesFile = z.infer<typeof releasedMemoriesFileSchema>;
