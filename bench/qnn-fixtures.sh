#!/usr/bin/env bash
# Lowered qnn-htp-v73 models for translate/qnn's round-trip tests:
# build/qnn-fixtures/<model>.qnn.mlir from the exported models and
# calibration sets (bench/quant-lower.sh makes those; MODELS_DIR and
# SETS_DIR point elsewhere, e.g. a main checkout's build/).
# Usage: bash bench/qnn-fixtures.sh [MODEL...]
set -euo pipefail
cd "$(dirname "$0")/.."
MODELS_DIR=${MODELS_DIR:-build/quant-models}
SETS_DIR=${SETS_DIR:-build/quant-sets}
out=build/qnn-fixtures
mkdir -p "$out"
make -s build >/dev/null
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(resnet18 mobilenet_v2 efficientnet_b0 transformer_encoder)
for m in "${models[@]}"; do
	bin/mlc quantize "$MODELS_DIR/$m/model.onnx" --target qnn-htp-v73 --calib "$SETS_DIR/$m/calib" -o "$out/$m.q.mlir"
	bin/mlc lower "$out/$m.q.mlir" --target qnn-htp-v73 -o "$out/$m.qnn.mlir"
	echo "$out/$m.qnn.mlir"
done
