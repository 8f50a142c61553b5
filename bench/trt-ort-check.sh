#!/usr/bin/env bash
# ONNX Runtime against mlc's interpreter on the TensorRT export of the
# quantization fixtures (driver/ortcheck, TestModelLayers): per model,
# ONNX Runtime configuration (basic; all; all with S8S8 kernels) and
# interpreter mode ("mlc float": op by op; "mlc trt": Q/DQ groups as
# TensorRT's int8 kernels run them, interp.Options.TRTFused), the output
# SQNR of ORT vs mlc and of each vs the fp32 reference, and the worst
# single layer on ORT's inputs; then the same model built without fp16
# ("int8+fp32", trtexec --int8 alone). The per-layer tables (free and
# forced differences of every tensor) go to OUT.
# Usage: bash bench/trt-ort-check.sh [OUT]   (default build/ortcheck)
#   MODELS="resnet18 ..." chooses models; MLC_QUANT_MODELS / MLC_QUANT_SETS
#   point at the fixtures (default build/quant-models, build/quant-sets,
#   which bench/quant-lower.sh builds). Needs node and `make ort`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-build/ortcheck}")
mkdir -p "$out"
export MLC_ORTCHECK_DIR=$out
export MLC_ORTCHECK_MODELS=${MODELS:-resnet18 mobilenet_v2 efficientnet_b0 vit_tiny transformer_encoder}
export MLC_QUANT_MODELS=$(realpath -m "${MLC_QUANT_MODELS:-build/quant-models}")
export MLC_QUANT_SETS=$(realpath -m "${MLC_QUANT_SETS:-build/quant-sets}")
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), flags: $(grep -m1 -o -w -E 'avx512_vnni|avx_vnni|avx512f|avx2' /proc/cpuinfo | sort -u | xargs)"
echo "commit: $(git rev-parse --short HEAD); $(date -u +%Y-%m-%dT%H:%MZ)"
go test ./driver/ortcheck -run 'TestModelLayers' -count=1 -v -timeout 60m 2>&1 |
	grep -E 'ORT (basic|all)|^(---|ok|FAIL)|Error' | sed -E 's/^ +models_test.go:[0-9]+: //'
echo "per-layer tables: $out/<model>.basic.float.txt"
