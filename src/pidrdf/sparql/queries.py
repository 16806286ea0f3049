"""SPARQL 1.1 text for the ``auth:`` matching rules (DESIGN §5, §7).

The generated text uses one triple pattern on the materialized ``pidrdf:inScopeOf`` (the scope:
same level or below, already compared level by level when the data was mapped) and FILTERs on
the ``xsd:date`` day bounds ``schema:validFrom`` / ``schema:validThrough`` (the period rules).
No property path, no extension function, no ``xsd:gYear`` comparison: the same text gives the
same answer on rdflib, Oxigraph and any SPARQL 1.1 endpoint, and :func:`pidrdf.matches` is the
oracle it is tested against.

Only full IRIs are written, so a pattern can be pasted into a query with any prefixes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

from pidrdf.identifiers.auth import AuthURI, UndatedTargets, parse_auth
from pidrdf.rdf.terms import XSD_DATE
from pidrdf.rdf.vocab import NAMESPACE, SCHEMA_VALID_FROM, SCHEMA_VALID_THROUGH

__all__ = [
    "DCTERMS_CREATOR",
    "DEFAULT_ATTRIBUTIONS",
    "PROV_WAS_ATTRIBUTED_TO",
    "assertions_query",
    "auth_match_pattern",
    "auth_match_query",
]

IN_SCOPE_OF = NAMESPACE + "inScopeOf"
DCTERMS_CREATOR = "http://purl.org/dc/terms/creator"
PROV_WAS_ATTRIBUTED_TO = "http://www.w3.org/ns/prov#wasAttributedTo"
#: The predicates that attribute a resource to an authority, by default.
DEFAULT_ATTRIBUTIONS = (DCTERMS_CREATOR, PROV_WAS_ATTRIBUTED_TO)

_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# characters an IRI written between <> may not contain (SPARQL IRIREF)
_NOT_IN_IRIREF = re.compile(r'[\x00-\x20<>"{}|^`\\]')


def _query_value(query: str | AuthURI) -> AuthURI:
    if isinstance(query, AuthURI):
        return query
    if isinstance(query, str):
        return parse_auth(query)
    raise TypeError(f"the query must be an auth: URI string or an AuthURI, not {query!r}")


def _variable(name: str) -> str:
    bare = name[1:] if name[:1] in ("?", "$") else name
    if _VARIABLE.fullmatch(bare) is None:
        raise ValueError(f"{name!r} is not a SPARQL variable name")
    return bare


def _iri(iri: str) -> str:
    if not iri or _NOT_IN_IRIREF.search(iri):
        raise ValueError(f"{iri!r} cannot be written as a SPARQL IRI")
    return f"<{iri}>"


def _day(day: date) -> str:
    return f'"{day.isoformat()}"^^<{XSD_DATE}>'


def _check_option(undated_targets: str) -> None:
    if undated_targets not in ("exclude", "include"):
        raise ValueError(
            f"undated_targets must be 'exclude' or 'include', not {undated_targets!r}"
        )


def auth_match_pattern(
    query: str | AuthURI,
    var: str = "target",
    undated_targets: UndatedTargets | str = "exclude",
) -> str:
    """A group graph pattern binding ``?var`` to every node the ``auth:`` query matches.

    Embed it in your own query, e.g. ``SELECT ?doc WHERE { ?doc dcterms:creator ?target .
    PATTERN }``. Besides ``?var`` it uses the variables ``?{var}_validFrom`` and
    ``?{var}_validThrough``. The targets are the nodes the data describes with pidrdf's
    mapping (``pidrdf map``, :func:`pidrdf.to_graph`, :func:`pidrdf.enrich`), implied
    superordinates included.
    """
    _check_option(undated_targets)
    q = _query_value(query)
    v = _variable(var)
    lines = [f"?{v} <{IN_SCOPE_OF}> {_iri(q.undated().uri)} ."]
    if q.start is not None:
        valid_from, valid_through = f"?{v}_validFrom", f"?{v}_validThrough"
        first = _day(q.start.first())
        if q.end is None:
            # ;S  -> first(S') >= first(S), and first(S) <= last(E') when the target has E'
            period = (
                f"{valid_from} >= {first} && "
                f"(!BOUND({valid_through}) || {valid_through} >= {first})"
            )
        else:
            # ;S:E -> first(S) <= first(S') <= last(E), and last(E') <= last(E) when it has E'
            last = _day(q.end.last())
            period = (
                f"{valid_from} >= {first} && {valid_from} <= {last} && "
                f"(!BOUND({valid_through}) || {valid_through} <= {last})"
            )
        if undated_targets == "include":
            lines.append(f"OPTIONAL {{ ?{v} <{SCHEMA_VALID_FROM}> {valid_from} }}")
            lines.append(f"OPTIONAL {{ ?{v} <{SCHEMA_VALID_THROUGH}> {valid_through} }}")
            lines.append(f"FILTER(!BOUND({valid_from}) || ({period}))")
        else:
            # only dated targets: a plain join on validFrom, which engines run faster
            lines.append(f"?{v} <{SCHEMA_VALID_FROM}> {valid_from} .")
            lines.append(f"OPTIONAL {{ ?{v} <{SCHEMA_VALID_THROUGH}> {valid_through} }}")
            lines.append(f"FILTER({period})")
    return "{\n  " + "\n  ".join(lines) + "\n}"


def auth_match_query(
    query: str | AuthURI,
    undated_targets: UndatedTargets | str = "exclude",
    target_var: str = "target",
) -> str:
    """SPARQL 1.1 ``SELECT`` text whose only projected variable is the matching target.

    >>> print(auth_match_query("auth://abc.com/sales;2001"))  # doctest: +SKIP
    """
    q = _query_value(query)
    v = _variable(target_var)
    pattern = auth_match_pattern(q, v, undated_targets)
    undated = "included" if undated_targets == "include" else "excluded"
    return (
        f"# pidrdf: the targets that {q} matches (undated targets {undated})\n"
        f"SELECT DISTINCT ?{v} WHERE {pattern}\n"
    )


def assertions_query(
    query: str | AuthURI,
    predicate: str | Iterable[str] = DEFAULT_ATTRIBUTIONS,
    undated_targets: UndatedTargets | str = "exclude",
) -> str:
    """``SELECT ?assertion ?predicate ?authority``: what is attributed to a matching authority.

    The draft's own use case: with ``dcterms:creator`` (or ``prov:wasAttributedTo``, …)
    pointing from resources to dated ``auth:`` URIs, ``auth://abc.com/sales;2001`` selects
    what abc.com's sales department, or anything below it, asserted from 2001 on.
    """
    predicates = [predicate] if isinstance(predicate, str) else list(predicate)
    if not predicates:
        raise ValueError("at least one predicate is needed")
    values = " ".join(_iri(p) for p in predicates)
    pattern = auth_match_pattern(query, "authority", undated_targets).replace("\n", "\n  ")
    return (
        "SELECT DISTINCT ?assertion ?predicate ?authority WHERE {\n"
        f"  VALUES ?predicate {{ {values} }}\n"
        "  ?assertion ?predicate ?authority .\n"
        f"  {pattern}\n"
        "}\n"
    )
