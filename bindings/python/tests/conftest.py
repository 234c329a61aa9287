"""Shared paths: the repository's test data (perft table, PDN collection)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "tests" / "data"
