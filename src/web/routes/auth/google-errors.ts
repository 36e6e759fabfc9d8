import { ageMessages } from "../../../contract/age-options";

/** What to tell a person when Google sign-in came back with an error code in the URL. */
export function describeGoogleError(code: string): string {
  switch (code) {
    // The age rules refused a new account (decision 0029); the words are ours, never the URL's.
    case "age_required":
      return ageMessages.googleAgeRequired;
    case "age_not_permitted":
      return ageMessages.underMinimum;
    case "guardian_required":
      return ageMessages.guardianEmailInvalid;
    case "minor_email_unverified":
      return ageMessages.googleMinorUnverified;
    case "guardian_asked":
      return ageMessages.guardianAsked;
    case "account_not_linked":
      return "Google did not confirm that this e-mail address is verified, so it cannot be linked to your existing Mindprint account. Sign in with a magic link instead.";
    case "access_denied":
      return "Google sign-in was cancelled. You can try again or use a magic link.";
    case "state_mismatch":
    case "invalid_state":
    case "please_restart_the_process":
      return "Google sign-in took too long or was started in another tab. Please try again.";
    default:
      return `Google sign-in did not complete (${code.replace(/[^a-z0-9_]/gi, "")}). Please try again or use a magic link.`;
  }
}
