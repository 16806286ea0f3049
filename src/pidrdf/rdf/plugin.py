"""An rdflib parser plugin: a file of identifiers, one per line, read as the triples they imply.

Registered under the entry point name ``pidrdf-ids``::

    Graph().parse("ids.txt", format="pidrdf-ids")

A bad line raises :class:`~pidrdf.IdentifierError` naming its line number, before anything is
added; pass ``on_error="skip"`` to add the good lines and collect the rejected ones in the
list passed as ``rejected=``.
"""

from __future__ import annotations

import codecs
from typing import Any

from rdflib import Graph
from rdflib.parser import InputSource, Parser

from pidrdf.identifiers.batch import Parsed, Rejected, parse_lines
from pidrdf.rdf.mapping import triples_of_all
from pidrdf.rdf.profile import DEFAULT_PROFILE, Profile
from pidrdf.rdf.writers import add_to_graph

__all__ = ["IdentifierListParser"]


def _read_text(source: InputSource) -> str:
    stream = source.getCharacterStream()
    if stream is not None:
        return str(stream.read())
    byte_stream = source.getByteStream()
    if byte_stream is None:
        raise ValueError("pidrdf-ids: the input source has no stream to read")
    data: bytes = byte_stream.read()
    return codecs.decode(data, "utf-8-sig", "surrogateescape")


class IdentifierListParser(Parser):
    """Maps a plain-text list of identifiers into the sink graph."""

    def parse(self, source: InputSource, sink: Graph, **kwargs: Any) -> None:
        profile: Profile = kwargs.get("profile", DEFAULT_PROFILE)
        on_error = kwargs.get("on_error", "fail")
        if on_error not in ("fail", "skip"):
            raise ValueError(f"on_error must be 'fail' or 'skip', not {on_error!r}")
        rejected: list[Rejected] = kwargs.get("rejected", [])
        values = []
        for item in parse_lines(
            # split at line feeds only, as files are read everywhere else: str.splitlines()
            # would also split at U+2028, form feeds, …, and shift the reported line numbers
            _read_text(source).split("\n"), resolvers=profile.resolvers
        ):
            if isinstance(item, Parsed):
                values.append(item.value)
                continue
            if on_error == "fail":
                error = item.error
                raise type(error)(
                    error.text, f"line {item.line_number}: {error.reason}", error.position
                )
            rejected.append(item)
        add_to_graph(sink, triples_of_all(values, profile))
