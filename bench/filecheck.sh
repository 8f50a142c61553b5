#!/usr/bin/env bash
# Benchmark bin/filecheck against LLVM's FileCheck-19 on a generated,
# deterministic ~50 MB MLIR-like input with 10,000 directives (CHECK,
# CHECK-NEXT, CHECK-SAME, CHECK-LABEL, CHECK-NOT, {{regex}} blocks, string
# and numeric variable captures and uses). Prints best-of-3 wall time and
# peak RSS for each tool and their ratio.
#
#   bash bench/filecheck.sh [MB] [CHECKS]
#
# The figures are recorded in docs/perf.md ("filecheck vs FileCheck-19").
set -euo pipefail
cd "$(dirname "$0")/.."

MB=${1:-50}
CHECKS=${2:-10000}
RUNS=3
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

go build -o bin/filecheck ./tools/filecheck
go run ./bench/gen-filecheck-input -out "$WORK" -mb "$MB" -checks "$CHECKS"
IN="$WORK/input.mlir"
CK="$WORK/check.txt"

HAVE_TIME=0
if [ -x /usr/bin/time ] && /usr/bin/time -f '%e %M' true >/dev/null 2>&1; then
  HAVE_TIME=1
fi

# measure NAME CMD...: sets BEST_WALL (s, the best run) and BEST_RSS (MB,
# the highest peak RSS of the runs, or n/a).
measure() {
  local name=$1; shift
  BEST_WALL=""; BEST_RSS=""
  for _ in $(seq "$RUNS"); do
    local wall rss
    if [ "$HAVE_TIME" = 1 ]; then
      if ! /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" >/dev/null 2>"$WORK/err"; then
        echo "$name failed:" >&2; cat "$WORK/err" >&2; exit 1
      fi
      read -r wall rss <"$WORK/time"
      rss=$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')
    else
      local t0 t1
      t0=$(date +%s.%N)
      if ! "$@" >/dev/null 2>"$WORK/err"; then
        echo "$name failed:" >&2; cat "$WORK/err" >&2; exit 1
      fi
      t1=$(date +%s.%N)
      wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
      rss=n/a
    fi
    if [ -z "$BEST_WALL" ] || awk -v a="$wall" -v b="$BEST_WALL" 'BEGIN { exit !(a < b) }'; then
      BEST_WALL=$wall
    fi
    if [ "$rss" = n/a ]; then
      BEST_RSS=n/a
    elif [ -z "$BEST_RSS" ] || awk -v a="$rss" -v b="$BEST_RSS" 'BEGIN { exit !(a > b) }'; then
      BEST_RSS=$rss
    fi
  done
  return 0
}

size=$(wc -c <"$IN")
ndir=$(grep -c -E '^CHECK' "$CK")
printf 'input: %s bytes, %s directives, best of %s runs\n\n' "$size" "$ndir" "$RUNS"
printf '%-14s %10s %15s\n' tool 'wall (s)' 'peak RSS (MB)'

LLVM_BIN=$(command -v FileCheck-19 || true)
if [ -n "$LLVM_BIN" ]; then
  measure FileCheck-19 "$LLVM_BIN" "$CK" --input-file "$IN"
  LW=$BEST_WALL; LR=$BEST_RSS
  printf '%-14s %10s %15s\n' FileCheck-19 "$LW" "$LR"
fi
measure filecheck bin/filecheck "$CK" --input-file "$IN"
OW=$BEST_WALL; OR=$BEST_RSS
printf '%-14s %10s %15s\n' filecheck "$OW" "$OR"

if [ -n "$LLVM_BIN" ]; then
  echo
  awk -v lw="$LW" -v ow="$OW" 'BEGIN { printf "wall time: filecheck is %.1fx faster than FileCheck-19 (ratio filecheck/FileCheck-19 = %.2f)\n", lw / ow, ow / lw }'
  if [ "$LR" != n/a ] && [ "$OR" != n/a ]; then
    awk -v lr="$LR" -v or="$OR" 'BEGIN { printf "peak RSS:  ratio filecheck/FileCheck-19 = %.2f\n", or / lr }'
  fi
else
  echo "(FileCheck-19 not on PATH: no comparison)"
fi
