"""Designs a head over the reader's pool (issue 58's second design): does a small model on the fine-tuned vectors cite
better than the reader's own cosine against its learned score? Run after train_twin.py, which writes out/vectors.pt:
every development persona's vectors under the fold reader that never saw it, and the held-out and public personas'
under the final reader. Nothing here is trained on anything but those out-of-fold development vectors.

  train_head.py out/vectors.pt OUT.json [--seed 0]

Each head scores every candidate of a question and one "nothing answers this" beside them (softmax over the pool, as the
reader was trained); it cites its best candidate when that beats "nothing":
- cosine:   a × (cosine − learned score), "nothing" a learned constant: the reader's own decision, recalibrated;
- pool:     + where the candidate stands in its pool (its z-score among the person's candidates, its gap to the best),
            "nothing" + the pool's spread: same ranking, a decline that reads the whole pool;
- diagonal: + w · (q ⊙ m), one weight per dimension: can re-rank;
- mlp:      + a 2-layer network over [q ⊙ m, |q − m|] (32 hidden): can re-rank.
Figures: 3-fold cross-validation by the reader's own folds (the head trained on two folds' out-of-fold vectors, measured
on the third), then the head trained on every fold and measured on the held-out and public personas."""
import argparse, bisect, json, random
import torch, torch.nn as nn

p = argparse.ArgumentParser()
p.add_argument("vectors"); p.add_argument("out"); p.add_argument("--seed", type=int, default=0)
p.add_argument("--epochs", type=int, default=60); p.add_argument("--decay", type=float, default=1e-3)
a = p.parse_args()
torch.set_num_threads(2)
saved = torch.load(a.vectors)
DIM = 384

def answerable(q, ids): return any(e in ids for e in q["expect"])

class Head(nn.Module):
    def __init__(s, kind):
        super().__init__(); s.kind = kind
        s.scale = nn.Parameter(torch.tensor(20.0)); s.nothing = nn.Parameter(torch.tensor(0.0))
        if kind == "pool": s.pool = nn.Parameter(torch.zeros(2)); s.spread = nn.Parameter(torch.zeros(1))
        if kind == "diagonal": s.w = nn.Parameter(torch.zeros(DIM))
        if kind == "mlp": s.net = nn.Sequential(nn.Linear(2 * DIM, 32), nn.Tanh(), nn.Linear(32, 1)); nn.init.zeros_(s.net[2].weight); nn.init.zeros_(s.net[2].bias)

    def forward(s, Q, P, tau):
        """Scores, questions × (candidates + nothing): the last column is "nothing answers this"."""
        S = Q @ P.T; x = s.scale * (S - tau); nothing = s.nothing.expand(len(Q), 1)
        if s.kind == "pool":
            mean, std = S.mean(1, keepdim=True), S.std(1, keepdim=True) + 1e-6
            x = x + s.pool[0] * (S - mean) / std + s.pool[1] * 10 * (S - S.max(1, keepdim=True).values)
            nothing = nothing + s.spread * 10 * std
        if s.kind == "diagonal": x = x + (Q[:, None, :] * P[None, :, :]) @ s.w * 100
        if s.kind == "mlp": x = x + s.net(torch.cat([Q[:, None, :] * P[None, :, :] * 30, (Q[:, None, :] - P[None, :, :]).abs() * 10], -1)).squeeze(-1)
        return torch.cat([x, nothing], 1)

def usable(v):
    keep = [i for i, q in enumerate(v["questions"]) if not q["expect"] or answerable(q, v["ids"])]
    return v["Q"][keep], [v["questions"][i] for i in keep]

def train(kind, personas, seed):
    torch.manual_seed(seed); rng = random.Random(seed); head = Head(kind)
    opt = torch.optim.Adam(head.parameters(), lr=0.01)
    for _ in range(a.epochs):
        order = list(personas); rng.shuffle(order)
        for v in order:
            Q, qs = usable(v)
            right = torch.tensor([[m in q["expect"] for m in v["ids"]] + [not q["expect"]] for q in qs])
            X = head(Q, v["P"], v["nothing"])
            loss = (torch.logsumexp(X, -1) - torch.logsumexp(X.masked_fill(~right, -1e9), -1)).mean()
            extra = [q for n, q in head.named_parameters() if n not in ("scale", "nothing")]
            loss = loss + a.decay * sum((q ** 2).sum() for q in extra) if extra else loss
            opt.zero_grad(); loss.backward(); opt.step()
    return head

def evaluate(head, personas):
    pos, neg, n, top1, tp, fp, ab, un = [], [], 0, 0, 0, 0, 0, 0
    with torch.no_grad():
        for v in personas:
            Q, qs = usable(v); X = head(Q, v["P"], v["nothing"])
            for qi, q in enumerate(qs):
                best = int(X[qi, :-1].argmax()); margin = float(X[qi, best] - X[qi, -1]); cite = margin > 0
                if q["expect"]:
                    n += 1; right = v["ids"][best] in q["expect"]; top1 += right; tp += cite and right; fp += cite and not right
                    if right: pos.append(margin)
                else:
                    un += 1; ab += not cite; fp += cite; neg.append(margin)
    neg.sort()
    auroc = sum(bisect.bisect_left(neg, x) + 0.5 * (bisect.bisect_right(neg, x) - bisect.bisect_left(neg, x)) for x in pos) / max(1, len(pos) * len(neg))
    return {"personas": len(personas), "answerable": n, "unanswerable": un, "top1": top1 / max(1, n), "auroc": auroc,
            "recall": tp / max(1, n), "precision": tp / max(1, tp + fp), "abstention": ab / max(1, un)}

fmt = lambda r: f"top-1 {r['top1']:.3f} auroc {r['auroc']:.3f} recall {r['recall']:.3f} precision {r['precision']:.3f} abstention {r['abstention']:.3f} ({r['answerable']}+{r['unanswerable']})"
oof = saved["out_of_fold"]; final = saved["final"]
folds = sorted({v["fold"] for v in oof.values()})
report = {"settings": {"seed": a.seed, "epochs": a.epochs, "decay": a.decay}, "heads": {}}
for kind in ("cosine", "pool", "diagonal", "mlp"):
    # Cross-validation: the head never sees the fold it is measured on (nor did that fold's reader).
    cv = [evaluate(train(kind, [v for v in oof.values() if v["fold"] != k], a.seed), [v for v in oof.values() if v["fold"] == k]) for k in folds]
    head = train(kind, list(oof.values()), a.seed)
    row = {"cv": cv, **{s: evaluate(head, [v for v in final.values() if v["set"] == s]) for s in ("holdout", "public")}}
    report["heads"][kind] = row
    for k, r in zip(folds, cv): print(f"{kind:8} fold {k}: {fmt(r)}", flush=True)
    for s in ("holdout", "public"): print(f"{kind:8} {s}: {fmt(row[s])}", flush=True)
    if kind == "cosine": report["cosine_head"] = {"scale": float(head.scale), "nothing": float(head.nothing)}
json.dump(report, open(a.out, "w"), indent=1)
