// Sign-in's public face: what the development routes may do to it (let a browser test skip the minute between links).
export { forgetSignInLinkWait } from "./service";
