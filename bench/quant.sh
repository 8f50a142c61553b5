#!/usr/bin/env bash
# The quantization benchmark of issue 13 (`make bench-quant`): per model and
# target, the output SQNR against PyTorch's fp32 output on evaluation samples
# the calibration never saw, for
#   (a) naive: min-max ranges, nothing else (mlc quantize --method minmax);
#   (b) best int8-only: each observer (minmax, percentile, entropy, mse) with
#       cross-layer equalization and bias correction, the one with the best
#       SQNR on the calibration set (never chosen on the evaluation set);
#   (c) mixed precision at --min-sqnr 30 (same observer as (b)), with the
#       share of conv/matmul MACs left in int8.
# Usage: bash bench/quant.sh [CALIB] [EVAL]   (default 32 and 8 samples)
#   MODELS="resnet18 ..." TARGETS="trt-orin ..." choose rows; MLC_BIN=path
#   times another build; OUT_DIR keeps the reports (default a temp dir).
# Models and data come from scripts/export-torch-models.py with --sets-dir
# (seeded weights and inputs: build/quant-models, build/quant-sets).
# Needs Debian's /usr/bin/python3 with python3-torch, -torchvision, -onnx.
set -euo pipefail
cd "$(dirname "$0")/.."

CALIB=${1:-32}
EVAL=${2:-8}
MODELS=(${MODELS:-resnet18 mobilenet_v2 efficientnet_b0 vit_tiny transformer_encoder})
TARGETS=(${TARGETS:-trt-orin qnn-htp-v73})
METHODS=(minmax percentile entropy mse)
PY=${PYTHON:-/usr/bin/python3}
mlc=${MLC_BIN:-bin/mlc}
models_dir=build/quant-models
sets_dir=build/quant-sets
out=${OUT_DIR:-$(mktemp -d)}
mkdir -p "$out"

[ -n "${MLC_BIN:-}" ] || make -s build >/dev/null

# Data: one export per model, redone when the sample counts change.
for m in "${MODELS[@]}"; do
	stamp=$sets_dir/$m/STAMP
	if [ ! -f "$models_dir/$m/model.onnx" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$CALIB $EVAL" ]; then
		"$PY" scripts/export-torch-models.py "$models_dir" "$m" --sets-dir "$sets_dir" --calib "$CALIB" --eval "$EVAL" 2>/dev/null | grep -v Warning || true
		echo "$CALIB $EVAL" >"$stamp"
	fi
done

# field REPORT PATH: one value of a JSON report (python's json, so nothing
# else to install).
field() {
	"$PY" -c 'import json,sys
r = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    r = r.get(k) if isinstance(r, dict) else None
num = isinstance(r, (int, float)) and not isinstance(r, bool)
print("-" if r is None else ("%.2f" % r) if num else str(r).lower())' "$1" "$2"
}

# run NAME MODEL TARGET FLAGS...: mlc quantize with its report at
# $out/NAME.json; prints the wall seconds.
run() {
	local name=$1 m=$2 t=$3
	shift 3
	local start=$(date +%s.%N)
	if ! "$mlc" quantize "$models_dir/$m/model.onnx" --target "$t" --calib "$sets_dir/$m/calib" \
		--eval "$sets_dir/$m/eval" --report "$out/$name.json" -o "$out/$name.mlir" "$@" >"$out/$name.log" 2>&1; then
		# --min-sqnr that cannot be met still writes its report.
		[ -f "$out/$name.json" ] || { echo "mlc quantize $m for $t failed:" >&2; cat "$out/$name.log" >&2; exit 1; }
	fi
	awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }'
}

rows=()
for m in "${MODELS[@]}"; do
	for t in "${TARGETS[@]}"; do
		base=$m.$t
		run "$base.naive" "$m" "$t" --method minmax >/dev/null
		naive=$(field "$out/$base.naive.json" eval.quantized_sqnr_db)
		fp32=$(field "$out/$base.naive.json" eval.float_sqnr_db)
		best= best_cal=-1e9 best_eval=-
		for meth in "${METHODS[@]}"; do
			run "$base.$meth" "$m" "$t" --method "$meth" --equalize --bias-correction >/dev/null
			cal=$(field "$out/$base.$meth.json" output_sqnr_db)
			if awk -v a="$cal" -v b="$best_cal" 'BEGIN { exit !(a + 0 > b + 0) }'; then
				best=$meth best_cal=$cal best_eval=$(field "$out/$base.$meth.json" eval.quantized_sqnr_db)
			fi
		done
		secs=$(run "$base.mixed" "$m" "$t" --method "$best" --equalize --bias-correction --min-sqnr 30)
		mixed=$(field "$out/$base.mixed.json" eval.quantized_sqnr_db)
		share=$(field "$out/$base.mixed.json" int8_mac_share)
		met=$(field "$out/$base.mixed.json" met_min_sqnr)
		gain=$(awk -v a="$best_eval" -v b="$naive" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%+.1f", a - b }')
		rows+=("$(printf "%-20s %-12s %8s %8s %8s %-10s %8s %7s %8s %6s %6s" "$m" "$t" "$fp32" "$naive" "$best_eval" "$best" "$gain" "$mixed" "$share" "$met" "$secs")")
	done
done

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit: $(git rev-parse --short HEAD); $(date -u +%Y-%m-%dT%H:%MZ); calibration $CALIB samples, evaluation $EVAL other samples"
echo "output SQNR in dB against PyTorch's fp32 output on the evaluation samples"
printf "%-20s %-12s %8s %8s %8s %-10s %8s %7s %8s %6s %6s\n" model target fp32 "(a)naive" "(b)int8" observer "(b)-(a)" "(c)mix" "int8MAC" "met30" "(c)s"
printf "%s\n" "${rows[@]}"
echo "fp32: mlc's fp32 interpreter vs PyTorch; (c)s: wall seconds of the mixed-precision quantize; reports in $out"
