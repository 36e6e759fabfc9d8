import type { MetaFunction } from "react-router";
import { FormulasPage } from "../../features/formulas/formulas-page";
import { pageMeta } from "../../lib/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Formulas", description: "Every figure Mindprint shows, and exactly how it is worked out from your own data: memories, voice, personality, biometrics and your twin." });

export default FormulasPage;
