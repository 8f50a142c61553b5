#!/usr/bin/env bash
# Regression check between two commits: the parse+print and interpreter
# workloads, run interleaved (base, new, base, new, ...) so drift in the
# machine's speed hits both alike; prints each side's median wall and CPU
# time, peak RSS and the median of the per-pair ratios new/base.
#
#   bash bench/ab.sh BASE_REV [RUNS]     (new = the working tree)
#
# Workloads: mlc-opt parse + verify + print of a 200k-op generic module
# (bench/gen-generic), with the streamed parser and with
# --mlir-disable-threading (one core); mlc run of the 6-conv network of
# bench/gen-conv-bench.py at one thread.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:?usage: bench/ab.sh BASE_REV [RUNS]}
RUNS=${2:-7}
PY=${PY:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"; git worktree remove --force "$work/base-src" 2>/dev/null || true' EXIT
git worktree add --detach "$work/base-src" "$BASE" >/dev/null
(cd "$work/base-src" && CGO_ENABLED=0 go build -o "$work/base/" ./tools/mlc-opt ./tools/mlc)
CGO_ENABLED=0 go build -o "$work/new/" ./tools/mlc-opt ./tools/mlc
go run ./bench/gen-generic -ops 200000 -o "$work/gen.mlir"
"$PY" bench/gen-conv-bench.py "$work" >/dev/null

# run SIDE NAME ARGS...: one timed run, appended to $work/NAME.SIDE as
# "wall cpu peak_kib".
run() {
	local side=$1 name=$2
	shift 2
	/usr/bin/time -f "%e %U %S %M" -o "$work/t" "$work/$side/$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
	awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/t" >> "$work/$name.$side"
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

declare -A CMD=(
	[parse-print]="mlc-opt --allow-unregistered-dialect --mlir-print-op-generic $work/gen.mlir -o /dev/null"
	[parse-print-1core]="mlc-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading $work/gen.mlir -o /dev/null"
	[interp-conv6]="mlc run $work/model.mlir --input x=$work/input.npy --output-dir $work/out -q --threads 1 --repeat 5"
)
names=(parse-print parse-print-1core interp-conv6)
for n in "${names[@]}"; do
	# shellcheck disable=SC2086
	run base "$n" ${CMD[$n]}
	# shellcheck disable=SC2086
	run new "$n" ${CMD[$n]} # warm-up pair, discarded below
	: > "$work/$n.base"
	: > "$work/$n.new"
	for _ in $(seq "$RUNS"); do
		# shellcheck disable=SC2086
		run base "$n" ${CMD[$n]}
		# shellcheck disable=SC2086
		run new "$n" ${CMD[$n]}
	done
done

echo "base $(git rev-parse --short "$BASE") vs new $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty'), $RUNS interleaved pairs, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-18s %10s %10s %10s %10s %9s %9s %11s\n" workload "base wall" "new wall" "base cpu" "new cpu" "base MiB" "new MiB" "new/base"
for n in "${names[@]}"; do
	bw=$(cut -d' ' -f1 "$work/$n.base" | median); nw=$(cut -d' ' -f1 "$work/$n.new" | median)
	bc=$(cut -d' ' -f2 "$work/$n.base" | median); nc=$(cut -d' ' -f2 "$work/$n.new" | median)
	bm=$(cut -d' ' -f3 "$work/$n.base" | median); nm=$(cut -d' ' -f3 "$work/$n.new" | median)
	ratio=$(paste -d' ' "$work/$n.base" "$work/$n.new" | awk '{ print $4 / $1 }' | median)
	printf "%-18s %10.2f %10.2f %10.2f %10.2f %9.1f %9.1f %11.2f\n" "$n" "$bw" "$nw" "$bc" "$nc" "$(awk -v k="$bm" 'BEGIN { print k / 1024 }')" "$(awk -v k="$nm" 'BEGIN { print k / 1024 }')" "$ratio"
done
echo "(wall and CPU in seconds, medians; new/base is the median of the per-pair wall ratios)"
