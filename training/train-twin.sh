#!/usr/bin/env bash
# npm run train:twin [-- --folds 4 --epochs 2 --seed 0]: the twin's reader from start to end (README.md). Never run by
# npm test, .ci/run or the product.
set -euo pipefail
source "$(dirname "$0")/prepare.sh"
node --import tsx training/tokenize.ts training/out/tokens.json
(cd training && "$PY" train_twin.py "$BASE" out/tokens.json ../models/twin-reader "$@")
"$PY" training/model_card.py training/out/report.json models/twin-reader
# The second design, heads over the reader's pool, from the folds' out-of-fold vectors (decision 0051's table).
(cd training && "$PY" train_head.py out/vectors.pt out/heads.json)
node --import tsx training/verify-export.ts training/out/exported.onnx
