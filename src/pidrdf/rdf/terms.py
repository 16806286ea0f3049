"""Plain RDF terms: what the mapping yields and the writers format.

The mapping is the hot path, so it does not build rdflib objects. An IRI is a plain ``str``;
a literal is a :class:`Lit` tuple. A triple is ``(subject IRI, predicate IRI, object)``.
Blank nodes are never produced: every node pidrdf describes has an IRI.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

__all__ = ["XSD_BOOLEAN", "XSD_DATE", "XSD_STRING", "Lit", "Object", "Triple", "plain_literal"]

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
XSD_DATE = "http://www.w3.org/2001/XMLSchema#date"
XSD_BOOLEAN = "http://www.w3.org/2001/XMLSchema#boolean"


class Lit(NamedTuple):
    """A literal: its lexical form, an optional datatype IRI and an optional language tag.

    ``datatype=None`` and ``language=None`` mean ``xsd:string``.
    """

    value: str
    datatype: str | None = None
    language: str | None = None


_new_tuple = tuple.__new__


def plain_literal(value: str) -> Lit:
    """``Lit(value)`` for an ``xsd:string``, built without the NamedTuple constructor's
    Python-level ``__new__`` (the mapping makes millions of these)."""
    return _new_tuple(Lit, (value, None, None))


Object: TypeAlias = "str | Lit"
Triple: TypeAlias = "tuple[str, str, str | Lit]"
