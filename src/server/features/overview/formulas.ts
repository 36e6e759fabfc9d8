import { mappingDomainLabels, PERSONALITY_ITEM_COUNT, type Completeness, type MappingDomain, type MappingProgress, type MemoryCategory } from "../../../contract";

/** The counts every overview figure is computed from (one query set, see figures.ts). */
export interface PersonCounts {
  memories: number;
  memoriesByCategory: Partial<Record<MemoryCategory, number>>;
  calibrationAnswers: number;
  hasReflection: boolean;
  voiceSeconds: number;
  /** Statements answered in the Big Five questionnaire: all 120 once one is completed, else the one in progress. */
  questionnaireAnswered: number;
  /** Traits the latest Big Five profile adds to each mapping domain (consciousness_traits). */
  mappedTraits: Partial<Record<MappingDomain, number>>;
}

const share = (n: number, full: number) => Math.min(Math.max(n, 0), full) / full;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

// Targets at which a part is full. Documented with their reasons in docs/formulas.md.
export const COMPLETENESS_TARGETS = { memories: 50, calibrationAnswers: 10, voiceSeconds: 30 * 60, questionnaire: PERSONALITY_ITEM_COUNT } as const;
const WEIGHTS = { memories: 30, calibration: 15, reflection: 5, voice: 25, mapping: 15, personality: 10 } as const;

/** Which memory categories (and whether calibration answers) feed each mapping domain. */
export const MAPPING_DOMAINS: Record<MappingDomain, { label: string; categories: MemoryCategory[]; calibration: boolean }> = {
  business: { label: mappingDomainLabels.business, categories: ["career", "achievements"], calibration: false },
  family: { label: mappingDomainLabels.family, categories: ["family", "relationships"], calibration: false },
  philosophical: { label: mappingDomainLabels.philosophical, categories: ["personal", "learning"], calibration: true },
  creative: { label: mappingDomainLabels.creative, categories: ["creative", "travel"], calibration: false },
};

/**
 * The spec's rule: 0 traits "No data yet", 1–9 "In Progress", 10 or more "Completed"; 10 % per trait, capped at 100.
 * A domain's traits are its memories (and calibration answers for values) plus the Big Five facets mapped to it.
 */
export function mappingProgress(counts: PersonCounts): MappingProgress[] {
  return (Object.keys(MAPPING_DOMAINS) as MappingDomain[]).map((domain) => {
    const { label, categories, calibration } = MAPPING_DOMAINS[domain];
    const traits =
      categories.reduce((sum, c) => sum + (counts.memoriesByCategory[c] ?? 0), 0) + (calibration ? counts.calibrationAnswers : 0) + (counts.mappedTraits[domain] ?? 0);
    const status = traits === 0 ? "No data yet" : traits < 10 ? "In Progress" : "Completed";
    return { domain, label, traits, progress: Math.min(traits * 10, 100), status };
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Consciousness completeness: six saturating parts summing to at most 100 (docs/formulas.md). */
export function completeness(counts: PersonCounts): Completeness {
  const mapping = mappingProgress(counts);
  const mappingAverage = mapping.reduce((sum, m) => sum + m.progress, 0) / mapping.length;
  const minutes = counts.voiceSeconds / 60;
  const parts: Completeness["parts"] = [
    {
      key: "memories",
      label: "Memories",
      earned: oneDecimal(WEIGHTS.memories * share(counts.memories, COMPLETENESS_TARGETS.memories)),
      max: WEIGHTS.memories,
      detail: `${plural(counts.memories, "memory", "memories")} of ${COMPLETENESS_TARGETS.memories}`,
    },
    {
      key: "voice",
      label: "Voice",
      earned: oneDecimal(WEIGHTS.voice * share(counts.voiceSeconds, COMPLETENESS_TARGETS.voiceSeconds)),
      max: WEIGHTS.voice,
      detail: `${oneDecimal(minutes)} of ${COMPLETENESS_TARGETS.voiceSeconds / 60} minutes recorded`,
    },
    {
      key: "calibration",
      label: "Calibration answers",
      earned: oneDecimal(WEIGHTS.calibration * share(counts.calibrationAnswers, COMPLETENESS_TARGETS.calibrationAnswers)),
      max: WEIGHTS.calibration,
      detail: `${plural(counts.calibrationAnswers, "answer", "answers")} of ${COMPLETENESS_TARGETS.calibrationAnswers}`,
    },
    {
      key: "mapping",
      label: "Consciousness mapping",
      earned: oneDecimal((WEIGHTS.mapping * mappingAverage) / 100),
      max: WEIGHTS.mapping,
      detail: `${mapping.filter((m) => m.status === "Completed").length} of ${mapping.length} domains completed`,
    },
    {
      key: "personality",
      label: "Personality questionnaire",
      earned: oneDecimal(WEIGHTS.personality * share(counts.questionnaireAnswered, COMPLETENESS_TARGETS.questionnaire)),
      max: WEIGHTS.personality,
      detail: `${counts.questionnaireAnswered} of ${COMPLETENESS_TARGETS.questionnaire} statements answered`,
    },
    {
      key: "reflection",
      label: "Personality summary",
      earned: counts.hasReflection ? WEIGHTS.reflection : 0,
      max: WEIGHTS.reflection,
      detail: counts.hasReflection ? "Written" : "Not written yet",
    },
  ];
  const percent = Math.min(100, Math.round(parts.reduce((sum, p) => sum + p.earned, 0)));
  return { percent, parts };
}

/** Hours with one decimal, as the Voice Hours card and the export show them. */
export const voiceHours = (seconds: number) => oneDecimal(seconds / 3600);

/** The Recent Memories excerpt: the first 50 characters, with an ellipsis when something was cut. */
export function excerpt(content: string, max = 50): string {
  const chars = Array.from(content);
  return chars.length <= max ? content : `${chars.slice(0, max).join("").trimEnd()}…`;
}
