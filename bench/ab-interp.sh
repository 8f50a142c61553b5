#!/usr/bin/env bash
# Interpreter A/B between a commit and the working tree: the interp
# package's BenchmarkModelFile (steady-state runs of @main, after one
# untimed run) on conv6, resnet18 and mobilenet_v2, run interleaved (base,
# new, base, new, ...) so drift in the machine's speed hits both alike.
# Prints, per model, the medians of wall ms and of process CPU ms per run
# and their ratios new/base. On a shared machine the CPU figure at -cpu 1
# is the steadier one (waiting for a core does not count).
#
#   bash bench/ab-interp.sh BASE_REV [PAIRS] [CPU]
#
# PAIRS interleaved pairs (default 7); CPU is -test.cpu, the GOMAXPROCS
# and the kernels' thread count (default 1). MODELS picks a subset. The
# base is built with this tree's model_bench_test.go and cputime files (so
# an older commit reports the same metrics the same way).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:?usage: bench/ab-interp.sh BASE_REV [PAIRS] [CPU]}
PAIRS=${2:-7}
CPU=${3:-1}
PY=${PY:-/usr/bin/python3}
MODELS_DIR=${MODELS_DIR:-build/onnx-models}
read -r -a MODELS <<<"${MODELS:-conv6 resnet18 mobilenet_v2}"
work=$(mktemp -d)
trap 'git worktree remove --force "$work/base-src" 2>/dev/null || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/base-src" "$BASE" >/dev/null
cp interp/model_bench_test.go interp/cputime_*_test.go "$work/base-src/interp/"
(cd "$work/base-src" && go test -c -o "$work/base.test" ./interp)
go test -c -o "$work/new.test" ./interp
go build -o "$work/" ./tools/mlc

for m in "${MODELS[@]}"; do
	d=$work/$m
	mkdir -p "$d"
	if [ "$m" = conv6 ]; then
		"$PY" bench/gen-conv-bench.py "$d" >/dev/null
		continue
	fi
	"$work/mlc" import "$MODELS_DIR/$m/model.onnx" --pipeline torch-to-core -o "$d/model.mlir"
	"$PY" - "$MODELS_DIR/$m/test_data_set_0/input_0.pb" "$d/input.npy" <<'PYEOF'
import sys
import numpy as np
import onnx
from onnx import numpy_helper
t = onnx.TensorProto()
with open(sys.argv[1], "rb") as f:
    t.ParseFromString(f.read())
np.save(sys.argv[2], np.ascontiguousarray(numpy_helper.to_array(t), dtype="<f4"))
PYEOF
done

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "base $(git rev-parse --short "$BASE") vs new $(git rev-parse --short HEAD)$(git diff --quiet || echo '+dirty'), $PAIRS interleaved pairs, -cpu $CPU, $(nproc) CPUs, load at start $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-14s %12s %12s %8s %12s %12s %8s\n" model "base wall" "new wall" new/base "base cpu" "new cpu" new/base
for m in "${MODELS[@]}"; do
	d=$work/$m
	n=20
	[ "$m" = resnet18 ] && n=10
	: >"$work/$m.base"
	: >"$work/$m.new"
	for _ in $(seq "$PAIRS"); do
		for side in base new; do
			MLC_BENCH_MLIR=$d/model.mlir MLC_BENCH_INPUT=$d/input.npy "$work/$side.test" -test.run '^$' \
				-test.bench 'ModelFile/^reuse$' -test.benchtime "${n}x" -test.cpu "$CPU" |
				awk '/ModelFile\/reuse/ { print $3 / 1e6, $5 }' >>"$work/$m.$side"
		done
	done
	bw=$(cut -d' ' -f1 "$work/$m.base" | median); nw=$(cut -d' ' -f1 "$work/$m.new" | median)
	bc=$(cut -d' ' -f2 "$work/$m.base" | median); nc=$(cut -d' ' -f2 "$work/$m.new" | median)
	awk -v m="$m" -v bw="$bw" -v nw="$nw" -v bc="$bc" -v nc="$nc" \
		'BEGIN { printf "%-14s %12.2f %12.2f %8.3f %12.2f %12.2f %8.3f\n", m, bw, nw, nw / bw, bc, nc, nc / bc }'
done
echo "(ms per run, medians over the pairs; load at end $(cut -d' ' -f1-3 /proc/loadavg))"
