"""Reading the conformance vectors copied from ../shared/vectors (one row a case)."""

from __future__ import annotations

import csv
from pathlib import Path

VECTORS = Path(__file__).parent / "vectors"


def rows(name: str) -> list[dict[str, str]]:
    """The rows of a TSV vector file as dicts keyed by its header."""
    with open(VECTORS / name, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def ids(table: list[dict[str, str]], column: str) -> list[str]:
    """Readable pytest ids for the rows."""
    return [f"{n}:{row[column]!r}" for n, row in enumerate(table, 2)]
