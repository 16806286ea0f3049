"""SPARQL helpers for ``auth:`` logical matching (DESIGN §7).

- :func:`auth_match_query` / :func:`auth_match_pattern`: SPARQL 1.1 text (a triple pattern on
  ``pidrdf:inScopeOf`` and FILTERs on ``xsd:date`` bounds) that runs unchanged on rdflib,
  Oxigraph and any endpoint;
- :func:`assertions_by`: what is attributed (``dcterms:creator``, ``prov:wasAttributedTo``, …)
  to the authorities an ``auth:`` query matches, the draft's own use case;
- :func:`rdflib_functions` and :data:`OXIGRAPH_FUNCTIONS`: the extension functions
  ``pidrdf:authMatches``, ``pidrdf:authInScope`` and ``pidrdf:authValidOn``;
- :func:`run_query`: one call for an rdflib Graph, a pyoxigraph Store or an endpoint URL,
  with the same rows from each.

Example::

    >>> import pidrdf
    >>> from pidrdf.sparql import auth_match_query, run_query
    >>> g = pidrdf.to_graph(["auth://abc.com/sales;2001-03", "auth://abc.com/salesforce;2001"])
    >>> sorted(run_query(g, auth_match_query("auth://abc.com/sales;2001")).column())
    ['auth://abc.com/sales;2001-03']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from pidrdf.identifiers.auth import AuthURI, UndatedTargets
from pidrdf.sparql.functions import (
    AUTH_IN_SCOPE,
    AUTH_MATCHES,
    AUTH_VALID_ON,
    OXIGRAPH_FUNCTIONS,
    rdflib_functions,
)
from pidrdf.sparql.queries import (
    DCTERMS_CREATOR,
    DEFAULT_ATTRIBUTIONS,
    PROV_WAS_ATTRIBUTED_TO,
    assertions_query,
    auth_match_pattern,
    auth_match_query,
)
from pidrdf.sparql.runner import (
    EndpointError,
    QueryResult,
    Source,
    Term,
    query_endpoint,
    run_query,
)

__all__ = [
    "AUTH_IN_SCOPE",
    "AUTH_MATCHES",
    "AUTH_VALID_ON",
    "DCTERMS_CREATOR",
    "DEFAULT_ATTRIBUTIONS",
    "OXIGRAPH_FUNCTIONS",
    "PROV_WAS_ATTRIBUTED_TO",
    "Assertion",
    "EndpointError",
    "QueryResult",
    "Source",
    "Term",
    "assertions_by",
    "assertions_query",
    "auth_match_pattern",
    "auth_match_query",
    "query_endpoint",
    "rdflib_functions",
    "run_query",
]


class Assertion(NamedTuple):
    """A resource, the predicate attributing it, and the matching ``auth:`` authority."""

    assertion: Term
    predicate: str
    authority: str


def assertions_by(
    source: Source,
    query: str | AuthURI,
    predicate: str | Iterable[str] = DEFAULT_ATTRIBUTIONS,
    undated_targets: UndatedTargets | str = "exclude",
    *,
    timeout: float = 30.0,
) -> list[Assertion]:
    """The resources attributed, through ``predicate``, to an authority ``query`` matches.

    With ``<report> dcterms:creator <auth://abc.com/sales/europe;2001-03>`` in the data (and
    that authority mapped, e.g. by :func:`pidrdf.enrich`), ``assertions_by(graph,
    "auth://abc.com/sales;2001")`` finds the report: Europe is below sales, and March 2001 is
    in the period from 2001 on. Sorted by assertion, predicate and authority.
    """
    text = assertions_query(query, predicate, undated_targets)
    rows = run_query(source, text, timeout=timeout).rows
    found = {
        Assertion(row[0], str(row[1]), str(row[2]))
        for row in rows
        if row[0] is not None and row[1] is not None and row[2] is not None
    }
    return sorted(found, key=lambda a: (str(a.assertion), a.predicate, a.authority))
