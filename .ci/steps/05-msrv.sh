#!/usr/bin/env bash
# The library builds with the oldest Rust it declares (`rust-version` in
# Cargo.toml): that toolchain is installed by name with rustup (Debian's
# `rustup` package on a machine without it; the toolchain itself comes from
# static.rust-lang.org, about 13 s for the minimal profile here), then the
# library is checked with no features and with every feature. Only the
# library: the tests and benches use dev-dependencies (criterion, proptest)
# that may need a newer Rust, which is not part of the promise.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

msrv="$(awk -F'"' '/^rust-version = / { print $2; exit }' Cargo.toml)"
[ -n "$msrv" ] || { echo "Cargo.toml declares no rust-version" >&2; exit 1; }

if ! command -v rustup >/dev/null; then
  echo "== apt-get install rustup"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends rustup ca-certificates >/dev/null
fi
echo "== rustup toolchain install $msrv --profile minimal"
rustup toolchain install "$msrv" --profile minimal --no-self-update

# Its own target directory: another compiler's artifacts are never shared.
# Debug builds (a check): the MSRV question is what compiles, not how fast.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/msrv"
echo "== cargo +$msrv check -p draughts --lib ($((SECONDS - start)) s so far)"
cargo "+$msrv" check --locked -p draughts --lib --no-default-features
echo "== cargo +$msrv check -p draughts --lib --all-features ($((SECONDS - start)) s so far)"
cargo "+$msrv" check --locked -p draughts --lib --all-features
echo "== MSRV $msrv step done in $((SECONDS - start)) s"
