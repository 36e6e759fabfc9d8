// Fitting only: reads the candidates dump-features.ts wrote and searches the decision rule's weights and thresholds
// on the development set, printing the best settings by the three figures.
// Usage: node --import tsx scripts/twin-eval/fit.ts DUMP.jsonl
import fs from "node:fs";

interface Row {
  persona: string;
  q: string;
  kind?: string;
  expect: string[];
  candidates: Array<{ id: string; kind: "memory" | "calibration"; meaning: number | null; words: number; score: number; support?: { share: number; decisiveContradiction: boolean; missingNames?: string[] } }>;
}
const rows: Row[] = fs.readFileSync(process.argv[2]!, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);

interface Setting {
  wWords: number;
  wSupport: number;
  tMeaning: number;
  tShare: number;
  tShareMeaning: number;
  tWords: number;
  ratio: number;
  contradiction: boolean;
  /** A name the question gives and the candidate lacks rules it out. */
  names: boolean;
  /** The least share of supported key terms a cited candidate must have. */
  minShare: number;
}

function cite(row: Row, s: Setting): string[] {
  const scored = row.candidates.map((c) => {
    const meaning = c.meaning ?? 0;
    const share = c.support?.share ?? 0;
    const contradicted = s.contradiction && c.support?.decisiveContradiction === true && share < 1;
    const score = meaning + s.wWords * c.words + s.wSupport * share;
    const named = s.names && (c.support?.missingNames?.length ?? 0) > 0;
    const eligible = !contradicted && !named && share >= s.minShare && (meaning >= s.tMeaning || (share >= s.tShare && meaning >= s.tShareMeaning) || (c.words >= s.tWords && meaning >= s.tShareMeaning));
    return { c, score, eligible };
  });
  const eligible = scored.filter((x) => x.eligible).sort((a, b) => b.score - a.score);
  const best = eligible[0];
  if (!best) return [];
  const cited: typeof eligible = [];
  for (const x of eligible) {
    if (x.score < best.score * s.ratio) continue;
    if (cited.filter((y) => y.c.kind === x.c.kind).length >= 3) continue;
    cited.push(x);
  }
  return cited.map((x) => x.c.id);
}

function measure(s: Setting, subset: Row[] = rows) {
  let cited = 0, correct = 0, expected = 0, found = 0, unanswerable = 0, declined = 0;
  for (const row of subset) {
    const ids = cite(row, s);
    if (row.expect.length === 0) {
      unanswerable += 1;
      if (ids.length === 0) declined += 1;
    } else {
      cited += ids.length;
      correct += ids.filter((id) => row.expect.includes(id)).length;
      expected += row.expect.length;
      found += row.expect.filter((id) => ids.includes(id)).length;
    }
  }
  const p = cited ? correct / cited : 0, r = expected ? found / expected : 0, a = unanswerable ? declined / unanswerable : 1;
  return { p, r, a, objective: Math.min(p / 0.85, r / 0.9, a / 0.95) };
}

const grid: Setting[] = [];
for (const wWords of [0, 0.2, 0.4])
  for (const wSupport of [0, 0.1, 0.2, 0.3, 0.5])
    for (const tMeaning of [0.4, 0.44, 0.48, 0.52, 0.56, 0.6, 1])
      for (const tShare of [0.34, 0.5, 0.67, 0.8, 1, 2])
        for (const tShareMeaning of [0.1, 0.15, 0.2, 0.25, 0.3])
          for (const tWords of [0.5, 0.7, 2])
            for (const ratio of [0.8, 0.85, 0.9, 0.95])
              for (const names of [true, false])
                for (const minShare of [0, 0.2, 0.34, 0.5]) grid.push({ wWords, wSupport, tMeaning, tShare, tShareMeaning, tWords, ratio, contradiction: true, names, minShare });
const results = grid.map((s) => ({ s, ...measure(s) })).sort((a, b) => b.objective - a.objective);
const show = (x: (typeof results)[number]) => `P ${x.p.toFixed(3)} R ${x.r.toFixed(3)} A ${x.a.toFixed(3)}  ${JSON.stringify(x.s)}`;
console.log(`${rows.length} questions, ${grid.length} settings`);
console.log("best by the weakest of the three figures (against 0.85 / 0.9 / 0.95):");
for (const x of results.slice(0, 8)) console.log("  " + show(x));
const byKind = new Map<string, Row[]>();
for (const row of rows) byKind.set(row.kind ?? "?", [...(byKind.get(row.kind ?? "?") ?? []), row]);
console.log("the best setting by kind of question:");
for (const [kind, subset] of byKind) {
  const m = measure(results[0]!.s, subset);
  console.log(`  ${kind.padEnd(12)} ${String(subset.length).padStart(4)}  P ${m.p.toFixed(3)} R ${m.r.toFixed(3)} A ${m.a.toFixed(3)}`);
}
