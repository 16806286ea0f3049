"""Adding the implied triples of identifier IRIs that a graph already holds.

A user's graph (a RELS-EXT dump, a catalogue export, …) names objects by IRIs such as
``https://doi.org/10.1000/182``, ``hdl:1234/5`` or ``info:fedora/demo:1``. :func:`enrich` finds
every subject or object IRI written in one of pidrdf's URI forms, maps it, adds the triples,
and (unless the profile turns ``owl:sameAs`` off) links an IRI that is not already canonical
to its canonical IRI with ``owl:sameAs``. An
IRI that looks like an identifier but is malformed is reported through ``on_error`` and left
alone; the rest of the graph is still enriched.
"""

from __future__ import annotations

from collections.abc import Callable

from rdflib import Graph
from rdflib.term import URIRef

from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.detect import parse
from pidrdf.identifiers.errors import IdentifierError
from pidrdf.identifiers.handle import is_handle_url
from pidrdf.rdf.mapping import canonical_iri, triples_of_all
from pidrdf.rdf.profile import DEFAULT_PROFILE, Profile
from pidrdf.rdf.terms import Triple
from pidrdf.rdf.vocab import NAMESPACE, OWL_SAME_AS
from pidrdf.rdf.writers import add_to_graph

__all__ = ["ErrorCallback", "enrich", "identifier_iris"]

ErrorCallback = Callable[[str, IdentifierError], None]

_IN_SCOPE_OF = URIRef(NAMESPACE + "inScopeOf")
_SAME_AS = URIRef(OWL_SAME_AS)
_URI_FORMS = (
    "hdl:",
    "doi:",
    "info:hdl/",
    "info:doi/",
    "info:fedora/",
    "urn:hdl:",
    "urn:doi:",
    "auth:",
)
# Fedora's own vocabulary lives under info:fedora/ but names no object or dissemination.
_NOT_IDENTIFIERS = ("info:fedora/fedora-system:def/",)


def _is_candidate(iri: str, profile: Profile) -> bool:
    if "#" in iri:
        # a fragment names a part of something (a Fedora parameter node, a section of a
        # DOI's landing page), not the identified thing itself
        return False
    head = iri[:16].lower()
    if head.startswith(_URI_FORMS):
        return not iri.startswith(_NOT_IDENTIFIERS)
    if head.startswith(("http://", "https://")):
        return is_handle_url(iri, profile.resolvers)
    return False


def identifier_iris(graph: Graph, profile: Profile = DEFAULT_PROFILE) -> list[str]:
    """The subject and object IRIs of ``graph`` written in an identifier URI form that pidrdf
    has not described yet (no ``pidrdf:inScopeOf`` of their own, not an ``owl:sameAs`` form of
    a node that has one), sorted.

    Skipping described nodes makes :func:`enrich` idempotent and keeps it from re-reading
    what pidrdf emitted (a naming authority's IRI is not a handle someone cited).
    """
    found: set[str] = set()
    for s, _, o, *_ in graph:  # a Dataset yields quads
        for node in (s, o):
            if isinstance(node, URIRef) and _is_candidate(str(node), profile):
                found.add(str(node))
    return sorted(iri for iri in found if not _described(graph, URIRef(iri)))


def _described(graph: Graph, node: URIRef) -> bool:
    """Whether pidrdf already described ``node``, itself or as another form of a node."""
    if (node, _IN_SCOPE_OF, None) in graph:
        return True
    return any(
        (same, _IN_SCOPE_OF, None) in graph for same in graph.subjects(_SAME_AS, node)
    )


def enrich(
    graph: Graph,
    *,
    profile: Profile = DEFAULT_PROFILE,
    on_error: ErrorCallback | None = None,
) -> Graph:
    """Add to ``graph`` the triples implied by every identifier IRI in it; return ``graph``.

    Malformed identifier IRIs go to ``on_error(iri, error)``; without a callback they are
    collected and raised together as one :class:`~pidrdf.IdentifierError` at the end, after
    the well-formed ones were added, so nothing is dropped silently.
    """
    errors: list[tuple[str, IdentifierError]] = []
    values: list[Identifier] = []
    links: list[Triple] = []
    for iri in identifier_iris(graph, profile):
        try:
            value = parse(iri, resolvers=profile.resolvers)
        except IdentifierError as error:
            if on_error is None:
                errors.append((iri, error))
            else:
                on_error(iri, error)
            continue
        values.append(value)
        canonical = canonical_iri(value, profile)
        if canonical != iri and profile.same_as:
            links.append((canonical, OWL_SAME_AS, iri))
    add_to_graph(graph, [*triples_of_all(values, profile), *links])
    if errors:
        first_iri, first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise type(first)(
            first_iri, f"{first.reason}{more}; pass on_error to collect them", first.position
        )
    return graph
