#!/usr/bin/env bash
# gpu_check/device_check.sh — the bulk checks on a machine with an NVIDIA GPU,
# written for the device tool's bare CUDA image (nvcc, g++, CMake, ninja,
# compute-sanitizer; no Debian dev packages, no network): it builds the
# gpu-only preset, whose CLI11, nlohmann-json and GoogleTest sources come from
# .device/ (scripts/device-prefix.sh, run beforehand on a machine with Debian's
# registry; carry ".device" with the run). Target: under 2 minutes.
#  1. environment: nvidia-smi, nvcc --version, the host compiler
#  2. build: lib, gpu_check and its tests, layoutcheck bulk, bulk_throughput
#     (Release, sm_90 + compute_90 PTX); then the whole gpu-only ctest suite
#     (the GPU tests must run: a skipped Gpu* test fails the step)
#  3. compute-sanitizer (memcheck, synccheck) over the GPU self-tests on tiny
#     sizes (GpuTiny.*: every kernel, the full grid and a one-block grid)
#  4. full-grid runs on the GPU (multi-chunk grid-stride loops: 2^34 indices
#     are ~30 chunks per thread), each spot-checked by the oracle on sampled
#     indices and cross-checked against the CPU's per-index path on sampled
#     windows (run with a one-block grid): equal at 2^34, past 2^32 and 2^40
#     indices, a planted mismatch, compose over 2^34, tile 2^34 with holes and
#     out-of-range offsets, tile 2^34 with a duplicate and a hole (exact
#     counts), and a random campaign past 2^32
#  5. throughput: bulk_throughput, CUDA-event kernel time after a warm-up,
#     indices/s per law (target: >= 1e11 for equal)
#  6. CuTe's own static layouts on the device (cute_static_check, built in the
#     background during 3-5), when .device/cute holds CuTe's headers
# The summary comes last: pass/fail per step, the GPU's indices/s. Everything
# goes under $OUT (default /tmp/device_check): device_check.txt (the log),
# summary.txt, the test and benchmark outputs.
# Usage: gpu_check/device_check.sh [--full] [BUILD_DIR]   (default build/device)
#   --full: also the 2^36-offset tile (an 8 GiB bitmap), and 20 timed runs per
#   law in the throughput step instead of 5.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
FULL=0
if [ "${1:-}" = "--full" ]; then FULL=1; shift; fi
B=${1:-build/device}
O=${OUT:-/tmp/device_check}
mkdir -p "$O"
LOG=$O/device_check.txt
: > "$LOG"
say() { printf '%s\n' "$*" | tee -a "$LOG"; }
start=$SECONDS
export PATH=/usr/local/cuda/bin:$PATH
steps=()  # "N name: ok|FAILED (why) (T s)"
step_start=$SECONDS
step_done() {  # step_done N NAME STATUS
  steps+=("$(printf '%-3s %-34s %-44s %4d s' "$1" "$2" "$3" "$((SECONDS - step_start))")")
  step_start=$SECONDS
}

say "=== 1. environment"
say "device: $(nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap --format=csv,noheader 2>&1 | head -1)"
say "nvcc: $(nvcc --version 2>&1 | tail -1)"
say "host: $(nproc) cores; $(g++ --version 2>&1 | head -1); $(cmake --version | head -1)"
command -v compute-sanitizer > /dev/null && have_sanitizer=1 || have_sanitizer=0
step_done 1 environment ok

say "=== 2. build + ctest ($B)"
if [ ! -f .device/prefix/usr/src/googletest/CMakeLists.txt ]; then
  say "no .device/prefix: run scripts/device-prefix.sh where Debian's registry is reachable, and carry .device"
  step_done 2 "build + ctest" "FAILED (no .device/prefix)"
  printf '%s\n' "${steps[@]}" | tee -a "$LOG"
  exit 1
fi
built=ok
cmake --preset gpu-only -B "$B" -DCMAKE_CUDA_ARCHITECTURES="90-real;90-virtual" \
  -DLAYOUTCHECK_CUDA=ON -DLAYOUTCHECK_WERROR=OFF >> "$LOG" 2>&1 || built="FAILED (configure)"
if [ "$built" = ok ]; then
  cmake --build "$B" -j "$(nproc)" --target layoutcheck gpu_check_tests bulk_throughput \
    >> "$LOG" 2>&1 || built="FAILED (build)"
fi
say "built in $((SECONDS - start)) s: $built"
LC=$B/cli/layoutcheck
T=$B/gpu_check/tests/gpu_check_tests
# cute_static_check in the background while steps 3-5 run (CuTe compiles slowly).
have_cute=0
if [ "$built" = ok ] && grep -q 'cute_static_check' "$B/build.ninja" 2> /dev/null; then
  have_cute=1
  (cmake --build "$B" -j "$(($(nproc) / 2))" --target cute_static_check > "$O/cute_build.txt" 2>&1 &&
    echo ok > "$O/cute_build.rc" || echo FAILED > "$O/cute_build.rc") &
  cute_pid=$!
fi
if [ "$built" = ok ]; then
  "$T" > "$O/gpu_check_tests.txt" 2>&1 && st=ok || st="FAILED"
  # one line per test that ran and skipped ("[  SKIPPED ] Suite.Name (N ms)"); the
  # summary repeats them without a time, so those are not counted
  skipped=$(grep -cE '^\[  SKIPPED \] Gpu[A-Za-z]*\.[A-Za-z0-9_]+ \([0-9]+ ms\)' "$O/gpu_check_tests.txt")
  ran=$(grep -cE '^\[       OK \] Gpu[A-Za-z]*\.' "$O/gpu_check_tests.txt")
  say "gpu_check_tests: $st; $(grep -E '^\[  PASSED  \]' "$O/gpu_check_tests.txt" | head -1); GPU tests run: $ran, skipped: $skipped"
  [ "$skipped" = 0 ] || st="FAILED"
  ctest --test-dir "$B" -j "$(nproc)" -E '^Gpu|cute_static' --output-on-failure > "$O/ctest.txt" 2>&1 ||
    st="FAILED (ctest)"
  say "ctest (the rest of the gpu-only suite): $(grep -E 'tests passed' "$O/ctest.txt")"
  [ "$st" = ok ] || tail -40 "$O/gpu_check_tests.txt" >> "$LOG"
  step_done 2 "build + ctest" "$st (GPU tests $ran run, $skipped skipped)"
else
  tail -40 "$LOG"
  step_done 2 "build + ctest" "$built"
fi

say "=== 3. compute-sanitizer on tiny sizes (GpuTiny.*)"
if [ "$built" != ok ]; then
  step_done 3 compute-sanitizer "not run (no build)"
elif [ "$have_sanitizer" = 0 ]; then
  step_done 3 compute-sanitizer "FAILED (no compute-sanitizer on PATH)"
else
  st=ok
  for tool in memcheck synccheck; do
    if compute-sanitizer --tool "$tool" --error-exitcode 99 "$T" --gtest_filter='GpuTiny.*' \
      > "$O/sanitizer_$tool.txt" 2>&1 && grep -q '^\[  PASSED  \] 1 test' "$O/sanitizer_$tool.txt"; then
      say "$tool: $(grep -E 'ERROR SUMMARY' "$O/sanitizer_$tool.txt" | tail -1)"
    else
      st="FAILED ($tool)"
      tail -30 "$O/sanitizer_$tool.txt" | tee -a "$LOG"
    fi
  done
  step_done 3 "compute-sanitizer" "$st"
fi

rows=()
fails=0
# check NAME EXPECTED_RC ARGS...: one `layoutcheck bulk` run on the GPU; a table row.
check() {
  local name=$1 want=$2
  shift 2
  local out rc=0
  out=$("$LC" bulk "$@" 2>&1) || rc=$?
  printf '%s\n' "--- $name: layoutcheck bulk $*" "$out" >> "$LOG"
  local n gpu rate cross spot verdict ok=ok
  n=$(sed -n 's/^indices \([0-9]*\).*/\1/p' <<< "$out")
  gpu=$(sed -n 's/^indices .*, gpu \([0-9.]*\) s, .*/\1/p' <<< "$out")
  rate=$(sed -n 's/^indices .*, \([0-9.e]*\) indices\/s$/\1/p' <<< "$out")
  cross=$(sed -n 's/^cross-check [a-z]* against .*: \([0-9]*\) indices, .*, \([A-Za-z]*\)$/\1 \2/p' <<< "$out")
  spot=$(sed -n 's/^oracle spot check: \([0-9]*\) indices, \([A-Za-z]*\)$/\1 \2/p' <<< "$out")
  verdict=$(tail -1 <<< "$out" | cut -c1-70)
  [ "$rc" = "$want" ] || ok="FAILED (exit $rc, want $want)"
  grep -q 'DISAGREES' <<< "$out" && ok="FAILED (disagreement)"
  [ "$ok" = ok ] || fails=$((fails + 1))
  rows+=("$(printf '%-28s %16s %8s %9s  %-16s %-14s %-6s %s' "$name" "${n:--}" "${gpu:--}" \
    "${rate:--}" "${cross:--}" "${spot:--}" "$ok" "$verdict")")
}

say "=== 4. full-grid runs on the GPU"
if [ "$built" = ok ]; then
  X=(--backend gpu --cross-check sample)
  check equal_2^34 0 equal "((4096,16),(1024,256)):((1,8192),(131072,134217728))" \
    "(4096,16,1024,256):(1,8192,131072,134217728)" "${X[@]}"
  check equal_past_2^32 0 COAL-FN "(65537,65537):(1,65537)" "${X[@]}"
  check equal_2^40 0 equal "(1048576,1048576):(1,1048579)" \
    "(1048576,(1024,1024)):(1,(1048579,1073744896))" "${X[@]}"
  check planted_mismatch_2^33 1 equal "(3,2147483648,4):(1,3,6442450944)" \
    "(3,2147483648,4):(1,3,6442450945)" "${X[@]}"
  check compose_2^34 0 compose "(65536,65536,16):(1,131072,17179869184)" \
    "(65536,262144):(1,65536)" "${X[@]}"
  check tile_2^34 0 tile "(1024,(4,64)):(1,(4096,4194304))" 2^34 "${X[@]}"
  # M not a multiple of A's chain end 2^28: the complement overshoots: 2^20
  # offsets out of range, holes below M
  check tile_2^34_holes 1 tile "(1024,(4,64)):(1,(4096,4194304))" 17178820608 "${X[@]}"
  check right_inverse_2^35 0 right_inverse "(131072,131072,2):(131072,1,1099511627776)" "${X[@]}"
  check left_inverse_2^34 0 left_inverse "(131072,131072):(1,262144)" "${X[@]}"
  if [ "$FULL" = 1 ]; then
    check tile_2^36 0 tile "(4096,(4,64)):(1,(16384,16777216))" 2^36 "${X[@]}"
  fi
  # tile 2^34 with a duplicate and a hole: exact counts (gtest, full grid)
  d=FAILED
  if "$T" --gtest_filter='GpuBackend.TilePast2To33WithADuplicateAndAHole' > "$O/tile_dup.txt" 2>&1 &&
    grep -q '^\[       OK \]' "$O/tile_dup.txt"; then
    d=ok
  else
    fails=$((fails + 1))
  fi
  rows+=("$(printf '%-28s %16s %8s %9s  %-16s %-14s %-6s %s' tile_2^34_duplicate_hole 17179869184 - - \
    - "exact counts" "$d" "1 duplicate, 1 hole, first at 2^33-1")")
  out=$("$LC" bulk --campaign 10 --min-size 2^32 --seed 1 --backend gpu --cross-check sample \
    2> "$O/campaign.progress") && rc=0 || rc=$?
  printf '%s\n' "$out" > "$O/campaign.txt"
  cat "$O/campaign.txt" "$O/campaign.progress" >> "$LOG"
  [ "$rc" = 0 ] || fails=$((fails + 1))
  rows+=("$(printf '%-28s %s (exit %s)' campaign_10_past_2^32 "$(tail -1 <<< "$out")" "$rc")")
  step_done 4 "full-grid runs" "$([ "$fails" = 0 ] && echo ok || echo "FAILED ($fails rows)")"
else
  step_done 4 "full-grid runs" "not run (no build)"
fi

say "=== 5. throughput (bulk_throughput)"
equal_rate=-
if [ "$built" = ok ]; then
  targs=(--backend gpu --repeat 5)
  [ "$FULL" = 1 ] && targs=(--backend gpu --repeat 20)
  "$B/gpu_check/bulk_throughput" "${targs[@]}" > "$O/throughput.txt" 2>&1 && st=ok || st=FAILED
  cat "$O/throughput.txt" >> "$LOG"
  equal_rate=$(awk '$1 == "SAME-FN" {print $(NF - 1)}' "$O/throughput.txt")
  if [ "$st" = ok ]; then
    if awk -v r="${equal_rate:-0}" 'BEGIN { exit !(r + 0 >= 1e11) }'; then
      st="ok (equal ${equal_rate} indices/s >= 1e11)"
    else
      st="FAILED (equal ${equal_rate:-?} indices/s < 1e11)"
    fi
  fi
  step_done 5 throughput "$st"
else
  step_done 5 throughput "not run (no build)"
fi

say "=== 6. CuTe's static layouts on the GPU (cute_static_check)"
if [ "$have_cute" = 1 ]; then
  wait "$cute_pid"
  if [ "$(cat "$O/cute_build.rc")" = ok ]; then
    C=$B/gpu_check/cute_static_check
    "$C" --backend gpu --budget full > "$O/cute_static.txt" 2>&1 && c1=0 || c1=$?
    "$C" --backend gpu --budget full --only zipped_divide_2^32 --plant-bug=zipped_divide_2^32 \
      > "$O/cute_static_planted.txt" 2>&1 && c2=0 || c2=$?
    cat "$O/cute_static.txt" "$O/cute_static_planted.txt" >> "$LOG"
    if [ "$c1" = 0 ] && [ "$c2" = 1 ] &&
      grep -qF "first differing index 2147483648: CuTe 32768, ours 32769" "$O/cute_static_planted.txt"; then
      st="ok ($(grep '^total: ' "$O/cute_static.txt" | cut -c1-60))"
    else
      st="FAILED (exit $c1 and $c2, want 0 and 1)"
    fi
  else
    tail -20 "$O/cute_build.txt" >> "$LOG"
    st="FAILED (build: $O/cute_build.txt)"
  fi
  step_done 6 "CuTe static layouts" "$st"
else
  step_done 6 "CuTe static layouts" "skipped (no .device/cute: scripts/device-prefix.sh after scripts/setup-adapters.sh)"
fi

total=$((SECONDS - start))
{
  echo ""
  echo "=== full-grid runs (GPU s: wall time of the run; cross: indices compared with the CPU's per-index path; oracle: indices spot-checked)"
  printf '%-28s %16s %8s %9s  %-16s %-14s %-6s %s\n' check indices 'GPU s' 'idx/s' cross oracle status verdict
  for r in "${rows[@]}"; do echo "$r"; done
  echo ""
  echo "=== throughput (CUDA events, after a warm-up)"
  cat "$O/throughput.txt" 2> /dev/null
  echo ""
  echo "=== summary: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1); ${total} s in all$([ "$total" -gt 120 ] && echo " (over the 2-minute budget)")"
  for s in "${steps[@]}"; do echo "$s"; done
  echo "GPU equal: ${equal_rate:--} indices/s"
} > "$O/summary.txt"
tee -a "$LOG" < "$O/summary.txt"
cp "$B/CMakeCache.txt" "$O/" 2> /dev/null || true
for s in "${steps[@]}"; do
  case "$s" in *FAILED*) exit 1 ;; esac
done
exit 0
