"""One way to run a SPARQL query on an rdflib Graph, a pyoxigraph Store or an endpoint URL.

Each engine has its own result objects; :func:`run_query` turns them into the same plain rows
(an IRI is a ``str``, a literal a :class:`~pidrdf.rdf.terms.Lit`, a blank node ``"_:id"``, an
unbound variable ``None``), so results from different engines compare with ``==``.

Endpoints are spoken to with the SPARQL 1.1 Protocol (an HTML-form ``POST`` of the query,
``application/sparql-results+json`` back) through the standard library only. pidrdf opens a
connection only to the URL it is given (DESIGN §9).
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import pyoxigraph as ox
from rdflib import Graph
from rdflib.term import BNode, Literal, Node, URIRef

from pidrdf.rdf.terms import XSD_STRING, Lit
from pidrdf.sparql.functions import OXIGRAPH_FUNCTIONS, rdflib_functions

__all__ = ["EndpointError", "QueryResult", "Source", "Term", "run_query"]

#: A value in a result row.
Term: TypeAlias = "str | Lit"
#: What :func:`run_query` runs on.
Source: TypeAlias = "Graph | ox.Store | str"

_RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
_RESULTS_JSON = "application/sparql-results+json"


class EndpointError(RuntimeError):
    """A SPARQL endpoint could not be reached or did not answer with SPARQL JSON results."""


@dataclass(frozen=True, slots=True)
class QueryResult:
    """The answer to a ``SELECT`` (``variables`` and ``rows``) or an ``ASK`` (``boolean``)."""

    variables: tuple[str, ...] = ()
    rows: list[tuple[Term | None, ...]] = field(default_factory=list)
    boolean: bool | None = None

    def __iter__(self) -> Iterator[tuple[Term | None, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def column(self, name: str | int = 0) -> list[Term | None]:
        """The values of one variable (by name or position), in row order."""
        index = name if isinstance(name, int) else self.variables.index(name.lstrip("?$"))
        return [row[index] for row in self.rows]


def _lit(value: str, datatype: str | None, language: str | None) -> Lit:
    if language:
        return Lit(value, None, language)
    return Lit(value, None if datatype in (None, XSD_STRING, _RDF_LANG_STRING) else datatype)


# ------------------------------------------------------------------ rdflib


def _from_rdflib(term: Node | None) -> Term | None:
    if term is None:
        return None
    if isinstance(term, URIRef):
        return str(term)
    if isinstance(term, Literal):
        return _lit(str(term), None if term.datatype is None else str(term.datatype), term.language)
    if isinstance(term, BNode):
        return f"_:{term}"
    return str(term)


def _run_rdflib(graph: Graph, query: str, functions: bool) -> QueryResult:
    if functions:
        with rdflib_functions():
            return _rdflib_result(graph.query(query))
    return _rdflib_result(graph.query(query))


def _rdflib_result(result: Any) -> QueryResult:
    if result.type == "ASK":
        return QueryResult(boolean=bool(result.askAnswer))
    if result.type != "SELECT":
        raise ValueError("run_query runs SELECT and ASK queries only")
    variables = tuple(str(v) for v in result.vars or ())
    rows = [tuple(_from_rdflib(term) for term in row) for row in result]
    return QueryResult(variables, rows)


# ------------------------------------------------------------------ pyoxigraph


def _from_oxigraph(term: Any) -> Term | None:
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return term.value
    if isinstance(term, ox.Literal):
        return _lit(term.value, term.datatype.value, term.language)
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    return str(term)


def _run_oxigraph(store: ox.Store, query: str, functions: bool) -> QueryResult:
    result = store.query(query, custom_functions=OXIGRAPH_FUNCTIONS if functions else None)
    if isinstance(result, ox.QueryBoolean):
        return QueryResult(boolean=bool(result))
    if not isinstance(result, ox.QuerySolutions):
        raise ValueError("run_query runs SELECT and ASK queries only")
    variables = tuple(v.value for v in result.variables)
    rows = [tuple(_from_oxigraph(term) for term in solution) for solution in result]
    return QueryResult(variables, rows)


# ------------------------------------------------------------------ endpoints


def _from_json(binding: dict[str, Any] | None) -> Term | None:
    if binding is None:
        return None
    kind = binding.get("type")
    value = str(binding.get("value", ""))
    if kind == "uri":
        return value
    if kind in ("literal", "typed-literal"):
        return _lit(value, binding.get("datatype"), binding.get("xml:lang"))
    if kind == "bnode":
        return f"_:{value}"
    raise EndpointError(f"unexpected term in the endpoint's results: {binding!r}")


def _reason(exc: BaseException) -> str:
    """The exception's message, or its type's name when it has none."""
    return str(exc) or type(exc).__name__


def query_endpoint(url: str, query: str, timeout: float = 30.0) -> QueryResult:
    """Run ``query`` at a SPARQL 1.1 endpoint and read its JSON results.

    Every failure, a malformed URL included, raises :class:`EndpointError`.
    """
    body = urllib.parse.urlencode({"query": query}).encode("utf-8")
    try:
        request = urllib.request.Request(
            url,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/x-www-form-urlencoded; charset=utf-8",
                "Accept": _RESULTS_JSON,
            },
        )
    except ValueError as exc:  # urllib checks the URL's syntax here ("Invalid IPv6 URL", ...)
        raise EndpointError(f"invalid endpoint URL {url!r}: {_reason(exc)}") from None
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            payload = json.load(response)
    except urllib.error.HTTPError as exc:
        try:
            detail = exc.read(500).decode("utf-8", "replace").strip()
        except (OSError, http.client.HTTPException):
            detail = ""
        raise EndpointError(
            f"{url} answered HTTP {exc.code} {exc.reason}" + (f": {detail}" if detail else "")
        ) from None
    except urllib.error.URLError as exc:
        raise EndpointError(f"cannot reach {url}: {exc.reason}") from None
    except http.client.InvalidURL as exc:  # a bad port or a control character in the URL
        raise EndpointError(f"invalid endpoint URL {url!r}: {_reason(exc)}") from None
    except UnicodeError as exc:  # a host name IDNA cannot encode
        raise EndpointError(f"invalid endpoint URL {url!r}: {_reason(exc)}") from None
    except (OSError, ValueError, http.client.HTTPException) as exc:
        raise EndpointError(f"no SPARQL JSON results from {url}: {_reason(exc)}") from None
    if not isinstance(payload, dict):
        raise EndpointError(f"no SPARQL JSON results from {url}")
    if "boolean" in payload:
        return QueryResult(boolean=bool(payload["boolean"]))
    try:
        variables = tuple(str(v) for v in payload["head"]["vars"])
        bindings = payload["results"]["bindings"]
        rows = [tuple(_from_json(b.get(v)) for v in variables) for b in bindings]
    except (KeyError, TypeError, AttributeError) as exc:
        raise EndpointError(f"malformed SPARQL JSON results from {url}: {exc}") from None
    return QueryResult(variables, rows)


def _is_endpoint(source: object) -> bool:
    return isinstance(source, str) and source[:8].lower().startswith(("http://", "https://"))


# ------------------------------------------------------------------ dispatch


def run_query(
    source: Source, query: str, *, functions: bool = False, timeout: float = 30.0
) -> QueryResult:
    """Run a ``SELECT`` or ``ASK`` query on ``source`` and return engine-neutral rows.

    ``source`` is an rdflib ``Graph`` (or ``Dataset``), a ``pyoxigraph.Store`` or the URL
    of a SPARQL 1.1 query endpoint. ``functions=True`` makes the ``pidrdf:auth…`` extension
    functions available (rdflib and pyoxigraph only: an endpoint runs its own functions).
    ``timeout`` (seconds) applies to endpoints.
    """
    if isinstance(source, Graph):
        return _run_rdflib(source, query, functions)
    if isinstance(source, ox.Store):
        return _run_oxigraph(source, query, functions)
    if _is_endpoint(source):
        if functions:
            raise ValueError(
                "pidrdf's extension functions run in rdflib and pyoxigraph, not at an endpoint; "
                "use auth_match_query, which needs none"
            )
        return query_endpoint(str(source), query, timeout)
    raise TypeError(
        f"cannot run a query on {source!r}: expected an rdflib Graph, a pyoxigraph Store "
        "or an http(s) endpoint URL"
    )
