#!/usr/bin/env python3
"""The perft speed table: our `draughts perft` against Scan 3.1, DCTL and kish,
CPU time side by side (docs/speed.md shows one run and how to read it).

Usage (from anywhere; python3 standard library only):

    PEERS=/path/to/peers python3 scripts/speed_table.py [--runs 5] [--rows frisian,killer]
                                                        [--min-ratio 2.0] [--no-build]

What it does, in order:

1. Builds our command line with the `perft` profile of Cargo.toml (thin LTO,
   one codegen unit; any CARGO_PROFILE_* variable is removed from the build's
   environment) and `target-cpu=native` (.cargo/config.toml), into its own
   target directory, $SPEED_TARGET_DIR (default target-perf next to the
   repository's folder), so that a
   shared target directory with other settings is left alone:
       cargo build --profile perft -p draughts-cli --target-dir $SPEED_TARGET_DIR
2. Finds the peers in $PEERS; with --build-peers, builds the ones missing from
   sources already unpacked there (the script never downloads anything).
   It expects exactly the builds of the peers' README (shared/peers/README.md),
   every one for this CPU (-march=native / target-cpu=native):
     $PEERS/scan/src/            Scan 3.1's src/ (github:rhalbersma/scan 7aae17e),
                                 its Makefile's `-mpopcnt` made `-mpopcnt -march=native`,
                                 then `make`;
     $PEERS/scan/perft/scan_perft  scan_perft.cpp + Makefile.scan (g++ -O2 -march=native -flto);
     $PEERS/dctl/dctl_perft      dctl_perft.cpp built by build-dctl.sh:
                                 clang++-22 -std=c++23 -stdlib=libc++ -O3 -DNDEBUG -march=native
                                 over dctl 21869018, bit_set d62c857, tabula 3fb8e09,
                                 xstd 4c79bb3 unpacked side by side in $PEERS_SRC/dctl-src;
     $PEERS/kish-perft/target/release/kish-perft
                                 the kish-perft cargo project (kish 1.1.7, LTO,
                                 codegen-units 1), RUSTFLAGS="-C target-cpu=native".
   $SHARED (default shared next to the repository's folder) holds peers/ with
   the drivers, for --build-peers; $PEERS_SRC defaults to peers-src next to $PEERS.
3. Runs every row: ours, then the peer, alternately, --runs times each (5 by
   default); the time of a run is the CPU time (user + sys) of the child
   process, from wait4's rusage, which is steadier than wall time on a shared
   machine (it excludes waiting for a core, though not cache contention).
   Prints the date, the machine, every single run, the load average
   (/proc/loadavg) before and after each row, the counts of both sides (which
   must be equal, except DCTL's Russian count beyond depth 10: a known
   mid-capture promotion fault in DCTL; the work is the same), and the ratio
   of the medians, peer / ours: how many times our CPU time the peer takes
   (and that ratio for each pair of runs, to show its spread).

Rows under --margin (2.2) but not under --min-ratio are marked in the summary.
Exit status: 0 when every row's ratio is at least --min-ratio (2.0), 1 when a
row is under it, 2 when a count differs or something could not be built or run.
"""
import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (label, our variant, depth, our extra flags, peer, peer argv after the binary)
ROWS = [
    ("international d11", "international", 11, [], "scan", ["normal", "=11", "1", "bulk"]),
    ("international d11", "international", 11, [], "dctl", ["international", "=11", "bulk", "unique"]),
    ("english d12", "english", 12, [], "dctl", ["checkers", "=12", "bulk", "unique"]),
    ("russian d12", "russian", 12, [], "dctl", ["russian", "=12", "bulk", "unique"]),
    ("brazilian d12", "brazilian", 12, [], "dctl", ["brazilian", "=12", "bulk", "unique"]),
    ("frisian d10", "frisian", 10, [], "scan", ["frisian", "=10", "1", "bulk"]),
    ("frisian d10", "frisian", 10, [], "dctl", ["frisian", "=10", "bulk", "unique"]),
    ("killer d10", "killer", 10, [], "scan", ["killer", "=10", "1", "bulk"]),
    ("killer d10", "killer", 10, [], "dctl", ["killer", "=10", "bulk", "unique"]),
    ("turkish d9 routes", "turkish", 9, ["--routes"], "kish", ["seq", "=9", "999"]),
]


def say(text=""):
    print(text, flush=True)


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "n/a"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def timed(argv):
    """Runs argv; (cpu seconds of the child, wall seconds, stdout)."""
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    chunks = []
    while True:
        chunk = p.stdout.read(65536)
        if not chunk:
            break
        chunks.append(chunk)
    p.stdout.close()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise Failure(f"failed (status {p.returncode}): {' '.join(argv)}")
    return ru.ru_utime + ru.ru_stime, wall, b"".join(chunks).decode(errors="replace")


class Failure(Exception):
    """A build or run that failed (exit status 2)."""


def count_of(text, depth):
    """The node count at `depth` in the output of any of the four programs."""
    m = re.search(rf"^d={depth} nodes=(\d+)", text, re.M)
    if m:
        return int(m.group(1))
    for line in text.splitlines():  # kish: "depth nodes secs nodes/s"
        f = line.split()
        if len(f) >= 2 and f[0] == str(depth) and f[1].isdigit():
            return int(f[1])
    return None


def sh(cmd, cwd, env=None):
    say(f"$ (cd {cwd} && {cmd})")
    r = subprocess.run(cmd, shell=True, cwd=cwd, env=env)
    if r.returncode != 0:
        raise Failure(f"build step failed: {cmd}")


def build_ours(target_dir):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARGO_PROFILE_")}
    env.pop("CARGO_TARGET_DIR", None)
    sh(f"cargo build --profile perft -p draughts-cli --target-dir {target_dir}", REPO, env)


def peer_paths(peers):
    return {
        "scan": os.path.join(peers, "scan/perft/scan_perft"),
        "dctl": os.path.join(peers, "dctl/dctl_perft"),
        "kish": os.path.join(peers, "kish-perft/target/release/kish-perft"),
    }


def build_peers(peers, peers_src, shared, wanted):
    drivers = os.path.join(shared, "peers")
    paths = peer_paths(peers)
    if "scan" in wanted and not os.path.exists(paths["scan"]):
        src = os.path.join(peers, "scan/src")
        if not os.path.exists(os.path.join(src, "Makefile")):
            raise Failure(f"Scan's sources are not in {src} (see the README of the peers)")
        with open(os.path.join(src, "Makefile")) as f:
            if "-march=native" not in f.read():
                sh("sed -i 's/-mpopcnt/-mpopcnt -march=native/' Makefile", src)
        sh("make -j2", src)
        perft = os.path.join(peers, "scan/perft")
        os.makedirs(perft, exist_ok=True)
        shutil.copy(os.path.join(drivers, "scan_perft.cpp"), perft)
        shutil.copy(os.path.join(drivers, "Makefile.scan"), os.path.join(perft, "Makefile"))
        sh("make", perft)
    if "dctl" in wanted and not os.path.exists(paths["dctl"]):
        d = os.path.join(peers, "dctl")
        os.makedirs(d, exist_ok=True)
        shutil.copy(os.path.join(drivers, "dctl_perft.cpp"), d)
        shutil.copy(os.path.join(drivers, "build-dctl.sh"), d)
        sh(f"ANCHORS={peers_src} sh build-dctl.sh", d)
    if "kish" in wanted and not os.path.exists(paths["kish"]):
        d = os.path.join(peers, "kish-perft")
        if not os.path.exists(d):
            shutil.copytree(os.path.join(drivers, "kish-perft"), d)
        sh('RUSTFLAGS="-C target-cpu=native" cargo build --release', d)


def check_native(peers, wanted):
    """Refuses a Scan built without -march=native (its Makefile's default)."""
    if "scan" in wanted:
        mk = os.path.join(peers, "scan/src/Makefile")
        if os.path.exists(mk):
            with open(mk) as f:
                if "-march=native" not in f.read():
                    raise Failure(f"{mk} lacks -march=native (see the README of the peers)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each side per row (default 5)")
    ap.add_argument("--rows", default="", help="only rows whose label or peer contains one of these (comma-separated)")
    ap.add_argument("--min-ratio", type=float, default=2.0, help="the least peer/ours accepted (default 2.0)")
    ap.add_argument("--margin", type=float, default=2.2,
                    help="rows under this ratio (but at least --min-ratio) are named, without failing (default 2.2)")
    ap.add_argument("--no-build", action="store_true", help="use the built binary as it is")
    ap.add_argument("--build-peers", action="store_true", help="build missing peers from sources in $PEERS/$PEERS_SRC")
    a = ap.parse_args()

    peers = os.environ.get("PEERS")
    if not peers:
        say("set PEERS to the folder with the peers (see the docstring)")
        return 2
    peers_src = os.environ.get("PEERS_SRC", os.path.join(os.path.dirname(peers), "peers-src"))
    outside = os.path.dirname(REPO)
    shared = os.environ.get("SHARED", os.path.join(outside, "shared"))
    target_dir = os.environ.get("SPEED_TARGET_DIR", os.path.join(outside, "target-perf"))
    filters = [f.strip() for f in a.rows.split(",") if f.strip()]
    rows = [r for r in ROWS if not filters or any(f in r[0] or f == r[4] for f in filters)]
    wanted = {r[4] for r in rows}

    try:
        if not a.no_build:
            build_ours(target_dir)
        if a.build_peers:
            build_peers(peers, peers_src, shared, wanted)
        check_native(peers, wanted)
    except Failure as e:
        say(str(e))
        return 2
    ours = os.path.join(target_dir, "perft/draughts")
    paths = peer_paths(peers)
    for tool in [ours] + [paths[p] for p in sorted(wanted)]:
        if not os.access(tool, os.X_OK):
            say(f"missing: {tool}")
            return 2

    say(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M:%S} UTC")
    say(f"machine: {cpu_model()}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}")
    say(f"ours: {ours} (cargo build --profile perft -p draughts-cli: thin LTO, one codegen unit, target-cpu=native)")
    say(f"runs per side and row: {a.runs}, alternating ours/peer; times are CPU seconds (user+sys) of each process")
    say("")
    results = []
    status = 0
    for label, variant, depth, extra, peer, peer_args in rows:
        ours_argv = [ours, "perft", "-v", variant, "-d", str(depth), "--only", "--no-progress"] + extra
        peer_argv = [paths[peer]] + peer_args
        say(f"== {label} vs {peer}")
        say(f"   ours: {' '.join(ours_argv[1:])}")
        say(f"   {peer}: {os.path.basename(peer_argv[0])} {' '.join(peer_args)}")
        load_before = loadavg()
        cpu_o, cpu_p, wall_o, wall_p = [], [], [], []
        count_o = count_p = None
        try:
            for i in range(a.runs):
                c, w, out = timed(ours_argv)
                cpu_o.append(c)
                wall_o.append(w)
                count_o = count_of(out, depth)
                c, w, out = timed(peer_argv)
                cpu_p.append(c)
                wall_p.append(w)
                count_p = count_of(out, depth)
                say(f"   run {i + 1}: ours {cpu_o[-1]:.3f} s, {peer} {cpu_p[-1]:.3f} s"
                    f" (wall {wall_o[-1]:.3f} / {wall_p[-1]:.3f} s)")
        except Failure as e:
            say(f"   {e}")
            return 2
        load_after = loadavg()
        mo, mp = statistics.median(cpu_o), statistics.median(cpu_p)
        ratio = mp / mo
        known_fault = peer == "dctl" and variant == "russian" and depth > 10
        if count_o != count_p:
            note = "count NOT checked (DCTL's Russian fault beyond depth 10)" if known_fault else "COUNTS DIFFER"
            if not known_fault:
                status = 2
        else:
            note = "counts equal"
        say(f"   nodes: ours {count_o}, {peer} {count_p}: {note}")
        say(f"   load average (1, 5, 15 min): before {load_before}, after {load_after}")
        pairs = ", ".join(f"{p / o:.2f}" for o, p in zip(cpu_o, cpu_p))
        say(f"   {peer}/ours run by run: {pairs}")
        say(f"   median: ours {mo:.3f} s, {peer} {mp:.3f} s; {peer}/ours = {ratio:.2f}")
        say("")
        results.append((label, peer, mo, mp, ratio, count_o))
        if ratio < a.min_ratio and status == 0:
            status = 1

    say("| variant, depth | peer | nodes | ours (s) | peer (s) | peer/ours |")
    say("|---|---|---|---|---|---|")
    for label, peer, mo, mp, ratio, n in results:
        if ratio < a.min_ratio:
            flag = f" (under {a.min_ratio})"
        elif ratio < a.margin:
            flag = f" (under the {a.margin} margin)"
        else:
            flag = ""
        say(f"| {label} | {peer} | {n:,} | {mo:.3f} | {mp:.3f} | {ratio:.2f}{flag} |")
    if status == 1:
        say(f"at least one row under {a.min_ratio}")
    elif status == 2:
        say("at least one count differs")
    return status


if __name__ == "__main__":
    sys.exit(main())
