#!/usr/bin/env bash
# The regression inputs of fuzz_algebra must keep meaning what they meant when
# they were found: a change to the decoding (a generator, the order in which
# bytes are read) silently turns a reproducer into some other input. This
# replays each one with LAYOUTCHECK_FUZZ_VERBOSE=1 and compares what it
# decodes to (operation, operands, queued laws) with fuzz/regressions/<target>.decoded.
#
#   fuzz/check_decoding.sh BINARY REGRESSIONS_DIR MANIFEST          # check (ctest)
#   fuzz/check_decoding.sh --update BINARY REGRESSIONS_DIR MANIFEST # rewrite the manifest
#
# After a deliberate decoding change, re-create each reproducer for the new
# decoding (or keep the old meaning), then --update and commit the manifest.
set -euo pipefail
update=0
if [[ "${1:-}" == --update ]]; then
  update=1
  shift
fi
bin=$1 dir=$2 manifest=$3
decoded=$(mktemp)
trap 'rm -f "$decoded"' EXIT
for f in $(find "$dir" -maxdepth 1 -type f | sort); do
  out=$(LAYOUTCHECK_FUZZ_VERBOSE=1 LAYOUTCHECK_FUZZ_EVERY_LAW=1 "$bin" "$f" 2>&1 || true)
  line=$(grep -m1 '^input: ' <<<"$out" | sed 's/ (picked .*//' || true)
  printf '%s\t%s\n' "$(basename "$f")" "${line:-(no input line)}" >>"$decoded"
done
if ((update)); then
  cp "$decoded" "$manifest"
  echo "check_decoding: wrote $(wc -l <"$manifest") entries to $manifest"
  exit 0
fi
if ! diff -u "$manifest" "$decoded"; then
  echo "check_decoding: regression inputs in $dir decode differently from $manifest" >&2
  echo "(a decoding change: see the comment at the top of fuzz/check_decoding.sh)" >&2
  exit 1
fi
echo "check_decoding: $(wc -l <"$manifest") regression inputs decode as recorded"
