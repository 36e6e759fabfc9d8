import page from "../../../content/legal/trust.md";
import { legalRoute } from "./legal-page";

const route = legalRoute(page);
export const meta = route.meta;
export default route.LegalPage;
