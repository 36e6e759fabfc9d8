/** Zod-free constants and messages of voice recording, shared by the server and the web page. */

export const VOICE_MIN_CLIP_SECONDS = 3;
export const VOICE_MIN_TRAINING_SECONDS = 60;
export const sessionQualityLabels = ["Excellent", "Good", "Fair", "Poor"] as const;

export const voiceMessages = {
  // The spec's strings (dashboard.md sections 5 and 8).
  mustBeLoggedIn: "You must be logged in to upload.",
  uploadFailed: "Failed to upload file.",
  micDenied: "Microphone access denied. Please enable mic permissions in your browser settings and reload the page.",
  micUnavailable: "Unable to access microphone",
  initFailed: (reason: string) => `Failed to initialize recording: ${reason}`,
  startFailed: (reason: string) => `Failed to start recording: ${reason}`,
  fileRequired: "Choose a recording to upload (the form field is called audio).",
  notWebmOpus: (reason: string) => `This is not a WebM/Opus recording (${reason}). Record again in the browser, or upload a .webm file with Opus audio.`,
  tooLarge: (mb: number) => `This recording is larger than ${mb} MB. Record a shorter session.`,
  quotaExceeded: (mb: number) => `Your voice storage is full (${mb} MB in all). Delete sessions you no longer need to record more.`,
  sessionNotFound: "That voice session does not exist, or it is not yours.",
} as const;
