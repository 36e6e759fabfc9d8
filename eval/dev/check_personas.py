#!/usr/bin/env python3
"""Check the twin persona files in this folder (persona-*.json).

Usage: python3 check_personas.py [--table]

Checks: valid JSON, exact key sets, allowed enum values, counts per persona
(18-28 memories, 3-5 calibration answers, 35-50 questions, >=10 near misses,
>=5 off-topic), every expect id exists, near-miss/off-topic have empty expect,
and rule 1: no content word (lowercased, accents folded, longer than 3 letters
after normalising, not a stop word) shared between a question with a non-empty
expect list and the memories or calibration answers it expects.  Word forms are
folded by a crude stemmer, a table of irregular verbs and a prefix test, so
the check errs on the side of flagging.
"""
import glob
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))

EMOTIONS = {"Joy", "Love", "Pride", "Excitement", "Reflection", "Sadness",
            "Anger", "Fear", "Surprise", "Nostalgia"}
CATEGORIES = {"personal", "family", "career", "relationships", "achievements",
              "travel", "learning", "creative"}
LEGACY = {"private", "family", "public"}
INTENTS = {"preserve_memory", "reflect_identity", "build_twin", "exploring"}
KINDS = {"answerable", "near-miss", "off-topic", "yes-no", "feeling", "when",
         "advice"}
ASKERS = {"daughter", "son", "granddaughter", "grandson", "great-grandchild",
          "niece", "nephew", "sister", "brother", "friend", "spouse", "partner"}

STOP = set("""
about above after again against also although among another anyone anything
around because been before being below between both cannot could does doing
done down during each either else even ever every everyone everything from
have having here hers herself himself into itself just like many more most
much must myself never none ours ourselves over same shall should since some
someone something such than that their theirs them themselves then there
these they this those though through thus till under until upon very were
what whatever when where whether which while whom whose will with within
without would your yours yourself yourselves what's it's that's there's
you'd you're you've you'll i've i'd i'm don't didn't doesn't wasn't weren't
isn't aren't won't can't couldn't wouldn't shouldn't haven't hasn't hadn't
who's how's let's she's he's they're they've we're we've
""".split())

# kin words the asker may use for the person or relatives
KIN = set("""
mom mum mama mommy mummy dad daddy papa grandpa grandma granny grandad
granddad grandpa's grandma's nana great aunt auntie uncle sis
""".split())

IRREGULAR = {
    "met": "meet", "wore": "wear", "worn": "wear", "ran": "run", "came": "come",
    "said": "say", "says": "say", "told": "tell", "knew": "know", "known": "know",
    "taught": "teach", "brought": "bring", "bought": "buy", "felt": "feel",
    "left": "leave", "lost": "lose", "found": "find", "gave": "give",
    "given": "give", "took": "take", "taken": "take", "went": "go", "gone": "go",
    "saw": "see", "seen": "see", "sang": "sing", "sung": "sing", "flew": "fly",
    "flown": "fly", "fell": "fall", "fallen": "fall", "held": "hold",
    "kept": "keep", "made": "make", "thought": "think", "wrote": "write",
    "written": "write", "drove": "drive", "driven": "drive", "ate": "eat",
    "eaten": "eat", "sat": "sit", "stood": "stand", "spoke": "speak",
    "spoken": "speak", "slept": "sleep", "swam": "swim", "won": "win",
    "grew": "grow", "grown": "grow", "began": "begin", "begun": "begin",
    "broke": "break", "broken": "break", "built": "build", "caught": "catch",
    "chose": "choose", "chosen": "choose", "drank": "drink", "drunk": "drink",
    "fought": "fight", "hid": "hide", "hidden": "hide", "hung": "hang",
    "led": "lead", "paid": "pay", "rang": "ring", "rung": "ring", "sent": "send",
    "shook": "shake", "sold": "sell", "spent": "spend", "stole": "steal",
    "struck": "strike", "swore": "swear", "threw": "throw", "thrown": "throw",
    "understood": "understand", "woke": "wake", "dug": "dig", "fed": "feed",
    "bit": "bite", "bitten": "bite", "lit": "light", "meant": "mean",
    "dealt": "deal", "burnt": "burn", "learnt": "learn", "dreamt": "dream",
    "died": "die", "dying": "die", "dead": "die", "death": "die",
    "laid": "lay", "lain": "lie", "lay": "lie", "ground": "grind",
    "wed": "wedding", "married": "marry", "marriage": "marry",
    "born": "birth", "ridden": "ride", "rode": "ride", "froze": "freeze",
    "frozen": "freeze", "forgot": "forget", "forgotten": "forget",
    "forgave": "forgive", "forgiven": "forgive", "got": "get", "gotten": "get",
    "heard": "hear", "sold": "sell", "shot": "shoot", "stuck": "stick",
    "swept": "sweep", "wept": "weep", "wound": "wind", "children": "child",
    "men": "man", "women": "woman", "mice": "mouse", "feet": "foot",
    "teeth": "tooth", "geese": "goose", "grandchildren": "grandchild",
}

SUFFIXES = ["ations", "ation", "ingly", "ments", "ment", "ness", "ings",
            "ing", "ied", "ies", "ers", "est", "ed", "es", "er", "ly", "s"]


def fold(text):
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.lower().replace("\u2019", "'")


def stem(w):
    if w in IRREGULAR:
        w = IRREGULAR[w]
    for suf in SUFFIXES:
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            base = w[: -len(suf)]
            if suf in ("ied", "ies"):
                base += "y"
            if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "ls":
                base = base[:-1]  # stopped -> stop
            return base
    return w


def content_words(text):
    out = {}
    for raw in re.findall(r"[a-z]+(?:'[a-z]+)?", fold(text)):
        w = raw[:-2] if raw.endswith("'s") else raw
        if w in STOP or raw in STOP or w in KIN:
            continue
        w2 = IRREGULAR.get(w, w)
        if len(w2) <= 3 and len(w) <= 3:
            continue
        out.setdefault(stem(w), set()).add(raw)
    return out


def shared(q_words, m_words):
    hits = []
    for qs, qraw in q_words.items():
        for ms, mraw in m_words.items():
            short, long_ = sorted((qs, ms), key=len)
            if qs == ms or (len(short) >= 4 and long_.startswith(short)):
                hits.append(f"{'/'.join(sorted(qraw))}~{'/'.join(sorted(mraw))}")
    return hits


def check(path):
    errors, overlaps = [], []
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    name = os.path.basename(path)
    if set(data) != {"format", "about", "persona", "memories", "calibration", "questions"}:
        errors.append(f"top-level keys {sorted(data)}")
    if data.get("format") != "mindprint-twin-eval/1":
        errors.append("format")
    p = data["persona"]
    if set(p) != {"first_name", "birthday", "legacy_preference", "user_intents"}:
        errors.append(f"persona keys {sorted(p)}")
    if not re.fullmatch(r"\d{4}-\d\d-\d\d", p["birthday"]):
        errors.append("birthday")
    if p["legacy_preference"] not in LEGACY:
        errors.append("legacy_preference")
    if not p["user_intents"] or not set(p["user_intents"]) <= INTENTS:
        errors.append("user_intents")
    mems = {}
    for m in data["memories"]:
        keys = set(m)
        if not ({"id", "emotion", "category", "tags", "content"} <= keys <=
                {"id", "emotion", "category", "tags", "content", "happened_on"}):
            errors.append(f"memory keys {m.get('id')}: {sorted(keys)}")
        if m["emotion"] not in EMOTIONS:
            errors.append(f"emotion {m['id']}")
        if m["category"] not in CATEGORIES:
            errors.append(f"category {m['id']}")
        if "happened_on" in m and not re.fullmatch(r"\d{4}(-\d\d(-\d\d)?)?", m["happened_on"]):
            errors.append(f"happened_on {m['id']}")
        if m["id"] in mems:
            errors.append(f"duplicate id {m['id']}")
        mems[m["id"]] = m["content"] + " " + m["tags"]
    for c in data["calibration"]:
        if set(c) != {"id", "statement", "response"}:
            errors.append(f"calibration keys {c.get('id')}")
        if c["id"] in mems:
            errors.append(f"duplicate id {c['id']}")
        mems[c["id"]] = c["statement"] + " " + c["response"]
    nm = len(data["memories"])
    nc = len(data["calibration"])
    nq = len(data["questions"])
    if not 18 <= nm <= 28:
        errors.append(f"{nm} memories")
    if not 3 <= nc <= 5:
        errors.append(f"{nc} calibration answers")
    if not 35 <= nq <= 50:
        errors.append(f"{nq} questions")
    counts = {k: 0 for k in KINDS}
    askers = 0
    seen_q = set()
    for q in data["questions"]:
        keys = set(q)
        if not ({"q", "expect", "kind"} <= keys <= {"q", "expect", "kind", "asker"}):
            errors.append(f"question keys {q}")
        if q["q"] in seen_q:
            errors.append(f"duplicate question {q['q']}")
        seen_q.add(q["q"])
        kind = q.get("kind")
        if kind not in KINDS:
            errors.append(f"kind {q}")
            continue
        counts[kind] += 1
        if "asker" in q:
            askers += 1
            if q["asker"] not in ASKERS:
                errors.append(f"asker {q}")
        for e in q["expect"]:
            if e not in mems:
                errors.append(f"unknown expect id {e} in {q['q']}")
        if kind in ("near-miss", "off-topic"):
            if q["expect"]:
                errors.append(f"{kind} with expect: {q['q']}")
            continue
        if not q["expect"]:
            errors.append(f"{kind} without expect: {q['q']}")
            continue
        if kind == "advice" and not all(e.startswith("c") for e in q["expect"]):
            errors.append(f"advice must expect calibration ids: {q['q']}")
        qw = content_words(q["q"])
        for e in q["expect"]:
            if e in mems:
                hits = shared(qw, content_words(mems[e]))
                if hits:
                    overlaps.append(f"{name} [{e}] {q['q']!r}: {', '.join(hits)}")
    if counts["near-miss"] < 10:
        errors.append(f"only {counts['near-miss']} near misses")
    if counts["off-topic"] < 5:
        errors.append(f"only {counts['off-topic']} off-topic")
    answerable = nq - counts["near-miss"] - counts["off-topic"]
    row = dict(name=name, first=p["first_name"], born=p["birthday"][:4], memories=nm,
               calibration=nc, questions=nq, answerable=answerable,
               near=counts["near-miss"], off=counts["off-topic"], asker=askers,
               kinds=counts)
    return row, errors, overlaps


def main():
    files = sorted(glob.glob(os.path.join(HERE, "persona-*.json")))
    rows, bad = [], False
    for path in files:
        try:
            row, errors, overlaps = check(path)
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            print(f"{os.path.basename(path)}: ERROR {exc!r}")
            bad = True
            continue
        rows.append(row)
        for e in errors:
            print(f"{row['name']}: ERROR {e}")
            bad = True
        for o in overlaps:
            print(f"OVERLAP {o}")
            bad = True
    if "--table" in sys.argv or not bad:
        print()
        print("| persona | file | born | memories | calibration | questions | answerable | near-miss | off-topic | with asker |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        tot = dict(memories=0, calibration=0, questions=0, answerable=0, near=0, off=0, asker=0)
        for r in rows:
            print(f"| {r['first']} | `{r['name']}` | {r['born']} | {r['memories']} | {r['calibration']} | "
                  f"{r['questions']} | {r['answerable']} | {r['near']} | {r['off']} | {r['asker']} |")
            for k in tot:
                tot[k] += r[k]
        print(f"| **total** | {len(rows)} files | | {tot['memories']} | {tot['calibration']} | {tot['questions']} | "
              f"{tot['answerable']} | {tot['near']} | {tot['off']} | {tot['asker']} |")
        kinds = {k: sum(r['kinds'][k] for r in rows) for k in sorted(KINDS)}
        print()
        print("kinds over all files:", ", ".join(f"{k} {v}" for k, v in kinds.items()))
    print("\nOK" if not bad else "\nPROBLEMS FOUND")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
