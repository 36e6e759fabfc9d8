"""Writes models/twin-reader/MODEL_CARD.md from what train_twin.py measured (out/report.json) and wrote (manifest.json).

  model_card.py REPORT.json MODEL_DIR"""
import json, os, sys

report, model_dir = json.load(open(sys.argv[1])), sys.argv[2]
manifest = json.load(open(os.path.join(model_dir, "manifest.json")))
s = report["settings"]
row = lambda name, r: f"| {name} | {r['personas']} | {r['answerable']} + {r['unanswerable']} | {r['top1']:.3f} | {r['auroc']:.3f} | {r['recall']:.3f} | {r['precision']:.3f} | {r['abstention']:.3f} |"
head = "| | personas | questions (answerable + not) | top-1 | AUROC | recall | precision | abstention |\n|---|---|---|---|---|---|---|---|"
lines = [
    "# Model card: the twin's reader",
    "",
    f"`{manifest['id']}`, written by `npm run train:twin` (training/README.md). Do not edit by hand.",
    "",
    "## What it is",
    "- BAAI bge-small-en-v1.5 (MIT), from the npm package `@coree-ai/coree-model-bge-small-en-v1.5` 1.0.2 (Apache-2.0), with",
    f"  its layers {manifest['trained']['layers']} fine-tuned; layers below them are the base's, unchanged. Output: the [CLS] state at unit length.",
    f"- One learned score, **{manifest['nothingScore']:.4f}**: the cosine below which nothing the person recorded answers a question.",
    f"- Shipped as the trained tensors in fp16 (`{manifest['trained']['file']}`, {manifest['trained']['bytes']:,} bytes, sha256 `{manifest['trained']['sha256'][:16]}…`),",
    f"  written over a copy of the base file by the product; the result is checked against sha256 `{manifest['assembledSha256'][:16]}…`.",
    "",
    "## Data",
    "- Trained and fitted on the development personas of `eval/dev/` only: each persona's memories and calibration answers are",
    "  the candidates, every question of that persona is a query; a question nothing answers takes the learned score as its answer.",
    "- Never trained or fitted on: the 12 personas of `eval/holdout/` (8 of them written last) and the 2 public personas.",
    "",
    "## Settings",
    f"- seed {s['seed']}, {s['epochs']} epochs, layers below {s['freeze']} frozen, AdamW (learning rate {s['lr']}, 0.01 for the learned score,",
    f"  weight decay 0.01), {s['batch']} questions a step against all of one persona's candidates, softmax temperature {s['temperature']}.",
    "",
    "## Figures",
    "Top-1: the best candidate is an expected one, over questions a candidate answers. AUROC: the best score separates",
    "\"the best candidate is right\" from \"nothing answers\". Recall, precision, abstention: one citation when the best",
    "beats the learned score. Before: the base model's cosine against 0.55. (`npm run eval:twin` measures the whole twin.)",
    "",
]
if report["cv"]:
    lines += [f"### Cross-validation on the development personas ({len(report['cv'])} folds by persona; each fold's reader never saw its personas)", "", head]
    for f in report["cv"]:
        lines += [row(f"fold {f['fold']}, before", f["before"]), row(f"fold {f['fold']}, after", f["after"])]
    lines += [""]
cal = report.get("calibration")
if cal:
    lines += ["### Calibration", "", f"The chance shown with an answer is logistic(a × (cosine − learned score) + b), a = {cal['a']:.3f}, b = {cal['b']:.3f}, fitted on",
              f"the {cal['pairs']} development questions the folds held apart. Expected calibration error there: {cal['ece_softmax']:.3f} with the softmax's own",
              f"chance, {cal['ece_calibrated']:.3f} calibrated; on the held-out personas {report['holdout']['calibration_error']:.3f}, on the public ones {report['public']['calibration_error']:.3f}.", ""]
lines += ["### The final reader (trained on every development persona), in fp16", "", head]
for name in ("dev", "holdout", "public"):
    label = {"dev": "development (trained on)", "holdout": "held out", "public": "public"}[name]
    lines += [row(f"{label}, before", report[name]["before"]), row(f"{label}, after", report[name]["after"])]
lines += [""]
for name in ("holdout", "public"):
    lines += [f"### Per persona: {name}", "", head]
    lines += [row(k.replace("persona-", ""), v) for k, v in sorted(report[name]["per_persona"].items())] + [""]
open(os.path.join(model_dir, "MODEL_CARD.md"), "w").write("\n".join(lines))
print(f"wrote {os.path.join(model_dir, 'MODEL_CARD.md')}")
