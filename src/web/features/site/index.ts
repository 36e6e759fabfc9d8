/** What other features may use of the public site: its page frame. */
export { PublicLayout } from "./public-layout";
