/** What other features may use of the dashboard: its sections, with their names, paths and icons. */
export { findSection } from "./sections";
