"""Fine-tunes the crisis reader: bge-small-en-v1.5's top layers and a linear head over its [CLS] state, trained to tell
a writer in danger from grief, errands and idiom. Run by `npm run train:crisis` (train-crisis.sh); see README.md.

  train_crisis.py BASE.onnx TOKENS.json OUT_DIR [--epochs 2] [--freeze 6] [--seed 0] [--apart 0.15]

- Trained on the development crisis sets and everyday words to a twin (the development personas' questions and
  memories), but for a part held apart, drawn with the seed: --apart of every file's crises and of its other messages,
  and of the personas. The two thresholds are chosen there, never on the check set.
- A message is read as the product reads it (crisis-tokenize.ts): whole, sentence by sentence, and with the
  conversation before it. The most worrying of its own readings decides; the conversation read together may ask for a
  check-in, never the support message. A crisis teaches with its whole reading and the conversation's (one sentence of
  it may be ordinary); an ordinary message with every reading.
- Thresholds: a check-in from the score at which --check-in-alarms of the held-apart ordinary messages would get help;
  the support message from the one at --support-alarms.
- Measured in fp16 (what ships) on the held-apart part, the check set (eval/holdout/crisis-check.json) and the
  everyday questions of the held-out and public personas, none of them trained or fitted on.
- Writes OUT_DIR/trained.fp16.bin, OUT_DIR/manifest.json (with the head and the thresholds), and beside the tokens
  crisis-report.json and crisis-exported.onnx (for verify-export.ts)."""
import argparse, bisect, json, os, random, time
import torch, torch.nn as nn
from bert_port import load_bge
from trained_layers import encode, export_onnx, frozen_states, round_to_fp16, write_trained

p = argparse.ArgumentParser()
p.add_argument("base"); p.add_argument("tokens"); p.add_argument("out")
p.add_argument("--epochs", type=int, default=2); p.add_argument("--freeze", type=int, default=6); p.add_argument("--seed", type=int, default=0)
p.add_argument("--lr", type=float, default=3e-5); p.add_argument("--head-lr", type=float, default=1e-3); p.add_argument("--batch", type=int, default=32)
p.add_argument("--apart", type=float, default=0.15)
p.add_argument("--check-in-alarms", type=float, default=0.04); p.add_argument("--support-alarms", type=float, default=0.005)
p.add_argument("--no-everyday", action="store_true", help="train without the personas' everyday words (a design to measure)")
a = p.parse_args()
torch.set_num_threads(2); torch.manual_seed(a.seed); rng = random.Random(a.seed)
started = time.time()
log = lambda *x: print(f"[{time.time() - started:6.0f} s]", *x, flush=True)
# The head reads the unit-length [CLS] state times this scale, so its weights start at the size of a logit.
SCALE = 20.0

items = json.load(open(a.tokens))
# Held apart: a share of every development file's crises and of its other messages; a share of the personas.
strata = {}
for it in items:
    if it["set"] == "dev": strata.setdefault((it["file"], it["crisis"]), []).append(it)
for group in strata.values():
    rng.shuffle(group)
    for k, it in enumerate(group): it["apart"] = k < round(a.apart * len(group))
personas = sorted({it["file"] for it in items if it["set"] == "everyday-dev"}); rng.shuffle(personas)
apart_personas = set(personas[:round(a.apart * len(personas))])
for it in items:
    if it["set"] == "everyday-dev": it["apart"] = it["file"] in apart_personas
train_items = [it for it in items if it["set"] in ("dev", "everyday-dev") and not it["apart"] and not (a.no_everyday and it["set"] == "everyday-dev")]

base, where = load_bge(a.base); base.eval()
flat = [r for it in items for r in it["readings"]]
states = frozen_states(base, flat, a.freeze)
at = 0
for it in items:
    it["states"] = states[at:at + len(it["readings"])]; at += len(it["readings"])
log(f"frozen bottom ({a.freeze} layers) read for {len(flat)} readings of {len(items)} messages")

def examples_of(it):
    if not it["crisis"]: return [(s, 0.0) for s in it["states"]]
    together = len(it["readings"]) > it["own"]
    return [(it["states"][0], 1.0)] + ([(it["states"][-1], 1.0)] if together else [])

model, _ = load_bge(a.base); top = model.layers[a.freeze:]
head = nn.Linear(384, 1)
nn.init.normal_(head.weight, std=0.02); nn.init.zeros_(head.bias)
opt = torch.optim.AdamW([{"params": list(top.parameters()), "lr": a.lr}, {"params": list(head.parameters()), "lr": a.head_lr}], weight_decay=0.01)
examples = [e for it in train_items for e in examples_of(it)]
log(f"training on {len(train_items)} messages ({sum(1 for it in train_items if it['crisis'])} crises): {len(examples)} readings, {sum(1 for _, y in examples if y)} of them crises")
logit = lambda v: head(SCALE * v).squeeze(-1)
for epoch in range(a.epochs):
    # Batches of similar length (padding is most of the cost of short texts), in a random order.
    order = sorted(range(len(examples)), key=lambda i: (examples[i][0].shape[0], rng.random()))
    batches = [order[i:i + a.batch] for i in range(0, len(order), a.batch)]; rng.shuffle(batches)
    for step, batch in enumerate(batches):
        v = encode(top, [examples[i][0] for i in batch]); y = torch.tensor([examples[i][1] for i in batch])
        loss = nn.functional.binary_cross_entropy_with_logits(logit(v), y)
        opt.zero_grad(); loss.backward(); opt.step()
        if step % 100 == 0: log(f"epoch {epoch + 1} step {step}/{len(batches)} loss {float(loss):.3f}")
round_to_fp16(top)

def score_all(list_):
    """Each message's most worrying own reading and, with a conversation, the conversation's, as probabilities."""
    top.eval(); out = []
    with torch.no_grad():
        flat = [s for it in list_ for s in it["states"]]
        order = sorted(range(len(flat)), key=lambda i: flat[i].shape[0]); p = [0.0] * len(flat)
        for i in range(0, len(order), 64):
            chunk = order[i:i + 64]
            for k, v in zip(chunk, torch.sigmoid(logit(encode(top, [flat[j] for j in chunk]))).tolist()): p[k] = v
        at = 0
        for it in list_:
            ps = p[at:at + len(it["states"])]; at += len(it["states"])
            out.append((max(ps[:it["own"]]), ps[it["own"]] if len(ps) > it["own"] else 0.0))
    return out

def threshold_at(scores, share):
    """Just above the ordinary message at `share` of them, counted from the most worrying."""
    s = sorted(scores, reverse=True)
    return min(0.999999, s[min(len(s) - 1, int(share * len(s)))] + 1e-6)

def figures(list_, scored, check_in, support):
    crises = [(sc, it) for sc, it in zip(scored, list_) if it["crisis"]]; others = [(sc, it) for sc, it in zip(scored, list_) if not it["crisis"]]
    helped = lambda sc: sc[0] >= check_in or sc[1] >= check_in
    share = lambda xs, f: sum(1 for sc, _ in xs if f(sc)) / max(1, len(xs))
    return {"messages": len(list_), "crises": len(crises), "recall": share(crises, helped), "false_alarm_rate": share(others, helped),
            "support_recall": share(crises, lambda sc: sc[0] >= support), "support_false_alarm_rate": share(others, lambda sc: sc[0] >= support)}

def curve(list_, scored):
    """AUROC of the message's help score, and recall at a few false-alarm rates."""
    pos = sorted(max(sc) for sc, it in zip(scored, list_) if it["crisis"]); neg = sorted(max(sc) for sc, it in zip(scored, list_) if not it["crisis"])
    if not pos or not neg: return {}
    auroc = sum(bisect.bisect_left(neg, x) + 0.5 * (bisect.bisect_right(neg, x) - bisect.bisect_left(neg, x)) for x in pos) / (len(pos) * len(neg))
    at = lambda fa: sum(1 for x in pos if x >= threshold_at(neg, fa)) / len(pos)
    return {"auroc": auroc, **{f"recall_at_{int(fa * 100)}": at(fa) for fa in (0.01, 0.03, 0.05, 0.15)}}

apart = [it for it in items if it["set"] == "dev" and it["apart"]]
apart_scores = score_all(apart)
ordinary_help = [max(sc) for sc, it in zip(apart_scores, apart) if not it["crisis"]]
ordinary_own = [sc[0] for sc, it in zip(apart_scores, apart) if not it["crisis"]]
check_in = threshold_at(ordinary_help, a.check_in_alarms)
support = max(check_in, threshold_at(ordinary_own, a.support_alarms))
log(f"thresholds from {len(apart)} held-apart messages: check-in {check_in:.4f}, support {support:.4f}")

report = {"settings": {k: getattr(a, k) for k in ("epochs", "freeze", "seed", "lr", "head_lr", "batch", "apart", "check_in_alarms", "support_alarms", "no_everyday")},
          "thresholds": {"checkIn": check_in, "support": support}, "sets": {}, "kinds": {}}
groups = {"held apart (development)": apart,
          "check set (never fitted)": [it for it in items if it["set"] == "check"],
          "everyday, held-apart development personas": [it for it in items if it["set"] == "everyday-dev" and it["apart"]],
          "everyday, held-out and public personas (never fitted)": [it for it in items if it["set"] == "everyday-unseen"]}
for name, list_ in groups.items():
    scored = apart_scores if list_ is apart else score_all(list_)
    report["sets"][name] = {**figures(list_, scored, check_in, support), **curve(list_, scored)}
    log(f"{name}: {json.dumps({k: round(v, 3) for k, v in report['sets'][name].items()})}")
    if name.startswith("check"):
        for kind in sorted({it["kind"] for it in list_}):
            pairs = [(sc, it) for sc, it in zip(scored, list_) if it["kind"] == kind]
            report["kinds"][kind] = figures([it for _, it in pairs], [sc for sc, _ in pairs], check_in, support)
        # Every check-set message's two scores, for the product-side measures (npm run eval:crisis reads the product).
        report["check_scores"] = [[round(x, 5) for x in sc] for sc in scored]

shared = write_trained(model, where, a.base, a.out, a.freeze)
manifest = {
    "format": "mindprint-crisis-reader/1",
    "id": f"mindprint-crisis-reader-{shared['assembledSha256'][:12]}",
    **{k: shared[k] for k in ("base", "trained", "assembledSha256")},
    "pooling": "cls, unit length",
    # The chance a text is a writer in danger: logistic(weights · cls + bias) (the scale folded into the weights).
    "head": {"weights": [round(SCALE * w, 6) for w in head.weight.detach()[0].tolist()], "bias": round(float(head.bias), 6)},
    "thresholds": {"checkIn": round(check_in, 6), "support": round(support, 6),
                   "chosenOn": f"{len(apart)} development messages held apart: help at {a.check_in_alarms:.1%} of their ordinary messages, the support message at {a.support_alarms:.1%}"},
    "tensors": shared["tensors"],
}
json.dump(manifest, open(os.path.join(a.out, "manifest.json"), "w"), indent=1)
json.dump(report, open(os.path.join(os.path.dirname(a.tokens), "crisis-report.json"), "w"), indent=1)
# Which development messages were held apart, for `npm run eval:crisis -- eval/dev/crisis-*.json --apart …`.
json.dump({"seed": a.seed, "messages": [[it["file"], it["index"]] for it in apart]}, open(os.path.join(os.path.dirname(a.tokens), "crisis-apart.json"), "w"))
export_onnx(model, os.path.join(os.path.dirname(a.tokens), "crisis-exported.onnx"))
log(f"wrote {a.out}: {shared['trained']['bytes']} bytes trained, reader {manifest['id']}")
