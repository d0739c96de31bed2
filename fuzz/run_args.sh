# Sourced by fuzz/ci.sh and fuzz/run.sh: how a time-boxed libFuzzer run of a
# target is invoked.
#
#   fuzz_run_args TARGET SECONDS WORKDIR ROOT
#
# sets the arrays `args` (the time box, the limits, -artifact_prefix=WORKDIR/,
# the target's dictionary and fuzz/TARGET.options, whose [libfuzzer]
# `key = value` lines, as ClusterFuzzLite reads them, become -key=value) and
# `seeds` (the committed corpus, then the regression inputs), paths under ROOT.
fuzz_run_args() {
  local t=$1 seconds=$2 work=$3 root=$4
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$work/")
  if [[ -f "$root/fuzz/dict/$t.dict" ]]; then args+=(-dict="$root/fuzz/dict/$t.dict"); fi
  if [[ -f "$root/fuzz/$t.options" ]]; then
    local kv
    while IFS= read -r kv; do args+=("-$kv"); done < <(
      sed -n '/^\[libfuzzer\]/,/^\[/{s/^\([a-z_]*\) *= *\(.*[^ ]\) *$/\1=\2/p}' "$root/fuzz/$t.options")
  fi
  seeds=("$root/fuzz/corpus/$t")
  if [[ -d "$root/fuzz/regressions/$t" ]]; then seeds+=("$root/fuzz/regressions/$t"); fi
}
