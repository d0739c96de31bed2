#!/usr/bin/env bash
# Installs what the audit adapters need into a project-local environment
# (.venv): NVIDIA's nvidia-cutlass wheel, pinned (BSD-3: pycute and CuTe's C++
# headers). Needs PyPI; idempotent (does nothing when the pinned wheel is
# there). The CuTe DSL (nvidia-cutlass-dsl, NVIDIA's EULA) is never installed.
#
#   scripts/setup-adapters.sh
#   build/dev/cli/layoutcheck audit --impl '.venv/bin/python adapters/pycute/adapter.py'
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
readonly WHEEL="nvidia-cutlass==4.2.0.0"
if [[ ! -x .venv/bin/python ]]; then
  python3 -m venv .venv
fi
if .venv/bin/python -c 'import importlib.metadata as m; assert m.version("nvidia-cutlass") == "4.2.0.0"' 2>/dev/null; then
  echo "setup-adapters: $WHEEL already in .venv"
  exit 0
fi
.venv/bin/python -m pip install --quiet --no-deps "$WHEEL"
.venv/bin/python -c 'import pycute; print("setup-adapters: pycute from", pycute.__file__)'
