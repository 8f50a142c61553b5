#!/usr/bin/env bash
# Tests of the LLVM project that our tests run against LLVM's own tools,
# fetched rather than kept in this repository (they are LLVM's):
#
#   build/llvm-filecheck-tests  llvm/test/FileCheck, which tools/filecheck's
#                               TestLLVMFileCheckSuite runs under LLVM's lit
#                               with FileCheck-19 and with filecheck;
#   build/mlir-tests            the chunks (split at '// -----') of MLIR's
#                               IR and quant parser tests that use only the
#                               builtin, func and quant dialects and
#                               generic-form ops of unregistered dialects,
#                               which tools/mlc-opt's
#                               TestMLIRTestsAgreeWithMLIROpt runs through
#                               mlir-opt-19 and mlc-opt.
#
# Both come from Debian's source package of the LLVM that FileCheck-19 and
# mlir-opt-19 are built from, fetched through apt's own archive
# configuration (a private deb-src list made from the system's first
# Debian source; nothing of the system's apt setup is changed). Each
# directory gets a STAMP naming the version; nothing is fetched when both
# are current.
#
#   bash scripts/fetch-llvm-tests.sh      # LLVM_TESTS_DIR=DIR: elsewhere
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${LLVM_TESTS_DIR:-build} # where both go (tests read them from build)
out=$dir/llvm-filecheck-tests
mlir_out=$dir/mlir-tests
# The MLIR test files whose chunks are kept (mlir/test/...).
mlir_files=(IR/dense-resource-elements-attr.mlir IR/invalid-builtin-attributes.mlir
	IR/invalid-builtin-types.mlir IR/invalid-file-metadata.mlir IR/invalid-func-op.mlir
	IR/invalid-locations.mlir IR/invalid.mlir IR/module-op.mlir
	Dialect/Quant/parse-uniform-invalid.mlir Dialect/Quant/parse-uniform.mlir)
pkg=llvm-toolchain-19
ver=$(dpkg-query -W -f '${source:Version}' llvm-19-tools 2>/dev/null) || {
	echo "fetch-llvm-tests: llvm-19-tools is not installed (make deps installs it)" >&2
	exit 1
}
if [ "$(cat "$out/STAMP" 2>/dev/null)" = "$pkg $ver" ] && [ "$(cat "$mlir_out/STAMP" 2>/dev/null)" = "$pkg $ver" ]; then
	echo "llvm-tests: LLVM's FileCheck and MLIR tests $ver present"
	exit 0
fi

# The first "deb" source of the system (deb822 .sources or one-line
# sources.list): its URI, first suite, components and key.
read -r uri suite comps key < <(
	{ cat /etc/apt/sources.list.d/*.sources 2>/dev/null; echo; } | awk '
		/^Types:/ { types = $0 } /^URIs:/ { uri = $2 } /^Suites:/ { suite = $2 }
		/^Components:/ { $1 = ""; comps = substr($0, 2); gsub(/ /, ",", comps) }
		/^Signed-By:/ { key = $2 }
		/^[ \t]*$/ { if (types ~ /(^|[ \t])deb([ \t]|$)/ && uri != "") { print uri, suite, comps, (key == "" ? "-" : key); found = 1; exit }
		             types = uri = suite = comps = key = "" }
		END { if (!found) exit 1 }' ||
	awk '$1 == "deb" { i = 2; key = "-"; if ($2 ~ /^\[/) { if (match($0, /signed-by=[^] ]+/)) key = substr($0, RSTART + 10, RLENGTH - 10); while ($i !~ /\]$/) i++; i++ }
		c = $(i + 2); for (j = i + 3; j <= NF; j++) c = c "," $j; print $i, $(i + 1), c, key; exit }' /etc/apt/sources.list 2>/dev/null
)
if [ -z "${uri:-}" ]; then
	echo "fetch-llvm-tests: no Debian source found in apt's configuration" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/src"
opt=""
[ "$key" != "-" ] && opt="[signed-by=$key] "
echo "deb-src ${opt}$uri $suite ${comps//,/ }" >"$tmp/sources.list"
apt=(apt-get -qq -o Dir::Etc::sourcelist="$tmp/sources.list" -o Dir::Etc::sourceparts=-
	-o Dir::State::Lists="$tmp/lists" -o Dir::Cache="$tmp/cache" -o Debug::NoLocking=1
	-o APT::Sandbox::User=root)
"${apt[@]}" update
(cd "$tmp/src" && "${apt[@]}" source --download-only "$pkg=$ver")
tar -xJf "$tmp"/src/"${pkg}"_*.orig.tar.xz -C "$tmp/src" --wildcards '*/llvm/test/FileCheck/*' \
	"${mlir_files[@]/#/*/mlir/test/}"
root=$(echo "$tmp"/src/*/)
[ -d "$root/llvm/test/FileCheck" ] || { echo "fetch-llvm-tests: llvm/test/FileCheck not in the source" >&2; exit 1; }
mkdir -p "$dir"
rm -rf "$out.new" && mv "$root/llvm/test/FileCheck" "$out.new"
echo "$pkg $ver" >"$out.new/STAMP"
rm -rf "$out" && mv "$out.new" "$out"
echo "llvm-tests: LLVM's FileCheck tests $ver in $out ($(find "$out" -name '*.txt' | wc -l) files)"

rm -rf "$mlir_out.new" && mkdir -p "$mlir_out.new"
/usr/bin/python3 - "$root/mlir/test" "$mlir_out.new" "${mlir_files[@]}" <<'PYEOF'
import os, re, sys

src, dst, files = sys.argv[1], sys.argv[2], sys.argv[3:]
ALLOWED = {"builtin", "func", "quant"}
# A custom-form op starts a statement: "dialect.op" after the results.
CUSTOM_OP = re.compile(r'^\s*(?:%[^=]*=\s*)?([a-z_][a-z0-9_]*)\.[a-z_][\w.$]*')
# Dialect types and attributes: !dialect.name, #dialect.name / <...>.
DIALECT_SYM = re.compile(r'[!#]([a-z_][a-z0-9_]*)[.<]')
# Generic-form ops ("dialect.op"(...)) of any dialect are allowed: mlir-opt
# and mlc-opt both run with --allow-unregistered-dialect.
GENERIC = re.compile(r'"[^"\n]*"')

def uses_only_allowed(chunk):
    for line in chunk.splitlines():
        code = line.split("//", 1)[0]
        code = GENERIC.sub('""', code)
        m = CUSTOM_OP.match(code)
        if m and m.group(1) not in ALLOWED:
            return False
        for d in DIALECT_SYM.findall(code):
            if d not in ALLOWED:
                return False
    return True

total = kept = 0
for rel in files:
    text = open(os.path.join(src, rel)).read()
    parts = re.split(r'(?m)^// -----[ \t]*$', text)
    keep = []
    for p in parts:
        if not p.strip():
            continue
        total += 1
        if uses_only_allowed(p):
            keep.append(p)
    kept += len(keep)
    name = rel.replace("Dialect/", "").replace("/", "-")
    with open(os.path.join(dst, name), "w") as f:
        f.write("// -----".join(keep))
with open(os.path.join(dst, "NOTICE"), "w") as f:
    f.write("""The .mlir files here are chunks of MLIR's own tests from the LLVM Project
(mlir/test/IR and mlir/test/Dialect/Quant; the file name says which), taken
from Debian's llvm-toolchain-19 source package by scripts/fetch-llvm-tests.sh,
keeping only the chunks (split at '// -----') that use the builtin, func and
quant dialects and generic-form ops of unregistered dialects. Their text is
unchanged. The LLVM Project is under the Apache License v2.0 with LLVM
Exceptions (SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception).
""")
print(f"llvm-tests: {kept} of {total} MLIR test chunks kept")
PYEOF
echo "$pkg $ver" >"$mlir_out.new/STAMP"
rm -rf "$mlir_out" && mv "$mlir_out.new" "$mlir_out"
