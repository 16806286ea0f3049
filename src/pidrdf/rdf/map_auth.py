"""``auth:`` URIs to triples (DESIGN §5, §6).

For ``auth://abc.com/sales;2001-03:2001-05`` the mapping says:

- what each node is: every ``auth:`` node is a ``pidrdf:Authority``, a dated one also a
  ``pidrdf:DatedAuthority``; each has its ``dcterms:identifier`` (the URI in the draft's
  notation);
- the hierarchy: ``dcterms:isPartOf`` from each level to the level above, and the materialized
  ``pidrdf:inScopeOf`` (an undated URI: itself and every superordinate; a dated URI: itself,
  its undated URI and every superordinate), so queries need no property path;
- the period: ``prov:specializationOf`` the undated URI, ``schema:validFrom`` and
  ``schema:validThrough`` as ``xsd:date`` day bounds (what SPARQL compares), and
  ``dcterms:valid`` as a DCMI Period literal that keeps the precision as written
  (``start=2001-03; end=2001-05; scheme=W3C-DTF``).

The implied nodes (the undated URI of a dated one, the superordinates) are described too,
once per output thanks to ``seen``.
"""

from __future__ import annotations

from collections.abc import Iterator

from pidrdf.identifiers.auth import AuthURI
from pidrdf.rdf.profile import Profile
from pidrdf.rdf.terms import XSD_DATE, Lit, Triple
from pidrdf.rdf.vocab import (
    DCTERMS_IDENTIFIER,
    DCTERMS_IS_PART_OF,
    DCTERMS_PERIOD,
    DCTERMS_VALID,
    NAMESPACE,
    PROV_SPECIALIZATION_OF,
    RDF_TYPE,
    SCHEMA_VALID_FROM,
    SCHEMA_VALID_THROUGH,
)

__all__ = ["AUTHORITY", "DATED_AUTHORITY", "IN_SCOPE_OF", "auth_triples", "dcmi_period"]

AUTHORITY = NAMESPACE + "Authority"
DATED_AUTHORITY = NAMESPACE + "DatedAuthority"
IN_SCOPE_OF = NAMESPACE + "inScopeOf"


def dcmi_period(value: AuthURI) -> str | None:
    """The DCMI Period encoding of ``value``'s dates, or ``None`` when it is undated.

    W3C-DTF has exactly the draft's three precisions, so the literal is lossless:
    ``start=2001; scheme=W3C-DTF`` (open-ended) or ``start=2001-03; end=2001-05;
    scheme=W3C-DTF``.
    """
    if value.start is None:
        return None
    end = "" if value.end is None else f" end={value.end};"
    return f"start={value.start};{end} scheme=W3C-DTF"


def _node(iri: str, value: AuthURI, scopes: list[str], parent: str | None) -> Iterator[Triple]:
    """The triples every ``auth:`` node has: type, identifier, hierarchy."""
    yield iri, RDF_TYPE, AUTHORITY
    yield iri, DCTERMS_IDENTIFIER, Lit(str(value))
    for scope in scopes:
        yield iri, IN_SCOPE_OF, scope
    if parent is not None:
        yield iri, DCTERMS_IS_PART_OF, parent


def auth_triples(
    value: AuthURI, profile: Profile, seen: set[str] | None = None
) -> Iterator[Triple]:
    """All triples ``value`` implies; implied nodes already in ``seen`` are skipped.

    ``profile`` has no ``auth:`` option that changes the triples: the IRI is always the
    canonical one of DESIGN §5.
    """
    iri = value.uri
    above = value.superordinates()
    above_iris = [a.uri for a in above]
    parent = above_iris[0] if above_iris else None
    if value.start is None:
        yield from _node(iri, value, [iri, *above_iris], parent)
        if seen is not None:
            seen.add(iri)
        implied: list[tuple[AuthURI, str]] = []
    else:
        undated = value.undated()
        undated_iri = undated.uri
        yield from _node(iri, value, [iri, undated_iri, *above_iris], parent)
        yield iri, RDF_TYPE, DATED_AUTHORITY
        yield iri, PROV_SPECIALIZATION_OF, undated_iri
        yield iri, SCHEMA_VALID_FROM, Lit(value.start.first().isoformat(), XSD_DATE)
        if value.end is not None:
            yield iri, SCHEMA_VALID_THROUGH, Lit(value.end.last().isoformat(), XSD_DATE)
        yield iri, DCTERMS_VALID, Lit(dcmi_period(value) or "", DCTERMS_PERIOD)
        implied = [(undated, undated_iri)]
    implied.extend(zip(above, above_iris, strict=True))
    # each implied node is undated; its scopes are itself and the superordinates above it
    for n, (node, node_iri) in enumerate(implied):
        if seen is not None:
            if node_iri in seen:
                # described earlier in this output, and with it everything above it
                break
            seen.add(node_iri)
        rest = n if value.start is not None else n + 1
        node_above = above_iris[rest:]
        yield from _node(
            node_iri, node, [node_iri, *node_above], node_above[0] if node_above else None
        )
