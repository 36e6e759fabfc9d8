import { z } from "zod";
import { audioMarkResponseSchema, markCertificateResponseSchema } from "../audio-mark";
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
} from "../voice";
import { captureUploadFieldsSchema } from "../capture";
import { endpoints, type EndpointName } from "../endpoints";
import { ok, voiceSessionId, voiceProfileId, audioFile, type Endpoint } from "./shared";

/** Voice: recordings and their transcripts, the voice-use consent, clones and speech, and the AI marks on synthetic audio. */
export const voiceRoutes = {
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
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
