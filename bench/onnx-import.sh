#!/usr/bin/env bash
# Import + torch-to-core lowering of exported classifiers, in one process
# (`mlc import --pipeline torch-to-core`): wall time of each stage, peak RSS,
# and peak RSS over the model's weight bytes (the goal is at most 1.5).
# The models come from `make models` (scripts/export-torch-models.py, seeded
# random weights); output goes to /dev/null so the figures are the compiler's.
#
#   bash bench/onnx-import.sh [MODEL...]     default: resnet18 efficientnet_b0
#
# Environment: RUNS (default 3; the best run is shown). Figures are recorded
# in docs/perf.md ("ONNX import + lowering").
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
MODELS=("$@")
[ ${#MODELS[@]} -gt 0 ] || MODELS=(resnet18 efficientnet_b0)
make --no-print-directory build models >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# weight bytes: the raw data of the model's initializers.
weights() {
	/usr/bin/python3 - "$1" <<'PY'
import sys, onnx
m = onnx.load(sys.argv[1], load_external_data=False)
print(sum(len(t.raw_data) or 0 for t in m.graph.initializer))
PY
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS runs"
printf "%-16s %10s %8s %8s %8s %8s %9s %7s\n" model "weights MB" "import s" "lower s" "print s" "total s" "peak MB" "peak/w"
for m in "${MODELS[@]}"; do
	model=build/onnx-models/$m/model.onnx
	w=$(weights "$model")
	best=""
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f "%e %M" -o "$work/t" bin/mlc import "$model" --pipeline torch-to-core --timing -o /dev/null 2> "$work/stages"
		read -r t kb < <(tail -n 1 "$work/t")
		if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then
			best=$t; bkb=$kb; cp "$work/stages" "$work/best"
		fi
	done
	imp=$(awk '$1=="import"{print $2}' "$work/best")
	low=$(awk '$1=="lower"{print $2}' "$work/best")
	prt=$(awk '$1=="print"{print $2}' "$work/best")
	awk -v m="$m" -v w="$w" -v i="$imp" -v l="$low" -v p="$prt" -v t="$best" -v kb="$bkb" 'BEGIN{
		printf "%-16s %10.1f %8.3f %8.3f %8.3f %8.2f %9.1f %7.2f\n", m, w/1e6, i, l, p, t, kb/1024, kb*1024/w }'
done
