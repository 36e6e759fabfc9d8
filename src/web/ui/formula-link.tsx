import { Link } from "react-router";

/**
 * The sections of docs/formulas.md that a figure links to, by the anchor the public formulas page gives each heading
 * (the slug of its text). A unit test checks every anchor against the document's headings, so renaming a heading
 * there without updating it here fails the build rather than leaving a link that lands at the top of the page.
 */
export const formulaTopics = {
  authenticity: { anchor: "memory-authenticity-score-0-100", figure: "memory authenticity score" },
  completeness: { anchor: "consciousness-completeness-0-100", figure: "consciousness completeness" },
  mappingProgress: { anchor: "consciousness-mapping-progress-per-domain", figure: "consciousness mapping progress" },
  bigFive: { anchor: "big-five-scores-personality-mapping", figure: "Big Five scores" },
  decisionScenarios: { anchor: "decision-scenarios-and-twin-fidelity-personality-mapping", figure: "agreement, consistency and twin fidelity" },
  captureSignals: { anchor: "capture-signals-consciousness-capture", figure: "capture signals" },
  cameraCues: { anchor: "camera-cues-consciousness-capture-optional", figure: "camera cues" },
  biometrics: { anchor: "biometrics-biometric-intelligence", figure: "biometric figures" },
  otherFigures: { anchor: "other-figures", figure: "counts and totals" },
  groundingScore: { anchor: "grounding-score-a-twin-answer-s-authenticity-score-0-100", figure: "grounding score" },
  twinRatings: { anchor: "ratings-the-twin-status-card", figure: "ratings" },
  honestyCheck: { anchor: "honesty-self-check-the-twin-status-card", figure: "honesty self-check" },
  insights: { anchor: "insights", figure: "insights" },
  sessionQuality: { anchor: "session-quality-every-recording", figure: "session quality" },
  voiceConsentCheck: { anchor: "voice-consent-check", figure: "voice consent check" },
  voiceCloneSimilarity: { anchor: "voice-clone-similarity", figure: "voice clone similarity" },
} as const satisfies Record<string, { anchor: string; figure: string }>;

export type FormulaTopic = keyof typeof formulaTopics;

/**
 * "How is this worked out?", beside a figure: opens the public formulas page at the section that explains it. The
 * figure's name is read out after the link text, so a page with several such links tells them apart.
 */
export function FormulaLink({ topic, className = "" }: { topic: FormulaTopic; className?: string }) {
  const { anchor, figure } = formulaTopics[topic];
  return (
    <Link to={`/formulas#${anchor}`} className={`text-sm text-brand-strong underline underline-offset-2 hover:no-underline ${className}`}>
      How is this worked out?<span className="sr-only"> ({figure})</span>
    </Link>
  );
}
