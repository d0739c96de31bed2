#!/usr/bin/env bash
# Time-boxed fuzzing for CI (.ci/run): builds the `fuzz` preset (clang++-14,
# libFuzzer + ASan + UBSan) and fuzzes every target for FUZZ_SECONDS (60 by
# default). Each run starts from a scratch corpus (written by libFuzzer, in
# memory where /dev/shm allows, discarded after the run) and
# reads the committed seeds and regression inputs second; artifacts (crashes,
# leaks, timeouts, OOMs) land in build/fuzz/ci/<target>/. Any of those fails
# the step, after printing the end of that target's log.
#
#   fuzz/ci.sh                      # every target, 60 s each
#   FUZZ_SECONDS=10 fuzz/ci.sh fuzz_parse
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=fuzz/run_args.sh
source fuzz/run_args.sh
seconds="${FUZZ_SECONDS:-60}"
targets=("$@")
((${#targets[@]})) || targets=(fuzz_parse fuzz_algebra fuzz_eval fuzz_swizzle)

# LAYOUTCHECK_CUDA=OFF: the fuzz build needs no CUDA backend (gpu_check).
cmake --preset fuzz -DLAYOUTCHECK_CUDA=OFF >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"

# max_uar_stack_size_log=16: fake stacks of 64 KiB per size class instead of
# 1 MiB (the depth of our call chains needs a few KiB); each throw makes ASan
# sweep every fake frame, which was 11 % of fuzz_algebra's time (docs/FUZZING.md).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:max_uar_stack_size_log=16}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# The scratch corpus lives in memory (tmpfs, /dev/shm where it is a writable
# directory; FUZZ_CORPUS_TMP overrides): libFuzzer writes every new or reduced
# unit as a file, thousands a minute, and on a disk that has just deleted many
# files (a build) each create took up to 0.5 ms, a tenth of the time box
# (docs/PERFORMANCE.md, issue 17). It is discarded after the run; fuzz/run.sh
# keeps its corpus.
corpus_tmp="${FUZZ_CORPUS_TMP:-}"
if [[ -z "$corpus_tmp" && -d /dev/shm && -w /dev/shm ]]; then corpus_tmp=/dev/shm; fi
scratch=()
trap 'rm -rf "${scratch[@]}"' EXIT

failed=()
for t in "${targets[@]}"; do
  work="build/fuzz/ci/$t"
  rm -rf "$work"
  mkdir -p "$work"
  corpus="$work/corpus"
  if [[ -n "$corpus_tmp" ]] && corpus=$(mktemp -d -p "$corpus_tmp" "layoutcheck-$t.XXXXXX"); then
    scratch+=("$corpus")
  else
    corpus="$work/corpus"
    mkdir -p "$corpus"
  fi
  fuzz_run_args "$t" "$seconds" "$work" .
  status=0
  "build/fuzz/fuzz/$t" "${args[@]}" "$corpus" "${seeds[@]}" >"$work/log" 2>&1 || status=$?
  # The last status line: "#N DONE cov: C ft: F corp: ... exec/s: E ..."
  summary=$(grep -E '^#[0-9]+' "$work/log" | tail -n 1 || true)
  runs=$(grep -E '^stat::number_of_executed_units' "$work/log" | awk '{print $2}' || true)
  printf 'fuzz: %-13s %3ss  %s units  %s\n' "$t" "$seconds" "${runs:-?}" "$summary"
  # Freed before the next target (a container's /dev/shm may be 64 MiB).
  if [[ "$corpus" != "$work/corpus" ]]; then rm -rf "$corpus"; fi
  if ((status != 0)) || compgen -G "$work/crash-*" >/dev/null || compgen -G "$work/leak-*" >/dev/null ||
    compgen -G "$work/timeout-*" >/dev/null || compgen -G "$work/oom-*" >/dev/null; then
    echo "fuzz: $t FAILED (exit $status); artifacts in $work:" >&2
    ls "$work" >&2
    tail -n 60 "$work/log" >&2
    failed+=("$t")
  fi
done

if ((${#failed[@]})); then
  echo "fuzz: ${#failed[@]} failed: ${failed[*]} (reproduce: build/fuzz/fuzz/<target> <artifact>)" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets fuzzed for ${seconds}s each, no crash, leak or timeout"
