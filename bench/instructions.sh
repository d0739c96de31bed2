#!/usr/bin/env bash
# Instructions per call of every vs_cute benchmark (this library's operations
# and CuTe C++'s runtime path on the same operands), counted by callgrind: the
# benchmark runs once with N and once with 2N fixed iterations
# (vs_cute --iterations), and the difference of the two totals over N is the
# cost of one iteration: the call, the result's destruction, and the
# benchmark loop's few instructions, the same for both libraries. Unlike wall
# time, the count does not depend on the machine's load or on where the code
# lands in memory (docs/PERFORMANCE.md, issue 17).
#
#   bench/instructions.sh                       # every /ours and /cute row
#   bench/instructions.sh build/release 'composition'
#   N=20000 bench/instructions.sh
#
# Needs valgrind (apt-get install valgrind) and a release build of vs_cute
# (cmake --preset release && cmake --build build/release --target vs_cute).
# eval_* rows are per batch of 4,096 indices.
set -euo pipefail

build="${1:-build/release}"
filter="${2:-/(ours|cute)/}"
n="${N:-10000}"
bin="$build/bench/vs_cute"

command -v valgrind >/dev/null || {
  echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
}
[[ -x "$bin" ]] || {
  echo "instructions.sh: no $bin (cmake --build $build --target vs_cute)" >&2
  exit 2
}

# Total instructions of one run: callgrind's summary line "I refs: 1,234,567".
total() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --iterations="$1" \
    --benchmark_filter="^$2/iterations:" 2>&1 >/dev/null | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}

# The names without the "/iterations:1/repeats:1" that fixed iterations append;
# not the pycute rows (their work is in a child process callgrind does not follow).
mapfile -t names < <("$bin" --iterations=1 --benchmark_list_tests --benchmark_filter="$filter" |
  sed 's|/iterations:.*||' | grep -v '/pycute$')
((${#names[@]})) || {
  echo "instructions.sh: no benchmark matches '$filter'" >&2
  exit 2
}
printf '%-24s %s\n' "benchmark" "instructions per call (N = $n)"
for name in "${names[@]}"; do
  a=$(total "$n" "$name")
  b=$(total $((2 * n)) "$name")
  printf '%-24s %d\n' "$name" $(((b - a) / n))
done
