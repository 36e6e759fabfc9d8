#!/usr/bin/env bash
# npm run train:twin [-- --folds 4 --epochs 2 --seed 0]: the twin's reader from start to end (README.md). Never run by
# npm test, .ci/run or the product.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=/usr/bin/python3  # Debian's, where python3-torch and python3-onnx live (a pyenv or venv python3 has neither)
if ! "$PY" -c "import torch, onnx" 2>/dev/null; then
  echo "Training needs Debian's PyTorch: apt-get install python3-torch python3-onnx libopenblas0-pthread" >&2
  exit 1
fi
if ! readlink -f /etc/alternatives/libblas.so.3-x86_64-linux-gnu 2>/dev/null | grep -q openblas; then
  echo "note: libblas.so.3 is not OpenBLAS (apt-get install libopenblas0-pthread): training will be about 10 times slower" >&2
fi
BASE=$(node --import tsx -e 'import("./src/server/providers/embeddings/twin-reader-files.ts").then((m) => console.log(m.TWIN_READER_BASE_ONNX))')
mkdir -p training/out
node --import tsx training/tokenize.ts training/out/tokens.json
(cd training && "$PY" train_twin.py "$BASE" out/tokens.json ../models/twin-reader "$@")
"$PY" training/model_card.py training/out/report.json models/twin-reader
# The second design, heads over the reader's pool, from the folds' out-of-fold vectors (decision 0051's table).
(cd training && "$PY" train_head.py out/vectors.pt out/heads.json)
node --import tsx training/verify-export.ts training/out/exported.onnx
