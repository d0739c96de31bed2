#!/usr/bin/env bash
# Installs the Debian 12 packages layoutcheck needs, only those that are missing, then the
# audit adapters' pinned wheel into .venv (scripts/setup-adapters.sh; PyPI, only when missing).
# Idempotent and non-interactive: when everything is installed it changes nothing, runs no
# `apt-get update` and needs no network. Uses sudo only when not running as root.
set -euo pipefail

PACKAGES=(
  cmake
  ninja-build
  g++
  librapidcheck-dev
  libgtest-dev
  libgmock-dev
  libbenchmark-dev
  clang-14
  libclang-rt-14-dev
  libcli11-dev
  nlohmann-json3-dev
  libfmt-dev
  zip
  clang-format
  python3
  python3-venv
  libpugixml-dev
  python3-html5lib
  python3-pil
  chromium
  fonts-dejavu-core
)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: dpkg-query not found; this script supports Debian 12 (bookworm) only." >&2
  echo "install-deps: needed packages: ${PACKAGES[*]}" >&2
  exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  # "ii " = wanted install, currently installed. Anything else (absent, half-installed,
  # config-files only) counts as missing.
  status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
  if [[ "$status" != ii* ]]; then
    missing+=("$pkg")
  fi
done

# The audit adapters' Python side (pycute, from the pinned nvidia-cutlass
# wheel) goes into .venv. It needs PyPI; without it the build and tests still
# run (the pycute audit test is then not registered), so a failure only warns.
adapters() {
  if ! "$(dirname "${BASH_SOURCE[0]}")/setup-adapters.sh"; then
    echo "install-deps: warning: scripts/setup-adapters.sh failed (no PyPI?); the pycute adapter is unavailable" >&2
  fi
}

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#PACKAGES[@]} packages already installed."
  adapters
  exit 0
fi

echo "install-deps: installing missing packages: ${missing[*]}"

export DEBIAN_FRONTEND=noninteractive
AS_ROOT=()
if [[ "$(id -u)" -ne 0 ]]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: not root and sudo is not available; as root, run:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  # Ask for a password only when someone can type it (never hang in CI).
  if [[ -t 0 ]]; then AS_ROOT=(sudo); else AS_ROOT=(sudo --non-interactive); fi
  AS_ROOT+=(env DEBIAN_FRONTEND=noninteractive)
fi

"${AS_ROOT[@]}" apt-get update -q
"${AS_ROOT[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
echo "install-deps: done."
adapters
