/** User-facing strings shared by server and web. Texts in quotes come verbatim from the spec. */
export const messages = {
  magicLinkSent: "Magic link sent! Check your email.",
  magicLinkPerAddress: "A sign-in link was sent to this address less than a minute ago. Please wait a minute before asking for another.",
  magicLinkPerIp: "Too many sign-in requests from your network. Please wait a few minutes and try again.",
  linkInvalid: "This sign-in link has expired or has already been used. Request a new one from the login page.",
  googleUnavailable: "Google sign-in is not available on this server.",
  notSignedIn: "You need to sign in to continue.",
  originRejected: "This request came from another site and was refused.",
  notFound: "We could not find what you asked for.",
  internal: "Something went wrong on our side. Please try again in a moment.",
  validation: "Some of what you sent is not valid. Please check the highlighted fields.",
  accessDenied: "Mindprint is in private beta and this account is not on the access list yet. Join the waitlist and we will invite you.",
  mailUnavailable: "We could not send the e-mail just now. Please try again in a few minutes.",
  reauthRequired: "For your safety, please sign in again (we will e-mail you a fresh link) and then repeat this within 10 minutes.",
  deleteConfirmation: "Type DELETE to confirm that your account and everything in it should be deleted.",
  emailInvalid: "Enter a valid e-mail address.",
} as const;
