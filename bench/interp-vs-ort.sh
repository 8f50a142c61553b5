#!/usr/bin/env bash
# The reference interpreter (mlc run) against ONNX Runtime's CPU provider
# (npm onnxruntime-node) on the same conv-heavy network and the same input,
# in one run: 6 x (conv 3x3 32->32 + relu) on 1x32x56x56 by default.
#
#   bash bench/interp-vs-ort.sh [RUNS] [THREADS...]
#
# RUNS timed runs per tool (default 20, after warm-up); THREADS the thread
# counts to compare (default "1 N" with N = nproc). Prints the median and
# minimum run time of each tool, the ratio mlc/ORT and the largest absolute
# difference between their outputs.
#
# Needs /usr/bin/python3 with python3-onnx (apt-get install -y python3-onnx)
# and onnxruntime-node in bench/ort (git-ignored):
#   (mkdir -p bench/ort && cd bench/ort && npm install --ignore-scripts onnxruntime-node@1.30.0)
# --ignore-scripts skips only the download of CUDA binaries; the CPU
# library (libonnxruntime.so.1) and the N-API binding ship in the package.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-20}
shift || true
THREADS=("$@")
[ ${#THREADS[@]} -gt 0 ] || THREADS=(1 "$(nproc)")
ORT_DIR=${ORT_DIR:-bench/ort}
PY=${PY:-/usr/bin/python3}

if [ ! -d "$ORT_DIR/node_modules/onnxruntime-node" ]; then
	echo "onnxruntime-node is not installed in $ORT_DIR; run:" >&2
	echo "  (mkdir -p $ORT_DIR && cd $ORT_DIR && npm install --ignore-scripts onnxruntime-node@1.30.0)" >&2
	exit 2
fi
if ! "$PY" -c 'import onnx, numpy' 2>/dev/null; then
	echo "$PY cannot import onnx and numpy; run: apt-get install -y python3-onnx" >&2
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/" ./tools/mlc
"$PY" bench/gen-conv-bench.py "$work"

echo "model: 6 x (conv 3x3 32->32, pad 1, bias; relu) on 1x32x56x56 f32 ($(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))"
printf "%-8s %-22s %12s %12s\n" threads tool "median ms" "min ms"
for t in "${THREADS[@]}"; do
	ort_json=$(NODE_PATH="$ORT_DIR/node_modules" node bench/ort-run.js "$work/model.onnx" "$work/input.npy" "$work/ort-y.npy" "$RUNS" "$t")
	ort_med=$(echo "$ort_json" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["median_ms"])')
	ort_min=$(echo "$ort_json" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["min_ms"])')
	ort_ver=$(echo "$ort_json" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["version"])')
	# one untimed run warms the page cache and the Go runtime; --repeat
	# times RUNS runs of the function after parsing.
	"$work/mlc" run "$work/model.mlir" --input x="$work/input.npy" --output-dir "$work/out" -q --threads "$t" --repeat 2 >/dev/null 2>&1
	line=$("$work/mlc" run "$work/model.mlir" --input x="$work/input.npy" --output-dir "$work/out" -q --threads "$t" --repeat "$RUNS" --time 2>&1)
	mlc_med=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
	mlc_min=$(echo "$line" | sed -n 's/.*min \([0-9.]*\) ms.*/\1/p')
	printf "%-8s %-22s %12.2f %12.2f\n" "$t" "onnxruntime-node $ort_ver" "$ort_med" "$ort_min"
	printf "%-8s %-22s %12.2f %12.2f\n" "$t" "mlc run (interp)" "$mlc_med" "$mlc_min"
	awk -v m="$mlc_med" -v o="$ort_med" 'BEGIN { printf "%-8s ratio mlc/ORT (median): %.2f\n", "", m / o }'
	"$PY" - "$work/out/y.npy" "$work/ort-y.npy" <<'EOF'
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
assert a.shape == b.shape, (a.shape, b.shape)
d = np.abs(a.astype(np.float64) - b)
print("%-8s max |mlc - ORT| = %.3g (max |y| = %.3g)" % ("", d.max(), np.abs(b).max()))
EOF
done
