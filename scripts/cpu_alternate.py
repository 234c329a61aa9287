#!/usr/bin/env python3
"""CPU time of two builds of our `draughts` command line, run alternately:
the before/after ratios of a change to perft (docs/speed.md).

Usage (python3 standard library only):

    python3 scripts/cpu_alternate.py OLD NEW [--runs 5] [--rows turkish:9:routes,russian:11]

OLD and NEW are either `draughts` binaries or source trees; a tree is built
as the speed script builds ours (scripts/speed_table.py: the `perft`
profile, thin LTO, one codegen unit, target-cpu=native, any CARGO_PROFILE_*
variable removed) into its own target directory, <tree>/target/perf-alt, and
its target/perf-alt/perft/draughts is run.

OLD and NEW may also both be builds of examples/perft_leaves.rs (the
program of scripts/callgrind_table.sh, named perft_leaves), which are run
`perft_leaves VARIANT DEPTH [routes]`.

Each row is `variant:depth[:routes]`. For every row, OLD then NEW are run
`draughts perft -v VARIANT -d DEPTH --only --no-progress [--routes]`,
alternately, --runs times each; a run's time is the CPU time (user + sys) of
the child process (the speed script's `timed`, from wait4's rusage). Prints
every run, the load average before and after each row, the node counts
(which must be equal: exit status 2 otherwise) and the ratio of the medians,
old / new (above 1: the new build is faster), with the ratio of each pair of
runs to show its spread.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from speed_table import Failure, count_of, loadavg, say, sh, timed  # noqa: E402

DEFAULT_ROWS = "turkish:9:routes,russian:11,international:10,frisian:10"


def binary(arg):
    """The `draughts` binary of a binary path or a source tree (built here)."""
    if os.path.isfile(arg) and os.access(arg, os.X_OK):
        return os.path.abspath(arg)
    tree = os.path.abspath(arg)
    if not os.path.isfile(os.path.join(tree, "Cargo.toml")):
        raise Failure(f"neither a binary nor a source tree: {arg}")
    target_dir = os.path.join(tree, "target", "perf-alt")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARGO_PROFILE_")}
    env.pop("CARGO_TARGET_DIR", None)
    sh(f"cargo build --profile perft -p draughts-cli --target-dir {target_dir}", tree, env)
    return os.path.join(target_dir, "perft/draughts")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old", help="the build before: a draughts binary or a source tree")
    ap.add_argument("new", help="the build after: a draughts binary or a source tree")
    ap.add_argument("--runs", type=int, default=5, help="runs of each build per row (default 5)")
    ap.add_argument("--rows", default=DEFAULT_ROWS, help=f"variant:depth[:routes],... (default {DEFAULT_ROWS})")
    a = ap.parse_args()
    try:
        old, new = binary(a.old), binary(a.new)
    except Failure as e:
        say(str(e))
        return 2
    say(f"old: {old}")
    say(f"new: {new}")
    say(f"runs per build and row: {a.runs}, alternating old/new; CPU seconds (user+sys) of each process")
    summary = []
    for row in a.rows.split(","):
        parts = row.split(":")
        variant, depth = parts[0], int(parts[1])
        extra = ["--routes"] if parts[2:] == ["routes"] else []
        label = f"{variant} perft({depth}){', routes' if extra else ''}"
        leaves = os.path.basename(old) == "perft_leaves"
        if leaves:
            args = [variant, str(depth)] + (["routes"] if extra else [])
        else:
            args = ["perft", "-v", variant, "-d", str(depth), "--only", "--no-progress"] + extra
        count = (lambda out: int(out.split()[-1])) if leaves else (lambda out: count_of(out, depth))
        say(f"== {label} (load average {loadavg()})")
        cpu_o, cpu_n, counts = [], [], set()
        try:
            for i in range(a.runs):
                c, _, out = timed([old] + args)
                cpu_o.append(c)
                counts.add(("old", count(out)))
                c, _, out = timed([new] + args)
                cpu_n.append(c)
                counts.add(("new", count(out)))
                say(f"   run {i + 1}: old {cpu_o[-1]:.3f} s, new {cpu_n[-1]:.3f} s, old/new {cpu_o[-1] / cpu_n[-1]:.3f}")
        except Failure as e:
            say(str(e))
            return 2
        nodes = {n for _, n in counts}
        if len(nodes) != 1 or None in nodes:
            say(f"   node counts differ or are missing: {sorted(counts, key=str)}")
            return 2
        mo, mn = statistics.median(cpu_o), statistics.median(cpu_n)
        say(f"   nodes {nodes.pop()}; medians old {mo:.3f} s, new {mn:.3f} s: old/new {mo / mn:.3f} (load average {loadavg()})")
        summary.append((label, mo, mn))
    say()
    say("| start position | before (s) | after (s) | before / after |")
    say("|---|---|---|---|")
    for label, mo, mn in summary:
        say(f"| {label} | {mo:.3f} | {mn:.3f} | {mo / mn:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
