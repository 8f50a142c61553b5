#!/usr/bin/env bash
# `--cse --canonicalize` in mlc-opt against mlir-opt-19, in one run, on the
# same generated graph (bench/gen-cse): written with arith ops for
# mlir-opt-19 and with core ops for mlc-opt, op for op. For each size it
# prints the best-of-$RUNS wall time and that run's peak RSS of each tool,
# the ratios mlc/mlir, the time per input op (linear growth shows as a flat
# column), and the op counts left in both outputs, which must agree
# (MISMATCH otherwise, and the script exits 1).
#
#   bash bench/cse-canon.sh [N...]      default: 10000 100000 200000 1000000
#
# Environment: RUNS (default 3), SEED (default 1), MLIR_OPT (default
# mlir-opt-19), NOPASS=1 also times both tools without passes (parse,
# verify, print only), to separate pass time from the rest. Figures are
# recorded in docs/perf.md ("cse + canonicalize vs mlir-opt-19").
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
SEED=${SEED:-1}
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(10000 100000 200000 1000000)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p bin
go build -o bin/ ./tools/...
go build -o "$work/gen" ./bench/gen-cse

# best OUT TOOL ARGS...: runs TOOL ARGS -o OUT $RUNS times; prints
# "seconds peak_kib" of the fastest run.
best() {
	local out=$1 bt="" bm="" t m
	shift
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %M" -o "$work/t" "$@" -o "$out" 2> "$work/err" || { cat "$work/err" >&2; exit 1; }
		read -r t m < <(tail -n 1 "$work/t")
		if [ -z "$bt" ] || awk "BEGIN{exit !($t < $bt)}"; then bt=$t; bm=$m; fi
	done
	echo "$bt $bm"
}

# count FILE: "ops constants" in a printed module: every op that defines a
# value (all ops here have one result) plus the return; the module and the
# function are not counted.
count() {
	awk '/^ *%[^ ]+ = [a-z_]+\.[a-z_0-9]+/ { n++; if ($3 ~ /\.constant$/) c++ }
	     /^ *(func\.)?return( |$)/ { n++ }
	     END { printf "%d %d\n", n, c }' "$1"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS runs; seed $SEED"
printf "%8s %9s %9s | %8s %8s %6s | %8s %8s %6s | %8s %8s\n" \
	"ops in" "ops out" "consts" "mlir s" "mlc s" "t mlc/" "mlir MB" "mlc MB" "M mlc/" "mlir us" "mlc us"
printf "%8s %9s %9s | %8s %8s %6s | %8s %8s %6s | %8s %8s\n" \
	"" "" "" "" "" "mlir" "" "" "mlir" "per op" "per op"
status=0
for n in "${SIZES[@]}"; do
	"$work/gen" -ops "$n" -seed "$SEED" -dialect arith -o "$work/arith.mlir"
	"$work/gen" -ops "$n" -seed "$SEED" -dialect core -o "$work/core.mlir"
	read -r ot om < <(best "$work/arith.out" "$MLIR_OPT" --cse --canonicalize "$work/arith.mlir")
	read -r mt mm < <(best "$work/core.out" bin/mlc-opt --cse --canonicalize "$work/core.mlir")
	read -r on oc < <(count "$work/arith.out")
	read -r mn mc < <(count "$work/core.out")
	outs="$on" consts="$oc"
	if [ "$on" != "$mn" ] || [ "$oc" != "$mc" ]; then
		outs="$on/$mn" consts="$oc/$mc"
		status=1
	fi
	awk -v n="$n" -v outs="$outs" -v consts="$consts" -v ot="$ot" -v om="$om" -v mt="$mt" -v mm="$mm" 'BEGIN {
		printf "%8d %9s %9s | %8.2f %8.2f %6.2f | %8.1f %8.1f %6.2f | %8.2f %8.2f\n",
			n, outs, consts, ot, mt, mt / ot, om / 1024, mm / 1024, mm / om, ot / n * 1e6, mt / n * 1e6 }'
	if [ "$on" != "$mn" ] || [ "$oc" != "$mc" ]; then
		echo "MISMATCH at $n ops: mlir-opt-19 left $on ops ($oc constants), mlc-opt left $mn ops ($mc constants)" >&2
	fi
	if [ -n "${NOPASS:-}" ]; then
		read -r pt pm < <(best "$work/arith.out" "$MLIR_OPT" "$work/arith.mlir")
		read -r qt qm < <(best "$work/core.out" bin/mlc-opt "$work/core.mlir")
		awk -v n="$n" -v ot="$pt" -v om="$pm" -v mt="$qt" -v mm="$qm" 'BEGIN {
			printf "%8d %9s %9s | %8.2f %8.2f %6.2f | %8.1f %8.1f %6.2f | %8.2f %8.2f\n",
				n, "(no", "passes)", ot, mt, mt / ot, om / 1024, mm / 1024, mm / om, ot / n * 1e6, mt / n * 1e6 }'
	fi
done
exit $status
