#!/usr/bin/env bash
# The reference interpreter (mlc run) against ONNX Runtime's CPU provider
# (npm onnxruntime-node) on the same models and the same inputs, in one run:
#
#   conv6         6 x (conv 3x3 32->32 + relu) on 1x32x56x56 (bench/gen-conv-bench.py)
#   resnet18      torchvision, 1x3x224x224 (scripts/export-torch-models.py)
#   mobilenet_v2  torchvision, 1x3x224x224 (scripts/export-torch-models.py)
#
# all fp32, at each thread count, then their int8 QDQ versions (ONNX Runtime's
# QDQ execution against mlc's quant-sim of the same model). Usage:
#
#   bash bench/interp-vs-ort.sh [RUNS] [THREADS...]
#
# RUNS timed runs per tool, round and row (default 20, after warm-up);
# THREADS the thread counts (default "1 N" with N = nproc). Each row takes
# ROUNDS (environment, default 3) interleaved rounds, ORT then mlc, so
# that slow spells of a shared machine hit both tools alike. MODELS
# (environment) picks the models, e.g. MODELS="conv6 resnet18" or any of
# scripts/export-torch-models.py's (efficientnet_b0, vit_tiny, ...); a
# model the QDQ script cannot quantize gets a row saying why; MLC_BIN times
# another build of mlc (an older commit's, to compare). Prints one table:
# the median of the rounds' median run times and the fastest run of each
# tool, the ratio mlc/ORT of the medians and the largest absolute
# difference between the two outputs.
#
# mlc: `mlc import --pipeline torch-to-core` once, then `mlc run --threads T
# --warmup 3 --repeat RUNS --time` (the median of the function's run times
# after three untimed runs, as ORT's) with GOMAXPROCS=T, so a 1-thread row
# uses one core for the garbage collector too. ORT: bench/ort-run.js,
# intra-op threads T, graph optimisations on, the median of RUNS
# session.run calls after 3 warm-ups. (Until session 24 mlc's median
# counted its first runs, constant decoding and weight packing included.)
#
# Below the machine's CPU count both tools run on the same CPUs, the last
# T of them (taskset), as a VM's CPUs need not be alike: on the benchmark
# VM one ran a convolution at 0.6 of the other's speed, so a 1-thread row
# measured each tool on whichever CPU the scheduler chose (until session
# 25). PIN=0 leaves them to the scheduler.
#
# QDQ rows: model-qdq.onnx, written by scripts/make-qdq-models.py (per-tensor
# u8 activations, per-channel symmetric int8 weights, int32 bias; ORT's QDQ
# layout): MODELS_DIR/NAME/model-qdq.onnx when present, else made in the
# run. ORT runs the QDQ model (its graph optimisations turn DQ -> Conv -> Q
# into QLinearConv and so on; the row lists the int8 kernels it ran); mlc
# imports the same model, lowers it with torch-to-core and quant-fuse (the
# quantized conv/matmul/add run on stored integers) and runs it.
# Each row prints the SQNR of mlc's output against ORT's QDQ output and of
# ORT's QDQ output against its fp32 output (`mlc compare`).
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
ROUNDS=${ROUNDS:-3}
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
# Builds before session 24 have no --warmup: their medians count the first
# runs.
warmup=()
if "$mlc" run --help 2>&1 | grep -q -- '--warmup'; then
	warmup=(--warmup 3)
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

# median V...: the median of the numbers given (the lower middle one of an
# even count).
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# pin_for THREADS: sets pin to the command prefix that runs a tool on the
# last THREADS CPUs (empty at the CPU count, with PIN=0 or no taskset).
pin_for() {
	pin=()
	local n
	n=$(nproc)
	if [ "${PIN:-1}" != 0 ] && [ "$1" -lt "$n" ] && command -v taskset >/dev/null; then
		pin=(taskset -c "$((n - $1))-$((n - 1))")
	fi
}

# time_row ONNX MLIR ORT_OUT MLC_OUT_DIR THREADS [OPTIMIZED.onnx]: ROUNDS
# interleaved rounds (ORT, then mlc) of RUNS timed runs each, so that both
# tools meet the same spells of a noisy machine; sets ort_med / mlc_med
# to the median of the rounds' medians and ort_min / mlc_min to the
# smallest run, ort_ver to ORT's version, line to mlc's last report.
time_row() {
	local onnx=$1 mlir=$2 ort_out=$3 out=$4 t=$5 opt=${6:-} r o
	local om=() on=() mm=() mn=()
	pin_for "$t"
	# Two untimed runs warm the page cache and the Go runtime.
	GOMAXPROCS=$t "${pin[@]}" "$mlc" run "$mlir" --input "$d/input.npy" --output-dir "$out" -q --threads "$t" --repeat 2 >/dev/null
	for ((r = 0; r < ROUNDS; r++)); do
		o=$(NODE_PATH="$ORT_DIR/node_modules" "${pin[@]}" node bench/ort-run.js "$onnx" "$d/input.npy" "$ort_out" "$RUNS" "$t" $opt)
		om+=("$(echo "$o" | json median_ms)")
		on+=("$(echo "$o" | json min_ms)")
		ort_ver=$(echo "$o" | json version)
		line=$(GOMAXPROCS=$t "${pin[@]}" "$mlc" run "$mlir" --input "$d/input.npy" --output-dir "$out" -q --threads "$t" "${warmup[@]}" --repeat "$RUNS" --time 2>&1)
		mm+=("$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')")
		mn+=("$(echo "$line" | sed -n 's/.*min \([0-9.]*\) ms.*/\1/p')")
		[ -n "${mm[-1]}" ] || return 1
	done
	ort_med=$(median "${om[@]}")
	ort_min=$(printf '%s\n' "${on[@]}" | sort -g | head -1)
	mlc_med=$(median "${mm[@]}")
	mlc_min=$(printf '%s\n' "${mn[@]}" | sort -g | head -1)
}

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
pin_for 1
[ ${#pin[@]} -eq 0 ] || echo "below $(nproc) threads both tools run on the last CPUs (taskset; PIN=0 turns it off)"
echo "fp32, $ROUNDS interleaved rounds of $RUNS timed runs per row (ORT, mlc, ORT, mlc, ...); times in ms: the median of the rounds' medians and the fastest run; ratio = mlc median / ORT median"
rows=()
for m in "${MODELS[@]}"; do
	prepare "$m"
	for t in "${THREADS[@]}"; do
		d=$work/$m
		rm -rf "$d/out"
		time_row "$d/model.onnx" "$d/model.mlir" "$d/ort-y.npy" "$d/out" "$t" || { echo "mlc run on $m failed: $line" >&2; exit 1; }
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

# ---- int8 QDQ rows ----

# sqnr GOT WANT: the SQNR in dB that mlc compare prints (it exits 1 when
# the tensors differ beyond its tolerance, as quantized outputs do).
sqnr() {
	local out v
	out=$("$mlc" compare "$1" "$2" 2>&1 || true)
	v=$(sed -n 's/.*sqnr \([-+0-9.a-zA-Z]*\) dB.*/\1/p' <<<"$out")
	[ -n "$v" ] || { echo "mlc compare $1 $2: $out" >&2; return 1; }
	echo "$v"
}

# prepare_qdq NAME: $work/NAME/{model-qdq.onnx,model-qdq.mlir}. A model's
# QDQ version is MODELS_DIR/NAME/model-qdq.onnx when present, else made
# here from the fp32 model. mlc imports it, lowers it with torch-to-core
# and quant-fuse (quantized conv/matmul/add then run on stored integers, as
# ORT's QLinear kernels do) and runs it.
prepare_qdq() {
	local name=$1 d=$work/$1 src
	src=$MODELS_DIR/$name/model-qdq.onnx
	if [ "$name" != conv6 ] && [ -f "$src" ]; then
		ln -sf "$(cd "$(dirname "$src")" && pwd)/model-qdq.onnx" "$d/model-qdq.onnx"
	elif ! "$PY" scripts/make-qdq-models.py "$d/model.onnx" >/dev/null 2>"$d/qdq-err"; then
		return 1
	fi
	"$mlc" import "$d/model-qdq.onnx" --pipeline 'builtin.module(torch-to-core,func.func(quant-fuse))' -o "$d/model-qdq.mlir"
}

# ort_kernels OPTIMIZED.onnx: the int8 kernels of the graph ORT ran.
ort_kernels() {
	"$PY" - "$1" <<'EOF'
import collections, sys
import onnx
m = onnx.load(sys.argv[1], load_external_data=False)
c = collections.Counter(n.op_type for n in m.graph.node if n.op_type.startswith(("QLinear", "QGemm", "ConvInteger", "MatMulInteger")))
print(" ".join("%s:%d" % kv for kv in sorted(c.items())) or "none")
EOF
}

qrows=()
for m in "${MODELS[@]}"; do
	d=$work/$m
	if ! prepare_qdq "$m"; then
		# A model the script cannot quantize gets a row saying why.
		qrows+=("$(printf "%-28s %7s   no QDQ version: %s" "$m-qdq" - "$(tail -1 "$d/qdq-err")")")
		continue
	fi
	for t in "${THREADS[@]}"; do
		rm -rf "$d/qout"
		time_row "$d/model-qdq.onnx" "$d/model-qdq.mlir" "$d/ort-qdq-y.npy" "$d/qout" "$t" "$d/ort-qdq-opt.onnx" ||
			{ echo "mlc run on $m (QDQ) failed: $line" >&2; exit 1; }
		kernels=$(ort_kernels "$d/ort-qdq-opt.onnx")
		s_mlc=$(sqnr "$d"/qout/*.npy "$d/ort-qdq-y.npy")
		s_ort=$(sqnr "$d/ort-qdq-y.npy" "$d/ort-y.npy")
		label=$m-qdq
		qrows+=("$(awk -v m="$label" -v t="$t" -v om="$ort_med" -v on="$ort_min" -v mm="$mlc_med" -v mn="$mlc_min" -v a="$s_mlc" -v b="$s_ort" -v k="$kernels" \
			'BEGIN { printf "%-28s %7s %10.2f %10.2f %10.2f %10.2f %8.2f %12s %12s   %s", m, t, om, on, mm, mn, mm / om, a, b, k }')")
	done
done
echo
echo "int8 QDQ (scripts/make-qdq-models.py): ORT's QDQ execution vs mlc's quant-sim; times in ms"
printf "%-28s %7s %10s %10s %10s %10s %8s %12s %12s   %s\n" model threads "ORT med" "ORT min" "mlc med" "mlc min" mlc/ORT "SQNR mlc:ORT" "SQNR q:fp32" "ORT int8 kernels"
[ ${#qrows[@]} -eq 0 ] || printf "%s\n" "${qrows[@]}"
echo "SQNR mlc:ORT: mlc's QDQ output against ORT's; SQNR q:fp32: ORT's QDQ output against its fp32 output (dB)."

# ---- mlc quantize against ORT inference ----
# The time of `mlc quantize` (min-max, trt-orin) on resnet18 with 32
# calibration samples, against 32 fp32 inferences of the same model in ORT
# (32 x ORT's median run), at each thread count: calibration and the
# quantizer's own measurements run the interpreter, so this is the
# compile-time cost of a quantized model. The samples come from
# scripts/export-torch-models.py --sets-dir (build/quant-sets, shared with
# bench/quant.sh).
if [[ " ${MODELS[*]} " == *" resnet18 "* ]]; then
	sets=build/quant-sets
	if [ ! -d "$sets/resnet18/calib" ] || [ "$(cat "$sets/resnet18/STAMP" 2>/dev/null)" != "32 8" ]; then
		"$PY" scripts/export-torch-models.py build/quant-models resnet18 --sets-dir "$sets" --calib 32 --eval 8 >/dev/null 2>&1
		echo "32 8" >"$sets/resnet18/STAMP"
	fi
	echo
	echo "mlc quantize resnet18 --target trt-orin --calib (32 samples) against 32 fp32 ORT inferences"
	printf "%-10s %7s %14s %14s %8s
" model threads "ORT 32 runs s" "quantize s" ratio
	for t in "${THREADS[@]}"; do
		d=$work/resnet18
		pin_for "$t"
		o=$(NODE_PATH="$ORT_DIR/node_modules" "${pin[@]}" node bench/ort-run.js "$d/model.onnx" "$d/input.npy" "$d/ort-y.npy" 32 "$t")
		ort32=$(echo "$o" | json median_ms)
		start=$(date +%s.%N)
		GOMAXPROCS=$t "${pin[@]}" "$mlc" quantize "$MODELS_DIR/resnet18/model.onnx" --target trt-orin --calib "$sets/resnet18/calib" -o "$work/resnet18-q.mlir"
		secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
		awk -v t="$t" -v o="$ort32" -v q="$secs" 'BEGIN { printf "%-10s %7s %14.2f %14.2f %8.1f\n", "resnet18", t, o * 32 / 1000, q, q / (o * 32 / 1000) }'
	done
fi
