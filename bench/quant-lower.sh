#!/usr/bin/env bash
# Quantize + lower per model and target (issue 14): wall time and peak RSS
# of `mlc quantize` (min-max, CALIB samples) and of `mlc lower`, the
# partitions and coverage (also with --cost-based where the target file has
# the figures it needs, "-" where not), and whether the lowered model computes the same
# outputs as the quantized one on a held-out sample (TensorRT partitions
# against the QDQ form, QNN ones against the quant-fused form: QNN runs
# integer adds, as quant-fuse does).
# Usage: bash bench/quant-lower.sh [CALIB]   (default 8)
#   MODELS="resnet18 ..." TARGETS="trt-orin ..." choose rows.
# A model whose sets already hold at least CALIB calibration and EVAL
# evaluation samples is not exported again: its first CALIB samples are
# used. A quantize or lower that fails prints a failure row with its first
# error, its time and peak RSS, and the run goes on.
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

command -v /usr/bin/time >/dev/null || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
for m in "${MODELS[@]}"; do
	stamp=$sets_dir/$m/STAMP
	have_calib=0 have_eval=0
	read -r have_calib have_eval _ <"$stamp" 2>/dev/null || true
	if [ ! -f "$models_dir/$m/model.onnx" ] || [ "${have_calib:-0}" -lt "$CALIB" ] || [ "${have_eval:-0}" -lt "$EVAL" ]; then
		"$PY" scripts/export-torch-models.py "$models_dir" "$m" --sets-dir "$sets_dir" --calib "$CALIB" --eval "$EVAL" 2>/dev/null | grep -v Warning || true
		echo "$CALIB $EVAL" >"$stamp"
	fi
	# The first CALIB calibration samples, in the exporter's order (copied:
	# mlc reads no link that leaves the directory it is given).
	mkdir -p "$tmp/calib/$m"
	for ((i = 0; i < CALIB; i++)); do
		cp -r "$sets_dir/$m/calib/test_data_set_$i" "$tmp/calib/$m/"
	done
done

# secs FILE and mib FILE read /usr/bin/time -f '%e %M' output (its last
# line: a failed command's has a status line before it).
secs() { tail -1 "$1" | cut -d' ' -f1; }
mib() { tail -1 "$1" | awk '{ printf "%.0f", $2 / 1024 }'; }

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit: $(git rev-parse --short HEAD); $(date -u +%Y-%m-%dT%H:%MZ); calibration $CALIB samples (min-max)"
printf "%-20s %-12s %10s %9s %8s %8s %6s %8s %8s %11s %12s %s\n" model target "quant s" "quant MB" "lower s" "lower MB" parts "ops on" "MACs on" "cost parts" "cost ops on" "same outputs"
for m in "${MODELS[@]}"; do
	for t in "${TARGETS[@]}"; do
		q=$tmp/$m.$t.q.mlir l=$tmp/$m.$t.l.mlir
		if ! /usr/bin/time -f "%e %M" -o "$tmp/tq" bin/mlc quantize "$models_dir/$m/model.onnx" --target "$t" \
			--calib "$tmp/calib/$m" -o "$q" 2>"$tmp/qerr"; then
			printf "%-20s %-12s %10s %9s quantize failed: %s\n" "$m" "$t" "$(secs "$tmp/tq")" "$(mib "$tmp/tq")" \
				"$(grep -m1 error "$tmp/qerr" | cut -c1-160)"
			continue
		fi
		if ! /usr/bin/time -f "%e %M" -o "$tmp/tl" bin/mlc lower "$q" --target "$t" -o "$l" 2>"$tmp/lerr"; then
			printf "%-20s %-12s %10s %9s %8s %8s lower failed: %s\n" "$m" "$t" "$(secs "$tmp/tq")" "$(mib "$tmp/tq")" \
				"$(secs "$tmp/tl")" "$(mib "$tmp/tl")" "$(grep -m1 error "$tmp/lerr" | cut -c1-160)"
			continue
		fi
		bin/mlc lower "$q" --target "$t" --dry-run >"$tmp/dry"
		cov=$(head -1 "$tmp/dry")
		parts=$(echo "$cov" | sed -E 's/.*: ([0-9]+) partitions.*/\1/')
		onops=$(echo "$cov" | sed -E 's/.* ([0-9.]+%) of compute ops.*/\1/')
		onmacs=$(echo "$cov" | sed -E 's/.* ([0-9.]+%) of MACs.*/\1/')
		cparts=- conops=-
		if bin/mlc lower "$q" --target "$t" --cost-based --dry-run >"$tmp/cdry" 2>/dev/null; then
			ccov=$(head -1 "$tmp/cdry")
			cparts=$(echo "$ccov" | sed -E 's/.*: ([0-9]+) partitions.*/\1/')
			conops=$(echo "$ccov" | sed -E 's/.* ([0-9.]+%) of compute ops.*/\1/')
		fi
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
		printf "%-20s %-12s %10s %9s %8s %8s %6s %8s %8s %11s %12s %s\n" "$m" "$t" \
			"$(secs "$tmp/tq")" "$(mib "$tmp/tq")" "$(secs "$tmp/tl")" "$(mib "$tmp/tl")" \
			"$parts" "$onops" "$onmacs" "$cparts" "$conops" "$same"
	done
done
echo "quant/lower s and MB: wall time and peak RSS (MiB) of mlc quantize and of mlc lower, from /usr/bin/time; load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cost parts, cost ops on: partitions and share of compute ops on the target with mlc lower --cost-based (\"-\": the target file lacks the figures)"
echo "same outputs: mlc run of the lowered model equals the quantized reference bit for bit on evaluation sample 0"
