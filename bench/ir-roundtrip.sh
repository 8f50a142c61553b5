#!/usr/bin/env bash
# Parse + verify + print a large generic-form module with mlc-opt and with
# mlir-opt-19 in the same run; prints best-of-N wall time, peak RSS and the
# ratios. Usage: bench/ir-roundtrip.sh [OPS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
OPS=${1:-200000}
RUNS=${2:-3}
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/gen" ./bench/gen-generic
[ -x bin/mlc-opt ] || go build -o bin/ ./tools/mlc-opt
"$work/gen" -ops "$OPS" -o "$work/in.mlir"
size=$(stat -c %s "$work/in.mlir")

# best TOOL ARGS...: prints "seconds peak_kib" of the fastest of $RUNS runs.
best() {
	local bt="" bm=""
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %M" -o "$work/t" "$@" > "$work/out" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
		read -r t m < "$work/t"
		if [ -z "$bt" ] || awk "BEGIN{exit !($t < $bt)}"; then bt=$t; bm=$m; fi
	done
	echo "$bt $bm"
}

read -r mt mm < <(best bin/mlc-opt --allow-unregistered-dialect --mlir-print-op-generic "$work/in.mlir")
read -r ot om < <(best "$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$work/in.mlir")
awk -v ops="$OPS" -v size="$size" -v mt="$mt" -v mm="$mm" -v ot="$ot" -v om="$om" 'BEGIN {
	printf "input: %d ops, %.1f MB (generic form)\n", ops, size / 1e6
	printf "%-12s %10s %12s\n", "tool", "wall s", "peak RSS MB"
	printf "%-12s %10.2f %12.1f\n", "mlc-opt", mt, mm / 1024
	printf "%-12s %10.2f %12.1f\n", "mlir-opt-19", ot, om / 1024
	printf "time ratio mlc/mlir: %.2f   RSS ratio mlc/mlir: %.2f\n", mt / ot, mm / om
}' 
