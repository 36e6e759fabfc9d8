import page from "../../../content/legal/cookies.md";
import { legalRoute } from "./legal-page";

const route = legalRoute(page);
export const meta = route.meta;
export default route.LegalPage;
