/** What to tell a person when Google sign-in came back with an error code in the URL. */
export function describeGoogleError(code: string): string {
  switch (code) {
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
