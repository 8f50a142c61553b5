#!/usr/bin/env bash
# Pairs of places in DIFFERENT packages that share runs of 6 or more lines in
# non-test Go code (issue 20's duplication figure).
#
#   bash scripts/dup-scan.sh [REV]
#
# REV (default: the working tree) is checked out into a temp dir first, so
# before/after figures come from one command. Needs `duplicates` on PATH
# (the workplace's duplicate finder); prints every cross-package pair, then
# the count of all of them and of those not marked "boilerplate".
set -euo pipefail
cd "$(dirname "$0")/.."
command -v duplicates >/dev/null || { echo "dup-scan: duplicates is not on PATH" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -gt 0 ]; then
	git archive "$1" | tar -x -C "$work/" --wildcards '*.go'
	(cd "$work" && find . -name '*_test.go' -delete)
else
	git ls-files --cached --others --exclude-standard '*.go' | grep -v '_test\.go$' |
		while read -r f; do mkdir -p "$work/$(dirname "$f")"; cp "$f" "$work/$f"; done
fi
duplicates --repo "$work" --most 200 --seconds 300 > "$work/dups.txt"
# A row: "Dn a/b.go:1-9 ~ c/d.go:4-12 [shape] [boilerplate] ...": keep it when
# the two files live in different directories (packages).
awk '/^D[0-9]+ / {
	a = $2; sub(/:[^:]*$/, "", a); sub(/\/[^\/]*$/, "", a)
	b = $4; sub(/:[^:]*$/, "", b); sub(/\/[^\/]*$/, "", b)
	if (a != b) print
}' "$work/dups.txt" > "$work/cross.txt"
cat "$work/cross.txt"
grep -E '^(incomplete|left out):' "$work/dups.txt" || true
echo "cross-package pairs: $(wc -l < "$work/cross.txt")," \
	"not boilerplate: $(grep -vc boilerplate "$work/cross.txt" || true)"
