"""Sinks for plain triples: N-Triples/N-Quads lines, rdflib graphs, and serializations.

N-Triples and N-Quads are formatted straight from the plain terms, line by line, in constant
memory; this is the fast path (DESIGN §8). Turtle, RDF/XML and JSON-LD need the whole graph
(for prefixes, nesting and framing), so they go through an rdflib ``Graph``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from itertools import islice
from typing import Any, Literal, TextIO

from rdflib import Graph
from rdflib import Literal as RDFLiteral
from rdflib.term import Node, URIRef

from pidrdf.rdf.terms import XSD_STRING, Lit, Triple
from pidrdf.rdf.vocab import PREFIXES

__all__ = [
    "FORMATS",
    "STREAMING_FORMATS",
    "OutputFormat",
    "SerializationError",
    "add_to_graph",
    "new_graph",
    "ntriples_line",
    "ntriples_lines",
    "object_text",
    "serialize",
    "to_rdflib",
    "write_ntriples",
]

OutputFormat = Literal["nt", "nq", "ttl", "jsonld", "xml"]
#: Output formats and their rdflib serializer names (JSON-LD goes through pyld instead).
FORMATS: dict[str, str] = {
    "nt": "nt",
    "nq": "nt",  # a graph's triples are in the default graph: N-Quads lines = N-Triples lines
    "ttl": "turtle",
    "jsonld": "json-ld",
    "xml": "xml",
}
#: Formats written line by line without building a graph.
STREAMING_FORMATS = frozenset({"nt", "nq"})

_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})


def _literal(value: Lit) -> str:
    lexical = value.value
    if "\\" in lexical or '"' in lexical or "\n" in lexical or "\r" in lexical:
        lexical = lexical.translate(_ESCAPES)
    if value.language:
        return f'"{lexical}"@{value.language}'
    if value.datatype and value.datatype != XSD_STRING:
        return f'"{lexical}"^^<{value.datatype}>'
    return f'"{lexical}"'


def object_text(o: str | Lit) -> str:
    """The N-Triples form of an object: ``<iri>`` or a quoted, escaped literal."""
    return f"<{o}>" if type(o) is str else _literal(o)  # type: ignore[arg-type]


def ntriples_line(triple: Triple, graph: str | None = None) -> str:
    """One N-Triples line (or an N-Quads line when ``graph`` is given), newline included.

    IRIs are written as they are: every IRI pidrdf emits is already a valid, escaped IRI.
    """
    s, p, o = triple
    end = " .\n" if graph is None else f" <{graph}> .\n"
    return f"<{s}> <{p}> {object_text(o)}{end}"


def ntriples_lines(triples: Iterable[Triple], end: str, out: list[str]) -> None:
    """Append the lines of ``triples`` to ``out``; ``end`` closes each line (`` .\n`` for
    N-Triples, `` <g> .\n`` for N-Quads).

    The hot loop of every stream: IRI objects and plain string literals without anything
    to escape take the inline path, everything else :func:`object_text`.
    """
    append = out.append
    for s, p, o in triples:
        if type(o) is str:
            append(f"<{s}> <{p}> <{o}>{end}")
            continue
        value, datatype, language = o  # type: ignore[str-unpack]
        if (
            datatype is None
            and language is None
            and '"' not in value
            and "\\" not in value
            and "\n" not in value
            and "\r" not in value
        ):
            append(f'<{s}> <{p}> "{value}"{end}')
        else:
            append(f"<{s}> <{p}> {_literal(o)}{end}")  # type: ignore[arg-type]


def write_ntriples(triples: Iterable[Triple], out: TextIO, graph: str | None = None) -> int:
    """Write ``triples`` as N-Triples (N-Quads with ``graph``); return how many were written.

    A triple is formatted whole before any of it is written, so the output never holds a
    partial line of ours.
    """
    end = " .\n" if graph is None else f" <{graph}> .\n"
    chunk: list[str] = []
    count = 0
    iterator = iter(triples)
    while True:
        ntriples_lines(islice(iterator, 4096), end, chunk)
        if not chunk:
            return count
        out.write("".join(chunk))
        count += len(chunk)
        chunk.clear()


def to_rdflib(triple: Triple) -> tuple[URIRef, URIRef, Node]:
    """The rdflib terms of a plain triple."""
    s, p, o = triple
    if isinstance(o, Lit):
        obj: Node = RDFLiteral(
            o.value,
            datatype=URIRef(o.datatype) if o.datatype and not o.language else None,
            lang=o.language,
        )
    else:
        obj = URIRef(o)
    return URIRef(s), URIRef(p), obj


def new_graph() -> Graph:
    """An empty graph that binds no prefix until :func:`bind_used_prefixes` says so."""
    return Graph(bind_namespaces="none")


def add_to_graph(graph: Graph, triples: Iterable[Triple]) -> Graph:
    """Add plain triples to ``graph`` and bind the standard prefixes they use."""
    used: set[str] = set()
    add = graph.add
    for triple in triples:
        terms = to_rdflib(triple)
        add(terms)
        used.add(triple[1])
        obj = triple[2]
        if isinstance(obj, Lit):
            if obj.datatype is not None:
                used.add(obj.datatype)  # so that xsd:date is written with its prefix
        else:
            used.add(obj)
    bind_used_prefixes(graph, used)
    return graph


def bind_used_prefixes(graph: Graph, iris: Iterable[str]) -> None:
    """Bind each standard prefix whose namespace one of ``iris`` starts with."""
    wanted = set()
    for iri in iris:
        for prefix, namespace in PREFIXES.items():
            if iri.startswith(namespace):
                wanted.add(prefix)
    for prefix in sorted(wanted):
        graph.bind(prefix, PREFIXES[prefix], override=True, replace=True)


def serialize(graph: Graph, fmt: str) -> str:
    """Serialize ``graph`` in one of :data:`FORMATS` (JSON-LD compacted with pidrdf's context)."""
    if fmt == "jsonld":
        from pidrdf.rdf.jsonld import graph_to_jsonld

        return json.dumps(graph_to_jsonld(graph), indent=2, ensure_ascii=False) + "\n"
    try:
        name = FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; expected one of {sorted(FORMATS)}") from None
    try:
        text: Any = graph.serialize(format=name)
    except Exception as exc:  # rdflib's serializers raise assorted types for what they can't
        raise SerializationError(f"cannot write this graph as {fmt}: {exc}") from exc
    return str(text)


class SerializationError(ValueError):
    """A graph that a format cannot express, e.g. RDF/XML and a predicate IRI that cannot be
    split into a namespace and an XML name (``http://example.org/1``)."""
