#!/bin/bash -eu
# Builds the fuzz targets for ClusterFuzzLite / OSS-Fuzz with the compiler and
# flags the builder passes: $CXX, $CXXFLAGS (sanitizers, -fsanitize=fuzzer-no-link,
# -stdlib=libc++), $LIB_FUZZING_ENGINE (link flag or library of the engine),
# and $OUT (where targets, <target>_seed_corpus.zip, <target>.dict and
# <target>.options go).
# Plain compiler invocations, no CMake: the library (lib/src), the law
# catalog (props/laws), the oracle (props/oracle) and one fuzz/<target>.cpp each.
#
# By hand (the repository as working directory, or anywhere: the script finds it):
#   CXX=clang++-14 CXXFLAGS="-fsanitize=address,fuzzer-no-link -stdlib=libc++" \
#   LIB_FUZZING_ENGINE="-fsanitize=fuzzer -l:libstdc++.so.6" OUT=/tmp/out bash .clusterfuzzlite/build.sh
# (-l:libstdc++.so.6 only off OSS-Fuzz: Debian's libFuzzer runtime is built
# against libstdc++, the OSS-Fuzz one against libc++; clang rewrites a plain
# -lstdc++ into -lc++ under -stdlib=libc++, hence the -l: spelling.)
set -euo pipefail

if [[ -f lib/include/layout/layout.hpp ]]; then
  root=$PWD
else
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fi
cd "$root"
: "${CXX:?set CXX}" "${OUT:?set OUT}" "${LIB_FUZZING_ENGINE:?set LIB_FUZZING_ENGINE}"
CXXFLAGS="${CXXFLAGS:-}"
mkdir -p "$OUT"

targets=(fuzz_parse fuzz_algebra fuzz_eval fuzz_swizzle)
obj=$(mktemp -d "${WORK:-/tmp}/layoutcheck-obj.XXXXXX")
flags=(-std=c++20 -Ilib/include -Iprops/laws -Iprops/oracle -Ifuzz)

# The library and the law catalog, compiled in parallel. With libFuzzer's
# coverage flags, the law catalog (the checker, not the code under test) is
# compiled without them, as in the CMake fuzz preset (props/CMakeLists.txt).
law_flags="$CXXFLAGS"
[[ "$CXXFLAGS" == *fuzzer-no-link* ]] && law_flags="$CXXFLAGS -fno-sanitize=fuzzer-no-link"
compile() {  # compile FLAGS SOURCE...
  local f=$1
  shift
  printf '%s\n' "$@" | xargs -P "$(nproc)" -I{} sh -c \
    '$0 $1 '"${flags[*]}"' -c "$2" -o "$3/$(echo "$2" | tr / _).o"' "$CXX" "$f" {} "$obj"
}
sources=(lib/src/*.cpp props/laws/*.cpp props/oracle/*.cpp)
compile "$CXXFLAGS" lib/src/*.cpp
compile "$law_flags" props/laws/*.cpp props/oracle/*.cpp
objects=("$obj"/*.o)
((${#objects[@]} == ${#sources[@]})) || { echo "build.sh: some sources failed" >&2; exit 1; }

for t in "${targets[@]}"; do
  # shellcheck disable=SC2086  # CXXFLAGS and LIB_FUZZING_ENGINE are word lists
  $CXX $CXXFLAGS "${flags[@]}" "fuzz/$t.cpp" "${objects[@]}" $LIB_FUZZING_ENGINE -o "$OUT/$t"
  seeds=()
  [[ -d "fuzz/corpus/$t" ]] && seeds=($(find "fuzz/corpus/$t" -maxdepth 1 -type f | sort))
  [[ -d "fuzz/regressions/$t" ]] && seeds+=($(find "fuzz/regressions/$t" -maxdepth 1 -type f))
  rm -f "$OUT/${t}_seed_corpus.zip"
  if ((${#seeds[@]})) && [[ -e "${seeds[0]}" ]]; then
    zip -q -j "$OUT/${t}_seed_corpus.zip" "${seeds[@]}"
  fi
  [[ -f "fuzz/dict/$t.dict" ]] && cp "fuzz/dict/$t.dict" "$OUT/$t.dict"
  [[ -f "fuzz/$t.options" ]] && cp "fuzz/$t.options" "$OUT/$t.options"
done
rm -rf "$obj"
echo "build.sh: ${targets[*]} -> $OUT"
