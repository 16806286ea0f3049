"""Reading FOXML 1.1 exports: the object's PID and its datastreams, as identifier values.

A Fedora 3 export (``fedora-export.sh``, API-M ``export``) is one ``foxml:digitalObject`` with
a ``PID`` attribute and one ``foxml:datastream`` element, with an ``ID``, per datastream. This
module reads only that, with a SAX parser, so that the base64 ``binaryContent`` of a large
archive export streams past without being kept in memory.

The parser is locked down (DESIGN §9): a document with a DOCTYPE is rejected before its
declarations are read, and external entities are never resolved, so a FOXML file cannot make
pidrdf read another file or open a socket.
"""

from __future__ import annotations

import xml.sax
import xml.sax.handler
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from pidrdf.identifiers.batch import Parsed, Rejected
from pidrdf.identifiers.errors import FedoraPIDError, IdentifierError
from pidrdf.identifiers.fedora import parse_pid

__all__ = [
    "FOXML_NAMESPACE",
    "FoxmlDatastream",
    "FoxmlError",
    "FoxmlObject",
    "foxml_items",
    "read_foxml",
]

#: The namespace of FOXML elements (1.0 and 1.1 share it).
FOXML_NAMESPACE = "info:fedora/fedora-system:def/foxml#"
_VERSIONS = ("1.0", "1.1")


class FoxmlError(ValueError):
    """A file that is not a FOXML object document; ``line`` is where it went wrong."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}" if self.line else self.reason


@dataclass(frozen=True, slots=True)
class FoxmlDatastream:
    """A ``foxml:datastream`` element: its ``ID`` as written and where it is."""

    id: str
    line: int
    control_group: str | None = None
    state: str | None = None


@dataclass(frozen=True, slots=True)
class FoxmlObject:
    """A ``foxml:digitalObject``: its ``PID`` as written, FOXML version and datastreams."""

    pid: str
    line: int
    version: str | None
    datastreams: tuple[FoxmlDatastream, ...]


class _Handler(xml.sax.handler.ContentHandler):
    """Collects the root's PID and the datastream elements directly under it."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.root: tuple[str, int, str | None] | None = None
        self.datastreams: list[FoxmlDatastream] = []
        self._locator: Any = None

    def setDocumentLocator(self, locator: Any) -> None:
        self._locator = locator

    def _line(self) -> int:
        return int(self._locator.getLineNumber()) if self._locator is not None else 0

    def startElementNS(self, name: tuple[str | None, str], qname: str | None, attrs: Any) -> None:
        namespace, local = name
        if self.depth == 0:
            if namespace != FOXML_NAMESPACE or local != "digitalObject":
                raise FoxmlError(
                    f"the root element is {local!r} in namespace {namespace!r}, not "
                    f"foxml:digitalObject ({FOXML_NAMESPACE})",
                    self._line(),
                )
            version = attrs.get((None, "VERSION"))
            if version is not None and version not in _VERSIONS:
                raise FoxmlError(
                    f"unsupported FOXML VERSION {version!r}; expected 1.1", self._line()
                )
            pid = attrs.get((None, "PID"))
            if pid is None:
                raise FoxmlError(
                    "foxml:digitalObject has no PID attribute (an ingest template, not an export)",
                    self._line(),
                )
            self.root = (pid, self._line(), version)
        elif self.depth == 1 and namespace == FOXML_NAMESPACE and local == "datastream":
            dsid = attrs.get((None, "ID"))
            if dsid is None:
                raise FoxmlError("foxml:datastream has no ID attribute", self._line())
            self.datastreams.append(
                FoxmlDatastream(
                    dsid,
                    self._line(),
                    attrs.get((None, "CONTROL_GROUP")),
                    attrs.get((None, "STATE")),
                )
            )
        self.depth += 1

    def endElementNS(self, name: tuple[str | None, str], qname: str | None) -> None:
        self.depth -= 1


class _NoDTD:
    """SAX lexical handler that refuses any DOCTYPE (and so every entity declaration)."""

    def __init__(self, handler: _Handler) -> None:
        self._handler = handler

    def startDTD(self, name: str, public_id: str | None, system_id: str | None) -> None:
        raise FoxmlError(
            "a DOCTYPE is not allowed in FOXML (entity declarations could read files or the "
            "network)",
            self._handler._line(),
        )

    def __getattr__(self, name: str) -> Any:
        # the other LexicalHandler callbacks (comments, CDATA, …) are of no interest
        return lambda *args: None


class _NoEntities:
    """SAX entity resolver that resolves nothing."""

    def resolveEntity(self, public_id: str | None, system_id: str | None) -> Any:
        raise FoxmlError(f"external entity {system_id!r} refused")


def read_foxml(source: IO[bytes]) -> FoxmlObject:
    """Read one FOXML document from a binary stream.

    Raises :class:`FoxmlError` when it is not well-formed XML, has a DOCTYPE, or is not a
    ``foxml:digitalObject`` with a ``PID``. The PID and datastream ids are returned as
    written; :func:`foxml_items` checks them.
    """
    handler = _Handler()
    parser = xml.sax.make_parser(["xml.sax.expatreader"])
    parser.setFeature(xml.sax.handler.feature_namespaces, True)
    parser.setFeature(xml.sax.handler.feature_external_ges, False)
    parser.setFeature(xml.sax.handler.feature_external_pes, False)
    parser.setProperty(xml.sax.handler.property_lexical_handler, _NoDTD(handler))
    parser.setEntityResolver(_NoEntities())
    parser.setContentHandler(handler)
    try:
        parser.parse(source)
    except xml.sax.SAXParseException as exc:
        raise FoxmlError(f"not well-formed XML: {exc.getMessage()}", exc.getLineNumber()) from None
    except xml.sax.SAXException as exc:
        raise FoxmlError(f"not a FOXML document: {exc.getMessage()}") from None
    if handler.root is None:
        raise FoxmlError("the document is empty")
    pid, line, version = handler.root
    return FoxmlObject(pid, line, version, tuple(handler.datastreams))


def foxml_items(document: FoxmlObject) -> Iterator[Parsed | Rejected]:
    """The object's PID, then each datastream, as parsed values or rejections.

    Line numbers are those of the FOXML elements. When the PID itself is malformed, the
    datastreams cannot be named: the object is rejected, then each datastream is rejected
    too (the object's PID is invalid), so that every element is reported and counted.
    """
    try:
        pid = parse_pid(document.pid)
    except IdentifierError as error:
        yield Rejected(document.line, document.pid, error)
        for ds in document.datastreams:
            reason = (
                f"the object's PID {document.pid!r} (line {document.line}) is invalid, so "
                f"datastream {ds.id!r} cannot be named"
            )
            yield Rejected(ds.line, ds.id, FedoraPIDError(ds.id, reason, None))
        return
    yield Parsed(document.line, document.pid, pid)
    seen: set[str] = set()
    for ds in document.datastreams:
        if ds.id in seen:
            yield Rejected(
                ds.line,
                ds.id,
                FedoraPIDError(ds.id, f"datastream {ds.id!r} appears twice in {pid}", None),
            )
            continue
        seen.add(ds.id)
        try:
            yield Parsed(ds.line, ds.id, pid.datastream(ds.id))
        except IdentifierError as error:
            yield Rejected(ds.line, ds.id, error)
