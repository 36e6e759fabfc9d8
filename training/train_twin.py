"""Fine-tunes the twin's reader: bge-small-en-v1.5's top layers, contrastive over each persona's memories and calibration
answers, with one learned "nothing answers this" score as an extra candidate (an unanswerable question takes it as its
right answer). Run by `npm run train:twin` (train-twin.sh); see README.md.

  train_twin.py BASE.onnx TOKENS.json OUT_DIR [--folds 3] [--epochs 2] [--freeze 6] [--seed 0]

- Trained and fitted on the `dev` personas only. With --folds K it first trains K times, each time holding one K-th of
  the dev personas apart (grouped by persona, never by question), and reports each held-apart part.
- The final reader is trained on every dev persona, rounded to fp16 (what ships), and measured on the `holdout` personas
  (written last, never trained or fitted on) and the two `public` ones.
- Writes OUT_DIR/trained.fp16.bin (the trained tensors, in the base file's own layout), OUT_DIR/manifest.json (where
  each goes in the base file, the hashes, the learned score), OUT_DIR/MODEL_CARD.md, and an ONNX export of the same
  model (torch.onnx.export) beside the tokens, which verify-export.ts compares with the product's assembled model."""
import argparse, json, os, random, sys, time
import torch, torch.nn as nn
from bert_port import load_bge
from trained_layers import encode, export_onnx, frozen_states, read_trained, round_to_fp16, write_trained

p = argparse.ArgumentParser()
p.add_argument("base"); p.add_argument("tokens"); p.add_argument("out")
p.add_argument("--folds", type=int, default=3); p.add_argument("--epochs", type=int, default=2)
p.add_argument("--freeze", type=int, default=6); p.add_argument("--seed", type=int, default=0)
p.add_argument("--lr", type=float, default=2e-5); p.add_argument("--batch", type=int, default=16)
p.add_argument("--temperature", type=float, default=0.05)
# --reuse MODEL_DIR: the final reader is the one committed there (its trained.fp16.bin, checked by hash) instead of
# being trained again; the folds still train. The same seed gives the same file, so this only saves the final run's
# time when a head over the reader's vectors is being designed (train_head.py).
p.add_argument("--reuse", default="")
a = p.parse_args()
if a.reuse and os.path.abspath(a.reuse) == os.path.abspath(a.out):
    sys.exit("--reuse reads the committed reader: write to another folder (OUT) than the one it reads")
torch.set_num_threads(2)
data = json.load(open(a.tokens))
dev = [d for d in data if d["set"] == "dev"]
started = time.time()
log = lambda *x: print(f"[{time.time() - started:6.0f} s]", *x, flush=True)

# The frozen bottom of the network gives every text the same states whatever is trained above it: computed once.
base, where = load_bge(a.base)
base.eval()
states_of = lambda ids_list: frozen_states(base, ids_list, a.freeze)
for d in data:
    ps = states_of([x["ids"] for x in d["passages"]]); qs = states_of([x["ids"] for x in d["questions"]])
    for x, s in zip(d["passages"], ps): x["state"] = s
    for x, s in zip(d["questions"], qs): x["state"] = s
log(f"frozen bottom ({a.freeze} layers) read for {sum(len(d['passages']) + len(d['questions']) for d in data)} texts")

def answerable(q, ids): return any(e in ids for e in q["expect"])

def best_scores(top, tau, sets):
    """For each question a candidate answers or nothing does: its best cosine minus the learned score, and whether
    citing that best candidate would be right (it is expected; a question nothing answers has no right candidate)."""
    top.eval(); out = []
    with torch.no_grad():
        for d in sets:
            P = encode(top, [x["state"] for x in d["passages"]]); ids = [x["id"] for x in d["passages"]]
            Q = encode(top, [q["state"] for q in d["questions"]]); S = Q @ P.T
            for qi, q in enumerate(d["questions"]):
                if q["expect"] and not answerable(q, ids): continue
                best = int(S[qi].argmax()); out.append((float(S[qi, best]) - tau, ids[best] in q["expect"]))
    top.train()
    return out

def fit_calibration(pairs):
    """Platt scaling: p = logistic(a × (cosine − learned score) + b), fitted on out-of-fold pairs by maximum likelihood."""
    x = torch.tensor([m for m, _ in pairs]); y = torch.tensor([float(r) for _, r in pairs])
    ab = torch.tensor([20.0, 0.0], requires_grad=True); opt = torch.optim.LBFGS([ab], max_iter=200)
    def closure():
        opt.zero_grad(); loss = nn.functional.binary_cross_entropy_with_logits(ab[0] * x + ab[1], y); loss.backward(); return loss
    opt.step(closure)
    return float(ab[0]), float(ab[1])

def calibration_error(pairs, a, b, bins=10):
    """Expected calibration error: the mean gap between the stated chance and how often it was right, by tenths."""
    total = 0.0
    for k in range(bins):
        inside = [(p, r) for p, r in ((1 / (1 + __import__("math").exp(-(a * m + b))), r) for m, r in pairs) if k / bins <= p < (k + 1) / bins or (k == bins - 1 and p == 1)]
        if inside: total += len(inside) * abs(sum(p for p, _ in inside) / len(inside) - sum(r for _, r in inside) / len(inside))
    return total / max(1, len(pairs))

def evaluate(top, tau, sets):
    """Top-1 where a passage answers; AUROC of the best score, right first passage vs nothing answers; one citation
    when the best beats the learned score: recall and precision over answerable questions, abstention over the rest."""
    top.eval(); pos, neg, n, top1, tp, fp, ab, un = [], [], 0, 0, 0, 0, 0, 0
    with torch.no_grad():
        for d in sets:
            P = encode(top, [x["state"] for x in d["passages"]]); ids = [x["id"] for x in d["passages"]]
            for i in range(0, len(d["questions"]), 64):
                qs = d["questions"][i:i + 64]; S = encode(top, [q["state"] for q in qs]) @ P.T
                for qi, q in enumerate(qs):
                    best = int(S[qi].argmax()); score = float(S[qi, best]); cite = score > tau
                    if q["expect"]:
                        if not answerable(q, ids): continue
                        n += 1; right = ids[best] in q["expect"]; top1 += right; tp += cite and right; fp += cite and not right
                        if right: pos.append(score)
                    else:
                        un += 1; ab += not cite; fp += cite; neg.append(score)
    top.train()
    neg_sorted = sorted(neg); import bisect
    auroc = sum(bisect.bisect_left(neg_sorted, x) + 0.5 * (bisect.bisect_right(neg_sorted, x) - bisect.bisect_left(neg_sorted, x)) for x in pos) / max(1, len(pos) * len(neg))
    return {"personas": len(sets), "answerable": n, "unanswerable": un, "top1": top1 / max(1, n), "auroc": auroc,
            "recall": tp / max(1, n), "precision": tp / max(1, tp + fp), "abstention": ab / max(1, un), "nothing_score": tau}

def fmt(r): return f"top-1 {r['top1']:.3f} auroc {r['auroc']:.3f} | cite above {r['nothing_score']:.3f}: recall {r['recall']:.3f} precision {r['precision']:.3f} abstention {r['abstention']:.3f} ({r['personas']} personas, {r['answerable']}+{r['unanswerable']} questions)"

def train(train_sets, seed):
    torch.manual_seed(seed); rng = random.Random(seed)
    model, _ = load_bge(a.base); top = model.layers[a.freeze:]
    tau = nn.Parameter(torch.tensor(0.55))
    opt = torch.optim.AdamW([{"params": list(top.parameters()), "lr": a.lr}, {"params": [tau], "lr": 1e-2}], weight_decay=0.01)
    for epoch in range(a.epochs):
        batches = []
        for d in train_sets:
            ids = [x["id"] for x in d["passages"]]
            qs = [q for q in d["questions"] if answerable(q, ids) or not q["expect"]]; rng.shuffle(qs)
            batches += [(d, qs[i:i + a.batch]) for i in range(0, len(qs), a.batch)]
        rng.shuffle(batches)
        for step, (d, qs) in enumerate(batches):
            ids = [x["id"] for x in d["passages"]]
            S = encode(top, [q["state"] for q in qs]) @ encode(top, [x["state"] for x in d["passages"]]).T
            S = torch.cat([S, tau.expand(len(qs), 1)], 1) / a.temperature
            right = torch.tensor([[m in q["expect"] for m in ids] + [not q["expect"]] for q in qs])
            loss = (torch.logsumexp(S, -1) - torch.logsumexp(S.masked_fill(~right, -1e9), -1)).mean()
            opt.zero_grad(); loss.backward(); opt.step()
            if step % 50 == 0: log(f"epoch {epoch + 1} step {step}/{len(batches)} loss {float(loss):.3f} nothing score {float(tau):.3f}")
    return model, top, float(tau)

def vectors_of(top, sets):
    """Every persona's candidate and question vectors under this reader, for train_head.py (out/vectors.pt)."""
    top.eval(); out = {}
    with torch.no_grad():
        for d in sets:
            out[d["name"]] = {"set": d["set"], "ids": [x["id"] for x in d["passages"]], "P": encode(top, [x["state"] for x in d["passages"]]),
                              "Q": torch.cat([encode(top, [q["state"] for q in d["questions"][i:i + 64]]) for i in range(0, len(d["questions"]), 64)]),
                              "questions": [{"expect": q["expect"], "kind": q["kind"], "asker": q["asker"]} for q in d["questions"]]}
    top.train()
    return out

def reused(model_dir):
    """The committed reader: its trained tensors (fp16) written into a fresh copy of the base's top layers."""
    model, manifest = read_trained(model_dir, a.base, a.freeze, load_bge)
    return model, model.layers[a.freeze:], manifest["nothingScore"]

report = {"cv": [], "settings": {k: getattr(a, k) for k in ("folds", "epochs", "freeze", "seed", "lr", "batch", "temperature")}}
frozen_top = load_bge(a.base)[0].layers[a.freeze:]
out_of_fold = []
held_vectors = {}  # each dev persona's vectors under the fold reader that never saw it
if a.folds > 1:
    names = sorted(d["name"] for d in dev); random.Random(a.seed).shuffle(names)
    for k in range(a.folds):
        apart = set(names[k::a.folds])
        held = [d for d in dev if d["name"] in apart]
        # The shipped encoder's cosine has no learned score: its "before" figures use the starting one (0.55).
        before = evaluate(frozen_top, 0.55, held)
        _, top, tau = train([d for d in dev if d["name"] not in apart], a.seed)
        after = evaluate(top, tau, held)
        out_of_fold += best_scores(top, tau, held)
        held_vectors.update({name: {**v, "fold": k + 1, "nothing": tau} for name, v in vectors_of(top, held).items()})
        report["cv"].append({"fold": k + 1, "held_apart": sorted(apart), "before": before, "after": after})
        log(f"fold {k + 1}/{a.folds} held apart, before: {fmt(before)}"); log(f"fold {k + 1}/{a.folds} held apart, after:  {fmt(after)}")

# The reader's chance that its best candidate is right, calibrated on the folds' held-apart questions; without folds,
# the softmax's own: logistic((cosine − learned score) / temperature).
a_cal, b_cal = fit_calibration(out_of_fold) if out_of_fold else (1 / a.temperature, 0.0)
if out_of_fold:
    report["calibration"] = {"a": a_cal, "b": b_cal, "pairs": len(out_of_fold), "ece_softmax": calibration_error(out_of_fold, 1 / a.temperature, 0.0), "ece_calibrated": calibration_error(out_of_fold, a_cal, b_cal)}
    log(f"calibration on {len(out_of_fold)} out-of-fold questions: a {a_cal:.2f} b {b_cal:.2f}; error {report['calibration']['ece_softmax']:.3f} (softmax) -> {report['calibration']['ece_calibrated']:.3f}")
model, top, tau = reused(a.reuse) if a.reuse else train(dev, a.seed)
if a.reuse: report["settings"]["reused"] = a.reuse
round_to_fp16(top)  # what ships is fp16: every figure below is of that
tau = float(torch.tensor(tau).half().float())
for s in ("dev", "holdout", "public"):
    sets = [d for d in data if d["set"] == s]
    report[s] = {"before": evaluate(frozen_top, 0.55, sets), "after": evaluate(top, tau, sets)}
    log(f"{s}, before: {fmt(report[s]['before'])}"); log(f"{s}, after:  {fmt(report[s]['after'])}")
    if s != "dev": report[s]["per_persona"] = {d["name"]: evaluate(top, tau, [d]) for d in sets}
    report[s]["calibration_error"] = calibration_error(best_scores(top, tau, sets), a_cal, b_cal)

final_vectors = {name: {**v, "nothing": tau} for name, v in vectors_of(top, [d for d in data if d["set"] != "dev"]).items()}
torch.save({"out_of_fold": held_vectors, "final": final_vectors, "calibration": {"a": a_cal, "b": b_cal}}, os.path.join(os.path.dirname(a.tokens), "vectors.pt"))

# The trained tensors, in the base file's layout, and where each goes in that file.
shared = write_trained(model, where, a.base, a.out, a.freeze)
manifest = {
    "format": "mindprint-twin-reader/1",
    "id": f"mindprint-twin-reader-{shared['assembledSha256'][:12]}",
    "base": shared["base"],
    "trained": shared["trained"],
    "assembledSha256": shared["assembledSha256"],
    "nothingScore": tau,
    # The chance the best candidate is right: logistic(a × (cosine − nothingScore) + b).
    "calibration": {"a": round(a_cal, 4), "b": round(b_cal, 4), "fittedOn": f"{len(out_of_fold)} out-of-fold questions" if out_of_fold else "none: the softmax's own"},
    "pooling": "cls, unit length",
    "tensors": shared["tensors"],
}
json.dump(manifest, open(os.path.join(a.out, "manifest.json"), "w"), indent=1)
json.dump(report, open(os.path.join(os.path.dirname(a.tokens), "report.json"), "w"), indent=1)

export_onnx(model, os.path.join(os.path.dirname(a.tokens), "exported.onnx"))
log(f"wrote {a.out}: {shared['trained']['bytes']} bytes trained, reader {manifest['id']}")
