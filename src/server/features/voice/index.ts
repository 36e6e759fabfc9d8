// What other features may use of the voice: whether the owner's voice may speak to their contacts, and speaking it;
// speaking in one of the owner's own ready voices (their twin's answers).
export { ownerVoiceForContacts, speakToContact } from "./owner-voice";
export { synthesizeSpeech } from "./speech";
export { narrowConsentScope } from "./consent";
