import { emotionValues, memoryCategoryValues } from "../../src/contract/memory-options";
import { intentValues, legacyPreferenceValues } from "../../src/contract/profile";
import { contentWords, sharedWords } from "./words";

/** The rules of a twin persona file (`mindprint-twin-eval/1`), as eval/dev/README.md states them. */

export const PERSONA_FORMAT = "mindprint-twin-eval/1";
export const KINDS = ["answerable", "near-miss", "off-topic", "yes-no", "feeling", "when", "advice"] as const;
export type QuestionKind = (typeof KINDS)[number];
const ASKERS = ["daughter", "son", "granddaughter", "grandson", "great-grandchild", "niece", "nephew", "sister", "brother", "friend", "spouse", "partner"];
/** Questions the person never talked about: they expect nothing. */
const UNANSWERED: readonly string[] = ["near-miss", "off-topic"];

export const LIMITS = { memories: [18, 28], calibration: [3, 5], questions: [35, 50], nearMiss: 10, offTopic: 5 } as const;

export interface PersonaRow {
  file: string;
  firstName: string;
  born: string;
  memories: number;
  calibration: number;
  questions: number;
  /** Questions with a non-empty expect: every kind but near-miss and off-topic. */
  answerable: number;
  nearMiss: number;
  offTopic: number;
  withAsker: number;
  kinds: Record<QuestionKind, number>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const q = (value: unknown) => JSON.stringify(value);
const keyList = (object: Json) => Object.keys(object).sort().join(", ");
/** The object's keys include every required one and nothing outside required + optional. */
function hasKeys(object: Json, required: readonly string[], optional: readonly string[] = []): boolean {
  const keys = Object.keys(object);
  return required.every((key) => keys.includes(key)) && keys.every((key) => required.includes(key) || optional.includes(key));
}
function oneOf(list: readonly string[], value: unknown): boolean {
  return isString(value) && list.includes(value);
}
const inRange = (n: number, [low, high]: readonly [number, number]) => n >= low && n <= high;
const arrayOf = (data: Json, key: string, problems: string[]): unknown[] => {
  if (Array.isArray(data[key])) return data[key];
  problems.push(`${key} is not a list`);
  return [];
};

/**
 * Checks one parsed persona file; `file` names it in the row. Returns its counts and every problem, in the file's
 * order: format and keys first, then memories, calibration, questions (with rule 1 overlaps) and counts.
 */
export function checkPersona(file: string, data: unknown): { row: PersonaRow; problems: string[] } {
  const problems: string[] = [];
  const kinds = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<QuestionKind, number>;
  const row: PersonaRow = { file, firstName: "", born: "", memories: 0, calibration: 0, questions: 0, answerable: 0, nearMiss: 0, offTopic: 0, withAsker: 0, kinds };
  if (!isObject(data)) return { row, problems: ["not a JSON object"] };

  if (!hasKeys(data, ["format", "about", "persona", "memories", "calibration", "questions"])) problems.push(`top-level keys ${keyList(data)}`);
  if (data.format !== PERSONA_FORMAT) problems.push(`format ${q(data.format)} is not ${q(PERSONA_FORMAT)}`);
  if ("about" in data && !(isString(data.about) && data.about.trim())) problems.push("about is not a non-empty string");

  const persona = data.persona;
  if (!isObject(persona)) problems.push("persona is not an object");
  else {
    if (!hasKeys(persona, ["first_name", "birthday", "legacy_preference", "user_intents"])) problems.push(`persona keys ${keyList(persona)}`);
    if (isString(persona.first_name) && persona.first_name.trim()) row.firstName = persona.first_name;
    else if ("first_name" in persona) problems.push(`first_name ${q(persona.first_name)} is not a non-empty string`);
    if (isString(persona.birthday) && /^\d{4}-\d\d-\d\d$/.test(persona.birthday)) row.born = persona.birthday.slice(0, 4);
    else if ("birthday" in persona) problems.push(`birthday ${q(persona.birthday)} is not YYYY-MM-DD`);
    if ("legacy_preference" in persona && !oneOf(legacyPreferenceValues, persona.legacy_preference)) problems.push(`legacy_preference ${q(persona.legacy_preference)}`);
    const intents = persona.user_intents;
    if ("user_intents" in persona && !(Array.isArray(intents) && intents.length > 0 && intents.every((intent) => oneOf(intentValues, intent)))) problems.push(`user_intents ${q(intents)}`);
  }

  // Every text a question may expect, by id: memory content and tags, calibration statement and response.
  const texts = new Map<string, string>();
  const calibrationIds = new Set<string>();
  const addId = (id: unknown, text: string) => {
    if (!isString(id) || !id) {
      if (id !== undefined) problems.push(`id ${q(id)} is not a non-empty string`);
      return;
    }
    if (texts.has(id)) problems.push(`duplicate id ${id}`);
    texts.set(id, text);
  };

  const memories = arrayOf(data, "memories", problems);
  for (const [index, memory] of memories.entries()) {
    if (!isObject(memory)) {
      problems.push(`memory ${index + 1} is not an object`);
      continue;
    }
    const id = isString(memory.id) ? memory.id : `#${index + 1}`;
    if (!hasKeys(memory, ["id", "emotion", "category", "tags", "content"], ["happened_on"])) problems.push(`memory keys ${id}: ${keyList(memory)}`);
    if ("emotion" in memory && !oneOf(emotionValues, memory.emotion)) problems.push(`emotion ${id}: ${q(memory.emotion)}`);
    if ("category" in memory && !oneOf(memoryCategoryValues, memory.category)) problems.push(`category ${id}: ${q(memory.category)}`);
    if ("happened_on" in memory && !(isString(memory.happened_on) && /^\d{4}(-\d\d(-\d\d)?)?$/.test(memory.happened_on))) problems.push(`happened_on ${id}: ${q(memory.happened_on)}`);
    if ("content" in memory && !(isString(memory.content) && memory.content.trim())) problems.push(`content ${id} is not a non-empty string`);
    if ("tags" in memory && !isString(memory.tags)) problems.push(`tags ${id} is not a string`);
    addId(memory.id, `${isString(memory.content) ? memory.content : ""} ${isString(memory.tags) ? memory.tags : ""}`);
  }

  const calibration = arrayOf(data, "calibration", problems);
  for (const [index, answer] of calibration.entries()) {
    if (!isObject(answer)) {
      problems.push(`calibration answer ${index + 1} is not an object`);
      continue;
    }
    const id = isString(answer.id) ? answer.id : `#${index + 1}`;
    if (!hasKeys(answer, ["id", "statement", "response"])) problems.push(`calibration keys ${id}: ${keyList(answer)}`);
    for (const key of ["statement", "response"]) {
      const value = answer[key];
      if (key in answer && !(isString(value) && value.trim())) problems.push(`calibration ${key} ${id} is not a non-empty string`);
    }
    addId(answer.id, `${isString(answer.statement) ? answer.statement : ""} ${isString(answer.response) ? answer.response : ""}`);
    if (isString(answer.id)) calibrationIds.add(answer.id);
  }

  const questions = arrayOf(data, "questions", problems);
  row.memories = memories.length;
  row.calibration = calibration.length;
  row.questions = questions.length;
  if (!inRange(memories.length, LIMITS.memories)) problems.push(`${memories.length} memories (allowed ${LIMITS.memories.join("-")})`);
  if (!inRange(calibration.length, LIMITS.calibration)) problems.push(`${calibration.length} calibration answers (allowed ${LIMITS.calibration.join("-")})`);
  if (!inRange(questions.length, LIMITS.questions)) problems.push(`${questions.length} questions (allowed ${LIMITS.questions.join("-")})`);

  const seen = new Set<string>();
  for (const [index, question] of questions.entries()) {
    if (!isObject(question)) {
      problems.push(`question ${index + 1} is not an object`);
      continue;
    }
    if (!hasKeys(question, ["q", "expect", "kind"], ["asker"])) problems.push(`question keys ${keyList(question)}: ${q(question.q)}`);
    if (!isString(question.q) || !question.q.trim()) {
      if ("q" in question) problems.push(`question ${index + 1}: q is not a non-empty string`);
      continue;
    }
    const text = question.q;
    if (seen.has(text)) problems.push(`duplicate question ${q(text)}`);
    seen.add(text);
    if (!oneOf(KINDS, question.kind)) {
      problems.push(`kind ${q(question.kind)}: ${q(text)}`);
      continue;
    }
    const kind = question.kind as QuestionKind;
    kinds[kind] += 1;
    if ("asker" in question) {
      row.withAsker += 1;
      if (!oneOf(ASKERS, question.asker)) problems.push(`asker ${q(question.asker)}: ${q(text)}`);
    }
    if (!Array.isArray(question.expect) || !question.expect.every(isString)) {
      problems.push(`expect is not a list of ids: ${q(text)}`);
      continue;
    }
    const expected: string[] = question.expect;
    for (const id of expected) if (!texts.has(id)) problems.push(`unknown expect id ${id}: ${q(text)}`);
    if (UNANSWERED.includes(kind)) {
      if (expected.length > 0) problems.push(`${kind} with expect: ${q(text)}`);
      continue;
    }
    if (expected.length === 0) {
      problems.push(`${kind} without expect: ${q(text)}`);
      continue;
    }
    if (kind === "advice" && !expected.every((id) => calibrationIds.has(id))) problems.push(`advice must expect calibration ids: ${q(text)}`);
    // Rule 1: the question asks in other words than the texts it expects.
    const words = contentWords(text);
    for (const id of expected) {
      const expectedText = texts.get(id);
      if (expectedText === undefined) continue;
      const hits = sharedWords(words, contentWords(expectedText));
      if (hits.length > 0) problems.push(`rule 1: shares words with ${id}: ${q(text)}: ${hits.join(", ")}`);
    }
  }

  row.nearMiss = kinds["near-miss"];
  row.offTopic = kinds["off-topic"];
  row.answerable = questions.length - row.nearMiss - row.offTopic;
  if (row.nearMiss < LIMITS.nearMiss) problems.push(`only ${row.nearMiss} near misses (at least ${LIMITS.nearMiss})`);
  if (row.offTopic < LIMITS.offTopic) problems.push(`only ${row.offTopic} off-topic (at least ${LIMITS.offTopic})`);
  return { row, problems };
}
