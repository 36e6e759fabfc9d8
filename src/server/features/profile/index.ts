/** What other features may use of the profile. */
export { ensureProfile } from "./service";
export { personName } from "./person-name";
