/** Zod-free constants and messages of voice recording, shared by the server and the web page. */

export const VOICE_MIN_CLIP_SECONDS = 3;
export const VOICE_MIN_TRAINING_SECONDS = 60;
/** "No speech detected": no one is heard speaking (a tone, silence, music); such a recording never trains a voice. */
export const NO_SPEECH_LABEL = "No speech detected";
export const sessionQualityLabels = ["Excellent", "Good", "Fair", "Poor", NO_SPEECH_LABEL] as const;
export type SessionQualityLabel = (typeof sessionQualityLabels)[number];

export const voiceMessages = {
  // The spec's strings (dashboard.md sections 5 and 8).
  mustBeLoggedIn: "You must be logged in to upload.",
  transcriptionOff: "Transcription is not set up on this server. Type your answer instead.",
  transcriptionGaveUp: "The recording could not be transcribed. Type your answer instead.",
  transcriptionLimited: "You have asked for many transcriptions in the last hour. Type your answer, or try again later.",
  transcriptionBusy: "Transcription is busy on this server right now. Type your answer, or try again later.",
  transcriptionTooLong: "This recording is too large for the transcription service (25 MB at most). Type your answer instead.",
  transcriptionTimedOut: "Transcribing this recording took too long. Type your answer instead.",
  uploadFailed: "Failed to upload file.",
  micDenied: "Microphone access denied. Please enable mic permissions in your browser settings and reload the page.",
  micUnavailable: "Unable to access microphone",
  initFailed: (reason: string) => `Failed to initialize recording: ${reason}`,
  startFailed: (reason: string) => `Failed to start recording: ${reason}`,
  fileRequired: "Choose a recording to upload (the form field is called audio).",
  uploadIncomplete: "The recording did not arrive whole. Check your connection and upload it again.",
  oneFileOnly: "Upload one recording at a time: this upload held more than one file, so nothing was saved.",
  notWebmOpus: (reason: string) => `This is not a WebM/Opus recording (${reason}). Record again in the browser, or upload a .webm file with Opus audio.`,
  tooLarge: (mb: number) => `This recording is larger than ${mb} MB. Record a shorter session.`,
  quotaExceeded: (mb: number) => `Your voice storage is full (${mb} MB in all). Delete sessions you no longer need to record more.`,
  sessionNotFound: "That voice session does not exist, or it is not yours.",
} as const;

// Voice cloning and speech (dashboard.md sections 4, 5, 8 and 9).
export const VOICE_NAME_MAX = 100;
export const VOICE_DESCRIPTION_MAX = 500;
export const CLONE_TEST_TEXT_MAX = 500;
export const SPEECH_TEXT_MAX = 5000;
export const VOICE_ID_MIN = 10;
export const VOICE_ID_MAX = 50;
export const REPLAY_COOLDOWN_MS = 5000;
export const TRAINING_POLL_MS = 20_000;
export const voiceTrainingStatuses = ["unsubmitted", "training", "ready", "error"] as const;
export type VoiceTrainingStatus = (typeof voiceTrainingStatuses)[number];
export const voiceProviders = ["local", "elevenlabs"] as const;
export type VoiceProviderName = (typeof voiceProviders)[number];

export const voiceCloneMessages = {
  // The spec's strings.
  nameRequired: "Voice name is required.",
  nameTooLong: `A voice name has at most ${VOICE_NAME_MAX} characters.`,
  descriptionTooLong: `A description has at most ${VOICE_DESCRIPTION_MAX} characters.`,
  missingProfile: "Missing voice profile or user.",
  profileNotFound: "Profile not found or not owned.",
  alreadySubmitted: "Voice already submitted or in training.",
  sessionsFetchFailed: "Could not fetch sessions.",
  submissionFailed: "Submission failed.",
  notEnoughAudio: "Minimum 60 seconds of eligible audio required.",
  notEnoughAudioToast: "At least 60 seconds of recorded audio is required to train your voice clone.",
  alreadyTrainingToast: "Voice training is already in progress. Please wait.",
  trainingStartedToast: "Training takes several minutes. This page checks on it every 20 seconds.",
  pollFailed: (message: string) => `Failed to refresh profile status: ${message}`,
  pollFailedDefault: "Failed to poll training status",
  unknownError: "Unknown error.",
  retryOnlyAfterError: "Only a voice whose training failed can be retried.",
  /** The training recordings are not the voice that read the consent (SECURITY.md 51): nothing was trained. */
  // Kept short: a job's reason is stored and shown in at most 200 characters, "Submission failed. " included.
  notConsentVoice: "These recordings do not sound like the voice that read your consent, so no clone was made. If they are yours, record your consent again in Legacy, then retry.",
  textRequired: "Please enter some text to convert to speech.",
  textTooLong: `Text is too long. Maximum ${SPEECH_TEXT_MAX} characters allowed.`,
  invalidVoiceId: "Invalid voice ID format",
  voiceNotReady: "This voice is not ready to speak yet.",
  replayCooldown: "Please wait a few seconds before replaying.",
  noAudioReturned: "No audio data returned.",
  speechBusyPerson: "Your last request is still being spoken. Let it finish, then try again.",
  speechBusy: "Many voices are speaking just now. Please try again in a few seconds.",
  playbackFailed: (reason: string) => `Voice playback failed: ${reason}`,
  noAudioReceived: "No audio data received from voice service",
  unexpectedFormat: "Received audio data in unexpected format",
  emptyAudio: "Received empty audio data",
  playbackBlocked: "Audio playback blocked. Please interact with the page first (click a button) and try again.",
  formatNotSupported: "Audio format not supported by your browser.",
  networkError: "Network error: Unable to connect to voice service. Please check your internet connection.",
  failedToPlay: "Failed to play audio.",
  playbackDefault: "Playback failed",
  deleteDbFailed: "Database connection failed. Please try again later.",
  deletePermission: "You do not have permission to delete this voice clone.",
  deleteNetwork: "Could not reach the server to delete this voice clone. Check your connection and try again.",
  noReadyVoice: "Your twin has no voice yet: train a voice clone in the Voice Training Hub first.",
  voiceServiceFailed: (reason: string) => `The voice service could not delete this clone: ${reason}`,
} as const;

/** The fixed sentence the clone test card starts with (the spec's wording is not shown). */
export const CLONE_TEST_DEFAULT_TEXT = "Hello, this is my voice. I recorded it so the people I love can still hear me.";

// Voice-use consent, the "voice will" (issue 15): who may hear the owner's cloned voice.
export const voiceConsentScopes = ["only-me", "contacts-after-release", "public-memorial"] as const;
export type VoiceConsentScope = (typeof voiceConsentScopes)[number];
export const voiceConsentScopeLabels: Record<VoiceConsentScope, string> = {
  "only-me": "Only me",
  "contacts-after-release": "My contacts after release",
  "public-memorial": "Public memorial",
};
export const voiceConsentScopeHints: Record<VoiceConsentScope, string> = {
  "only-me": "Your voice speaks for you alone, now and after release.",
  "contacts-after-release": "Once your legacy is released, the contacts you named may hear your twin in your voice.",
  "public-memorial": "Once your legacy is released, your contacts and visitors to your public memorial may hear it.",
};
/** Reading the statement aloud takes 15 to 25 seconds; less than this cannot be the whole statement. */
export const VOICE_CONSENT_MIN_SECONDS = 8;
/** The longest a consent reading may be: the statement takes under a minute even read slowly (issue 57). */
export const VOICE_CONSENT_MAX_SECONDS = 120;
/** Whether the recording was checked against the statement by the offline recogniser (docs/formulas.md, "Voice consent check"). */
export const voiceConsentChecks = ["heard", "not-checked"] as const;
export type VoiceConsentCheck = (typeof voiceConsentChecks)[number];

const scopeSentence: Record<VoiceConsentScope, string> = {
  "only-me": "Only I may hear it, now and after my death.",
  "contacts-after-release": "I may hear it, and once my legacy is released, so may the legacy contacts I named.",
  "public-memorial": "I may hear it, and once my legacy is released, so may my legacy contacts and anyone who visits my public memorial.",
};

/** A calendar day as the statement says it: "2026-11-23" → "23 November 2026". */
export function statementDate(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** The statement the owner reads aloud; the server stores it, as read, with the recording. `date` is already formatted. */
export function voiceConsentStatement(name: string, date: string, scope: VoiceConsentScope): string {
  return [
    `I am ${name}, and today is ${date}.`,
    "I agree that Mindprint may make a synthetic copy of my voice from my own recordings, to read my twin's words aloud.",
    scopeSentence[scope],
    "I understand that this voice is made by a computer and can say things I never said.",
    "I can withdraw this consent at any time, and every copy of my voice will then be deleted.",
  ].join(" ");
}

/** A share of the statement heard, in words: "almost none", "about a third", "most". */
export function heardAbout(share: number): string {
  if (share < 0.1) return "almost none";
  if (share < 0.2) return "a little";
  if (share < 0.3) return "about a quarter";
  if (share < 0.42) return "about a third";
  if (share < 0.58) return "about half";
  if (share < 0.72) return "about two thirds";
  if (share < 0.9) return "most";
  return "nearly all";
}

export const voiceConsentMessages = {
  required: "Record your voice consent first: in Legacy, read the consent statement aloud. No clone is trained or speaks without it.",
  scopeRequired: "Choose who may hear your voice.",
  scopeFirst: "Send who may hear your voice (the scope field) before the recording.",
  dayInvalid: "The statement's date is not today's. Reload the page and read the statement again.",
  tooShort: `This recording is too short to be the whole statement. Read all of it aloud (it takes at least ${VOICE_CONSENT_MIN_SECONDS} seconds) and save again.`,
  notInForce: "You have no voice consent in force, so there is nothing to revoke.",
  isConsent: "This recording is your voice consent. To withdraw it, revoke your consent in Legacy; the recording is kept as the record of what you agreed.",
  recorded: "Voice consent recorded. You can now train a voice clone.",
  /** What was heard, said plainly ("about a third"), never "as written" to someone who read it as written. */
  notHeard: (heard: string) => `We could not hear enough of the statement: we heard ${heard} of it. Please read all of it aloud again.`,
  notHeardStart: "We could not hear enough of the statement",
  /** The reading said something the statement does not: a refusal, a negation or a taking back (SECURITY.md 50). */
  contradicted: (heard: string) =>
    `We heard "${heard}" in your reading, which the statement does not say, so we cannot take it as your consent. If you agree, read the statement again exactly as written; if you do not, you need not record anything.`,
  /** Shown after a second refusal. */
  notHeardTips: "What often helps: a quieter room, the microphone (or your phone) a hand's width from your mouth, and a steady pace, as if you were reading to a friend.",
  checkFailed: "We could not check your recording just now. Please save it again in a minute.",
  checkBusyPerson: "Your previous consent recording is still being checked. Wait for its answer before saving another.",
  checkBusy: "Several consent recordings are being checked just now. Please save yours again in a minute.",
  /** A reading longer than the statement could take: refused before it is decoded (issue 57). */
  tooLong: `This recording is longer than the statement takes to read (at most ${VOICE_CONSENT_MAX_SECONDS / 60} minutes). Record just the statement, read aloud once.`,
  notCheckedLabel: "Not checked automatically",
  notChecked: "No speech recogniser is set up on this server, so nothing has confirmed that this recording is the statement.",
  revoked: (clones: number) =>
    clones === 0 ? "Voice consent revoked. Your voice will not be cloned or spoken." : `Voice consent revoked: ${clones === 1 ? "your voice clone was" : `all ${clones} voice clones were`} deleted, and your voice no longer speaks.`,
  vendorPending: "ElevenLabs did not answer for every clone; we keep trying to delete them there until it does.",
} as const;
