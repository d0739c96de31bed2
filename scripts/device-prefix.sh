#!/usr/bin/env bash
# scripts/device-prefix.sh — fills .device/ (git-ignored) with what the GPU
# machine's bare CUDA image lacks for the gpu-only build (docs/BULK.md):
#   .device/prefix  Debian's googletest (sources, built with the project),
#                   libcli11-dev and nlohmann-json3-dev (header-only), each
#                   unpacked with dpkg -x (no root, nothing installed)
#   .device/cute    NVIDIA's CuTe headers (cute/, cutlass/) from the project's
#                   .venv, when scripts/setup-adapters.sh made one (step 6 of
#                   gpu_check/device_check.sh, cute_static_check)
# Then the device run carries the one folder: run(carry=[".device"]). The
# .debs are downloaded here (apt-get download: Debian's registry) once and
# reused; the whole folder stays under the device tool's 64 MiB.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
D=.device
PKGS=(googletest libcli11-dev nlohmann-json3-dev)
mkdir -p "$D/debs"
for p in "${PKGS[@]}"; do
  if ! ls "$D/debs/${p}"_*.deb > /dev/null 2>&1; then
    if ! (cd "$D/debs" && apt-get download "$p" 2> >(grep -v 'unsandboxed' >&2)); then
      # stale or missing package lists: refresh them (root) and try once more
      [ "$(id -u)" = 0 ] && apt-get update -qq
      (cd "$D/debs" && apt-get download "$p" 2> >(grep -v 'unsandboxed' >&2))
    fi
  fi
done
rm -rf "$D/prefix"
mkdir -p "$D/prefix"
for f in "$D"/debs/*.deb; do dpkg -x "$f" "$D/prefix"; done
for f in usr/src/googletest/CMakeLists.txt usr/share/cmake/CLI11/CLI11Config.cmake \
  usr/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake; do
  [ -f "$D/prefix/$f" ] || { echo "device-prefix: $D/prefix/$f is missing" >&2; exit 1; }
done
rm -rf "$D/cute"
for d in .venv/lib/python3*/site-packages/cutlass_library/source/include; do
  if [ -f "$d/cute/layout.hpp" ]; then
    mkdir -p "$D/cute"
    cp -r "$d/cute" "$d/cutlass" "$D/cute/"
  fi
done
[ -d "$D/cute" ] || echo "device-prefix: no CuTe headers in .venv (scripts/setup-adapters.sh): cute_static_check will be skipped on the device" >&2
echo "device-prefix: $(du -sh "$D" | cut -f1) in $D ($(du -sh "$D/prefix" | cut -f1) prefix$([ -d "$D/cute" ] && echo ", $(du -sh "$D/cute" | cut -f1) CuTe headers"))"
