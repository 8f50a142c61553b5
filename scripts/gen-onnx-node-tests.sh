#!/usr/bin/env bash
# Produce ONNX's backend node test cases in OUTDIR/node/test_*/ (model.onnx
# and test_data_set_*/{input,output}_*.pb) with the onnx Python package of
# Debian's python3-onnx.
#
# Usage: scripts/gen-onnx-node-tests.sh OUTDIR
#
# When the package ships its generated data (onnx/backend/test/data/node)
# the cases are copied from there; Debian's 1.12 package ships only the
# case generators, so they are run. They use NumPy aliases that 1.24
# removed (np.float, np.object, ...), which are restored first, and
# NumPy's global random state, which is seeded so every run writes the same
# bytes. OUTDIR/node is replaced atomically; OUTDIR/STAMP records the onnx
# version and this script's checksum, and a matching stamp skips the work.
set -euo pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 OUTDIR" >&2
	exit 2
fi
out=$1
# Debian's interpreter, not whichever python3 is first on PATH.
py=${ONNX_PYTHON:-/usr/bin/python3}

version=$("$py" -c 'import onnx; print(onnx.__version__)' 2>/dev/null) || {
	echo "$0: error: $py cannot import onnx (install python3-onnx: make deps)" >&2
	exit 1
}
stamp="onnx $version; $(sha256sum "$0" | cut -d' ' -f1)"
if [ -d "$out/node" ] && [ "$(cat "$out/STAMP" 2>/dev/null)" = "$stamp" ]; then
	echo "onnx node tests: $out/node is up to date (onnx $version)"
	exit 0
fi

mkdir -p "$out"
tmp=$(mktemp -d "$out/.gen.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

shipped=$("$py" -c 'import os, onnx.backend.test as t; print(os.path.join(os.path.dirname(t.__file__), "data", "node"))')
if [ -d "$shipped" ] && [ -n "$(ls -A "$shipped")" ]; then
	echo "onnx node tests: copying $shipped"
	cp -r "$shipped" "$tmp/node"
else
	echo "onnx node tests: generating with onnx $version"
	# The generator also writes model tests (simple/, real/); keep node/.
	"$py" -W ignore - "$tmp/all" <<-'EOF'
		import sys, runpy, warnings
		import numpy as np
		for name, alias in (("float", float), ("int", int), ("bool", bool), ("object", object),
		                    ("complex", complex), ("str", str)):
		    with warnings.catch_warnings():
		        warnings.simplefilter("ignore")
		        if not hasattr(np, name):
		            setattr(np, name, alias)
		np.random.seed(0)
		sys.argv = ["onnx.backend.test.cmd_tools", "generate-data", "-o", sys.argv[1]]
		runpy.run_module("onnx.backend.test.cmd_tools", run_name="__main__")
	EOF
	mv "$tmp/all/node" "$tmp/node"
fi

n=$(find "$tmp/node" -mindepth 2 -maxdepth 2 -name model.onnx | wc -l)
if [ "$n" -eq 0 ]; then
	echo "$0: error: no node test cases were produced" >&2
	exit 1
fi
rm -rf "$out/node.old"
[ -d "$out/node" ] && mv "$out/node" "$out/node.old"
mv "$tmp/node" "$out/node"
rm -rf "$out/node.old"
echo "$stamp" >"$out/STAMP"
echo "onnx node tests: $n cases in $out/node (onnx $version)"
