#!/usr/bin/env bash
# `draughts hub` driven by pydraughts (PyPI, the Python client that
# lidraughts bots and GUIs use for Hub engines): whole games in every
# variant pydraughts supports, each move the hub answers checked as legal by
# pydraughts' own board (cli/tests/pydraughts_hub.py). Installs python3 with
# venv from Debian when missing, and pydraughts (pinned) into a fresh venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS

if ! python3 -m venv "$work/venv" 2>/dev/null; then
  echo "-- installing python3 and venv (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
  rm -rf "$work/venv"
  python3 -m venv "$work/venv"
fi
py="$work/venv/bin/python"
"$py" -m pip install -q --disable-pip-version-check pydraughts==0.6.7

cargo build --release -p draughts-cli
"$py" cli/tests/pydraughts_hub.py "$root/target/release/draughts"
echo "-- pydraughts step done in $((SECONDS - start)) s"
