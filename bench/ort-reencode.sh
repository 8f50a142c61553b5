#!/usr/bin/env bash
# ONNX Runtime gives the same outputs on models re-encoded by the
# internal/onnxpb codec: every case folder (model.onnx plus
# test_data_set_0/input_*.pb) is decoded and re-encoded
# (bench/onnx-reencode), and ORT's CPU provider (npm onnxruntime-node)
# runs the original and the re-encoding on the same inputs; every output
# must be the same bit for bit (bench/ort-reencode.js).
#
#   bash bench/ort-reencode.sh [CASE_DIR...]
#
# By default: every exported model (build/onnx-models/*) and every ONNX
# node test (build/onnx-node-tests/node/*), which `make models` and
# `make node-tests` generate. Exits 1 when any case differs, 2 when
# onnxruntime-node or the fixtures are missing. Needs onnxruntime-node in
# bench/ort (git-ignored):
#   (mkdir -p bench/ort && cd bench/ort && npm install --ignore-scripts onnxruntime-node@1.30.0)
set -euo pipefail
cd "$(dirname "$0")/.."
ORT_DIR=${ORT_DIR:-bench/ort}
if [ ! -d "$ORT_DIR/node_modules/onnxruntime-node" ]; then
	echo "onnxruntime-node is not installed in $ORT_DIR; run:" >&2
	echo "  (mkdir -p $ORT_DIR && cd $ORT_DIR && npm install --ignore-scripts onnxruntime-node@1.30.0)" >&2
	exit 2
fi
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
	for d in build/onnx-models build/onnx-node-tests/node; do
		if [ ! -d "$d" ]; then
			echo "$d does not exist: run make models node-tests first" >&2
			exit 2
		fi
	done
	cases=(build/onnx-models/*/ build/onnx-node-tests/node/*/)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/onnx-reencode" ./bench/onnx-reencode
"$work/onnx-reencode" -out "$work/cases" "${cases[@]}" 2>"$work/skipped.txt"
echo "ort-reencode: $(wc -l <"$work/skipped.txt") cases left out (string, sequence or optional inputs)"
NODE_PATH="$ORT_DIR/node_modules" node bench/ort-reencode.js "$work/cases/manifest.json"
