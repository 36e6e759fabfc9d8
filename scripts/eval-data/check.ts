/**
 * `npm run check:eval`: checks every development and held-out evaluation file, the twin personas
 * (eval/{dev,holdout}/persona-*.json) and the crisis sets (eval/{dev,holdout}/crisis-*.json), prints a table of counts
 * per file, then every problem, one a line, and exits 1 if there is any. The rules are in eval/dev/README.md.
 */
import fs from "node:fs";
import path from "node:path";
import { checkCrisisFiles, type CrisisRow } from "./crisis-rules";
import { checkPersona, KINDS, type PersonaRow } from "./persona-rules";

const root = path.resolve(import.meta.dirname, "../..");
const folders = ["eval/dev", "eval/holdout"];

/** The repository-relative paths of the files in the evaluation folders whose names match, sorted within a folder. */
function filesMatching(pattern: RegExp): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((name) => pattern.test(name))
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

const problems: string[] = [];
function load(file: string): { data: unknown } | null {
  try {
    return { data: JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) };
  } catch (error) {
    problems.push(`${file}: not valid JSON: ${(error as Error).message}`);
    return null;
  }
}

const personaRows: PersonaRow[] = [];
for (const file of filesMatching(/^persona-.*\.json$/)) {
  const loaded = load(file);
  if (!loaded) continue;
  const result = checkPersona(file, loaded.data);
  personaRows.push(result.row);
  problems.push(...result.problems.map((problem) => `${file}: ${problem}`));
}

const crisisFiles = filesMatching(/^crisis-.*\.json$/).flatMap((file) => {
  const loaded = load(file);
  return loaded ? [{ file, data: loaded.data }] : [];
});
const crisisRows: CrisisRow[] = [];
for (const result of checkCrisisFiles(crisisFiles)) {
  crisisRows.push(result.row);
  problems.push(...result.problems.map((problem) => `${result.row.file}: ${problem}`));
}

const line = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
const sum = <T>(rows: T[], count: (row: T) => number) => rows.reduce((total, row) => total + count(row), 0);

console.log("Twin personas\n");
line(["persona", "file", "born", "memories", "calibration", "questions", "answerable", "near-miss", "off-topic", "with asker"]);
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of personaRows) line([r.firstName, `\`${r.file}\``, r.born, r.memories, r.calibration, r.questions, r.answerable, r.nearMiss, r.offTopic, r.withAsker]);
const personaTotals = (["memories", "calibration", "questions", "answerable", "nearMiss", "offTopic", "withAsker"] as const).map((key) => sum(personaRows, (r) => r[key]));
line(["**total**", `${personaRows.length} files`, "", ...personaTotals]);
console.log(`\nKinds over all files: ${KINDS.toSorted().map((kind) => `${kind} ${sum(personaRows, (r) => r.kinds[kind])}`).join(", ")}`);

console.log("\nCrisis sets\n");
line(["file", "messages", "crisis", "not crisis", "with context", "kinds"]);
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of crisisRows) line([`\`${r.file}\``, r.messages, r.crisis, r.notCrisis, r.withContext, r.kinds]);
line(["**total**", ...(["messages", "crisis", "notCrisis", "withContext"] as const).map((key) => sum(crisisRows, (r) => r[key])), ""]);

if (problems.length === 0) console.log("\nOK");
else {
  console.log(`\n${problems.length} problems:`);
  for (const problem of problems) console.log(problem);
  process.exitCode = 1;
}
