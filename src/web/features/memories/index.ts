/** What other sections may use of the memory vault: how a category is named. */
export { categoryLabel } from "./memory-fields";
