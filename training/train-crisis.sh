#!/usr/bin/env bash
# npm run train:crisis [-- --epochs 2 --seed 0]: the crisis reader from start to end (README.md). Never run by npm test,
# .ci/run or the product.
set -euo pipefail
source "$(dirname "$0")/prepare.sh"
node --import tsx training/crisis-tokenize.ts training/out/crisis-tokens.json
(cd training && "$PY" train_crisis.py "$BASE" out/crisis-tokens.json ../models/crisis-reader "$@")
"$PY" training/crisis_card.py training/out/crisis-report.json models/crisis-reader
node --import tsx training/verify-export.ts --crisis training/out/crisis-exported.onnx
