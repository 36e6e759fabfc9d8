"""Writes models/crisis-reader/MODEL_CARD.md from what train_crisis.py measured (out/crisis-report.json) and wrote
(manifest.json).

  crisis_card.py REPORT.json MODEL_DIR"""
import json, os, sys

report, model_dir = json.load(open(sys.argv[1])), sys.argv[2]
manifest = json.load(open(os.path.join(model_dir, "manifest.json")))
s, th = report["settings"], manifest["thresholds"]
f3 = lambda x: f"{x:.3f}" if isinstance(x, (int, float)) else "—"
head = ("| | messages (crises) | help recall | help false alarms | support recall | support false alarms | AUROC | recall at 1 % | at 3 % | at 5 % | at 15 % |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|")
row = lambda name, r: (f"| {name} | {r['messages']} ({r['crises']}) | {f3(r['recall'])} | {f3(r['false_alarm_rate'])} | {f3(r['support_recall'])} | {f3(r['support_false_alarm_rate'])} | "
                       f"{f3(r.get('auroc'))} | {f3(r.get('recall_at_1'))} | {f3(r.get('recall_at_3'))} | {f3(r.get('recall_at_5'))} | {f3(r.get('recall_at_15'))} |")
lines = [
    "# Model card: the crisis reader",
    "",
    f"`{manifest['id']}`, written by `npm run train:crisis` (training/README.md). Do not edit by hand.",
    "",
    "## What it is",
    "- BAAI bge-small-en-v1.5 (MIT), from the npm package `@coree-ai/coree-model-bge-small-en-v1.5` 1.0.2 (Apache-2.0), with",
    f"  its layers {manifest['trained']['layers']} fine-tuned, and a linear head over the [CLS] state at unit length: the chance that the",
    "  writer of a text is in danger. Layers below are the base's, unchanged (the same base as the twin's reader).",
    f"- Two thresholds on that chance: from **{th['checkIn']:.4f}** a check-in comes before the twin's answer; from **{th['support']:.4f}**",
    f"  the support message replaces it. Chosen on {th['chosenOn']}.",
    f"- Shipped as the trained tensors in fp16 (`{manifest['trained']['file']}`, {manifest['trained']['bytes']:,} bytes, sha256 `{manifest['trained']['sha256'][:16]}…`),",
    f"  written over a copy of the base file by the product; the result is checked against sha256 `{manifest['assembledSha256'][:16]}…`.",
    "",
    "## Data",
    "- Trained on the development crisis sets (`eval/dev/crisis-*.json`) and on everyday words to a twin: the development",
    "  personas' questions and memories (`eval/dev/persona-*.json`), none of them a crisis. A message is read as the product",
    "  reads it: whole, sentence by sentence, and with the conversation before it (`readingsOf`).",
    f"- Held apart with seed {s['seed']}: {s['apart']:.0%} of every development file's crises and of its other messages, and of the",
    "  personas; the thresholds are chosen there.",
    "- Never trained or fitted on: the check set (`eval/holdout/crisis-check.json`) and the questions of the held-out and public personas.",
    "",
    "## Settings",
    f"- seed {s['seed']}, {s['epochs']} epochs, layers below {s['freeze']} frozen, AdamW (learning rate {s['lr']}, {s['head_lr']} for the head,",
    f"  weight decay 0.01), {s['batch']} readings a step of similar length, binary cross-entropy; everyday words "
    + ("left out." if s.get("no_everyday") else "included."),
    "",
    "## Figures (fp16, as shipped)",
    "Help: a check-in or the support message, from the message's most worrying reading or the conversation's; support: the",
    "message's own reading at the support threshold. AUROC and recall at a share of false alarms: of the help score.",
    "(`npm run eval:crisis` measures the product's own check, with the same reader.)",
    "",
    head,
]
lines += [row(name, r) for name, r in report["sets"].items()] + [""]
lines += ["### The check set by kind", "", "| kind | messages (crises) | help recall | help false alarms | support recall | support false alarms |", "|---|---|---|---|---|---|"]
lines += [f"| {k} | {r['messages']} ({r['crises']}) | {f3(r['recall'])} | {f3(r['false_alarm_rate'])} | {f3(r['support_recall'])} | {f3(r['support_false_alarm_rate'])} |" for k, r in sorted(report["kinds"].items())]
lines += [""]
open(os.path.join(model_dir, "MODEL_CARD.md"), "w").write("\n".join(lines))
print(f"wrote {os.path.join(model_dir, 'MODEL_CARD.md')}")
