/** What other sections may use of the voice feature: the person's clones, to speak the twin's answers. */
export { newestReadyVoice, voiceProfilesQuery } from "./voice-clone-queries";
