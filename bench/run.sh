#!/usr/bin/env bash
# make bench: every benchmark, each comparing mlc with its LLVM/MLIR
# counterpart in the same run. Figures go to docs/perf.md by hand, with the
# command that produced them.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "### filecheck vs FileCheck-19"
bash bench/filecheck.sh
echo
echo "### mlc-opt vs mlir-opt-19: parse + verify + print"
bash bench/ir-roundtrip.sh
echo
echo "### cse + canonicalize vs mlir-opt-19"
bash bench/cse-canon.sh
echo
echo "### ONNX import + torch-to-core lowering"
bash bench/onnx-import.sh
echo
echo "### interpreter vs ONNX Runtime: conv6, resnet18, mobilenet_v2 (fp32, 1 and all threads)"
bash bench/interp-vs-ort.sh 20
echo
echo "### Go benchmarks"
go test -run '^$' -bench . -benchmem ./ir/... 
