#!/usr/bin/env bash
# Longer local fuzzing campaigns (docs/FUZZING.md).
#
#   fuzz/run.sh [-t SECONDS] [-j JOBS] [-n] [-m] [TARGET...]
#     -t SECONDS  campaign length per target (default 1800)
#     -j JOBS     parallel libFuzzer jobs (-jobs=JOBS -workers=JOBS; default 1)
#     -n          do not merge new coverage back into fuzz/corpus/<target>
#     -m          only re-minimize the committed corpus (no fuzzing)
#   TARGET      fuzz_parse fuzz_algebra fuzz_eval fuzz_swizzle (default: all)
#
# Builds the `fuzz` preset, fuzzes each target in build/fuzz/campaign/<target>
# (scratch corpus first, committed seeds second), then merges the inputs that
# add coverage into fuzz/corpus/<target> with -merge=1 (edge coverage only, so
# that the committed corpus stays small; hand-written seed-* files are kept).
# Crashes are written to build/fuzz/campaign/<target>/ and listed at the end;
# the exit status is 1 when there are any. Prints exec/s and the final coverage (cov:, ft:).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
# shellcheck source=fuzz/run_args.sh
source "$root/fuzz/run_args.sh"
seconds=1800 jobs=1 merge=1 minimize_only=0
while getopts "t:j:nm" opt; do
  case $opt in
    t) seconds=$OPTARG ;;
    j) jobs=$OPTARG ;;
    n) merge=0 ;;
    m) minimize_only=1 ;;
    *) sed -n '2,17p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
((${#targets[@]})) || targets=(fuzz_parse fuzz_algebra fuzz_eval fuzz_swizzle)

cmake --preset fuzz -DLAYOUTCHECK_CUDA=OFF >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# Re-minimizes fuzz/corpus/<t> (plus extra dirs) into itself by edge coverage.
merge_into_corpus() {
  local t=$1 bin=$2
  shift 2
  local fresh
  fresh=$(mktemp -d)
  # Hand-written seeds (seed-*) are kept whatever coverage they add.
  cp "$root/fuzz/corpus/$t"/seed-* "$fresh"/ 2>/dev/null || true
  "$bin" -merge=1 -use_counters=0 -timeout=10 "$fresh" "$root/fuzz/corpus/$t" "$@" \
    >"$root/build/fuzz/campaign/$t/merge.log" 2>&1
  local before after
  before=$(find "$root/fuzz/corpus/$t" -type f | wc -l)
  rm -rf "$root/fuzz/corpus/$t"
  mkdir -p "$root/fuzz/corpus/$t"
  cp "$fresh"/* "$root/fuzz/corpus/$t/" 2>/dev/null || true
  rm -rf "$fresh"
  after=$(find "$root/fuzz/corpus/$t" -type f | wc -l)
  echo "  corpus fuzz/corpus/$t: $before -> $after files, $(du -sh --apparent-size "$root/fuzz/corpus/$t" | cut -f1)"
}

crashes=()
for t in "${targets[@]}"; do
  bin="$root/build/fuzz/fuzz/$t"
  work="$root/build/fuzz/campaign/$t"
  mkdir -p "$work/corpus" "$root/fuzz/corpus/$t"
  if ((minimize_only)); then
    echo "== $t: re-minimizing the committed corpus"
    merge_into_corpus "$t" "$bin"
    continue
  fi
  fuzz_run_args "$t" "$seconds" "$work" "$root"
  echo "== $t: ${seconds}s, $jobs job(s), log in $work"
  start=$SECONDS
  (
    cd "$work"  # -jobs writes fuzz-<n>.log into the current directory
    if ((jobs > 1)); then
      "$bin" "${args[@]}" -jobs="$jobs" -workers="$jobs" "$work/corpus" "${seeds[@]}" >"$work/log" 2>&1
    else
      "$bin" "${args[@]}" "$work/corpus" "${seeds[@]}" >"$work/log" 2>&1
    fi
  ) || true
  logs=("$work/log")
  compgen -G "$work/fuzz-*.log" >/dev/null && logs=("$work"/fuzz-*.log)
  for log in "${logs[@]}"; do
    line=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
    echo "  $(basename "$log"): ${line:-no status line}"
  done
  echo "  ran $((SECONDS - start))s"
  for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [[ -e "$a" ]] && crashes+=("$a")
  done
  ((merge)) && merge_into_corpus "$t" "$bin" "$work/corpus"
done

if ((${#crashes[@]})); then
  printf 'artifact: %s\n' "${crashes[@]}"
  echo "reproduce: build/fuzz/fuzz/<target> <artifact>; minimize: add -minimize_crash=1 -runs=100000" >&2
  exit 1
fi
echo "no crash"
