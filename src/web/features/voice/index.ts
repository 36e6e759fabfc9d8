/**
 * What other sections may use of the voice feature: the person's clones (to speak the twin's answers), and the
 * recorder with its parts (the capture session records with it).
 */
export { newestReadyVoice, voiceProfilesQuery } from "./voice-clone-queries";
export { useRecorder, type Analyse } from "./use-recorder";
export { uploadRecording, useInvalidateVoice, voiceSessionsQuery } from "./voice-queries";
export { Waveform } from "./waveform";
export { formatClock } from "./format";
export { SessionQuality } from "./session-quality";
export { SignalList } from "./signal-list";
export { RecorderError } from "./recorder-error";
export { CloneVoiceForm } from "./clone-voice-form";
export { TrainingStatusPanel } from "./training-status-panel";
export { VoiceCloneList } from "./voice-clone-list";
export { MarkCertificate } from "./mark-certificate";
