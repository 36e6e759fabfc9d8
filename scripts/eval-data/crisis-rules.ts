/** The rules of a crisis message set (`mindprint-crisis-eval/1`), as eval/dev/README.md states them. */

export const CRISIS_FORMAT = "mindprint-crisis-eval/1";
/** A message may carry 1 to 3 earlier messages of the same conversation. */
export const CONTEXT_LENGTH = [1, 3] as const;

export interface CrisisRow {
  file: string;
  messages: number;
  crisis: number;
  notCrisis: number;
  withContext: number;
  /** Distinct kinds. */
  kinds: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";
const q = (value: unknown) => JSON.stringify(value);
const keyList = (object: Json) => Object.keys(object).sort().join(", ");
function hasKeys(object: Json, required: readonly string[], optional: readonly string[] = []): boolean {
  const keys = Object.keys(object);
  return required.every((key) => keys.includes(key)) && keys.every((key) => required.includes(key) || optional.includes(key));
}

/** How texts are compared for uniqueness: lowercased, punctuation (anything not a letter, digit or space) removed. */
export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, "").replace(/\s+/g, " ").trim();
}

/**
 * Checks every crisis file together (texts must be unique across all of them, in the order given). Returns, per file,
 * its counts and every problem; a repeated text is reported on the later message, naming the first.
 */
export function checkCrisisFiles(files: readonly { file: string; data: unknown }[]): { row: CrisisRow; problems: string[] }[] {
  const firstSeen = new Map<string, string>();
  return files.map(({ file, data }) => {
    const row: CrisisRow = { file, messages: 0, crisis: 0, notCrisis: 0, withContext: 0, kinds: 0 };
    const problems: string[] = [];
    if (!isObject(data)) return { row, problems: ["not a JSON object"] };
    if (!hasKeys(data, ["format", "about", "messages"])) problems.push(`top-level keys ${keyList(data)}`);
    if (data.format !== CRISIS_FORMAT) problems.push(`format ${q(data.format)} is not ${q(CRISIS_FORMAT)}`);
    if ("about" in data && !isText(data.about)) problems.push("about is not a non-empty string");
    if (!Array.isArray(data.messages) || data.messages.length === 0) {
      problems.push("messages is not a non-empty list");
      return { row, problems };
    }
    const kinds = new Set<string>();
    for (const [index, message] of data.messages.entries()) {
      const at = `message ${index + 1}`;
      if (!isObject(message)) {
        problems.push(`${at} is not an object`);
        continue;
      }
      row.messages += 1;
      if (!hasKeys(message, ["text", "crisis", "kind"], ["context"])) problems.push(`${at} keys ${keyList(message)}`);
      if (typeof message.crisis === "boolean") row[message.crisis ? "crisis" : "notCrisis"] += 1;
      else if ("crisis" in message) problems.push(`${at} crisis ${q(message.crisis)} is not true or false`);
      if (isText(message.kind)) kinds.add(message.kind);
      else if ("kind" in message) problems.push(`${at} kind ${q(message.kind)} is not a non-empty string`);
      if ("context" in message) {
        const context = message.context;
        row.withContext += 1;
        const [fewest, most] = CONTEXT_LENGTH;
        if (!Array.isArray(context) || context.length < fewest || context.length > most || !context.every(isText)) {
          problems.push(`${at} context is not a list of ${fewest} to ${most} non-empty strings: ${q(context)}`);
        }
      }
      if (!isText(message.text)) {
        if ("text" in message) problems.push(`${at} text ${q(message.text)} is not a non-empty string`);
        continue;
      }
      const key = normaliseText(message.text);
      const first = firstSeen.get(key);
      if (first !== undefined) problems.push(`${at} repeats ${first}: ${q(message.text)}`);
      else firstSeen.set(key, `${file} ${at}`);
    }
    row.kinds = kinds.size;
    return { row, problems };
  });
}
