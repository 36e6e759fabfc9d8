// What other features may use of the voice: whether the owner's voice may speak to their contacts, and speaking it.
export { ownerVoiceForContacts, speakToContact } from "./owner-voice";
export { narrowConsentScope } from "./consent";
