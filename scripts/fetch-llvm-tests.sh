#!/usr/bin/env bash
# LLVM's own FileCheck tests (llvm/test/FileCheck), which
# tools/filecheck's TestLLVMFileCheckSuite runs under LLVM's lit with
# FileCheck-19 and with filecheck. They are LLVM's, so they are not kept
# in this repository: this fetches them from Debian's source package of
# the LLVM that FileCheck-19 is built from, through apt's own archive
# configuration (a private deb-src list made from the system's first
# Debian source; nothing of the system's apt setup is changed), and
# writes build/llvm-filecheck-tests with a STAMP naming the version. It
# does nothing when the STAMP is current.
#
#   bash scripts/fetch-llvm-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/llvm-filecheck-tests
pkg=llvm-toolchain-19
ver=$(dpkg-query -W -f '${source:Version}' llvm-19-tools 2>/dev/null) || {
	echo "fetch-llvm-tests: llvm-19-tools is not installed (make deps installs it)" >&2
	exit 1
}
if [ "$(cat "$out/STAMP" 2>/dev/null)" = "$pkg $ver" ]; then
	echo "llvm-tests: LLVM's FileCheck tests $ver present"
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
tar -xJf "$tmp"/src/"${pkg}"_*.orig.tar.xz -C "$tmp/src" --wildcards '*/llvm/test/FileCheck/*'
suite_dir=$(echo "$tmp"/src/*/llvm/test/FileCheck)
[ -d "$suite_dir" ] || { echo "fetch-llvm-tests: llvm/test/FileCheck not in the source" >&2; exit 1; }
rm -rf "$out.new" && mkdir -p build && mv "$suite_dir" "$out.new"
echo "$pkg $ver" >"$out.new/STAMP"
rm -rf "$out" && mv "$out.new" "$out"
echo "llvm-tests: LLVM's FileCheck tests $ver in $out ($(find "$out" -name '*.txt' | wc -l) files)"
