"""Parsing many identifiers, one per line, without losing any.

Batch work never stops at the first bad line unless asked (DESIGN §9): every line is either
parsed or rejected with its number, its text and the reason, and the totals add up
(``read == parsed + rejected``). Blank lines and lines starting with ``#`` are not
identifiers; they are skipped and counted apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.detect import parse
from pidrdf.identifiers.errors import IdentifierError
from pidrdf.identifiers.handle import Resolver

__all__ = ["Parsed", "Rejected", "Totals", "parse_lines"]


@dataclass(frozen=True, slots=True)
class Parsed:
    """A line that parsed: its 1-based number, its text and the identifier."""

    line_number: int
    text: str
    value: Identifier


@dataclass(frozen=True, slots=True)
class Rejected:
    """A line that did not parse: its 1-based number, its text and the error."""

    line_number: int
    text: str
    error: IdentifierError

    def describe(self, source: str | None = None) -> str:
        """One report line: ``[source:]line N: 'input': reason (position P)``."""
        where = f"{source}:" if source else ""
        position = self.error.position
        at = f" (position {position})" if position is not None else ""
        return f"{where}line {self.line_number}: {self.text!r}: {self.error.reason}{at}"


@dataclass(slots=True)
class Totals:
    """Running counts of a batch; ``read == mapped + rejected`` by construction."""

    read: int = 0
    mapped: int = 0
    rejected: int = 0
    skipped: int = field(default=0)

    def __str__(self) -> str:
        return f"{self.read} read, {self.mapped} mapped, {self.rejected} rejected"


def parse_lines(
    lines: Iterable[str],
    totals: Totals | None = None,
    *,
    resolvers: tuple[Resolver, ...] = (),
) -> Iterator[Parsed | Rejected]:
    """Parse each identifier line; update ``totals`` as it goes.

    Line endings are removed; surrounding whitespace is ignored by the parsers.
    """
    counts = totals if totals is not None else Totals()
    for number, raw in enumerate(lines, 1):
        text = raw.rstrip("\r\n")
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            counts.skipped += 1
            continue
        counts.read += 1
        try:
            value = parse(text, resolvers=resolvers)
        except IdentifierError as error:
            counts.rejected += 1
            yield Rejected(number, text, error)
            continue
        counts.mapped += 1
        yield Parsed(number, text, value)
