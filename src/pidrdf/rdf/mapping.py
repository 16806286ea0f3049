"""Identifier values to plain triples: one mapping per scheme, dispatched by value type.

Each scheme module (``map_handle``, ``map_fedora``, ``map_auth``) exposes one generator
``(value, profile, seen) -> Iterator[Triple]``. ``seen`` is an optional set of IRIs of implied
nodes (naming authorities, superordinate authorities, …) already described in this output: a
mapping adds the IRIs it describes and skips those it finds, so a stream of a million DOIs
under one prefix does not repeat the prefix's triples a million times. Callers bound the set
(see :data:`SEEN_LIMIT`); a repeated triple is harmless, a missing one is not, so clearing it
is always safe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pidrdf.identifiers.auth import AuthURI
from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.fedora import Dissemination, FedoraPID
from pidrdf.identifiers.handle import Handle
from pidrdf.rdf.map_auth import auth_triples
from pidrdf.rdf.map_fedora import dissemination_triples, fedora_pid_triples
from pidrdf.rdf.map_handle import handle_iri, handle_triples
from pidrdf.rdf.profile import DEFAULT_PROFILE, Profile
from pidrdf.rdf.terms import Triple

__all__ = ["SEEN_LIMIT", "canonical_iri", "triples_of", "triples_of_all"]

#: How many implied-node IRIs a stream remembers before it forgets them all and starts over.
SEEN_LIMIT = 100_000

_Mapper = Callable[[Any, Profile, "set[str] | None"], Iterator[Triple]]

_MAPPERS: dict[type, _Mapper] = {
    Handle: handle_triples,
    FedoraPID: fedora_pid_triples,
    Dissemination: dissemination_triples,
    AuthURI: auth_triples,
}


def _mapper_for(value: Identifier) -> _Mapper:
    for cls in type(value).__mro__:
        mapper = _MAPPERS.get(cls)
        if mapper is not None:
            return mapper
    raise TypeError(f"no RDF mapping for {type(value).__name__}")


def triples_of(
    value: Identifier, profile: Profile = DEFAULT_PROFILE, seen: set[str] | None = None
) -> Iterator[Triple]:
    """All triples one identifier implies, as plain terms (see :mod:`pidrdf.rdf.terms`)."""
    return _mapper_for(value)(value, profile, seen)


def triples_of_all(
    values: Iterable[Identifier], profile: Profile = DEFAULT_PROFILE
) -> Iterator[Triple]:
    """The triples of many identifiers, implied nodes described once (within SEEN_LIMIT)."""
    seen: set[str] = set()
    for value in values:
        if len(seen) > SEEN_LIMIT:
            seen.clear()
        yield from triples_of(value, profile, seen)


def canonical_iri(value: Identifier, profile: Profile = DEFAULT_PROFILE) -> str:
    """The IRI ``value`` gets under ``profile`` (``value.uri`` under the default profile)."""
    if isinstance(value, Handle):
        return handle_iri(value, profile)
    return value.uri
