# Sourced by train-twin.sh and train-crisis.sh: from the project's root, Debian's Python with PyTorch checked, and the
# base model's ONNX file from its npm package in $BASE. Never run by npm test, .ci/run or the product.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
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
