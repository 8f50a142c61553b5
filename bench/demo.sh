#!/usr/bin/env bash
# The README's demo, on models that ship with the repo. First the ONNX path:
# import a small CNN exported from PyTorch (docs/examples/tiny-cnn-onnx),
# lower it from the torch dialect to core, run it with the reference
# interpreter and compare with PyTorch's output. Then the IR tooling on a
# hand-written model: parse, verify, print (a fixed point, read back by
# mlir-opt-19), canonicalize, run. Last the whole job: mlc compile turns the
# ONNX model into a deployable bundle per target (DEMO_TARGETS, default
# trt-orin,qnn-htp-v73), calibrated on seeded random inputs, with the gates
# passing, and prints the bundle and its report. The bundle stays in
# build/demo-bundle (replaced on each run) for you to open.
set -euo pipefail
cd "$(dirname "$0")/.."
model=docs/examples/tiny-cnn.mlir
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

onnx=docs/examples/tiny-cnn-onnx
echo "== mlc-translate: import $onnx/model.onnx into the torch dialect"
bin/mlc-translate --import-onnx "$onnx/model.onnx" -o "$out/torch.mlir"
grep -oE 'torch\.aten\.[a-z_0-9.]+' "$out/torch.mlir" | sort | uniq -c

echo "== mlc-opt --torch-to-core: decompose into the core dialect"
bin/mlc-opt --torch-to-core "$out/torch.mlir" -o "$out/core.mlir"
if grep -q 'torch\.' "$out/core.mlir"; then echo "torch ops left"; exit 1; fi
grep -oE 'core\.[a-z_0-9]+' "$out/core.mlir" | sort | uniq -c

echo "== mlc run: the interpreter on PyTorch's test input; compare with PyTorch's output"
bin/mlc run "$out/core.mlir" --input input="$onnx/test_data_set_0/input_0.pb" --output-dir "$out/onnx-run"
bin/mlc compare "$out/onnx-run/output.npy" "$onnx/test_data_set_0/output_0.pb"

echo "== mlc-opt: parse + verify + print $model"
bin/mlc-opt "$model" -o "$out/custom.mlir"
sed -n '1,12p' "$out/custom.mlir"

echo "== printing is a fixed point"
bin/mlc-opt "$out/custom.mlir" -o "$out/again.mlir"
cmp "$out/custom.mlir" "$out/again.mlir" && echo "ok: second print identical"

bin/mlc-opt --mlir-print-op-generic "$model" -o "$out/generic.mlir"
if command -v mlir-opt-19 >/dev/null; then
	echo "== interop: mlir-opt-19 reads our generic form, we read its"
	mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic "$out/generic.mlir" -o "$out/mlir.mlir"
	bin/mlc-opt --mlir-print-op-generic "$out/mlir.mlir" -o "$out/back.mlir"
	cmp "$out/generic.mlir" "$out/back.mlir" && echo "ok: mlc -> mlir-opt -> mlc is identical"
fi
echo "== mlc-opt --canonicalize --cse, with pass statistics"
bin/mlc-opt --canonicalize --cse --mlir-pass-statistics "$model" -o "$out/canon.mlir" 2>&1 | grep -E "num-" || true

echo "== mlc run: the reference interpreter on an all-ones input"
bin/mlc run "$model" --input input=docs/examples/ones-1x3x8x8.npy --output-dir "$out/run"
bin/mlc print-tensor --precision 6 "$out/run/logits.npy"
want='[[5.0375, 0, 5.0375, -5.0375]]'
got=$(bin/mlc print-tensor --precision 6 "$out/run/logits.npy" | tail -n 1)
[ "$got" = "$want" ] && echo "ok: logits match the hand-computed reference $want" || { echo "MISMATCH: got $got, want $want"; exit 1; }

targets=${DEMO_TARGETS:-trt-orin,qnn-htp-v73}
echo "== mlc compile: $onnx/model.onnx -> a bundle for $targets"
# Calibration data: 16 sets of seeded standard-normal inputs (the same
# bytes every run), the last quarter held back for the gates.
/usr/bin/python3 - "$out/calib" <<'PY'
import os, sys
import numpy as np
rng = np.random.default_rng(20261204)
for k in range(16):
    d = os.path.join(sys.argv[1], "test_data_set_%d" % k)
    os.makedirs(d)
    np.save(os.path.join(d, "input.npy"), rng.standard_normal((1, 3, 16, 16), dtype=np.float32))
PY
bundle=build/demo-bundle
mkdir -p build
bin/mlc compile "$onnx/model.onnx" --target "$targets" --calib "$out/calib" --force -o "$bundle"
echo "== the bundle"
(cd "$bundle" && find . -type f | sort)
for f in "$bundle"/*/model.qdq.onnx; do
	[ -e "$f" ] || continue
	/usr/bin/python3 -c 'import onnx, sys; onnx.checker.check_model(sys.argv[1], full_check=True)' "$f"
	echo "ok: onnx.checker (full check, with shape inference) accepts ${f#$bundle/}"
done
for dir in "$bundle"/*/; do
	t=$(basename "$dir")
	if [ -f "$dir/report.md" ]; then
		echo "== $t: report.md"
		cat "$dir/report.md"
	fi
	echo "== $t: manifest.json gates"
	sed -n '/"gates": {/,$p' "$dir/manifest.json"
done
echo "demo passed: the bundle is in $bundle (reports: $bundle/<target>/report.html)"
