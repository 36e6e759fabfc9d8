/**
 * Legacy contacts' plain constants and messages, free of the validation library so the web client can import them
 * at runtime. `legacy.ts` builds its schemas from these and re-exports them.
 */

export const legacyRoleValues = ["contact", "executor"] as const;
export type LegacyRole = (typeof legacyRoleValues)[number];
export const legacyRoleLabels: Record<LegacyRole, string> = { contact: "Contact", executor: "Executor" };

export const LEGACY_CONTACTS_MAX = 10;
/** Invitations (new and resent) one owner may send per hour: enough to name everyone, too few to use us for spam. */
export const LEGACY_INVITATIONS_PER_HOUR = 20;
/** The inactivity trigger's choices, in months without a sign-in. */
export const legacyInactivityValues = [3, 6, 12, 18] as const;
/** Months visitors may still read the released memories after the twin is retired. */
export const legacyRetentionValues = [3, 6, 12, 24, 36] as const;
export const LEGACY_RETENTION_DEFAULT = 12;
export const LEGACY_PAUSE_MESSAGE_MAX = 500;
export const LEGACY_INTRODUCTION_MAX = 500;
/** The owner's words for the public memorial's visitors (migration 0048). */
export const MEMORIAL_INTRODUCTION_MAX = 2000;
export const LEGACY_DOCUMENT_MAX_MB = 10;
/** What one contact may attach to one owner's reported death, and all of the owner's contacts together (SECURITY.md 54). */
export const LEGACY_DOCUMENTS_PER_CONTACT = 5;
export const LEGACY_DOCUMENTS_PER_OWNER = 20;
export const LEGACY_DOCUMENT_MB_PER_CONTACT = 30;
export const LEGACY_DOCUMENT_MB_PER_OWNER = 100;
export const LEGACY_VETO_DAYS_MIN = 1;
export const LEGACY_VETO_DAYS_MAX = 30;
/** Reminders before the inactivity deadline, in days. */
export const LEGACY_REMINDER_DAYS = [30, 7, 1] as const;
export const LEGACY_NOTE_MAX = 2000;
/** Reminders to the contacts before a retired legacy's reading period ends and the owner's data is erased, in days. */
export const LEGACY_ERASURE_REMINDER_DAYS = [30, 7] as const;
/** A memorial's address, /memorial/{slug}: 3 to 60 lower-case letters, digits and hyphens, not starting or ending with one. */
export const MEMORIAL_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;

export const legacyStateValues = ["active", "pending", "released", "paused", "retired"] as const;
export type LegacyState = (typeof legacyStateValues)[number];
export const legacyStateLabels: Record<LegacyState, string> = { active: "Not released", pending: "Release pending", released: "Released", paused: "Paused", retired: "Retired" };
export const LEGACY_INVITE_DAYS = 14;
export const LEGACY_NAME_MAX = 100;
export const LEGACY_RELATIONSHIP_MAX = 60;

export const legacyMessages = {
  nameRequired: "Please enter the contact's name.",
  nameTooLong: `A name has at most ${LEGACY_NAME_MAX} characters.`,
  emailInvalid: "Please enter a valid e-mail address.",
  relationshipRequired: "Please say how you know them (for example: daughter, friend, lawyer).",
  relationshipTooLong: `A relationship has at most ${LEGACY_RELATIONSHIP_MAX} characters.`,
  roleInvalid: "Choose contact or executor.",
  tooMany: `You can name at most ${LEGACY_CONTACTS_MAX} legacy contacts. Remove one to add another.`,
  duplicateEmail: "You have already named someone with this e-mail address.",
  notYourself: "You cannot name yourself: choose someone who will be here after you.",
  contactNotFound: "We could not find that legacy contact.",
  twinIntro: (name: string) => `I am an AI built from what ${name} recorded. I answer only from the memories ${name} chose to leave you, and I can be wrong.`,
  twinPaused: (name: string) => `${name}'s twin is paused by their executor, so it does not answer now. You can still read what ${name} left you.`,
  twinRetired: (name: string) => `${name}'s twin has been retired by their executor and no longer answers. You can still read what ${name} left you for a while.`,
  retiredEnded: (name: string) => `${name}'s twin was retired, and the time they chose for reading what they left has ended.`,
  voiceOnlyOwner: (name: string) => `${name} chose that only they may hear their voice, so their twin answers here in writing only.`,
  voiceNoConsent: (name: string) => `${name} did not leave consent for their voice to be heard, so their twin answers here in writing only.`,
  voiceNotTrained: (name: string) => `${name} did not train a voice, so their twin answers here in writing only.`,
  voiceOnlyGrounded: (name: string) => `Only answers made of ${name}'s own words, from memories they left you, are read aloud in their voice. This one is not.`,
  voiceMessageNotFound: "That answer is not in your conversation, so it cannot be read aloud.",
  scopeNotNarrower: "The voice consent can only be narrowed, never widened: choose a smaller audience than the current one.",
  downloadExecutorOnly: "Only an executor can download the released memories as a file; you can read them here.",
  documentRequired: `Choose a PDF, JPEG or PNG file of at most ${LEGACY_DOCUMENT_MAX_MB} MB (the form field is called document).`,
  documentType: "This file is not a PDF, JPEG or PNG. Scan or photograph the document and upload it as one of those.",
  documentTooLarge: `This file is larger than ${LEGACY_DOCUMENT_MAX_MB} MB. Upload a smaller scan or photo.`,
  documentWhen: "A document can be attached while a reported death waits for confirmation, for the executor to see.",
  documentsTooMany: `Enough documents are attached already: each contact may attach ${LEGACY_DOCUMENTS_PER_CONTACT} (at most ${LEGACY_DOCUMENT_MB_PER_CONTACT} MB), and all contacts together ${LEGACY_DOCUMENTS_PER_OWNER} (${LEGACY_DOCUMENT_MB_PER_OWNER} MB). The executor can see the ones already here.`,
  documentsTooOften: "You have attached several documents in the last few minutes. Please wait a little before attaching another.",
  documentUnreadable: "This file could not be opened: it may be damaged, or only named like a PDF, JPEG or PNG. Scan or photograph the document again and upload that.",
  documentTooManyPixels: "This image has more than 50 megapixels. Upload a smaller scan or photo.",
  documentTooManyPages: "This PDF has more than 500 pages. Upload only the pages the executor needs.",
  documentTooSlow: "This file takes too long to open. Upload a smaller or simpler scan or photo.",
  documentChecksBusy: "Many documents are being checked right now. Try again in a minute.",
  documentIncomplete: "The document did not arrive whole. Check your connection and upload it again.",
  documentOneOnly: "Upload one document at a time.",
  documentNotFound: "That document does not exist, or it is not yours to see.",
  notExecutor: "Only an executor can pause, resume or retire the twin.",
  cannotPause: "Only a released twin that is answering can be paused.",
  cannotResume: "Only a paused twin can be resumed.",
  cannotRetire: "Only a released or paused twin can be retired. Retiring cannot be undone.",
  pauseMessageTooLong: `A message to visitors has at most ${LEGACY_PAUSE_MESSAGE_MAX} characters.`,
  retireConfirm: "To retire the twin for good, confirm it.",
  introductionTooLong: `An introduction has at most ${LEGACY_INTRODUCTION_MAX} characters.`,
  memorialIntroductionTooLong: `The memorial's introduction has at most ${MEMORIAL_INTRODUCTION_MAX} characters.`,
  recordingNotFound: "That recording does not exist, or it is not yours to hear.",
  retentionInvalid: "Choose 3, 6, 12, 24 or 36 months.",
  visitorChatLimit: "You have asked a lot in the last few minutes. Please wait a moment and ask again.",
  notReleased: (name: string) => `${name}'s legacy has not been released, so there is nothing to read yet. You will be told by e-mail when it is.`,
  orderMismatch: "The new order must list each of your contacts exactly once.",
  executorRecommended: "Name at least one executor: an executor can confirm a release on their own.",
  inviteUnknown: "This invitation is no longer valid. It may have been withdrawn or replaced by a newer one: ask for a new invitation.",
  inviteExpired: `This invitation has expired (invitations are valid for ${LEGACY_INVITE_DAYS} days). Ask for a new one.`,
  inviteOtherAddress: "This invitation was sent to a different e-mail address. Sign in with the address it was sent to.",
  alreadyAccepted: "You have already accepted this invitation.",
  tooManyInvitations: `You have sent ${LEGACY_INVITATIONS_PER_HOUR} invitations in the last hour. Please wait a while before sending more.`,
  inactivityInvalid: "Choose 3, 6, 12 or 18 months, or turn the inactivity trigger off.",
  vetoDaysInvalid: `The waiting period is from ${LEGACY_VETO_DAYS_MIN} to ${LEGACY_VETO_DAYS_MAX} days.`,
  notPending: "No release is pending, so there is nothing to cancel.",
  cannotReport: "A release has already started or happened for this person.",
  deathReportsOff: "This person chose not to have their legacy released by a death report.",
  cannotConfirm: "There is no pending release to confirm.",
  alreadyConfirmed: "You have already confirmed this release.",
  stillHereInvalid: "This link is no longer valid. Sign in to Mindprint instead: any sign-in tells us you are still here.",
  memorialSlugInvalid: "A memorial address has 3 to 60 lower-case letters, digits and hyphens, and does not start or end with a hyphen.",
  memorialNeedsName: "Add your first name to your profile before opening a public memorial: it is the name your memorial shows.",
  memorialSlugTaken: "That memorial address is already taken. Choose another.",
  /** A stored answer of the twin whose cited memory its reader can no longer read (issue 57). */
  answerSourceGone: "This answer quoted a memory that is no longer shared with you",
  memorialSlugTooOften: "You have changed your memorial address several times in the last hour. Please wait a while before changing it again.",
  memorialNotFound: "There is no memorial at this address. It may not be open yet, or it may have ended.",
  memorialIntro: (name: string) => `I am an AI built from what ${name} recorded. I answer only from the memories ${name} chose to share publicly, and I can be wrong.`,
  memorialPaused: (name: string) => `${name}'s twin is paused by their family, so it does not answer now. You can still read what ${name} shared.`,
  memorialRetired: (name: string) => `${name}'s twin has been retired by their family and no longer answers. You can still read what ${name} shared for a while.`,
  memorialIpLimit: "You have asked many questions in the last few minutes. Please wait a few minutes and ask again.",
  memorialReadLimit: "Too many memorial pages were opened from your network in the last few minutes. Please wait a few minutes and try again.",
  memorialBusy: "Many people are visiting memorials right now. Please wait a few minutes and ask again.",
  noteTooLong: `A note has at most ${LEGACY_NOTE_MAX} characters.`,
  diedOnInvalid: "Enter the date of death as a date, or leave it empty.",
  diedOnFuture: "The date of death cannot be in the future.",
  diedOnBeforeBirth: "The date of death cannot be before the date of birth they gave.",
} as const;
