#!/usr/bin/env bash
# Lowering cost against op count (issue 14): a synthetic residual network
# (bench/gen-lower: conv/relu/add/clamp blocks, a compare-and-select the
# target cannot run every 50 blocks) quantized for a target, then timed
# through `mlc lower` (partition + legalisation) at each size. Linear
# lowering shows as a flat microseconds-per-op column.
# Usage: bash bench/lower-scaling.sh [RUNS] [SIZES...]   (default 3; 10000 25000 50000 100000)
#   TARGET=qnn-htp-v73 to lower for another target.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
shift || true
SIZES=(${@:-10000 25000 50000 100000})
TARGET=${TARGET:-trt-orin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s build >/dev/null

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit: $(git rev-parse --short HEAD); $(date -u +%Y-%m-%dT%H:%MZ); target $TARGET; medians of $RUNS runs"
printf "%8s %9s %11s %10s %10s %9s %10s\n" ops "core ops" partitions "quantize s" "lower s" "us/op" "lower MB"
for n in "${SIZES[@]}"; do
	go run ./bench/gen-lower -ops "$n" -o "$tmp/g.mlir"
	q=() l=() rss=()
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %M" -o "$tmp/tq" bin/mlc-opt --pass-pipeline="builtin.module(func.func(quantize{target=$TARGET allow-fallback}))" "$tmp/g.mlir" -o "$tmp/q.mlir"
		q+=("$(cut -d' ' -f1 "$tmp/tq")")
		/usr/bin/time -f "%e %M" -o "$tmp/tl" bin/mlc lower "$tmp/q.mlir" --target "$TARGET" -o "$tmp/l.mlir"
		l+=("$(cut -d' ' -f1 "$tmp/tl")")
		rss+=("$(cut -d' ' -f2 "$tmp/tl")")
	done
	ops=$(grep -c ' = ' "$tmp/q.mlir")
	parts=$(grep -c 'func.func private' "$tmp/l.mlir")
	qm=$(printf "%s\n" "${q[@]}" | median)
	lm=$(printf "%s\n" "${l[@]}" | median)
	rm_=$(printf "%s\n" "${rss[@]}" | median)
	awk -v n="$n" -v ops="$ops" -v p="$parts" -v q="$qm" -v l="$lm" -v r="$rm_" \
		'BEGIN { printf "%8d %9d %11d %10.2f %10.2f %9.1f %10.0f\n", n, ops, p, q, l, l * 1e6 / ops, r / 1024 }'
done
echo "ops: the generator's size; core ops: ops of the quantized input (QDQ form); lower MB: peak RSS of mlc lower"
