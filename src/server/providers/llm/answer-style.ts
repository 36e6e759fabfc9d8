import { countSingular, findMarkers, type StyleMarker } from "./style-markers";
import { countWords, splitSentences } from "./text-tools";

export interface CalibrationAnswer {
  statement: string;
  response: string;
}

/** What can be observed in one answer: its length, and which marker words it used. */
export interface AnswerReading {
  answer: CalibrationAnswer;
  words: number;
  markers: Record<StyleMarker, string[]>;
  singular: number;
  questions: string[];
}

/** The observable style across all answers; every flag is backed by words the person actually wrote. */
export interface AnswerStyle {
  readings: AnswerReading[];
  averageWords: number;
  length: "none" | "brief" | "moderate" | "expansive";
  found: Record<StyleMarker, string[]>;
  weighsSides: boolean;
  soundsCertain: boolean;
  usesHumour: boolean;
  mentionsFamily: boolean;
  thinksInWe: boolean;
  asksBack: boolean;
  namesFeelings: boolean;
  goesToAction: boolean;
  appealsToPrinciple: boolean;
}

const MARKERS: StyleMarker[] = ["hedge", "certainty", "humour", "family", "plural", "feeling", "action", "principle"];

function readAnswer(answer: CalibrationAnswer): AnswerReading {
  const markers = Object.fromEntries(MARKERS.map((m) => [m, findMarkers(answer.response, m)])) as Record<StyleMarker, string[]>;
  return {
    answer,
    words: countWords(answer.response),
    markers,
    singular: countSingular(answer.response),
    questions: splitSentences(answer.response).filter((s) => s.endsWith("?")),
  };
}

const unique = (list: string[]) => [...new Set(list)];

/** Reads calibration answers into a style; thresholds are per answer so one long answer cannot dominate. */
export function readAnswerStyle(answers: CalibrationAnswer[]): AnswerStyle {
  const readings = answers.map(readAnswer);
  const n = readings.length;
  const totalWords = readings.reduce((sum, r) => sum + r.words, 0);
  const averageWords = n === 0 ? 0 : Math.round(totalWords / n);
  const found = Object.fromEntries(MARKERS.map((m) => [m, unique(readings.flatMap((r) => r.markers[m]))])) as Record<StyleMarker, string[]>;
  const count = (m: StyleMarker) => readings.reduce((sum, r) => sum + r.markers[m].length, 0);
  const answersWith = (m: StyleMarker) => readings.filter((r) => r.markers[m].length > 0).length;
  const length = n === 0 ? "none" : averageWords <= 14 ? "brief" : averageWords >= 40 ? "expansive" : "moderate";
  const hedges = count("hedge");
  const certainties = count("certainty");
  return {
    readings,
    averageWords,
    length,
    found,
    weighsSides: n > 0 && hedges > certainties && answersWith("hedge") * 2 >= n,
    soundsCertain: n > 0 && certainties > hedges && answersWith("certainty") * 3 >= n,
    usesHumour: answersWith("humour") > 0,
    mentionsFamily: answersWith("family") > 0 && (answersWith("family") * 3 >= n || count("family") >= 2),
    thinksInWe: count("plural") >= 2 && count("plural") > readings.reduce((sum, r) => sum + r.singular, 0) / 2,
    asksBack: readings.some((r) => r.questions.length > 0),
    namesFeelings: count("feeling") >= 2,
    goesToAction: length !== "expansive" && answersWith("action") * 2 >= n && n > 0,
    appealsToPrinciple: answersWith("principle") * 2 >= n && n > 0,
  };
}
