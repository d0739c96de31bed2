#!/usr/bin/env bash
# Regenerates tests/conformance/cutlass_cases.jsonl: reference answers of
# NVIDIA CuTe C++ on the layouts real CUTLASS kernels build (MMA and copy
# atoms, TiledMMA / TiledCopy construction, GMMA shared-memory atoms, GEMM
# tilings). See tests/conformance/README.md.
#
# What it does:
#   1. creates a virtual environment build/cutlass-venv (python3 -m venv) and
#      installs the pinned wheel nvidia-cutlass==4.2.0.0 (BSD-3) from PyPI;
#      it ships CuTe's and CUTLASS's C++ headers under
#      cutlass_library/source/include;
#   2. finds libcu++ (<cuda/std/...>, which cutlass/cutlass.h includes): in
#      $CCCL_INCLUDE, else under $CUDA_HOME/include/cccl or
#      /usr/local/cuda/include/cccl (the CUDA toolkit's copy);
#   3. compiles scripts/cutlass_conformance/gen_cases.cpp as host code with
#      g++ -std=c++17 -O1 (nothing runs on a GPU), runs it and writes
#      tests/conformance/cutlass_cases.jsonl.
# Time: about 30 s for the venv and the wheel (first run only, about 60 MB
# downloaded), about 45 s for the compile, under a second to run.
# Needs: python3 with venv, network access to PyPI on the first run, g++ >= 12,
# libcu++ headers. The tests do not need any of this: they read the committed
# jsonl.
#
# Usage: scripts/cutlass_conformance/generate.sh [OUTPUT]   (run from anywhere)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/tests/conformance/cutlass_cases.jsonl}"
venv="$root/build/cutlass-venv"
wheel="nvidia-cutlass==4.2.0.0"
cxx="${CXX:-g++}"

if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -m pip show nvidia-cutlass 2>/dev/null | grep -qx 'Version: 4.2.0.0'; then
  "$venv/bin/python" -m pip install --quiet "$wheel"
fi

# The header directory inside the installed package.
layout_hpp="$(find "$venv/lib" -path '*/include/cute/layout.hpp' -print -quit)"
if [[ -z "$layout_hpp" ]]; then
  echo "error: cute/layout.hpp not found in $venv (is $wheel installed?)" >&2
  exit 1
fi
include="${layout_hpp%/cute/layout.hpp}"
if [[ ! -f "$include/cutlass/cutlass.h" ]]; then
  echo "error: cutlass/cutlass.h not found beside cute/ in $include" >&2
  exit 1
fi

# libcu++ for <cuda/std/...>.
cccl=""
for dir in "${CCCL_INCLUDE:-}" "${CUDA_HOME:-/nonexistent}/include/cccl" \
           /usr/local/cuda/include/cccl /usr/local/cuda/include; do
  if [[ -n "$dir" && -f "$dir/cuda/std/utility" ]]; then
    cccl="$dir"
    break
  fi
done
if [[ -z "$cccl" ]]; then
  echo "error: libcu++ headers (cuda/std/utility) not found; set CCCL_INCLUDE" >&2
  exit 1
fi

work="$root/build/cutlass-conformance"
mkdir -p "$work" "$(dirname "$out")"
echo "CuTe headers: $include" >&2
echo "libcu++:      $cccl" >&2
# -isystem: the CUTLASS headers warn about CUDA's deprecated vector types;
# gen_cases.cpp itself is clean with -Wall -Wextra -Wpedantic (g++ 12, clang++ 14).
"$cxx" -std=c++17 -O1 -Wall -Wextra -Wpedantic -isystem "$include" -isystem "$cccl" \
  "$root/scripts/cutlass_conformance/gen_cases.cpp" -o "$work/gen_cases"
"$work/gen_cases" > "$work/cutlass_cases.jsonl"
mv "$work/cutlass_cases.jsonl" "$out"
echo "wrote $(wc -l < "$out") cases to $out" >&2
