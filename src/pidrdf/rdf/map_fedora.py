"""Fedora objects and disseminations to triples (DESIGN §4, §6).

The triples reuse Fedora 3's own resource-index vocabulary where it has a term: an object
``fedora-view:disseminates`` each of its disseminations and ``fedora-view:hasDatastream`` each
datastream, and a dissemination has a ``fedora-view:disseminationType`` (``info:fedora/*/DC``)
exactly as Fedora's triple generators wrote them. pidrdf's own terms carry what Fedora kept in
strings (the PID and its parts, the datastream id, the service definition, the method and
its parameters), so that all of it can be queried by value.

Implied nodes (the object a dissemination belongs to, the service definition object, the
dissemination type) are described once per output through ``seen``.

With a Fedora 4/5/6 base URL in the profile, objects and datastreams are also linked with
``pidrdf:migratedTo`` to the HTTP resource that fcrepo's migration-utils gives them: the
object ``info:fedora/{pid}`` becomes the Fedora 6 resource whose internal id is that same
URI, served at ``{base}{pid}``; a datastream at ``{base}{pid}/{dsid}``. fcrepo 6 percent-
decodes request paths into ids, so each segment is escaped as fcrepo escapes ids
(``FedoraId``'s escaper): ``%`` becomes ``%25`` (the PID ``demo:A%2DB`` is served at
``…/demo:A%252DB``), non-ASCII becomes UTF-8 escapes; ``:`` stays.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from pidrdf.identifiers.encoding import make_encoder
from pidrdf.identifiers.fedora import (
    FEDORA_URI_PREFIX,
    DatastreamDissemination,
    Dissemination,
    FedoraPID,
    MethodDissemination,
)
from pidrdf.rdf.profile import Profile
from pidrdf.rdf.terms import Lit, Triple, plain_literal
from pidrdf.rdf.vocab import (
    DCTERMS_IDENTIFIER,
    DCTERMS_IS_PART_OF,
    FEDORA_DISSEMINATES,
    FEDORA_DISSEMINATION_TYPE,
    FEDORA_VIEW,
    NAMESPACE,
    RDF_TYPE,
)

__all__ = [
    "FEDORA_HAS_DATASTREAM",
    "dissemination_triples",
    "fedora_pid_triples",
    "migration_iri",
]

#: Fedora's resource-index property from an object to each of its datastreams.
FEDORA_HAS_DATASTREAM = FEDORA_VIEW + "hasDatastream"

_OBJECT = NAMESPACE + "FedoraObject"
_DATASTREAM = NAMESPACE + "FedoraDatastream"
_METHOD = NAMESPACE + "FedoraMethodDissemination"
_TYPE = NAMESPACE + "FedoraDisseminationType"
_PARAMETER_CLASS = NAMESPACE + "MethodParameter"
_PID = NAMESPACE + "pid"
_NAMESPACE = NAMESPACE + "pidNamespace"
_OBJECT_ID = NAMESPACE + "objectId"
_DATASTREAM_ID = NAMESPACE + "datastreamId"
_SERVICE_DEFINITION = NAMESPACE + "serviceDefinition"
_METHOD_NAME = NAMESPACE + "methodName"
_PARAMETER = NAMESPACE + "parameter"
_PARAMETER_NAME = NAMESPACE + "parameterName"
_PARAMETER_VALUE = NAMESPACE + "parameterValue"
_MIGRATED_TO = NAMESPACE + "migratedTo"
_IN_SCOPE_OF = NAMESPACE + "inScopeOf"

_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
#: fcrepo 6 ``FedoraId`` escaper's safe set, minus ``/?#`` (a segment holds none of them).
_escape_fcrepo = make_encoder(_UNRESERVED + "!$'()*,;&=@:+")
#: Parameter node fragments: ``name=value`` with each part escaped like a query parameter.
_escape_fragment = make_encoder(_UNRESERVED + "!$'()*,;:@/?")


def migration_iri(value: FedoraPID | Dissemination, base: str) -> str | None:
    """The Fedora 4/5/6 HTTP resource of an object or datastream under ``base``.

    ``None`` for method disseminations and dissemination types: they have no counterpart in
    Fedora 4 and later, which dropped disseminators.
    """
    if not base.endswith("/"):
        base += "/"
    if isinstance(value, FedoraPID):
        return base + _escape_fcrepo(value.pid)
    obj = value.object
    if obj is None or value.datastream_id is None:
        return None
    return f"{base}{_escape_fcrepo(obj.pid)}/{_escape_fcrepo(value.datastream_id)}"


def _object_triples(
    triples: list[Triple], pid: str, iri: str, value: FedoraPID, profile: Profile
) -> list[Triple]:
    """Append the description of the object ``value`` (normalized PID ``pid``, IRI ``iri``)
    to ``triples``; return ``triples``."""
    pid_literal = plain_literal(pid)
    triples += [
        (iri, RDF_TYPE, _OBJECT),
        (iri, DCTERMS_IDENTIFIER, pid_literal),
        (iri, _PID, pid_literal),
        (iri, _NAMESPACE, _literal(value.namespace)),
        (iri, _OBJECT_ID, plain_literal(value.object_id)),
        (iri, _IN_SCOPE_OF, iri),
    ]
    if profile.fedora_base:
        triples.append((iri, _MIGRATED_TO, _link(value, profile.fedora_base)))
    return triples


def _link(value: FedoraPID | Dissemination, base: str) -> str:
    link = migration_iri(value, base)
    assert link is not None
    return link


def _add_implied_object(
    triples: list[Triple], value: FedoraPID, profile: Profile, seen: set[str] | None
) -> None:
    """Append the description of ``value`` unless ``seen`` holds it (and then note it)."""
    pid = f"{value.namespace}:{value.object_id}"
    iri = FEDORA_URI_PREFIX + pid
    if seen is not None:
        if iri in seen:
            return
        seen.add(iri)
    _object_triples(triples, pid, iri, value, profile)


@lru_cache(maxsize=4096)
def _literal(text: str) -> Lit:
    """A plain literal of text that recurs across a stream (namespaces, names)."""
    return plain_literal(text)


def _parameters(iri: str, params: tuple[tuple[str, str], ...]) -> list[Triple]:
    """One node per parameter, ``{dissemination}#{name}={value}``: no blank nodes, and
    queryable by name, by value or both."""
    triples: list[Triple] = []
    for name, value in params:
        node = f"{iri}#{_escape_fragment(name)}={_escape_fragment(value)}"
        triples.append((iri, _PARAMETER, node))
        triples.append((node, RDF_TYPE, _PARAMETER_CLASS))
        triples.append((node, _PARAMETER_NAME, plain_literal(name)))
        triples.append((node, _PARAMETER_VALUE, plain_literal(value)))
    return triples


def _method_parts(value: Dissemination, iri: str) -> list[Triple]:
    """What a method dissemination and its type share: sdef, method and parameters."""
    assert value.sdef is not None and value.method is not None
    triples: list[Triple] = [
        (iri, _SERVICE_DEFINITION, value.sdef.uri),
        (iri, _METHOD_NAME, _literal(value.method)),
    ]
    if value.params:
        triples.extend(_parameters(iri, value.params))
    return triples


class _Type(NamedTuple):
    """A dissemination type: its IRI, the IRI path after ``info:fedora/*/``, its triples and
    (for a datastream) the ``pidrdf:datastreamId`` literal.

    A stream meets the same few datastream ids and methods again and again, so each type is
    worked out once (:func:`_datastream_type`, :func:`_method_type`)."""

    iri: str
    tail: str
    triples: tuple[Triple, ...]
    datastream_id: Lit | None


_TYPE_HEAD = FEDORA_URI_PREFIX + "*/"


def _type(value: Dissemination) -> _Type:
    iri = value.uri
    triples: list[Triple] = [
        (iri, RDF_TYPE, _TYPE),
        (iri, DCTERMS_IDENTIFIER, plain_literal(iri)),
        (iri, _IN_SCOPE_OF, iri),
    ]
    literal = None
    if value.datastream_id is not None:
        literal = _literal(value.datastream_id)
        triples.append((iri, _DATASTREAM_ID, literal))
    else:
        triples.extend(_method_parts(value, iri))
    return _Type(iri, iri[len(_TYPE_HEAD) :], tuple(triples), literal)


@lru_cache(maxsize=4096)
def _datastream_type(datastream_id: str) -> _Type:
    return _type(DatastreamDissemination("*", datastream_id))


@lru_cache(maxsize=4096)
def _method_type(sdef: FedoraPID, method: str, params: tuple[tuple[str, str], ...]) -> _Type:
    return _type(MethodDissemination("*", None, sdef, method, params))


def fedora_pid_triples(
    value: FedoraPID, profile: Profile, seen: set[str] | None = None
) -> Iterator[Triple]:
    """The triples of a Fedora object: its type, PID and PID parts, and (with a
    ``fedora_base``) its migration link. The object is added to ``seen``, so datastreams
    mapped after it do not describe it again.

    Builds a list rather than yielding triple by triple: this runs once per identifier of a
    stream, and a list of tuples is cheaper than as many generator resumptions."""
    pid = f"{value.namespace}:{value.object_id}"
    iri = FEDORA_URI_PREFIX + pid
    if seen is not None:
        seen.add(iri)
    return iter(_object_triples([], pid, iri, value, profile))


def dissemination_triples(
    value: Dissemination, profile: Profile, seen: set[str] | None = None
) -> Iterator[Triple]:
    """The triples of a datastream or method dissemination, or of a dissemination type.

    A dissemination is linked from its object (``fedora-view:disseminates``, and
    ``fedora-view:hasDatastream`` for a datastream), to its type
    (``fedora-view:disseminationType``) and, for a datastream, to the object it is part of
    (``dcterms:isPartOf``); the object, the service definition and the type are described
    too unless ``seen`` holds them.
    """
    dsid = value.datastream_id
    sdef = value.sdef
    if dsid is not None:
        kind = _datastream_type(dsid)
    else:
        assert sdef is not None and value.method is not None
        kind = _method_type(sdef, value.method, value.params)
    obj = value.pid
    triples: list[Triple]
    if isinstance(obj, str):  # a dissemination type
        if seen is not None:
            seen.add(kind.iri)
        triples = list(kind.triples)
        if sdef is not None:
            _add_implied_object(triples, sdef, profile, seen)
        return iter(triples)
    pid = f"{obj.namespace}:{obj.object_id}"
    obj_iri = FEDORA_URI_PREFIX + pid
    iri = f"{obj_iri}/{kind.tail}"
    type_iri = kind.iri
    # what every dissemination says, datastream or method
    described: list[Triple] = [
        (obj_iri, FEDORA_DISSEMINATES, iri),
        (iri, FEDORA_DISSEMINATION_TYPE, type_iri),
        (iri, DCTERMS_IDENTIFIER, plain_literal(iri)),
        (iri, _PID, plain_literal(pid)),
        (iri, _IN_SCOPE_OF, iri),
        (iri, _IN_SCOPE_OF, obj_iri),
    ]
    if kind.datastream_id is not None:
        triples = [
            (iri, RDF_TYPE, _DATASTREAM),
            (obj_iri, FEDORA_HAS_DATASTREAM, iri),
            (iri, DCTERMS_IS_PART_OF, obj_iri),
            *described,
            (iri, _DATASTREAM_ID, kind.datastream_id),
        ]
        if profile.fedora_base:
            triples.append((iri, _MIGRATED_TO, _link(value, profile.fedora_base)))
    else:
        triples = [(iri, RDF_TYPE, _METHOD), *described, *_method_parts(value, iri)]
    if seen is None:
        _object_triples(triples, pid, obj_iri, obj, profile)
    elif obj_iri not in seen:
        seen.add(obj_iri)
        _object_triples(triples, pid, obj_iri, obj, profile)
    if sdef is not None:
        _add_implied_object(triples, sdef, profile, seen)
    if seen is None:
        triples += kind.triples
    elif type_iri not in seen:
        seen.add(type_iri)
        triples += kind.triples
    return iter(triples)
