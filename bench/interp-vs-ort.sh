#!/usr/bin/env bash
# The reference interpreter (mlc run) against ONNX Runtime's CPU provider
# (npm onnxruntime-node) on the same models and the same inputs, in one run:
#
#   conv6         6 x (conv 3x3 32->32 + relu) on 1x32x56x56 (bench/gen-conv-bench.py)
#   resnet18      torchvision, 1x3x224x224 (scripts/export-torch-models.py)
#   mobilenet_v2  torchvision, 1x3x224x224 (scripts/export-torch-models.py)
#
# all fp32, at each thread count. Usage:
#
#   bash bench/interp-vs-ort.sh [RUNS] [THREADS...]
#
# RUNS timed runs per tool and row (default 20, after warm-up); THREADS the
# thread counts (default "1 N" with N = nproc). MODELS (environment) picks a
# subset, e.g. MODELS="conv6 resnet18"; MLC_BIN times another build of mlc
# (an older commit's, to compare). Prints one table: the median and
# minimum run time of each tool, the ratio mlc/ORT of the medians and the
# largest absolute difference between the two outputs.
#
# mlc: `mlc import --pipeline torch-to-core` once, then `mlc run --threads T
# --repeat RUNS --time` (the median of the function's run times, after
# parsing) with GOMAXPROCS=T, so a 1-thread row uses one core for the
# garbage collector too. ORT: bench/ort-run.js, intra-op threads T, graph
# optimisations on, the median of RUNS session.run calls after 3 warm-ups.
#
# Needs /usr/bin/python3 with python3-onnx (and python3-torch/torchvision
# when the exported models are missing from MODELS_DIR, default
# build/onnx-models; `make models` makes them) and onnxruntime-node in
# ORT_DIR (default bench/ort, git-ignored; `make ort` installs it):
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
MODELS_DIR=${MODELS_DIR:-build/onnx-models}
read -r -a MODELS <<<"${MODELS:-conv6 resnet18 mobilenet_v2}"

if [ ! -d "$ORT_DIR/node_modules/onnxruntime-node" ]; then
	echo "onnxruntime-node is not installed in $ORT_DIR; run make ort, or:" >&2
	echo "  (mkdir -p $ORT_DIR && cd $ORT_DIR && npm install --ignore-scripts onnxruntime-node@1.30.0)" >&2
	exit 2
fi
if ! "$PY" -c 'import onnx, numpy' 2>/dev/null; then
	echo "$PY cannot import onnx and numpy; run: apt-get install -y python3-onnx" >&2
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# MLC_BIN=path times another build of mlc (e.g. an older commit's).
if [ -n "${MLC_BIN:-}" ]; then
	mlc=$MLC_BIN
else
	go build -o "$work/" ./tools/mlc
	mlc=$work/mlc
fi

# prepare NAME: $work/NAME/{model.onnx,model.mlir,input.npy}
prepare() {
	local name=$1 d=$work/$1
	mkdir -p "$d"
	if [ "$name" = conv6 ]; then
		"$PY" bench/gen-conv-bench.py "$d" >/dev/null
		return
	fi
	local src=$MODELS_DIR/$name
	if [ ! -f "$src/model.onnx" ]; then
		echo "($name is not in $MODELS_DIR: exporting it)" >&2
		"$PY" scripts/export-torch-models.py "$MODELS_DIR" "$name" >&2
	fi
	ln -s "$(cd "$src" && pwd)/model.onnx" "$d/model.onnx"
	"$mlc" import "$d/model.onnx" --pipeline torch-to-core -o "$d/model.mlir"
	"$PY" - "$src/test_data_set_0/input_0.pb" "$d/input.npy" <<'EOF'
import sys
import numpy as np
import onnx
from onnx import numpy_helper
t = onnx.TensorProto()
with open(sys.argv[1], "rb") as f:
    t.ParseFromString(f.read())
np.save(sys.argv[2], np.ascontiguousarray(numpy_helper.to_array(t), dtype="<f4"))
EOF
}

json() { "$PY" -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "fp32, $RUNS timed runs per row; times in ms; ratio = mlc median / ORT median"
rows=()
for m in "${MODELS[@]}"; do
	prepare "$m"
	for t in "${THREADS[@]}"; do
		d=$work/$m
		o=$(NODE_PATH="$ORT_DIR/node_modules" node bench/ort-run.js "$d/model.onnx" "$d/input.npy" "$d/ort-y.npy" "$RUNS" "$t")
		ort_med=$(echo "$o" | json median_ms)
		ort_min=$(echo "$o" | json min_ms)
		ort_ver=$(echo "$o" | json version)
		rm -rf "$d/out"
		# Two untimed runs warm the page cache and the Go runtime.
		GOMAXPROCS=$t "$mlc" run "$d/model.mlir" --input "$d/input.npy" --output-dir "$d/out" -q --threads "$t" --repeat 2 >/dev/null
		line=$(GOMAXPROCS=$t "$mlc" run "$d/model.mlir" --input "$d/input.npy" --output-dir "$d/out" -q --threads "$t" --repeat "$RUNS" --time 2>&1)
		mlc_med=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
		mlc_min=$(echo "$line" | sed -n 's/.*min \([0-9.]*\) ms.*/\1/p')
		[ -n "$mlc_med" ] || { echo "mlc run on $m failed: $line" >&2; exit 1; }
		diff=$("$PY" - "$d"/out/*.npy "$d/ort-y.npy" <<'EOF'
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
assert a.shape == b.shape, (a.shape, b.shape)
print("%.3g (of %.3g)" % (np.abs(a.astype(np.float64) - b).max(), np.abs(b).max()))
EOF
)
		rows+=("$(awk -v m="$m" -v t="$t" -v om="$ort_med" -v on="$ort_min" -v mm="$mlc_med" -v mn="$mlc_min" -v d="$diff" \
			'BEGIN { printf "%-14s %7s %10.2f %10.2f %10.2f %10.2f %8.2f   %s", m, t, om, on, mm, mn, mm / om, d }')")
	done
done
echo "ORT: onnxruntime-node $ort_ver (CPU execution provider)"
printf "%-14s %7s %10s %10s %10s %10s %8s   %s\n" model threads "ORT med" "ORT min" "mlc med" "mlc min" mlc/ORT "max |mlc - ORT|"
printf "%s\n" "${rows[@]}"
echo "int8 QDQ rows (ORT's QDQ execution vs mlc's quant-sim) and the time of mlc quantize on"
echo "resnet18 with 32 calibration samples: not measured; they need the quantizer of issue 13,"
echo "which is not built yet."
