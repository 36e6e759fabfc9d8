// Fitting only: measures, without a database, how well meaning (USE-lite) and WordNet-expanded words rank each
// persona's memories for its questions. Caches vectors in OUT_CACHE. Usage:
// node --import tsx scripts/twin-eval/probe-expansion.ts FOLDER CACHE.json [--wide] [--doc MIN_WEIGHT]
// --wide: a question's words also match through their kinds (two steps up); --doc: the memory's expansion words of at
// least that weight are written after its text as one more text for the encoder (design 3 of decision 0027).
import fs from "node:fs";
import path from "node:path";
import { createUseLiteEmbedder } from "../../src/server/providers/embeddings";
import { memoryTexts } from "../../src/server/features/twin/encoder-texts";
import { asFirstPerson } from "../../src/server/features/twin/query-terms";
import { readPersonaFile, type PersonaFile } from "./persona-file";
import { expandMaterial, expandQuestion, overlap } from "./expansion";
import { parseTags } from "../../src/contract/memory-options";

const [folder, cachePath, ...flags] = process.argv.slice(2);
const wide = flags.includes("--wide");
const docWeight = flags.includes("--doc") ? Number(flags[flags.indexOf("--doc") + 1]) : Infinity;
if (!folder || !cachePath) throw new Error("usage: probe-expansion.ts FOLDER CACHE.json");
const files = fs.readdirSync(folder).filter((f) => /^persona-.*\.json$/.test(f)).sort();
const personas: PersonaFile[] = files.map((f) => readPersonaFile(path.join(folder, f)));
const cache: Record<string, number[][]> = fs.existsSync(cachePath) ? JSON.parse(fs.readFileSync(cachePath, "utf8")) : {};
const embedder = createUseLiteEmbedder();
async function vectors(key: string, texts: string[]): Promise<Float32Array[]> {
  if (!cache[key]) cache[key] = (await embedder.embed(texts, "background")).map((v) => Array.from(v));
  return cache[key]!.map((v) => Float32Array.from(v));
}
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

interface Row { persona: string; q: string; kind: string; expect: string[]; cands: Array<{ id: string; meaning: number; lex: number; own: number }> }
const rows: Row[] = [];
for (const p of personas) {
  const mems = await Promise.all(p.memories.map(async (m) => {
    const tags = Array.isArray(m.tags) ? m.tags : parseTags(m.tags ?? "");
    const exp = expandMaterial(`${tags.join(", ")}. ${m.content}`);
    const extra = [...exp.weights].filter(([w, x]) => !exp.own.has(w) && x >= docWeight).map(([w]) => w.replace(/_/g, " "));
    const texts = memoryTexts(embedder, m.content, tags);
    if (extra.length > 0) texts.push(`${m.content} ${extra.join(", ")}`);
    return { id: m.id, vecs: await vectors(`m:${m.content}:${tags.join(",")}:${extra.join(",")}`, texts), exp };
  }));
  for (const q of p.questions) {
    const [qv] = await vectors(`q:${q.q}`, [asFirstPerson(q.q)]);
    const qe = expandQuestion(q.q, wide);
    const df = (lemma: string) => mems.filter((m) => m.exp.own.has(lemma)).length;
    rows.push({
      persona: p.persona?.first_name ?? "", q: q.q, kind: q.kind ?? "", expect: q.expect,
      cands: mems.map((m) => {
        const o = overlap(qe, m.exp, df, mems.length);
        return { id: m.id, meaning: Math.max(...m.vecs.map((v) => dot(qv!, v))), lex: o.score, own: o.own };
      }),
    });
  }
}
fs.writeFileSync(cachePath, JSON.stringify(cache));
fs.writeFileSync(cachePath.replace(/\.json$/, ".rows.json"), JSON.stringify(rows));

function measure(w: number, wOwn: number) {
  let top1 = 0, top3 = 0, answerable = 0;
  for (const r of rows) {
    if (r.expect.length === 0) continue;
    answerable += 1;
    const ranked = [...r.cands].sort((a, b) => b.meaning + w * b.lex + wOwn * b.own - (a.meaning + w * a.lex + wOwn * a.own));
    if (r.expect.includes(ranked[0]!.id)) top1 += 1;
    if (ranked.slice(0, 3).some((c) => r.expect.includes(c.id))) top3 += 1;
  }
  return { top1: top1 / answerable, top3: top3 / answerable };
}
for (const w of [0, 0.1, 0.2, 0.3, 0.5, 0.8]) for (const wOwn of [0, 0.2, 0.4]) console.log(`w=${w} own=${wOwn}`, measure(w, wOwn));
process.exit(0);
