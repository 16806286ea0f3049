"""The RDF layer: identifier values to triples, graphs and serializations.

:func:`triples` and :func:`to_graph` are the convenient rdflib face; the mapping underneath
(:func:`pidrdf.rdf.mapping.triples_of`) yields plain terms that the streaming writers format
directly, which is what ``pidrdf map --to nt`` uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rdflib import Graph
from rdflib.term import Node, URIRef

from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.detect import parse
from pidrdf.rdf.enrich import enrich
from pidrdf.rdf.mapping import canonical_iri, triples_of, triples_of_all
from pidrdf.rdf.profile import DEFAULT_PROFILE, Profile
from pidrdf.rdf.vocab import PIDRDF
from pidrdf.rdf.writers import add_to_graph, new_graph, serialize, to_rdflib

__all__ = [
    "DEFAULT_PROFILE",
    "PIDRDF",
    "Profile",
    "canonical_iri",
    "enrich",
    "serialize",
    "to_graph",
    "triples",
    "triples_of",
    "triples_of_all",
]


def _value(item: Identifier | str, profile: Profile) -> Identifier:
    return item if isinstance(item, Identifier) else parse(item, resolvers=profile.resolvers)


def triples(
    item: Identifier | str, profile: Profile = DEFAULT_PROFILE
) -> Iterator[tuple[URIRef, URIRef, Node]]:
    """The triples one identifier implies, as rdflib terms.

    ``item`` may be a parsed value or a string in any accepted form (parsed here, so a bad
    string raises :class:`~pidrdf.IdentifierError`).
    """
    for triple in triples_of(_value(item, profile), profile):
        yield to_rdflib(triple)


def to_graph(
    items: Iterable[Identifier | str],
    profile: Profile = DEFAULT_PROFILE,
    graph: Graph | None = None,
) -> Graph:
    """An rdflib graph with all triples implied by ``items`` (values or strings).

    The graph binds only the prefixes its triples use. Strings are parsed first, all of them,
    so a bad one raises before anything is added.
    """
    values = [_value(item, profile) for item in items]
    target = graph if graph is not None else new_graph()
    return add_to_graph(target, triples_of_all(values, profile))
