/** What other features may use of the dashboard: each section's icon. */
export { sectionIcons } from "./section-icons";
