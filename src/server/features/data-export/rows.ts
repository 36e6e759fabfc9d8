import type { z } from "zod";
import type { exportedCalibrationSchema, exportedConversationSchema, exportedVoiceProfileSchema, exportedVoiceSessionSchema } from "../../../contract";
import type { twinConversations, validationFeedback, voiceProfiles, voiceSessions, voiceTranscripts } from "../../db/schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Rows as they appear in an export file: camelCase, ISO dates, no user id and no storage path. */
export const exportRow = {
  calibration: (r: typeof validationFeedback.$inferSelect): z.input<typeof exportedCalibrationSchema> => ({
    id: r.id,
    statement: r.statement,
    response: r.response,
    createdAt: r.createdAt.toISOString(),
  }),
  conversation: (r: typeof twinConversations.$inferSelect): z.input<typeof exportedConversationSchema> => ({
    id: r.id,
    messageType: r.messageType as "user" | "ai",
    prompt: r.prompt,
    response: r.response,
    authenticityScore: r.authenticityScore,
    feedback: r.feedback as "up" | "down" | null,
    lineage: (r.lineage as Record<string, unknown> | null) ?? null,
    modelName: r.modelName,
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
  }),
  voiceProfile: (r: typeof voiceProfiles.$inferSelect): z.input<typeof exportedVoiceProfileSchema> => ({
    id: r.id,
    voiceName: r.voiceName,
    voiceDescription: r.voiceDescription,
    trainingStatus: r.trainingStatus,
    trainingError: r.trainingError,
    trainingSubmittedAt: iso(r.trainingSubmittedAt),
    trainingCompletedAt: iso(r.trainingCompletedAt),
    provider: r.provider,
    similarityScore: r.similarityScore,
    createdAt: r.createdAt.toISOString(),
  }),
  voiceSession: (r: typeof voiceSessions.$inferSelect, transcript?: typeof voiceTranscripts.$inferSelect): z.infer<typeof exportedVoiceSessionSchema> => ({
    id: r.id,
    voiceProfileId: r.voiceProfileId,
    filename: r.filename,
    durationSeconds: r.durationSeconds,
    fileSize: r.fileSize,
    voiceId: r.voiceId,
    name: r.name,
    description: r.description,
    purpose: r.purpose as "training" | "consent",
    sha256: r.sha256,
    promptId: r.capturePromptId,
    signals: r.signals ?? null,
    transcript: transcript ? { status: transcript.status, engine: transcript.engine, text: transcript.text } : null,
    createdAt: r.createdAt.toISOString(),
  }),
};
