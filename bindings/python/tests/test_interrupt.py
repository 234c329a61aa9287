"""Ctrl-C stops every long call. Each case runs in a child process that is
sent SIGINT while the call runs; the call must raise KeyboardInterrupt (the
child would run for years otherwise) and leave the package usable."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import signal, sys, threading, time
    import draughts_rs as d

    # Python's own Ctrl-C handler, even where SIGINT is ignored (a process
    # started in the background inherits that).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    calling = threading.Event()

    def announce():
        calling.wait()
        time.sleep(0.2)  # the main thread is in the call by now
        print("ready", flush=True)

    threading.Thread(target=announce, daemon=True).start()
    try:
        calling.set()
        CALL
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        # Usable afterwards.
        print(d.Board("english").perft(4), flush=True)
        sys.exit(0)
    print("finished", flush=True)
    sys.exit(1)
    """
)


@pytest.mark.parametrize(
    "call",
    [
        'd.Board("english").perft(30)',
        'd.Board("international").perft(30, threads=2)',
        'd.Board("international").perft(30, routes=True)',
        'd.Board("english").divide(30)',
        'd.random_playouts("international", games=10**15, threads=2)',
        'd.random_playouts("english", games=10**15)',
    ],
)
def test_ctrl_c_interrupts(call):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.replace("CALL", call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline() == "ready\n"
        os.kill(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, err
    assert out.splitlines() == ["interrupted", "1469"]
