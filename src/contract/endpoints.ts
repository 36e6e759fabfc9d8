/**
 * Every API endpoint's method, path and whether it needs a signed-in user, as plain data: the web client
 * imports this table, so no validation library ships to the browser. `routes.ts` adds the schemas.
 */
export const endpoints = {
  health: { method: "GET", path: "/api/health", auth: false },
  readiness: { method: "GET", path: "/api/health/ready", auth: false },
  /** Development only: moves the server's legacy clock forward by `days`, so a browser test can let time pass (404 in production). */
  advanceDevClock: { method: "POST", path: "/api/dev/clock", auth: false, devOnly: true },
  /** Development only: lets the minute between one address's sign-in links pass now (404 in production). */
  forgetDevSignInLimit: { method: "POST", path: "/api/dev/sign-in-limit", auth: false, devOnly: true },
  /** Development only: runs the legacy release check now, the hourly job's work (404 in production). */
  runDevLegacyCheck: { method: "POST", path: "/api/dev/legacy-check", auth: false, devOnly: true },
  /** Development only (404 in production). */
  getDebug: { method: "GET", path: "/api/debug", auth: false, devOnly: true },
  /** This table as OpenAPI 3.1, and a viewer for it. */
  getOpenApiDocument: { method: "GET", path: "/api/openapi.json", auth: false },
  getApiDocs: { method: "GET", path: "/api/docs", auth: false },
  getApiDocsAsset: { method: "GET", path: "/api/docs/assets/:file", auth: false },
  getSession: { method: "GET", path: "/api/session", auth: false },
  requestMagicLink: { method: "POST", path: "/api/session/magic-link", auth: false },
  confirmMagicLink: { method: "POST", path: "/api/session/magic-link/confirm", auth: false },
  startGoogle: { method: "POST", path: "/api/session/google", auth: false },
  /** Not called by the app: the identity provider sends the browser here. */
  googleCallback: { method: "GET", path: "/api/auth/callback/google", auth: false },
  signOut: { method: "POST", path: "/api/session/sign-out", auth: false },
  getProfile: { method: "GET", path: "/api/profile", auth: true },
  saveIntents: { method: "PUT", path: "/api/profile/intents", auth: true },
  saveIdentity: { method: "PUT", path: "/api/profile/identity", auth: true },
  submitCalibration: { method: "POST", path: "/api/onboarding/calibration", auth: true },
  generateReflection: { method: "POST", path: "/api/onboarding/reflection", auth: true },
  completeOnboarding: { method: "POST", path: "/api/profile/onboarding-complete", auth: true },
  joinWaitlist: { method: "POST", path: "/api/waitlist", auth: false },
  unsubscribeWaitlist: { method: "POST", path: "/api/waitlist/unsubscribe", auth: false },
  getWaitlistPlace: { method: "POST", path: "/api/waitlist/place", auth: false },
  trackEvent: { method: "POST", path: "/api/events", auth: false },
  createMemory: { method: "POST", path: "/api/memories", auth: true },
  listMemories: { method: "GET", path: "/api/memories", auth: true },
  getMemoryStats: { method: "GET", path: "/api/memories/stats", auth: true },
  getMemoryTimeline: { method: "GET", path: "/api/memories/timeline", auth: true },
  getMemory: { method: "GET", path: "/api/memories/:id", auth: true },
  listMemoryVersions: { method: "GET", path: "/api/memories/:id/versions", auth: true },
  updateMemory: { method: "PATCH", path: "/api/memories/:id", auth: true },
  deleteMemory: { method: "DELETE", path: "/api/memories/:id", auth: true },
  setMemoriesAudience: { method: "POST", path: "/api/memories/audience", auth: true },
  listLegacyContacts: { method: "GET", path: "/api/legacy/contacts", auth: true },
  addLegacyContact: { method: "POST", path: "/api/legacy/contacts", auth: true },
  updateLegacyContact: { method: "PATCH", path: "/api/legacy/contacts/:id", auth: true },
  removeLegacyContact: { method: "DELETE", path: "/api/legacy/contacts/:id", auth: true },
  resendLegacyInvitation: { method: "POST", path: "/api/legacy/contacts/:id/resend", auth: true },
  orderLegacyContacts: { method: "POST", path: "/api/legacy/contacts/order", auth: true },
  acceptLegacyInvitation: { method: "POST", path: "/api/legacy/invitations/accept", auth: true },
  /** An invitation to the signed-in (proven) address, accepted without its mailed link. */
  acceptWaitingInvitation: { method: "POST", path: "/api/legacy/invitations/waiting/:id/accept", auth: true },
  /** Who sent an invitation (their first name, never their address) and in what role, before anyone signs in. */
  previewLegacyInvitation: { method: "POST", path: "/api/legacy/invitations/preview", auth: false },
  listNamedBy: { method: "GET", path: "/api/legacy/named-me", auth: true },
  getRelease: { method: "GET", path: "/api/legacy/release", auth: true },
  saveReleaseSettings: { method: "PUT", path: "/api/legacy/release/settings", auth: true },
  cancelRelease: { method: "POST", path: "/api/legacy/release/cancel", auth: true },
  reportDeath: { method: "POST", path: "/api/legacy/named-me/:id/death-report", auth: true },
  confirmRelease: { method: "POST", path: "/api/legacy/named-me/:id/confirm", auth: true },
  stillHere: { method: "POST", path: "/api/legacy/still-here", auth: false },
  /** What a contact may read of the person who named them, once released (by the id of the contact row). */
  listReleasedMemories: { method: "GET", path: "/api/legacy/named-me/:id/memories", auth: true },
  /** The owner's recording of one released memory, when the recordings audience lets this contact hear it; ranges. */
  getReleasedMemoryRecording: { method: "GET", path: "/api/legacy/named-me/:id/memories/:memoryId/recording", auth: true },
  /** A contact attaches a document (PDF, JPEG or PNG) to a reported death; multipart field `document`. */
  uploadLegacyDocument: { method: "POST", path: "/api/legacy/named-me/:id/documents", auth: true },
  /** A document's bytes, for the owner's executors and the contact who uploaded it. */
  getLegacyDocument: { method: "GET", path: "/api/legacy/named-me/:id/documents/:docId", auth: true },
  /** A document attached about the owner, for the owner. */
  getOwnLegacyDocument: { method: "GET", path: "/api/legacy/documents/:docId", auth: true },
  /** An executor downloads the released memories as one JSON file. */
  downloadReleasedMemories: { method: "GET", path: "/api/legacy/named-me/:id/memories/download", auth: true },
  /** An executor pauses the released twin for every visitor, with an optional message to them. */
  pauseLegacyTwin: { method: "POST", path: "/api/legacy/named-me/:id/pause", auth: true },
  resumeLegacyTwin: { method: "POST", path: "/api/legacy/named-me/:id/resume", auth: true },
  /** An executor retires the twin for good; visitors keep reading for the owner's retention period. */
  retireLegacyTwin: { method: "POST", path: "/api/legacy/named-me/:id/retire", auth: true },
  /** Speaks one of this visitor's stored twin answers in the owner's voice, when the owner's consent allows it. */
  speakVisitorTwinAnswer: { method: "POST", path: "/api/legacy/named-me/:id/twin/speech", auth: true },
  /** An executor narrows the owner's voice consent (never widens it). */
  narrowLegacyVoiceScope: { method: "POST", path: "/api/legacy/named-me/:id/voice-scope", auth: true },
  /** What is on record of the signed-in person's age (asked once before a contact first talks with a twin). */
  getMyAge: { method: "GET", path: "/api/legacy/age", auth: true, beforeAge: true },
  /** States a date of birth once (13–17 with a guardian's address, who is e-mailed); only support corrects it later. */
  stateMyAge: { method: "POST", path: "/api/legacy/age", auth: true, beforeAge: true },
  /** The released twin for this contact: its introduction, whether it answers, and their own conversation with it. */
  getVisitorTwin: { method: "GET", path: "/api/legacy/named-me/:id/twin", auth: true },
  /** Asks the released twin; answers stream like the owner's chat. */
  sendVisitorTwinMessage: { method: "POST", path: "/api/legacy/named-me/:id/twin/messages", auth: true },
  /** A public memorial: the owner's name, the twin's introduction and whether it answers (404 unless open and released). */
  getMemorial: { method: "GET", path: "/api/memorial/:slug", auth: false },
  /** A memorial's public memories whose seals have opened, in the order they happened, by theme and decade. */
  listMemorialMemories: { method: "GET", path: "/api/memorial/:slug/memories", auth: false },
  /** The owner's recording of one memorial memory, when the owner let the public hear it; ranges. */
  getMemorialMemoryRecording: { method: "GET", path: "/api/memorial/:slug/memories/:memoryId/recording", auth: false },
  /** Asks a memorial's twin, which answers from the public memories only; nothing is stored. Rate-limited per address and in all. */
  askMemorialTwin: { method: "POST", path: "/api/memorial/:slug/messages", auth: false },
  getPersonality: { method: "GET", path: "/api/personality", auth: true },
  listPersonalityItems: { method: "GET", path: "/api/personality/items", auth: true },
  startPersonalityAttempt: { method: "POST", path: "/api/personality/attempts", auth: true },
  savePersonalityAnswers: { method: "PUT", path: "/api/personality/attempts/:id/answers", auth: true },
  completePersonalityAttempt: { method: "POST", path: "/api/personality/attempts/:id/complete", auth: true },
  getCapturePrompts: { method: "GET", path: "/api/capture/prompts", auth: true },
  saveCaptureAnswer: { method: "POST", path: "/api/capture/answers", auth: true },
  getBiometrics: { method: "GET", path: "/api/biometrics", auth: true },
  getBiometricSeries: { method: "GET", path: "/api/biometrics/series/:metric", auth: true },
  uploadBiometricExport: { method: "POST", path: "/api/biometrics/imports", auth: true },
  getBiometricImport: { method: "GET", path: "/api/biometrics/imports/:id", auth: true },
  deleteBiometricSource: { method: "DELETE", path: "/api/biometrics/sources/:id", auth: true },
  getDecisionScenarios: { method: "GET", path: "/api/personality/scenarios", auth: true },
  answerDecisionScenario: { method: "POST", path: "/api/personality/scenarios/:scenarioId/answers", auth: true },
  /** Deletes the signed-in account and every row it owns; needs a sign-in within the last 10 minutes. */
  deleteAccount: { method: "DELETE", path: "/api/account", auth: true, beforeAge: true },
  getOverview: { method: "GET", path: "/api/overview", auth: true },
  getExportSummary: { method: "GET", path: "/api/export/summary", auth: true, beforeAge: true },
  /** Streamed file downloads; they need a sign-in within the last 10 minutes, like the import. */
  exportConsciousness: { method: "GET", path: "/api/export/consciousness", auth: true, beforeAge: true },
  exportConsciousnessEncrypted: { method: "POST", path: "/api/export/consciousness/encrypted", auth: true, beforeAge: true },
  exportVoiceArchive: { method: "GET", path: "/api/export/voice-archive", auth: true, beforeAge: true },
  /** The recordings themselves, as one tar archive (voice-recordings-{date}.tar). */
  exportVoiceRecordings: { method: "GET", path: "/api/export/voice-recordings", auth: true, beforeAge: true },
  importConsciousness: { method: "POST", path: "/api/import", auth: true },
  getTwinStatus: { method: "GET", path: "/api/twin/status", auth: true },
  listTwinMessages: { method: "GET", path: "/api/twin/messages", auth: true },
  /** Streams the answer with the AI SDK UI message stream protocol (useChat); the question and answer are stored once it completes. */
  sendTwinMessage: { method: "POST", path: "/api/twin/chat", auth: true },
  setTwinFeedback: { method: "PUT", path: "/api/twin/messages/:id/feedback", auth: true },
  /** Speaks one of the owner's stored twin answers in one of their ready voices; never a message Mindprint gave instead. */
  speakTwinAnswer: { method: "POST", path: "/api/twin/messages/:id/speech", auth: true },
  decideTwinScenario: { method: "POST", path: "/api/twin/scenario", auth: true },
  generateMemoryInsight: { method: "POST", path: "/api/twin/insights/memory", auth: true },
  generateValuesSummary: { method: "POST", path: "/api/twin/insights/values", auth: true },
  /** The people in the owner's life: the ones they confirmed, and suggestions read from their memories and contacts. */
  listPeople: { method: "GET", path: "/api/twin/people", auth: true },
  addPerson: { method: "POST", path: "/api/twin/people", auth: true },
  updatePerson: { method: "PATCH", path: "/api/twin/people/:id", auth: true },
  removePerson: { method: "DELETE", path: "/api/twin/people/:id", auth: true },
  /** multipart/form-data with one file field `audio` (WebM/Opus), streamed to storage. */
  uploadVoiceSession: { method: "POST", path: "/api/voice/sessions", auth: true },
  transcribeVoiceSession: { method: "POST", path: "/api/voice/sessions/:id/transcript", auth: true },
  getVoiceTranscript: { method: "GET", path: "/api/voice/sessions/:id/transcript", auth: true },
  listVoiceSessions: { method: "GET", path: "/api/voice/sessions", auth: true },
  /** The recording's bytes (audio/webm), owner only, with HTTP range requests for seeking. */
  getVoiceSessionAudio: { method: "GET", path: "/api/voice/sessions/:id/audio", auth: true },
  deleteVoiceSession: { method: "DELETE", path: "/api/voice/sessions/:id", auth: true },
  listVoiceProfiles: { method: "GET", path: "/api/voice/profiles", auth: true },
  /** Creates the clone and submits its training (a durable job) with the person's eligible sessions. */
  createVoiceProfile: { method: "POST", path: "/api/voice/profiles", auth: true },
  /** Re-read every 20 s while training. */
  getVoiceProfile: { method: "GET", path: "/api/voice/profiles/:id", auth: true },
  /** Trains again a clone whose training failed. */
  retryVoiceProfile: { method: "POST", path: "/api/voice/profiles/:id/retry", auth: true },
  /** Deletes the clone here and at its engine (ElevenLabs too); its sessions become eligible again. */
  deleteVoiceProfile: { method: "DELETE", path: "/api/voice/profiles/:id", auth: true },
  /** JSON {text, voiceId}; answers the audio bytes (audio/wav from the local engine, audio/mpeg from ElevenLabs). */
  synthesizeSpeech: { method: "POST", path: "/api/voice/speech", auth: true },
  /** The voice-use consent in force, earlier ones, and today's statement to read for each scope. */
  getVoiceConsent: { method: "GET", path: "/api/voice/consent", auth: true },
  /** Multipart: `scope`, then `audio` (the owner reading the statement). Replaces a consent in force. */
  recordVoiceConsent: { method: "POST", path: "/api/voice/consent", auth: true },
  /** Revokes the consent in force and deletes every clone, here and at ElevenLabs. */
  revokeVoiceConsent: { method: "DELETE", path: "/api/voice/consent", auth: true },
  /** Multipart `audio` (WAV or MP3): reads the file's AI mark and says who made it; nothing is stored. */
  verifyAudioMark: { method: "POST", path: "/api/voice/verify", auth: true },
  /** The certificate this installation's voice marks chain to (the Trust page shows it). */
  getMarkCertificate: { method: "GET", path: "/api/voice/mark-certificate", auth: false },
} as const;

export type EndpointName = keyof typeof endpoints;
