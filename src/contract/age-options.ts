// Age rules of the Terms (SECURITY.md 43), shared by server and web without zod.

/** Under this age nobody may use Mindprint. */
export const AGE_MINIMUM = 13;
/** From this age a person needs nobody's consent. */
export const AGE_OF_MAJORITY = 18;
/** How long a guardian's consent link stays valid. */
export const GUARDIAN_LINK_DAYS = 7;

/** What is known of a person's age: `unknown` (never asked: accounts older than the check), or the stated answer. */
export const ageStatusValues = ["unknown", "adult", "minor-consented", "minor-awaiting-guardian", "under-minimum"] as const;
export type AgeStatus = (typeof ageStatusValues)[number];

/** The statuses that may use the service; any other may only state a date of birth or wait for a guardian (SECURITY.md 46). */
export const isAgeSettled = (age: AgeStatus) => age === "adult" || age === "minor-consented";

/** User-facing words about age checks. */
export const ageMessages = {
  birthDateLabel: "Date of birth",
  birthDateHint: "We ask once, because Mindprint is for people aged 13 and over, and people under 18 need a parent's or guardian's consent.",
  birthDateRequired: "Please enter your date of birth to create your account.",
  birthDateInvalid: "Please enter a real date of birth (year, month and day).",
  guardianEmailLabel: "Your parent's or guardian's e-mail",
  guardianEmailHint: "Only if you are under 18: we will ask them to agree before your account is created.",
  guardianEmailRequired: "Because you are under 18, we need a parent's or guardian's e-mail address. We will ask them to agree, and create your account once they do.",
  guardianEmailInvalid: "Please enter your parent's or guardian's e-mail address (not your own).",
  underMinimum: "Sorry, Mindprint is only for people aged 13 and over, so we cannot create an account for you. We have not kept anything you entered.",
  guardianAsked: "We have e-mailed your parent or guardian. Once they agree, we will create your account and e-mail you; then sign in as usual. Nothing about you is kept unless they agree, and their link expires in 7 days.",
  guardianLinkInvalid: "This consent link has expired or has already been used. Your child can ask again from Mindprint's sign-in page.",
  guardianConfirmed: "Thank you. The account is ready, and we have e-mailed your child to say so. You can write to support at any time to withdraw your consent.",
  guardianConfirmedExisting: "Thank you. Your child can now talk with the twins they were invited to. You can write to support at any time to withdraw your consent.",
  ageAlreadyStated: "Your date of birth is already on record. If it is wrong, please write to support, who can correct it.",
  ageRequiredForService: "Before you go on, please tell us your date of birth once, on the page that asks for it (/age).",
  underMinimumAccount: "Sorry, Mindprint is only for people aged 13 and over, so this account cannot be used. If the date of birth you gave is wrong, write to support to correct it.",
  awaitingGuardianForService: "Your parent or guardian has not agreed yet. Once they press the link we e-mailed them, you can use Mindprint.",
  googleAgeRequired: "Welcome! Before we create your Mindprint account, please tell us your date of birth, then continue with Google again.",
  googleAgeButton: "Continue with Google",
  googleMinorUnverified: "Google did not confirm this e-mail address, so we cannot ask your parent or guardian through it. Please sign up with a magic link sent to your e-mail instead.",
  memorialMinor: "This public memorial's chat is for adults. You can still read the memories shared here, and talk with a twin you were invited to from your Legacy page.",
} as const;
