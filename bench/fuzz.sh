#!/usr/bin/env bash
# make fuzz: run every Go fuzz target in the repo for FUZZTIME each.
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-30s}
grep -rl --include='*_test.go' '^func Fuzz' . | while read -r f; do
	pkg=./$(dirname "${f#./}")
	for name in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | cut -d' ' -f2); do
		echo "== $pkg $name ($t)"
		go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$t"
	done
done
