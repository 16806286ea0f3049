"""SPARQL extension functions for ad-hoc ``auth:`` queries (DESIGN §7).

========================================  ==============================================
``pidrdf:authMatches(q, t [, include])``  :func:`pidrdf.matches` (``include``: boolean
                                          ``true`` or the string ``"include"`` lets a dated
                                          query match undated targets)
``pidrdf:authInScope(a, b)``              ``a pidrdf:inScopeOf b``: ``b`` is ``a``, or ``b``
                                          is undated and ``a`` is at its level or below
``pidrdf:authValidOn(a, day)``            ``day`` (``xsd:date``, ``xsd:dateTime`` or a
                                          ``YYYY-MM-DD`` string) lies in ``a``'s period
========================================  ==============================================

``auth:`` arguments are IRIs or plain string literals. A bad argument is a SPARQL error (a
FILTER is then false), never a Python exception.

For rdflib, functions are registered globally, so :func:`rdflib_functions` registers them for
the duration of a ``with`` block and unregisters them after. For pyoxigraph, pass
:data:`OXIGRAPH_FUNCTIONS` as ``Store.query(..., custom_functions=OXIGRAPH_FUNCTIONS)``.

These functions scan whatever the query gives them; for large data the generated query of
:func:`pidrdf.sparql.auth_match_query` (an index lookup on ``pidrdf:inScopeOf``) is faster.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from functools import lru_cache

import pyoxigraph as ox
from rdflib.plugins.sparql.operators import (
    register_custom_function,
    unregister_custom_function,
)
from rdflib.plugins.sparql.sparql import SPARQLError
from rdflib.term import Literal, Node, URIRef

from pidrdf.identifiers.auth import AuthURI, matches, parse_auth
from pidrdf.identifiers.errors import IdentifierError
from pidrdf.rdf.terms import XSD_DATE, XSD_STRING
from pidrdf.rdf.vocab import PIDRDF

__all__ = [
    "AUTH_IN_SCOPE",
    "AUTH_MATCHES",
    "AUTH_VALID_ON",
    "OXIGRAPH_FUNCTIONS",
    "rdflib_functions",
]

AUTH_MATCHES = str(PIDRDF.authMatches)
AUTH_IN_SCOPE = str(PIDRDF.authInScope)
AUTH_VALID_ON = str(PIDRDF.authValidOn)

_XSD_BOOLEAN = "http://www.w3.org/2001/XMLSchema#boolean"
_XSD_DATE_TIME = "http://www.w3.org/2001/XMLSchema#dateTime"
_DAY = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})(?:Z|[+-][0-9]{2}:[0-9]{2})?")
_DATE_TIME = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})T.*")


class _ArgumentError(ValueError):
    """An argument the function cannot use; each engine turns it into its SPARQL error."""


# ------------------------------------------------------------------ engine-free core


@lru_cache(maxsize=1 << 16)
def _auth(text: str) -> AuthURI:
    try:
        return parse_auth(text)
    except IdentifierError as exc:
        raise _ArgumentError(str(exc)) from None


def _option(lexical: str, datatype: str | None) -> str:
    if datatype == _XSD_BOOLEAN:
        return "include" if lexical in ("true", "1") else "exclude"
    if datatype is None and lexical in ("include", "exclude"):
        return lexical
    raise _ArgumentError("the third argument is a boolean or 'include' / 'exclude'")


def _day(lexical: str, datatype: str | None) -> date:
    pattern = {XSD_DATE: _DAY, _XSD_DATE_TIME: _DATE_TIME, None: _DAY}.get(datatype)
    found = pattern.fullmatch(lexical) if pattern is not None else None
    if found is None or (datatype is None and len(lexical) != 10):
        raise _ArgumentError(f"{lexical!r} is not a day (xsd:date, xsd:dateTime, YYYY-MM-DD)")
    try:
        return date.fromisoformat(found.group(1))
    except ValueError:
        raise _ArgumentError(f"{lexical!r} is not a valid date") from None


#: An argument as the core functions see it: its lexical form and its datatype (``None`` for
#: an IRI or a plain string), whatever the engine.
_Parts = tuple[str, str | None]


def _text(arg: _Parts) -> str:
    text, datatype = arg
    if datatype is not None:
        raise _ArgumentError(f"an auth: URI is an IRI or a string, not a {datatype} literal")
    return text


def _matches(q: _Parts, t: _Parts, include: _Parts | None = None) -> bool:
    option = "exclude" if include is None else _option(*include)
    return matches(_auth(_text(q)), _auth(_text(t)), option)


def _in_scope(a: _Parts, b: _Parts) -> bool:
    return _auth(_text(a)).in_scope_of(_auth(_text(b)))


def _valid_on(a: _Parts, day: _Parts) -> bool:
    return _auth(_text(a)).valid_on(_day(*day))


_CORE: dict[str, Callable[..., bool]] = {
    AUTH_MATCHES: _matches,
    AUTH_IN_SCOPE: _in_scope,
    AUTH_VALID_ON: _valid_on,
}


# ------------------------------------------------------------------ rdflib


def _rdflib_parts(term: Node) -> _Parts:
    if isinstance(term, URIRef):
        return str(term), None
    if isinstance(term, Literal) and term.language is None:
        datatype = None if term.datatype in (None, URIRef(XSD_STRING)) else str(term.datatype)
        return str(term), datatype
    raise _ArgumentError(f"unexpected argument {term!r}")


def _rdflib(core: Callable[..., bool]) -> Callable[..., Literal]:
    def function(*args: Node) -> Literal:
        try:
            return Literal(core(*map(_rdflib_parts, args)))
        except _ArgumentError as exc:
            raise SPARQLError(str(exc)) from None

    return function


_RDFLIB_FUNCTIONS = {URIRef(iri): _rdflib(core) for iri, core in _CORE.items()}
_lock = threading.Lock()
_depth = 0


@contextmanager
def rdflib_functions() -> Iterator[None]:
    """Register the ``pidrdf:auth…`` functions with rdflib for the ``with`` block.

    Blocks may nest (and run in several threads): the functions stay registered until the
    outermost block ends. Raises ``ValueError`` if another function is already registered
    under one of these IRIs.
    """
    global _depth
    with _lock:
        if _depth == 0:
            done: list[URIRef] = []
            try:
                for iri, function in _RDFLIB_FUNCTIONS.items():
                    register_custom_function(iri, function)
                    done.append(iri)
            except ValueError:
                for iri in done:
                    unregister_custom_function(iri)
                raise
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                for iri in _RDFLIB_FUNCTIONS:
                    unregister_custom_function(iri)


# ------------------------------------------------------------------ pyoxigraph

_OxTerm = ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple
_OxFunction = Callable[..., _OxTerm | None]


def _ox_parts(term: _OxTerm) -> _Parts:
    if isinstance(term, ox.NamedNode):
        return term.value, None
    if isinstance(term, ox.Literal) and term.language is None:
        datatype = term.datatype.value
        return term.value, None if datatype == XSD_STRING else datatype
    raise _ArgumentError(f"unexpected argument {term!r}")


def _oxigraph(core: Callable[..., bool]) -> _OxFunction:
    def function(*args: _OxTerm) -> _OxTerm | None:
        try:
            return ox.Literal(core(*map(_ox_parts, args)))
        except (_ArgumentError, TypeError):
            # None is pyoxigraph's SPARQL error: the FILTER fails, the BIND stays unbound
            return None

    return function


#: ``custom_functions`` for ``pyoxigraph.Store.query``.
OXIGRAPH_FUNCTIONS: dict[ox.NamedNode, _OxFunction] = {
    ox.NamedNode(iri): _oxigraph(core) for iri, core in _CORE.items()
}
