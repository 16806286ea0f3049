"""Handles and DOIs to triples (DESIGN §3, §6).

For a handle X under prefix P the mapping says what X is (type, identifier, prefix, local
name), who administers it (``pidrdf:namingAuthority`` → the prefix handle ``0.NA/P``), the
chain of derived prefixes above it (``dcterms:isPartOf``), everything X is in the scope of
(``pidrdf:inScopeOf``, materialized) and, as a profile option, the other URI forms of X
(``owl:sameAs``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from pidrdf.identifiers.handle import Handle, iri_forms
from pidrdf.rdf.profile import Profile
from pidrdf.rdf.terms import Triple, plain_literal
from pidrdf.rdf.vocab import (
    DCTERMS_IDENTIFIER,
    DCTERMS_IS_PART_OF,
    NAMESPACE,
    OWL_SAME_AS,
    RDF_TYPE,
)

__all__ = ["handle_iri", "handle_triples"]

_HANDLE = NAMESPACE + "Handle"
_DOI = NAMESPACE + "DOI"
_NAMING_AUTHORITY_CLASS = NAMESPACE + "NamingAuthority"
_PREFIX = NAMESPACE + "prefix"
_LOCAL_NAME = NAMESPACE + "localName"
_NAMING_AUTHORITY = NAMESPACE + "namingAuthority"
_IN_SCOPE_OF = NAMESPACE + "inScopeOf"

class _Forms(NamedTuple):
    """Every IRI form of one handle, computed from one encoding of its parts."""

    parts: tuple[str, str]
    canonical: str
    others: tuple[str, ...]


def _forms(value: Handle, profile: Profile) -> _Forms:
    """The canonical IRI of ``value`` under ``profile`` and its other URI forms.

    Folds the parts once and encodes them once (:func:`~pidrdf.identifiers.handle.iri_forms`):
    this runs for every identifier of a stream.
    """
    parts = value.folded() if profile.fold_case else (value.prefix, value.local_name)
    is_doi = value.kind == "doi"
    https, hdl, info = iri_forms(*parts, is_doi, profile.doi_resolver, profile.handle_resolver)
    by_form = {"https": https, "hdl": hdl, "info": info}
    canonical = by_form.pop(profile.handle_form)
    others = tuple(by_form.values())
    if is_doi and profile.handle_form == "https":
        # a DOI also resolves at the handle proxy; that URL names the same DOI
        others += (profile.handle_resolver + https[len(profile.doi_resolver) :],)
    return _Forms(parts, canonical, others)


def handle_iri(value: Handle, profile: Profile) -> str:
    """The IRI of ``value`` under ``profile``."""
    return _forms(value, profile).canonical


def _describe(value: Handle, forms: _Forms, profile: Profile) -> list[Triple]:
    """Identifier, prefix, local name and (as the profile says) the other URI forms."""
    prefix, local = forms.parts
    iri = forms.canonical
    triples: list[Triple] = [
        (iri, DCTERMS_IDENTIFIER, plain_literal(f"{prefix}/{local}")),
        (iri, _PREFIX, plain_literal(prefix)),
        (iri, _LOCAL_NAME, plain_literal(local)),
    ]
    if profile.same_as:
        triples.extend([(iri, OWL_SAME_AS, other) for other in forms.others])
    return triples


_Authorities = tuple[tuple[str, ...], tuple[tuple[Triple, ...], ...]]


@lru_cache(maxsize=4096)
def _authorities(prefix: str, profile: Profile) -> _Authorities:
    """The IRIs of the naming authorities over ``prefix`` (nearest first) and the triples
    describing each one. Cached: a stream meets the same few prefixes again and again."""
    authorities = Handle(prefix, "-").naming_authorities()
    all_forms = [_forms(a, profile) for a in authorities]
    iris = tuple(forms.canonical for forms in all_forms)
    described = []
    for n, (authority, forms) in enumerate(zip(authorities, all_forms, strict=True)):
        node: list[Triple] = [(iris[n], RDF_TYPE, _NAMING_AUTHORITY_CLASS)]
        node.extend(_describe(authority, forms, profile))
        node.extend((iris[n], _IN_SCOPE_OF, above) for above in iris[n:])
        if n + 1 < len(iris):
            node.append((iris[n], DCTERMS_IS_PART_OF, iris[n + 1]))
        described.append(tuple(node))
    return iris, tuple(described)


def handle_triples(
    value: Handle, profile: Profile, seen: set[str] | None = None
) -> Iterator[Triple]:
    """All triples ``value`` implies; naming authorities already in ``seen`` are skipped.

    Builds a list rather than yielding triple by triple: this runs once per identifier of
    a stream, and a list of ten tuples is cheaper than ten generator resumptions.
    """
    forms = _forms(value, profile)
    iri = forms.canonical
    authority_iris, authority_triples = _authorities(value.prefix, profile)
    triples = _describe(value, forms, profile)
    triples.append((iri, RDF_TYPE, _DOI if value.kind == "doi" else _HANDLE))
    triples.append((iri, _NAMING_AUTHORITY, authority_iris[0]))
    triples.append((iri, _IN_SCOPE_OF, iri))
    triples.extend([(iri, _IN_SCOPE_OF, authority_iri) for authority_iri in authority_iris])
    for authority_iri, described in zip(authority_iris, authority_triples, strict=True):
        if seen is not None:
            if authority_iri in seen:
                continue
            seen.add(authority_iri)
        triples.extend(described)
    return iter(triples)
