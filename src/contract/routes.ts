import { z } from "zod";
import { deleteAccountSchema } from "./account";
import { endpoints, type EndpointName } from "./endpoints";
import { trackEventSchema } from "./analytics";
import { healthResponseSchema } from "./health";
import { calibrationResponseSchema, reflectionResponseSchema, saveIdentitySchema, saveIntentsSchema, submitCalibrationSchema } from "./onboarding";
import {
  createMemorySchema,
  memoryListResponseSchema,
  memoryResponseSchema,
  memoryStatsResponseSchema,
  memoryVersionsResponseSchema,
  updateMemorySchema,
} from "./memories";
import { profileResponseSchema } from "./profile";
import { overviewResponseSchema } from "./overview";
import { createVoiceProfileRequestSchema, speechRequestSchema, voiceProfileResponseSchema, voiceProfilesResponseSchema, voiceSessionResponseSchema, voiceSessionsResponseSchema } from "./voice";
import {
  twinChatRequestSchema,
  twinInsightResponseSchema,
  twinFeedbackRequestSchema,
  twinMessageResponseSchema,
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
  googleStartResponseSchema,
  googleStartSchema,
  requestMagicLinkResponseSchema,
  requestMagicLinkSchema,
  sessionResponseSchema,
} from "./session";
import { joinWaitlistResponseSchema, joinWaitlistSchema, unsubscribeWaitlistSchema } from "./waitlist";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  path: string;
  body?: z.ZodType;
  response: z.ZodType;
  /** Signed-in users only. */
  auth: boolean;
}

const ok = z.object({ ok: z.literal(true) });

/** The API, one entry per endpoint. Server routes and the web client are both typed from this table. */
export const api = {
  health: { ...endpoints.health, response: healthResponseSchema },
  getSession: { ...endpoints.getSession, response: sessionResponseSchema },
  requestMagicLink: { ...endpoints.requestMagicLink, body: requestMagicLinkSchema, response: requestMagicLinkResponseSchema },
  confirmMagicLink: { ...endpoints.confirmMagicLink, body: confirmMagicLinkSchema, response: confirmMagicLinkResponseSchema },
  startGoogle: { ...endpoints.startGoogle, body: googleStartSchema, response: googleStartResponseSchema },
  signOut: { ...endpoints.signOut, response: ok },
  getProfile: { ...endpoints.getProfile, response: profileResponseSchema },
  saveIntents: { ...endpoints.saveIntents, body: saveIntentsSchema, response: profileResponseSchema },
  saveIdentity: { ...endpoints.saveIdentity, body: saveIdentitySchema, response: profileResponseSchema },
  submitCalibration: { ...endpoints.submitCalibration, body: submitCalibrationSchema, response: calibrationResponseSchema },
  generateReflection: { ...endpoints.generateReflection, response: reflectionResponseSchema },
  completeOnboarding: { ...endpoints.completeOnboarding, response: profileResponseSchema },
  joinWaitlist: { ...endpoints.joinWaitlist, body: joinWaitlistSchema, response: joinWaitlistResponseSchema },
  unsubscribeWaitlist: { ...endpoints.unsubscribeWaitlist, body: unsubscribeWaitlistSchema, response: ok },
  trackEvent: { ...endpoints.trackEvent, body: trackEventSchema, response: ok },
  // Query strings (listMemoriesQuerySchema) and the `:id` parameter (memoryIdSchema) are parsed in the route.
  createMemory: { ...endpoints.createMemory, body: createMemorySchema, response: memoryResponseSchema },
  listMemories: { ...endpoints.listMemories, response: memoryListResponseSchema },
  getMemoryStats: { ...endpoints.getMemoryStats, response: memoryStatsResponseSchema },
  getMemory: { ...endpoints.getMemory, response: memoryResponseSchema },
  listMemoryVersions: { ...endpoints.listMemoryVersions, response: memoryVersionsResponseSchema },
  updateMemory: { ...endpoints.updateMemory, body: updateMemorySchema, response: memoryResponseSchema },
  deleteMemory: { ...endpoints.deleteMemory, response: ok },
  deleteAccount: { ...endpoints.deleteAccount, body: deleteAccountSchema, response: ok },
  getOverview: { ...endpoints.getOverview, response: overviewResponseSchema },
  getExportSummary: { ...endpoints.getExportSummary, response: exportSummaryResponseSchema },
  // The two consciousness downloads are streamed: their bodies are written in pieces, so the response schema
  // documents the file (the import validates against it) rather than being parsed on the way out.
  exportConsciousness: { ...endpoints.exportConsciousness, response: consciousnessExportSchema },
  exportConsciousnessEncrypted: { ...endpoints.exportConsciousnessEncrypted, body: encryptedExportRequestSchema, response: encryptedExportSchema },
  exportVoiceArchive: { ...endpoints.exportVoiceArchive, response: voiceArchiveSchema },
  exportVoiceRecordings: { ...endpoints.exportVoiceRecordings, response: z.unknown() },
  importConsciousness: { ...endpoints.importConsciousness, body: importRequestSchema, response: importResponseSchema },
  getTwinStatus: { ...endpoints.getTwinStatus, response: twinStatusResponseSchema },
  listTwinMessages: { ...endpoints.listTwinMessages, response: twinMessagesResponseSchema },
  // Streamed: the response is a UI message stream whose final metadata is a TwinAnswerMetadata.
  sendTwinMessage: { ...endpoints.sendTwinMessage, body: twinChatRequestSchema, response: z.unknown() },
  setTwinFeedback: { ...endpoints.setTwinFeedback, body: twinFeedbackRequestSchema, response: twinMessageResponseSchema },
  decideTwinScenario: { ...endpoints.decideTwinScenario, body: twinScenarioRequestSchema, response: twinScenarioResponseSchema },
  generateMemoryInsight: { ...endpoints.generateMemoryInsight, response: twinInsightResponseSchema },
  generateValuesSummary: { ...endpoints.generateValuesSummary, response: twinInsightResponseSchema },
  uploadVoiceSession: { ...endpoints.uploadVoiceSession, response: voiceSessionResponseSchema },
  listVoiceSessions: { ...endpoints.listVoiceSessions, response: voiceSessionsResponseSchema },
  getVoiceSessionAudio: { ...endpoints.getVoiceSessionAudio, response: z.unknown() },
  deleteVoiceSession: { ...endpoints.deleteVoiceSession, response: ok },
  listVoiceProfiles: { ...endpoints.listVoiceProfiles, response: voiceProfilesResponseSchema },
  createVoiceProfile: { ...endpoints.createVoiceProfile, body: createVoiceProfileRequestSchema, response: voiceProfileResponseSchema },
  getVoiceProfile: { ...endpoints.getVoiceProfile, response: voiceProfileResponseSchema },
  retryVoiceProfile: { ...endpoints.retryVoiceProfile, response: voiceProfileResponseSchema },
  deleteVoiceProfile: { ...endpoints.deleteVoiceProfile, response: ok },
  synthesizeSpeech: { ...endpoints.synthesizeSpeech, body: speechRequestSchema, response: z.unknown() },
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type { EndpointName } from "./endpoints";
export type ResponseOf<N extends EndpointName> = z.infer<Api[N]["response"]>;
export type BodyOf<N extends EndpointName> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]["body"]> : undefined;
