// The age rules of the Terms (issue 33, decision 0029): what other features may use.
export { ageStatusOf, isKnownMinor } from "./age";
export { admitSignUp, isSignUpToken, recordSignUpAge, type SignUpDecision } from "./sign-up-gate";
export { registerAgeGates } from "./twin-gates";
export { admitNewUser, checkGoogleAgeStatement, googleAgeCookie, recordStatedAge } from "./google-gate";
