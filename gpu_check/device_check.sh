#!/usr/bin/env bash
# gpu_check/device_check.sh — the bulk checks on a machine with an NVIDIA GPU
# (written for the H200 sessions; under 5 minutes there).
#  1. configure + build with CUDA for sm_90 (+ PTX), Release, own build dir
#  2. self-tests: ctest -L gpu_check (the GPU tests must run, not skip)
#  3. host-vs-GPU cross-checks (--cross-check full) on large layouts, planted
#     failures that both backends must report identically (duplicates are
#     planted in the self-tests: complement refuses a non-injective A), and a
#     2^40-index check on the GPU (sampled cross-check)
#  4. a random campaign on the GPU (min size 2^32, sampled cross-check) and a
#     smaller one with the full cross-check
#  5. the benchmark (GPU and CPU backend rates)
#  6. cute_static_check: CuTe's own static layouts evaluated by CuTe on the GPU
#     against this library's answer, every index (2^33.6 in all), and a planted
#     wrong host-side layout that it must report (first difference at 2^31)
# and prints one table. Output also goes to $OUT/device_check.txt when $OUT is set.
# Usage: [CUTE_INCLUDE=DIR] gpu_check/device_check.sh [BUILD_DIR]   (default build/device)
# CUTE_INCLUDE: the directory holding CuTe's cute/ and cutlass/ (default: the
# project's .venv copy, when there is one). The device machines have no .venv
# and no PyPI: carry .venv/lib/python3.11/site-packages/cutlass_library/source/include
# (27 MB) with the run, or step 6 is skipped with a message.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
B=${1:-build/device}
LOG=${OUT:-/tmp}/device_check.txt
: > "$LOG"
say() { printf '%s\n' "$*" | tee -a "$LOG"; }
start=$SECONDS
export PATH=/usr/local/cuda/bin:$PATH

say "=== device: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | head -1)"
say "=== host: $(nproc) cores; $(nvcc --version | tail -1)"

# CuTe's headers for step 6 (cmake/cute.cmake: -DLAYOUTCHECK_CUTE_INCLUDE).
if [ -z "${CUTE_INCLUDE:-}" ]; then
  for d in .venv/lib/python3*/site-packages/cutlass_library/source/include; do
    [ -d "$d" ] && CUTE_INCLUDE=$d
  done
fi
have_cute=0
cute_args=(-DLAYOUTCHECK_CUTE=OFF)
if [ -n "${CUTE_INCLUDE:-}" ] && [ -f "$CUTE_INCLUDE/cute/layout.hpp" ]; then
  CUTE_INCLUDE=$(cd "$CUTE_INCLUDE" && pwd)
  have_cute=1
  cute_args=(-DLAYOUTCHECK_CUTE=ON "-DLAYOUTCHECK_CUTE_INCLUDE=$CUTE_INCLUDE")
fi

say "=== 1. configure + build ($B)"
cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
  -DLAYOUTCHECK_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES="90-real;90-virtual" -DLAYOUTCHECK_WERROR=OFF \
  -DLAYOUTCHECK_TESTS=ON -DLAYOUTCHECK_CLI=ON -DLAYOUTCHECK_BENCH=ON "${cute_args[@]}" >> "$LOG" 2>&1
cmake --build "$B" -j "$(nproc)" --target layoutcheck gpu_check_tests bulk_bench >> "$LOG" 2>&1
say "built in $((SECONDS - start)) s"
cute_note=""
if [ "$have_cute" = 1 ]; then
  t=$SECONDS
  if cmake --build "$B" -j "$(nproc)" --target cute_static_check >> "$LOG" 2>&1; then
    say "cute_static_check built in $((SECONDS - t)) s (CuTe: $CUTE_INCLUDE)"
  else
    have_cute=0
    cute_note="cute_static_check FAILED to build (see $LOG)"
  fi
else
  cute_note="CuTe headers missing: no cute/layout.hpp under CUTE_INCLUDE='${CUTE_INCLUDE:-}'"
  cute_note+=" nor .venv (carry .venv/lib/python3.11/site-packages/cutlass_library/source/include"
  cute_note+=" or set CUTE_INCLUDE)"
fi
[ -z "$cute_note" ] || say "$cute_note; step 6 skipped"
LC="$B/cli/layoutcheck"

say "=== 2. self-tests"
"$B/gpu_check/tests/gpu_check_tests" > "$B/selftest.txt" 2>&1 && st=ok || st=FAILED
skipped=$(grep -c '^\[  SKIPPED \] GpuBackend' "$B/selftest.txt" || true)
say "gpu_check_tests: $st; $(grep -E '^\[  PASSED  \]' "$B/selftest.txt" | head -1); GPU tests skipped: $skipped"
[ "$st" = ok ] || tail -40 "$B/selftest.txt" | tee -a "$LOG"

rows=()
# check NAME EXPECTED_RC ARGS...: one `layoutcheck bulk` run; a table row.
check() {
  local name=$1 want=$2; shift 2
  local out rc=0
  out=$("$LC" bulk "$@" 2>&1) || rc=$?
  printf '%s\n' "--- $name: layoutcheck bulk $*" "$out" >> "$LOG"
  local n gpu rate cross cpu verdict
  n=$(sed -n 's/^indices \([0-9]*\).*/\1/p' <<< "$out")
  gpu=$(sed -n 's/^indices .*, gpu \([0-9.]*\) s, .*/\1/p' <<< "$out")
  rate=$(sed -n 's/^indices .*, \([0-9.e]*\) indices\/s$/\1/p' <<< "$out")
  cpu=$(sed -n 's/^cross-check .* \([0-9.]*\) s on cpu, .*/\1/p' <<< "$out")
  cross=$(sed -n 's/^cross-check \([a-z]*\) against [a-z]*: .*, \([A-Za-z]*\)$/\1 \2/p' <<< "$out")
  verdict=$(tail -1 <<< "$out" | cut -c1-60)
  local ok=ok
  [ "$rc" = "$want" ] || ok="FAILED (exit $rc, want $want)"
  grep -q 'DISAGREES' <<< "$out" && ok="FAILED (disagreement)"
  rows+=("$(printf '%-26s %16s %10s %10s %10s  %-12s %-6s %s' "$name" "${n:--}" "${gpu:--}" \
    "${cpu:--}" "${rate:--}" "${cross:--}" "$ok" "$verdict")")
}

say "=== 3. host-vs-GPU cross-checks"
check equal_2^34 0 equal "((4096,16),(1024,256)):((1,8192),(131072,134217728))" \
  "(4096,16,1024,256):(1,8192,131072,134217728)" --backend gpu --cross-check full
check compose_2^34 0 compose "(65536,65536,16):(1,131072,17179869184)" "(65536,262144):(1,65536)" \
  --backend gpu --cross-check full
check tile_2^34 0 tile "(1024,(4,64)):(1,(4096,4194304))" 2^34 --backend gpu --cross-check full
check right_inverse_2^34 0 right_inverse "(131072,131072,2):(131072,1,1099511627776)" \
  --backend gpu --cross-check full
check left_inverse_2^34 0 left_inverse "(131072,131072):(1,262144)" --backend gpu --cross-check full
check planted_mismatch 1 equal "(3,2147483648,4):(1,3,6442450944)" \
  "(3,2147483648,4):(1,3,6442450945)" --backend gpu --cross-check full
# M not a multiple of A's chain end 2^28: the complement overshoots, 2^20 offsets out of range
check planted_out_of_range 1 tile "(1024,(4,64)):(1,(4096,4194304))" 17178820608 --backend gpu \
  --cross-check full
check equal_2^40_gpu 0 equal "(1048576,1048576):(1,1048579)" "(1048576,(1024,1024)):(1,(1048579,1073744896))" \
  --backend gpu --cross-check sample

say "=== 4. campaigns"
camp() {
  local name=$1; shift
  local out rc=0
  out=$("$LC" bulk "$@" 2> "$B/$name.progress") || rc=$?
  printf '%s\n' "--- $name: layoutcheck bulk $*" "$out" >> "$LOG"
  cat "$B/$name.progress" >> "$LOG"
  local summary
  summary=$(tail -1 <<< "$out")
  rows+=("$(printf '%-26s %s (exit %s)' "$name" "$summary" "$rc")")
  printf '%s\n' "$out" | sed 's/^/    /' > "$B/$name.table"
}
camp campaign_2^32_sample --campaign 10 --min-size 2^32 --seed 1 --backend gpu --cross-check sample
camp campaign_2^28_full --campaign 10 --min-size 2^28 --seed 2 --backend gpu --cross-check full

say "=== 5. benchmark"
"$B/gpu_check/bench/bulk_bench" --benchmark_filter='BM_Gpu|BM_Backend/equal|BM_Strategy/equal__runs' \
  --benchmark_min_time=0.1 > "$B/bench.txt" 2>&1 || true
cat "$B/bench.txt" >> "$LOG"

say "=== 6. CuTe's static layouts (cute_static_check)"
# cute NAME EXPECTED_RC EXPECTED_LINE ARGS...: one cute_static_check run; a table row.
cute() {
  local name=$1 want=$2 line=$3; shift 3
  local out rc=0
  out=$("$B/gpu_check/cute_static_check" "$@" 2>&1) || rc=$?
  printf '%s\n' "--- $name: cute_static_check $*" "$out" >> "$LOG"
  printf '%s\n' "$out" | sed 's/^/    /' > "$B/$name.cute"
  local total n gpu cpu verdict ok=ok
  total=$(grep '^total: ' <<< "$out" || true)
  n=$(sed -n 's/^total: [0-9]* layouts, \([0-9]*\) indices.*/\1/p' <<< "$total")
  gpu=$(sed -n 's/.*(GPU \([0-9.]*\) s, ours.*/\1/p' <<< "$total")
  cpu=$(sed -n 's/.*, ours \([0-9.]*\) s);.*/\1/p' <<< "$total")
  verdict=$(sed -n 's/^total: .*; //p' <<< "$total")
  [ "$rc" = "$want" ] || ok="FAILED (exit $rc, want $want)"
  [ -z "$line" ] || grep -qF "$line" <<< "$out" || ok="FAILED (no '$line')"
  rows+=("$(printf '%-26s %16s %10s %10s %10s  %-12s %-6s %s' "$name" "${n:--}" "${gpu:--}" \
    "${cpu:--}" - - "$ok" "${verdict:-$(tail -1 <<< "$out" | cut -c1-60)}")")
}
rm -f "$B"/cute_static_*.cute
if [ "$have_cute" = 1 ]; then
  cute cute_static_full 0 "" --backend gpu --budget full
  cute cute_static_planted 1 "first differing index 2147483648: CuTe 32768, ours 32769" \
    --backend gpu --budget full --only zipped_divide_2^32 --plant-bug=zipped_divide_2^32
else
  rows+=("$(printf '%-26s %s' cute_static "skipped: $cute_note")")
fi

say ""
say "=== summary ($((SECONDS - start)) s)"
say "$(printf '%-26s %16s %10s %10s %10s  %-12s %-6s %s' check indices 'GPU s' 'CPU s' 'GPU idx/s' cross-check status verdict)"
for r in "${rows[@]}"; do say "$r"; done
say ""
say "campaign tables:"
for f in "$B"/campaign_*.table; do say "$(cat "$f")"; done
say ""
say "cute_static_check tables (GPU s: CuTe's kernels; CPU s: this library on the host):"
for f in "$B"/cute_static_*.cute; do
  if [ -f "$f" ]; then say "$(cat "$f")"; fi
done
say ""
say "benchmark (items_per_second = indices/s):"
say "$(grep -E '^BM_' "$B/bench.txt" | sed 's/^/    /')"
say "log: $LOG"
