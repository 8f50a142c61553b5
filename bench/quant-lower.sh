#!/usr/bin/env bash
# Quantize + lower per model and target (issue 14): wall time and peak RSS
# of `mlc quantize` (min-max, CALIB samples) and of `mlc lower`, the
# partitions and coverage, and whether the lowered model computes the same
# outputs as the quantized one on a held-out sample (TensorRT partitions
# against the QDQ form, QNN ones against the quant-fused form: QNN runs
# integer adds, as quant-fuse does).
# Usage: bash bench/quant-lower.sh [CALIB]   (default 8)
#   MODELS="resnet18 ..." TARGETS="trt-orin ..." choose rows.
# Needs Debian's /usr/bin/python3 with python3-torch, -torchvision, -onnx.
set -euo pipefail
cd "$(dirname "$0")/.."
CALIB=${1:-8}
EVAL=2
MODELS=(${MODELS:-resnet18 mobilenet_v2 efficientnet_b0 vit_tiny transformer_encoder})
TARGETS=(${TARGETS:-trt-orin qnn-htp-v73})
PY=${PYTHON:-/usr/bin/python3}
models_dir=build/quant-models
sets_dir=build/quant-sets
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s build >/dev/null

for m in "${MODELS[@]}"; do
	stamp=$sets_dir/$m/STAMP
	if [ ! -f "$models_dir/$m/model.onnx" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$CALIB $EVAL" ]; then
		"$PY" scripts/export-torch-models.py "$models_dir" "$m" --sets-dir "$sets_dir" --calib "$CALIB" --eval "$EVAL" 2>/dev/null | grep -v Warning || true
		echo "$CALIB $EVAL" >"$stamp"
	fi
done

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit: $(git rev-parse --short HEAD); $(date -u +%Y-%m-%dT%H:%MZ); calibration $CALIB samples (min-max)"
printf "%-20s %-12s %10s %9s %8s %8s %6s %8s %8s %s\n" model target "quant s" "quant MB" "lower s" "lower MB" parts "ops on" "MACs on" "same outputs"
for m in "${MODELS[@]}"; do
	for t in "${TARGETS[@]}"; do
		q=$tmp/$m.$t.q.mlir l=$tmp/$m.$t.l.mlir
		if ! /usr/bin/time -f "%e %M" -o "$tmp/tq" bin/mlc quantize "$models_dir/$m/model.onnx" --target "$t" \
			--calib "$sets_dir/$m/calib" -o "$q" 2>"$tmp/qerr"; then
			printf "%-20s %-12s quantize failed: %s\n" "$m" "$t" "$(grep -m1 error "$tmp/qerr")"
			continue
		fi
		if ! /usr/bin/time -f "%e %M" -o "$tmp/tl" bin/mlc lower "$q" --target "$t" -o "$l" 2>"$tmp/lerr"; then
			printf "%-20s %-12s %10s %9s lower failed: %s\n" "$m" "$t" "$(cut -d' ' -f1 "$tmp/tq")" \
				"$(awk '{ printf "%.0f", $2 / 1024 }' "$tmp/tq")" "$(grep -m1 error "$tmp/lerr")"
			continue
		fi
		bin/mlc lower "$q" --target "$t" --dry-run >"$tmp/dry"
		cov=$(head -1 "$tmp/dry")
		parts=$(echo "$cov" | sed -E 's/.*: ([0-9]+) partitions.*/\1/')
		onops=$(echo "$cov" | sed -E 's/.* ([0-9.]+%) of compute ops.*/\1/')
		onmacs=$(echo "$cov" | sed -E 's/.* ([0-9.]+%) of MACs.*/\1/')
		ref=$q
		if [[ $t == qnn-* ]]; then
			ref=$tmp/$m.$t.f.mlir
			bin/mlc-opt --pass-pipeline='builtin.module(func.func(quant-fuse))' "$q" -o "$ref"
		fi
		in=$(ls "$sets_dir/$m/eval/test_data_set_0"/input_*.pb | head -1)
		same=no
		rm -rf "$tmp/a" "$tmp/b"
		if bin/mlc run "$ref" --input "$in" --output-dir "$tmp/a" -q && bin/mlc run "$l" --input "$in" --output-dir "$tmp/b" -q &&
			diff -r "$tmp/a" "$tmp/b" >/dev/null; then
			same=yes
		fi
		printf "%-20s %-12s %10s %9s %8s %8s %6s %8s %8s %s\n" "$m" "$t" \
			"$(cut -d' ' -f1 "$tmp/tq")" "$(awk '{ printf "%.0f", $2 / 1024 }' "$tmp/tq")" \
			"$(cut -d' ' -f1 "$tmp/tl")" "$(awk '{ printf "%.0f", $2 / 1024 }' "$tmp/tl")" \
			"$parts" "$onops" "$onmacs" "$same"
	done
done
echo "same outputs: mlc run of the lowered model equals the quantized reference bit for bit on evaluation sample 0"
