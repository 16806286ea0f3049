"""Identifier values straight to N-Triples or N-Quads text, in constant memory.

This is ``pidrdf map --to nt``'s path and the budget of DESIGN §8: values are mapped one at a
time to plain triples, formatted into lines and written in chunks; no rdflib object is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from pidrdf.identifiers.base import Identifier
from pidrdf.rdf.mapping import SEEN_LIMIT, triples_of
from pidrdf.rdf.profile import DEFAULT_PROFILE, Profile
from pidrdf.rdf.writers import ntriples_lines

__all__ = ["stream_ntriples"]

_CHUNK_LINES = 8192


def stream_ntriples(
    values: Iterable[Identifier],
    out: TextIO,
    profile: Profile = DEFAULT_PROFILE,
    graph: str | None = None,
) -> int:
    """Write the triples of ``values`` to ``out``; return the number of lines written.

    Implied nodes (naming authorities, superordinates, …) are described once within a window
    of :data:`~pidrdf.rdf.mapping.SEEN_LIMIT` of them, so memory stays bounded whatever the
    input's length.
    """
    end = " .\n" if graph is None else f" <{graph}> .\n"
    seen: set[str] = set()
    chunk: list[str] = []
    count = 0
    for value in values:
        if len(seen) > SEEN_LIMIT:
            seen.clear()
        ntriples_lines(triples_of(value, profile, seen), end, chunk)
        if len(chunk) >= _CHUNK_LINES:
            out.write("".join(chunk))
            count += len(chunk)
            chunk.clear()
    out.write("".join(chunk))
    return count + len(chunk)
