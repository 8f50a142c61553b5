#!/usr/bin/env bash
# The README's demo: the most complete path mlc has today, on a model that
# ships with the repo. Today: parse, verify and print the IR; check that
# printing is a fixed point and that mlir-opt-19 reads our generic form.
set -euo pipefail
cd "$(dirname "$0")/.."
model=docs/examples/tiny-cnn.mlir
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "== mlc-opt: parse + verify + print $model"
bin/mlc-opt --allow-unregistered-dialect "$model" -o "$out/custom.mlir"
sed -n '1,12p' "$out/custom.mlir"

echo "== printing is a fixed point"
bin/mlc-opt --allow-unregistered-dialect "$out/custom.mlir" -o "$out/again.mlir"
cmp "$out/custom.mlir" "$out/again.mlir" && echo "ok: second print identical"

bin/mlc-opt --allow-unregistered-dialect --mlir-print-op-generic "$model" -o "$out/generic.mlir"
if command -v mlir-opt-19 >/dev/null; then
	echo "== interop: mlir-opt-19 reads our generic form, we read its"
	mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic "$out/generic.mlir" -o "$out/mlir.mlir"
	bin/mlc-opt --allow-unregistered-dialect --mlir-print-op-generic "$out/mlir.mlir" -o "$out/back.mlir"
	cmp "$out/generic.mlir" "$out/back.mlir" && echo "ok: mlc -> mlir-opt -> mlc is identical"
fi
echo "demo passed"
