#!/usr/bin/env bash
# The Python wheel (bindings/python): build it with maturin in a fresh
# virtual environment, install it as a user would, and run the pytest suite
# (perft against the reference table, the PDN collection replayed, random
# games, every error path). Needs python3 with venv; installs maturin, numpy
# and pytest from PyPI into the venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS

if ! python3 -m venv "$work/venv" 2>/dev/null; then
  # Debian's python3 without ensurepip: install the venv module.
  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
  python3 -m venv "$work/venv"
fi
py="$work/venv/bin/python"
"$py" -m pip install -q --upgrade pip
"$py" -m pip install -q maturin numpy pytest

echo "-- building the wheel"
"$py" -m maturin build --release --manifest-path bindings/python/Cargo.toml --out "$work/wheels"
wheel=$(ls "$work"/wheels/draughts_rs-*.whl)
echo "wheel: $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB)"
"$py" -m pip install -q "$wheel"

echo "-- pytest"
# Run from outside the source tree so the installed wheel is what is tested.
cd "$work"
set +e
"$py" -m pytest -q -p no:cacheprovider "$root/bindings/python/tests"
status=$?
set -e
# pytest: 0 all passed, 5 no tests collected (a failure here), others failed.
if [ "$status" -ne 0 ]; then
  echo "python tests failed (pytest exit code $status)" >&2
  exit 1
fi
echo "-- python step done in $((SECONDS - start)) s"
