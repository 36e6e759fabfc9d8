import { z } from "zod";
import { deleteAccountSchema } from "./account";
import { audioMarkResponseSchema, markCertificateResponseSchema } from "./audio-mark";
import { ageResponseSchema, ageStatementSchema } from "./age";
import { apiDocsAssetNames, debugResponseSchema } from "./debug";
import { idempotencyKeySchema, type ErrorCode } from "./errors";
import { memoryMessages } from "./memory-options";
import {
  acceptLegacyInvitationResponseSchema,
  acceptLegacyInvitationSchema,
  addLegacyContactSchema,
  legacyContactResponseSchema,
  legacyContactsResponseSchema,
  legacyMessages,
  namedByResponseSchema,
  orderLegacyContactsSchema,
  releaseResponseSchema,
  releaseSettingsSchema,
  legacyDocumentResponseSchema,
  narrowVoiceScopeSchema,
  pauseTwinSchema,
  releasedMemoriesFileSchema,
  releasedMemoriesQuerySchema,
  retireTwinSchema,
  releasedMemoriesResponseSchema,
  visitorSpeechSchema,
  visitorTwinResponseSchema,
  memorialPageResponseSchema,
  memorialSlugParams,
  reportDeathSchema,
  stillHereSchema,
  updateLegacyContactSchema,
} from "./legacy";
import { twinMessages } from "./twin-options";
import { voiceCloneMessages, voiceMessages } from "./voice-options";
import { endpoints, type EndpointName } from "./endpoints";
import { trackEventSchema } from "./analytics";
import { healthResponseSchema, readinessResponseSchema } from "./health";
import { calibrationResponseSchema, reflectionResponseSchema, saveIdentitySchema, saveIntentsSchema, submitCalibrationSchema } from "./onboarding";
import {
  createMemorySchema,
  listMemoriesQuerySchema,
  setMemoriesAudienceResponseSchema,
  setMemoriesAudienceSchema,
  memoryListResponseSchema,
  memoryResponseSchema,
  memoryStatsResponseSchema,
  memoryTimelineQuerySchema,
  memoryTimelineResponseSchema,
  memoryVersionsResponseSchema,
  updateMemorySchema,
} from "./memories";
import { profileResponseSchema } from "./profile";
import { overviewResponseSchema } from "./overview";
import {
  createVoiceProfileRequestSchema,
  speechRequestSchema,
  voiceConsentResponseSchema,
  voiceConsentRevokedSchema,
  voiceConsentScopes,
  voiceConsentStateSchema,
  voiceProfileResponseSchema,
  voiceProfilesResponseSchema,
  voiceSessionResponseSchema,
  voiceTranscriptResponseSchema,
  voiceSessionsResponseSchema,
} from "./voice";
import {
  twinChatRequestSchema,
  twinInsightResponseSchema,
  twinFeedbackRequestSchema,
  twinMessageResponseSchema,
  twinSpeechRequestSchema,
  twinMessagesResponseSchema,
  twinScenarioRequestSchema,
  twinScenarioResponseSchema,
  twinStatusResponseSchema,
} from "./twin";
import {
  consciousnessExportSchema,
  encryptedExportRequestSchema,
  encryptedExportSchema,
  exportSummaryResponseSchema,
  importRequestSchema,
  importResponseSchema,
  voiceArchiveSchema,
} from "./data-export";
import {
  confirmMagicLinkResponseSchema,
  confirmMagicLinkSchema,
  emailSchema,
  googleStartResponseSchema,
  googleStartSchema,
  requestMagicLinkResponseSchema,
  requestMagicLinkSchema,
  sessionResponseSchema,
} from "./session";
import {
  completePersonalitySchema,
  personalityAttemptResponseSchema,
  personalityItemsResponseSchema,
  personalityMessages,
  personalityStateSchema,
  savePersonalityAnswersResponseSchema,
  savePersonalityAnswersSchema,
} from "./personality";
import { capturePromptsResponseSchema, captureUploadFieldsSchema, saveCaptureAnswerSchema } from "./capture";
import { answerScenarioResponseSchema, answerScenarioSchema, scenarioParamsSchema, scenarioStateSchema } from "./decision-scenarios";
import { scenarioMessages } from "./personality-options";
import {
  biometricImportResponseSchema,
  biometricMessages,
  biometricSeriesParamsSchema,
  biometricSeriesQuerySchema,
  biometricSeriesResponseSchema,
  biometricsResponseSchema,
} from "./biometrics";
import { joinWaitlistResponseSchema, joinWaitlistSchema, unsubscribeWaitlistSchema, waitlistPlaceSchema, waitlistTokenSchema } from "./waitlist";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  path: string;
  /** Signed-in users only. */
  auth: boolean;
  /**
   * Reachable by a signed-in person whose age is not settled (unknown, under 13, or waiting for a guardian): stating
   * it, reading it, and what is theirs by right whatever their age (downloading their data, deleting the account). Every other signed-in route refuses them (SECURITY.md 46).
   */
  beforeAge?: boolean;
  /** A development endpoint: registered in development only and left out of production's API document (SECURITY.md 49). */
  devOnly?: boolean;
  /** One line for the API's documentation (/api/docs). */
  summary: string;
  /** The path's `:name` parameters. */
  params?: z.ZodObject;
  /** What a path id that is malformed or names nothing answers: a 404, never a 400 (nothing to fix in the request). */
  missing?: { code: ErrorCode; message: string };
  query?: z.ZodObject;
  /** Request headers the endpoint reads (lower-case names). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body is multipart/form-data, read as a stream by the handler (the schema documents its fields). */
  multipart?: boolean;
  response: z.ZodType;
  /**
   * A stream or a file instead of JSON, with its media type: the handler writes it, and the response schema documents
   * it rather than being parsed on the way out. JSON answers are checked against the schema and serialized from it.
   */
  produces?: string;
}

const ok = z.object({ ok: z.literal(true) });
const id = (missing: { code: ErrorCode; message: string }) => ({ params: z.object({ id: z.uuid() }), missing });
const memoryId = id({ code: "memory_not_found", message: memoryMessages.notFound });
const twinMessageId = id({ code: "twin_message_not_found", message: twinMessages.messageNotFound });
const voiceSessionId = id({ code: "voice_session_not_found", message: voiceMessages.sessionNotFound });
const voiceProfileId = id({ code: "voice_profile_not_found", message: voiceCloneMessages.missingProfile });
const legacyContactId = id({ code: "legacy_contact_not_found", message: legacyMessages.contactNotFound });
const memorialSlug = { params: memorialSlugParams, missing: { code: "memorial_not_found" as const, message: legacyMessages.memorialNotFound } };
const personalityAttemptId = id({ code: "personality_attempt_not_found", message: personalityMessages.attemptNotFound });
const audioFile = z.string().describe("binary");

/** The API, one entry per endpoint. Server routes, the web client and /api/openapi.json are all made from this table. */
export const api = {
  health: { ...endpoints.health, summary: "Whether the API and its database answer (liveness: the process answers even when they do not).", response: healthResponseSchema },
  readiness: {
    ...endpoints.readiness,
    summary: "Whether this process can serve requests now: 200 when its database and file storage answer, 503 while either does not (for a load balancer).",
    response: readinessResponseSchema,
  },
  getDebug: { ...endpoints.getDebug, summary: "Development only: version, data location and the providers switched on.", response: debugResponseSchema },
  advanceDevClock: {
    ...endpoints.advanceDevClock,
    summary: "Development only: moves the legacy clock forward.",
    body: z.strictObject({ days: z.number().min(0).max(400) }),
    response: z.object({ now: z.string() }),
  },
  forgetDevSignInLimit: {
    ...endpoints.forgetDevSignInLimit,
    summary: "Development only: lets the minute between one address's sign-in links pass now.",
    body: z.strictObject({ email: emailSchema }),
    response: z.object({ email: z.string() }),
  },
  runDevLegacyCheck: { ...endpoints.runDevLegacyCheck, summary: "Development only: runs the legacy release check now.", response: z.object({ now: z.string() }) },
  getOpenApiDocument: {
    ...endpoints.getOpenApiDocument,
    summary: "This API as an OpenAPI 3.1 document, made from the same schemas the server validates with.",
    response: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
  },
  getApiDocs: { ...endpoints.getApiDocs, summary: "A viewer for the OpenAPI document (Swagger UI, served from this server).", response: z.string(), produces: "text/html" },
  getApiDocsAsset: {
    ...endpoints.getApiDocsAsset,
    summary: "The viewer's script and style sheet.",
    params: z.object({ file: z.enum(apiDocsAssetNames) }),
    response: z.string(),
    produces: "text/javascript, text/css",
  },
  getSession: { ...endpoints.getSession, summary: "Who is signed in, whether the access policy admits them, and the sign-in methods offered.", response: sessionResponseSchema },
  requestMagicLink: { ...endpoints.requestMagicLink, summary: "E-mails a sign-in link (the same answer for known and unknown addresses).", body: requestMagicLinkSchema, response: requestMagicLinkResponseSchema },
  confirmMagicLink: { ...endpoints.confirmMagicLink, summary: "Spends a sign-in token once and sets the session cookie.", body: confirmMagicLinkSchema, response: confirmMagicLinkResponseSchema },
  startGoogle: { ...endpoints.startGoogle, summary: "Starts Google sign-in: answers the authorisation URL to navigate to.", body: googleStartSchema, response: googleStartResponseSchema },
  googleCallback: {
    ...endpoints.googleCallback,
    summary: "Where the identity provider sends the browser back; relayed to Better Auth, answers a redirect.",
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
    response: z.string().describe("An HTML redirect"),
    produces: "text/html",
  },
  signOut: { ...endpoints.signOut, summary: "Ends the session on the server and clears the cookie.", response: ok },
  getProfile: { ...endpoints.getProfile, summary: "The signed-in person's profile and onboarding state.", response: profileResponseSchema },
  saveIntents: { ...endpoints.saveIntents, summary: "Saves what the person wants Mindprint for (onboarding).", body: saveIntentsSchema, response: profileResponseSchema },
  saveIdentity: { ...endpoints.saveIdentity, summary: "Saves the person's name and details (onboarding).", body: saveIdentitySchema, response: profileResponseSchema },
  submitCalibration: { ...endpoints.submitCalibration, summary: "Stores the answers to the calibration scenarios.", body: submitCalibrationSchema, response: calibrationResponseSchema },
  generateReflection: { ...endpoints.generateReflection, summary: "Generates the reflection on the calibration answers with the configured model.", response: reflectionResponseSchema },
  completeOnboarding: { ...endpoints.completeOnboarding, summary: "Marks onboarding complete.", response: profileResponseSchema },
  joinWaitlist: { ...endpoints.joinWaitlist, summary: "Joins the waitlist: 202 and the same answer whether or not the address was already waiting; its place goes to the address by e-mail.", body: joinWaitlistSchema, response: joinWaitlistResponseSchema },
  unsubscribeWaitlist: { ...endpoints.unsubscribeWaitlist, summary: "Leaves the waitlist with the token from the e-mail (idempotent).", body: unsubscribeWaitlistSchema, response: ok },
  getWaitlistPlace: { ...endpoints.getWaitlistPlace, summary: "The place in the queue of the entry whose e-mail carried this token (the link in the newest waitlist e-mail).", body: waitlistTokenSchema, response: waitlistPlaceSchema },
  trackEvent: { ...endpoints.trackEvent, summary: "Records one landing-page event (sent only after cookie consent).", body: trackEventSchema, response: ok },
  createMemory: {
    ...endpoints.createMemory,
    summary: "Stores a memory (201); a retry with the same Idempotency-Key answers the first one (200).",
    headers: z.object({ "idempotency-key": idempotencyKeySchema.optional() }),
    body: createMemorySchema,
    response: memoryResponseSchema,
  },
  listMemories: { ...endpoints.listMemories, summary: "A page of the vault, newest first, or the matches of a search.", query: listMemoriesQuerySchema, response: memoryListResponseSchema },
  getMemoryStats: { ...endpoints.getMemoryStats, summary: "The vault's insights: counts by emotion and category, and what the twin may use.", response: memoryStatsResponseSchema },
  getMemoryTimeline: {
    ...endpoints.getMemoryTimeline,
    summary: "The vault by decade of when the memories happened: the decades with their counts, the undated count, and one decade's memories in time order.",
    query: memoryTimelineQuerySchema,
    response: memoryTimelineResponseSchema,
  },
  getMemory: { ...endpoints.getMemory, ...memoryId, summary: "One memory.", response: memoryResponseSchema },
  listMemoryVersions: { ...endpoints.listMemoryVersions, ...memoryId, summary: "Every version of one memory, newest first.", response: memoryVersionsResponseSchema },
  updateMemory: { ...endpoints.updateMemory, ...memoryId, summary: "Edits a memory (a new version) or hides it from the twin (no new version).", body: updateMemorySchema, response: memoryResponseSchema },
  deleteMemory: { ...endpoints.deleteMemory, ...memoryId, summary: "Deletes a memory and its history.", response: ok },
  listLegacyContacts: { ...endpoints.listLegacyContacts, summary: "The owner's legacy contacts in order, with their invitations.", response: legacyContactsResponseSchema },
  addLegacyContact: {
    ...endpoints.addLegacyContact,
    summary: "Names a legacy contact (at most 10) and e-mails them an invitation valid for 14 days (201).",
    body: addLegacyContactSchema,
    response: legacyContactResponseSchema,
  },
  updateLegacyContact: { ...endpoints.updateLegacyContact, ...legacyContactId, summary: "Changes a contact's name, relationship or role.", body: updateLegacyContactSchema, response: legacyContactResponseSchema },
  removeLegacyContact: { ...endpoints.removeLegacyContact, ...legacyContactId, summary: "Removes a contact; an open invitation stops working.", response: ok },
  resendLegacyInvitation: {
    ...endpoints.resendLegacyInvitation,
    ...legacyContactId,
    summary: "Sends a new invitation (the old link stops working), valid 14 days from now.",
    response: legacyContactResponseSchema,
  },
  orderLegacyContacts: { ...endpoints.orderLegacyContacts, summary: "Puts the owner's contacts in a new order (every id exactly once).", body: orderLegacyContactsSchema, response: legacyContactsResponseSchema },
  acceptLegacyInvitation: {
    ...endpoints.acceptLegacyInvitation,
    summary: "Accepts an invitation as the signed-in person, who must have the address it was sent to (410 when it cannot be).",
    body: acceptLegacyInvitationSchema,
    response: acceptLegacyInvitationResponseSchema,
  },
  acceptWaitingInvitation: {
    ...endpoints.acceptWaitingInvitation,
    ...id({ code: "legacy_invitation_invalid", message: legacyMessages.inviteUnknown }),
    summary: "Accepts an open invitation sent to the signed-in address (the sign-in proved it), without its mailed link (410 when it is no longer open).",
    response: acceptLegacyInvitationResponseSchema,
  },
  previewLegacyInvitation: {
    ...endpoints.previewLegacyInvitation,
    summary: "Who sent an invitation (their first name, never their e-mail) and in what role, for the invitation page before sign-in (410 when the link no longer works).",
    body: acceptLegacyInvitationSchema,
    response: acceptLegacyInvitationResponseSchema,
  },
  listNamedBy: { ...endpoints.listNamedBy, summary: "Who named the signed-in person as a legacy contact, in what role, and where their legacy stands.", response: namedByResponseSchema },
  getRelease: { ...endpoints.getRelease, summary: "Where the owner's legacy stands: state, triggers, what a pending release waits for, and the audit log.", response: releaseResponseSchema },
  saveReleaseSettings: { ...endpoints.saveReleaseSettings, summary: "Sets the release triggers and the veto window.", body: releaseSettingsSchema, response: releaseResponseSchema },
  cancelRelease: { ...endpoints.cancelRelease, summary: "The owner's veto: a pending release goes back to not released.", response: releaseResponseSchema },
  reportDeath: {
    ...endpoints.reportDeath,
    ...legacyContactId,
    summary: "An accepted contact reports the death of the person who named them (by the id of the contact row that names them); the release becomes pending.",
    body: reportDeathSchema,
    response: namedByResponseSchema,
  },
  confirmRelease: { ...endpoints.confirmRelease, ...legacyContactId, summary: "An accepted contact confirms a pending release.", response: namedByResponseSchema },
  listReleasedMemories: {
    ...endpoints.listReleasedMemories,
    ...legacyContactId,
    summary: "The released memories the contact may read (family and public, seals opened), in the order they happened (undated after), with dates, age, question, recording, themes, decades and the seals still closed.",
    query: releasedMemoriesQuerySchema,
    response: releasedMemoriesResponseSchema,
  },
  pauseLegacyTwin: { ...endpoints.pauseLegacyTwin, ...legacyContactId, summary: "An executor pauses the released twin, with an optional message to visitors.", body: pauseTwinSchema, response: namedByResponseSchema },
  resumeLegacyTwin: { ...endpoints.resumeLegacyTwin, ...legacyContactId, summary: "An executor resumes a paused twin.", response: namedByResponseSchema },
  retireLegacyTwin: { ...endpoints.retireLegacyTwin, ...legacyContactId, summary: "An executor retires the twin for good.", body: retireTwinSchema, response: namedByResponseSchema },
  speakVisitorTwinAnswer: {
    ...endpoints.speakVisitorTwinAnswer,
    ...legacyContactId,
    summary: "Speaks one of this visitor's stored twin answers in the owner's voice, if the owner's consent allows it (409 for a support message, an identity answer or a notice).",
    body: visitorSpeechSchema,
    response: audioFile,
    produces: "audio/*",
  },
  narrowLegacyVoiceScope: { ...endpoints.narrowLegacyVoiceScope, ...legacyContactId, summary: "An executor narrows the owner's voice consent.", body: narrowVoiceScopeSchema, response: namedByResponseSchema },
  uploadLegacyDocument: {
    ...endpoints.uploadLegacyDocument,
    ...legacyContactId,
    summary: "Attaches a document (PDF, JPEG or PNG, at most 10 MB) to a reported death, for the executors (201).",
    multipart: true,
    body: z.object({ document: z.string().describe("binary") }),
    response: legacyDocumentResponseSchema,
  },
  getLegacyDocument: {
    ...endpoints.getLegacyDocument,
    params: z.object({ id: z.uuid(), docId: z.uuid() }),
    missing: { code: "not_found" as const, message: legacyMessages.documentNotFound },
    summary: "A document's bytes, for the owner's executors and its uploader.",
    response: z.string().describe("binary"),
    produces: "application/octet-stream",
  },
  getOwnLegacyDocument: {
    ...endpoints.getOwnLegacyDocument,
    params: z.object({ docId: z.uuid() }),
    missing: { code: "not_found" as const, message: legacyMessages.documentNotFound },
    summary: "A document attached about the owner, for the owner.",
    response: z.string().describe("binary"),
    produces: "application/octet-stream",
  },
  downloadReleasedMemories: {
    ...endpoints.downloadReleasedMemories,
    ...legacyContactId,
    summary: "An executor downloads the released memories (what contacts may read) as one JSON file.",
    response: releasedMemoriesFileSchema,
    produces: "application/json",
  },
  getMyAge: { ...endpoints.getMyAge, summary: "What is on record of the signed-in person's age.", response: ageResponseSchema },
  stateMyAge: {
    ...endpoints.stateMyAge,
    summary: "States the signed-in person's date of birth once; 13–17 name a guardian, who is e-mailed a consent link.",
    body: ageStatementSchema,
    response: ageResponseSchema,
  },
  getVisitorTwin: {
    ...endpoints.getVisitorTwin,
    ...legacyContactId,
    summary: "The released twin as this contact meets it: introduction, availability, and their own conversation.",
    response: visitorTwinResponseSchema,
  },
  sendVisitorTwinMessage: {
    ...endpoints.sendVisitorTwinMessage,
    ...legacyContactId,
    summary: "Asks the released twin, which answers from what this contact may read; streamed as a UI message stream.",
    body: twinChatRequestSchema,
    response: z.string().describe("Server-sent events of the UI message stream protocol"),
    produces: "text/event-stream",
  },
  getReleasedMemoryRecording: {
    ...endpoints.getReleasedMemoryRecording,
    params: z.object({ id: z.uuid(), memoryId: z.uuid() }),
    missing: { code: "not_found" as const, message: legacyMessages.recordingNotFound },
    summary: "The owner's recording of a released memory, for a contact the recordings audience reaches; range requests for seeking; 404 otherwise.",
    headers: z.object({ range: z.string().optional() }),
    response: audioFile,
    produces: "audio/webm",
  },
  getMemorialMemoryRecording: {
    ...endpoints.getMemorialMemoryRecording,
    params: z.object({ slug: z.string().max(60), memoryId: z.uuid() }),
    missing: { code: "not_found" as const, message: legacyMessages.recordingNotFound },
    summary: "The owner's recording of a memorial memory, when the owner let the public hear it; range requests for seeking; 404 otherwise.",
    headers: z.object({ range: z.string().optional() }),
    response: audioFile,
    produces: "audio/webm",
  },
  getMemorial: { ...endpoints.getMemorial, ...memorialSlug, summary: "A public memorial: whose it is, their years and the owner's words for visitors, the twin's introduction, and whether it answers now.", response: memorialPageResponseSchema },
  listMemorialMemories: {
    ...endpoints.listMemorialMemories,
    ...memorialSlug,
    summary: "A memorial's public memories whose seals have opened, in the order they happened (undated after), with their dates, themes and decades (nothing about sealed ones).",
    query: releasedMemoriesQuerySchema,
    response: releasedMemoriesResponseSchema,
  },
  askMemorialTwin: {
    ...endpoints.askMemorialTwin,
    ...memorialSlug,
    summary: "Asks a memorial's twin, which answers from the public memories only; nothing is stored; streamed as a UI message stream.",
    body: twinChatRequestSchema,
    response: z.string().describe("Server-sent events of the UI message stream protocol"),
    produces: "text/event-stream",
  },
  getPersonality: { ...endpoints.getPersonality, summary: "The Big Five questionnaire in progress, the latest profile with percentiles, and every completed attempt.", response: personalityStateSchema },
  listPersonalityItems: { ...endpoints.listPersonalityItems, summary: "The 120 statements of the IPIP-NEO-120, in order.", response: personalityItemsResponseSchema },
  startPersonalityAttempt: {
    ...endpoints.startPersonalityAttempt,
    summary: "Starts the questionnaire (201), or answers the one already in progress (200) so it can be resumed anywhere.",
    response: personalityAttemptResponseSchema,
  },
  savePersonalityAnswers: {
    ...endpoints.savePersonalityAnswers,
    ...personalityAttemptId,
    summary: "Saves answers as they are given (1–5 per statement); a statement answered again keeps the newest answer.",
    body: savePersonalityAnswersSchema,
    response: savePersonalityAnswersResponseSchema,
  },
  completePersonalityAttempt: {
    ...endpoints.completePersonalityAttempt,
    ...personalityAttemptId,
    summary: "Scores a fully answered questionnaire against the norms for the person's sex and age band (refused while any statement is unanswered).",
    body: completePersonalitySchema,
    response: personalityStateSchema,
  },
  getCapturePrompts: {
    ...endpoints.getCapturePrompts,
    summary: "The capture questions not yet answered, in the order a session offers them (the least mapped domain first).",
    response: capturePromptsResponseSchema,
  },
  saveCaptureAnswer: {
    ...endpoints.saveCaptureAnswer,
    summary: "Saves a capture answer, spoken or typed, to the vault as a memory with its question and recording (201); a retry with the same Idempotency-Key answers the first one (200).",
    headers: z.object({ "idempotency-key": idempotencyKeySchema.optional() }),
    body: saveCaptureAnswerSchema,
    response: memoryResponseSchema,
  },
  getBiometrics: {
    ...endpoints.getBiometrics,
    summary: "Biometric Intelligence: the devices imported, the imports, the newest readings, the consciousness state and the three trend cards.",
    response: biometricsResponseSchema,
  },
  getBiometricSeries: {
    ...endpoints.getBiometricSeries,
    params: biometricSeriesParamsSchema,
    missing: { code: "not_found", message: biometricMessages.metricInvalid },
    query: biometricSeriesQuerySchema,
    summary: "One metric's values per day over a range (weekly means past 400 days), one device per day.",
    response: biometricSeriesResponseSchema,
  },
  uploadBiometricExport: {
    ...endpoints.uploadBiometricExport,
    summary:
      "Uploads a device export (multipart field `file`: Apple Health export.zip, Fitbit / Google Takeout .zip, Oura .csv), streamed to disk and read by a background job (202); the same file again answers its earlier import (200).",
    multipart: true,
    body: z.object({ file: z.string().describe("binary") }),
    response: biometricImportResponseSchema,
  },
  getBiometricImport: {
    ...endpoints.getBiometricImport,
    ...id({ code: "biometric_import_not_found", message: biometricMessages.importNotFound }),
    summary: "One import and its progress.",
    response: biometricImportResponseSchema.pick({ import: true }),
  },
  deleteBiometricSource: {
    ...endpoints.deleteBiometricSource,
    ...id({ code: "biometric_source_not_found", message: biometricMessages.sourceNotFound }),
    summary: "Removes a connected device and every reading from it.",
    response: ok,
  },
  getDecisionScenarios: {
    ...endpoints.getDecisionScenarios,
    summary: "Decision Scenario Testing: the next scenario (a retest when one is due), the twin's agreement, the person's own consistency and the twin's fidelity.",
    response: scenarioStateSchema,
  },
  answerDecisionScenario: {
    ...endpoints.answerDecisionScenario,
    params: scenarioParamsSchema,
    missing: { code: "scenario_not_found", message: scenarioMessages.notFound },
    summary: "Answers a scenario; a first answer is stored with the twin's prediction, made beforehand without it (409 when already answered or not yet due again).",
    body: answerScenarioSchema,
    response: answerScenarioResponseSchema,
  },
  stillHere: { ...endpoints.stillHere, summary: "The one-click \"I'm still here\" of an inactivity reminder: the inactivity count starts again.", body: stillHereSchema, response: ok },
  setMemoriesAudience: {
    ...endpoints.setMemoriesAudience,
    summary: "Gives several of the owner's memories one audience, all or none (404 if any is not theirs).",
    body: setMemoriesAudienceSchema,
    response: setMemoriesAudienceResponseSchema,
  },
  deleteAccount: { ...endpoints.deleteAccount, summary: "Deletes the account and everything it owns; needs a sign-in within the last 10 minutes.", body: deleteAccountSchema, response: ok },
  getOverview: { ...endpoints.getOverview, summary: "The dashboard's figures (completeness, mapping progress, voice hours).", response: overviewResponseSchema },
  getExportSummary: { ...endpoints.getExportSummary, summary: "What an export would contain.", response: exportSummaryResponseSchema },
  exportConsciousness: {
    ...endpoints.exportConsciousness,
    summary: "Downloads everything as one JSON file, streamed; needs a recent sign-in.",
    response: consciousnessExportSchema,
    produces: "application/json",
  },
  exportConsciousnessEncrypted: {
    ...endpoints.exportConsciousnessEncrypted,
    summary: "The same file encrypted with a passphrase (AES-256-GCM, scrypt), streamed; needs a recent sign-in.",
    body: encryptedExportRequestSchema,
    response: encryptedExportSchema,
    produces: "application/json",
  },
  exportVoiceArchive: { ...endpoints.exportVoiceArchive, summary: "The voice sessions and clones as JSON (an attachment); needs a recent sign-in.", response: voiceArchiveSchema },
  exportVoiceRecordings: {
    ...endpoints.exportVoiceRecordings,
    summary: "The recordings themselves as one tar archive, streamed; needs a recent sign-in.",
    response: z.string().describe("binary"),
    produces: "application/x-tar",
  },
  importConsciousness: { ...endpoints.importConsciousness, summary: "Restores an export (plain or encrypted) into an empty vault, all or nothing.", body: importRequestSchema, response: importResponseSchema },
  getTwinStatus: { ...endpoints.getTwinStatus, summary: "The twin's figures: material, what it reads for meaning, ratings and the honesty self-check.", response: twinStatusResponseSchema },
  listTwinMessages: { ...endpoints.listTwinMessages, summary: "The conversation with the twin, with each answer's sources.", response: twinMessagesResponseSchema },
  sendTwinMessage: {
    ...endpoints.sendTwinMessage,
    summary: "Asks the twin: the answer streams as an AI SDK UI message stream, its last metadata a TwinAnswerMetadata.",
    body: twinChatRequestSchema,
    response: z.string().describe("Server-sent events of the UI message stream protocol"),
    produces: "text/event-stream",
  },
  setTwinFeedback: { ...endpoints.setTwinFeedback, ...twinMessageId, summary: "Rates one answer up, down, or clears the rating.", body: twinFeedbackRequestSchema, response: twinMessageResponseSchema },
  speakTwinAnswer: {
    ...endpoints.speakTwinAnswer,
    ...twinMessageId,
    summary: "Speaks one of the owner's stored twin answers in a ready voice (409 for a support message, an identity answer or a notice).",
    body: twinSpeechRequestSchema,
    response: audioFile,
    produces: "audio/*",
  },
  decideTwinScenario: { ...endpoints.decideTwinScenario, summary: "The laboratory: how the twin would decide a scenario (not stored).", body: twinScenarioRequestSchema, response: twinScenarioResponseSchema },
  generateMemoryInsight: { ...endpoints.generateMemoryInsight, summary: "Generates and stores the memory insight.", response: twinInsightResponseSchema },
  generateValuesSummary: { ...endpoints.generateValuesSummary, summary: "Generates and stores the values summary.", response: twinInsightResponseSchema },
  uploadVoiceSession: {
    ...endpoints.uploadVoiceSession,
    summary: "Uploads one recording (multipart field `audio`, WebM/Opus), measured as it streams in (201); from a capture session, the fields `promptId` and `signals` come first.",
    multipart: true,
    body: captureUploadFieldsSchema.extend({ audio: audioFile }),
    response: voiceSessionResponseSchema,
  },
  transcribeVoiceSession: {
    ...endpoints.transcribeVoiceSession,
    ...voiceSessionId,
    summary: "Starts transcribing one of the person's recordings in the background (202), or answers the transcript it already has (409 when transcription is not set up).",
    response: voiceTranscriptResponseSchema,
  },
  getVoiceTranscript: { ...endpoints.getVoiceTranscript, ...voiceSessionId, summary: "A recording's transcript, or null when none was asked for.", response: voiceTranscriptResponseSchema },
  listVoiceSessions: { ...endpoints.listVoiceSessions, summary: "The recordings, with their quality and totals.", response: voiceSessionsResponseSchema },
  getVoiceSessionAudio: {
    ...endpoints.getVoiceSessionAudio,
    ...voiceSessionId,
    summary: "The recording's bytes, with range requests for seeking.",
    headers: z.object({ range: z.string().optional() }),
    response: audioFile,
    produces: "audio/webm",
  },
  deleteVoiceSession: { ...endpoints.deleteVoiceSession, ...voiceSessionId, summary: "Deletes a recording and its file.", response: ok },
  listVoiceProfiles: { ...endpoints.listVoiceProfiles, summary: "The voice clones.", response: voiceProfilesResponseSchema },
  createVoiceProfile: { ...endpoints.createVoiceProfile, summary: "Creates a clone and queues its training (201).", body: createVoiceProfileRequestSchema, response: voiceProfileResponseSchema },
  getVoiceProfile: { ...endpoints.getVoiceProfile, ...voiceProfileId, summary: "One clone and its training state.", response: voiceProfileResponseSchema },
  retryVoiceProfile: { ...endpoints.retryVoiceProfile, ...voiceProfileId, summary: "Trains again a clone whose training failed.", response: voiceProfileResponseSchema },
  deleteVoiceProfile: { ...endpoints.deleteVoiceProfile, ...voiceProfileId, summary: "Deletes a clone here and at its engine.", response: ok },
  getVoiceConsent: { ...endpoints.getVoiceConsent, summary: "The voice-use consent in force, earlier ones, and today's statements.", response: voiceConsentStateSchema },
  recordVoiceConsent: {
    ...endpoints.recordVoiceConsent,
    summary: "Records the owner reading the consent statement (multipart `scope`, `day`, then `audio`) (201).",
    multipart: true,
    body: z.object({ scope: z.enum(voiceConsentScopes), day: z.string().describe("YYYY-MM-DD: the date the statement showed, the reader's today"), audio: audioFile }),
    response: voiceConsentResponseSchema,
  },
  revokeVoiceConsent: { ...endpoints.revokeVoiceConsent, summary: "Revokes the consent and deletes every clone.", response: voiceConsentRevokedSchema },
  synthesizeSpeech: {
    ...endpoints.synthesizeSpeech,
    summary: "Speaks a text in a ready clone's voice (audio/wav from the local engine, audio/mpeg from ElevenLabs).",
    body: speechRequestSchema,
    response: audioFile,
    produces: "audio/*",
  },
  verifyAudioMark: {
    ...endpoints.verifyAudioMark,
    summary:
      "Reads the AI marks of a WAV or MP3 file (multipart `audio`): who signed them (this installation, another signer, not signed, no mark), whether it is AI-generated, whose voice, when. Nothing is stored.",
    multipart: true,
    body: z.object({ audio: audioFile }),
    response: audioMarkResponseSchema,
  },
  getMarkCertificate: {
    ...endpoints.getMarkCertificate,
    summary: "The certificate this installation signs the C2PA manifests of its synthetic speech under, with its SHA-256 fingerprint.",
    response: markCertificateResponseSchema,
  },
} as const satisfies Record<EndpointName, Endpoint>;

export type Api = typeof api;
export type { EndpointName } from "./endpoints";
export type ResponseOf<N extends EndpointName> = z.infer<Api[N]["response"]>;
export type BodyOf<N extends EndpointName> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]["body"]> : undefined;
