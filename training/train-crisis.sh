#!/usr/bin/env bash
# npm run train:crisis [-- --epochs 2 --seed 0]: the crisis reader from start to end (README.md). Never run by npm test,
# .ci/run or the product.
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
node --import tsx training/crisis-tokenize.ts training/out/crisis-tokens.json
(cd training && "$PY" train_crisis.py "$BASE" out/crisis-tokens.json ../models/crisis-reader "$@")
"$PY" training/crisis_card.py training/out/crisis-report.json models/crisis-reader
node --import tsx training/verify-export.ts --crisis training/out/crisis-exported.onnx
