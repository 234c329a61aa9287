#!/usr/bin/env bash
# The library's public API against its last release: cargo-semver-checks
# (from crates.io, a pinned version, --locked) compares the rustdoc JSON of
# the baseline and of the working tree and fails on a breaking change that
# the version number does not announce (a 0.y.z crate must raise y).
#
# The baseline is SEMVER_BASELINE_REV when set, else the newest release tag
# (`v<version>`, e.g. v0.1.0) reachable from HEAD. Before the first release
# there is no tag, and nothing published to break: the step then compares
# HEAD with itself (the tool and both rustdoc builds still run, so the step
# is ready) and says so. Tag each release `v<version>` to make it bite.
#
# Cost on the shared 2-core machine (loaded): `cargo install` took 41 min of
# wall time and 9.4 min of CPU (user), so about 5 min on 2 idle cores; the
# check itself builds the library's rustdoc JSON twice.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

version=0.51.0
if [ "$(cargo semver-checks --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  echo "== cargo install --locked cargo-semver-checks --version $version"
  cargo install --locked cargo-semver-checks --version "$version" --quiet
fi

baseline="${SEMVER_BASELINE_REV:-$(git describe --tags --abbrev=0 --match 'v[0-9]*' HEAD 2>/dev/null || true)}"
if [ -z "$baseline" ]; then
  echo "== no release tag (v*) yet: nothing published to break; HEAD against itself"
  baseline=HEAD
fi
echo "== cargo semver-checks -p draughts --baseline-rev $baseline ($((SECONDS - start)) s so far)"
cargo semver-checks -p draughts --baseline-rev "$baseline"
echo "== semver step done in $((SECONDS - start)) s"
