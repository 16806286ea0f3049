"""Fedora Commons PIDs, object URIs and dissemination URIs (DESIGN §4).

A PID is ``namespace ":" object-id``. Its URI is ``info:fedora/{pid}``; a datastream of the
object is ``info:fedora/{pid}/{dsid}``, a method dissemination is
``info:fedora/{pid}/{sdef-pid}/{method}[?name=value&…]``, and a dissemination *type* puts ``*``
where the object PID goes (``info:fedora/*/DC``). This module reads all of them, normalizes
them as Fedora's identifier rules say, and returns a :class:`FedoraPID` or a
:class:`Dissemination` (:class:`DatastreamDissemination` or :class:`MethodDissemination`).

Normalization, in short: in a PID, the first ``%3A``/``%3a`` before any ``:`` is the separator;
every other escape keeps its place and gets uppercase hex (a PID is an opaque string, so
``demo:A%2DB`` and ``demo:A-B`` are different objects); nothing is ever lowercased; the result
is at most 64 characters and must fully match the PID expression. Datastream ids and method
names are XML NCNames of at most 64 characters, kept decoded and written back with only their
non-ASCII characters escaped; parameters are decoded and sorted by name, then value.

Bare ``word:rest`` text is not taken for a PID when ``word`` (in any case) is a URI scheme
(``mailto:x``, ``tel:…``, ``data:…``, ``ark:…``), a scholarly or library identifier prefix
(``isbn:…``, ``issn:…``, ``pmid:…``, ``pmcid:…``, ``arXiv:…``, ``orcid:…``, ``ror:…``,
``viaf:…``, ``lccn:…``, ``oclc:…``, ``wikidata:Q42``), a vocabulary prefix (``rdf:type``) or
the example prefix ``ex:``/``eg:``: see :data:`NOT_PID_NAMESPACES` and :func:`parse_fedora`.
A real Fedora namespace of such a name is written ``info:fedora/isbn:…`` or ``isbn%3A…``.

A method dissemination has at most :data:`MAX_PARAMETERS` parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pidrdf.identifiers.base import Identifier, checked_input
from pidrdf.identifiers.encoding import make_encoder
from pidrdf.identifiers.errors import FedoraPIDError

__all__ = [
    "FEDORA_URI_PREFIX",
    "MAX_NAME_LENGTH",
    "MAX_PARAMETERS",
    "MAX_PID_LENGTH",
    "NOT_PID_NAMESPACES",
    "DatastreamDissemination",
    "Dissemination",
    "FedoraPID",
    "MethodDissemination",
    "claims_bare_pid",
    "parse_fedora",
    "parse_pid",
]

#: The prefix of every Fedora object and dissemination URI.
FEDORA_URI_PREFIX = "info:fedora/"
#: Fedora's limit on the length of a normalized PID.
MAX_PID_LENGTH = 64
#: Fedora's limit on the length of a datastream id (``DATASTREAM_ID_MAXLEN``), also applied
#: to method names.
MAX_NAME_LENGTH = 64
#: The most parameters a method dissemination may have. Fedora sets no limit, but every
#: parameter becomes its own RDF node whose IRI holds the whole dissemination IRI, so the
#: output grows with the square of an unbounded list: 64 is far above any real
#: disseminator's parameter list (Fedora 3's own services take a handful).
MAX_PARAMETERS = 64

_NAMESPACE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.")
_OBJECT_ID_CHARS = _NAMESPACE_CHARS | frozenset("~_")
_HEX = frozenset("0123456789abcdefABCDEF")
#: The spec's expression for a normalized PID (used as a full match, never with ``$``).
_NORMAL_PID = re.compile(r"[A-Za-z0-9.\-]+:(?:[A-Za-z0-9.\-~_]|%[0-9A-F]{2})+")

# XML 1.0 (fifth edition) NCName: a Name without ':'.
_NAME_START = (
    "A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_NAME_REST = _NAME_START + r"\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
_NCNAME = re.compile(f"[{_NAME_START}][{_NAME_REST}]*")
_NAME_START_CHAR = re.compile(f"[{_NAME_START}]")
_NAME_CHAR = re.compile(f"[{_NAME_REST}]")

_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
#: Datastream ids and method names: every ASCII NCName character is unreserved, so only
#: non-ASCII characters are escaped (as UTF-8 octets, uppercase hex).
_encode_name = make_encoder(_UNRESERVED)
#: Parameter names and values: what a URI query may hold unescaped, except the characters
#: that structure the parameter list (``&``, ``=``) and ``+``, which form decoding would read
#: as a space; ``%``, ``#``, spaces and non-ASCII are escaped as well.
_encode_param = make_encoder(_UNRESERVED + "!$'()*,;:@/?")

#: Characters never allowed raw in a Fedora URI: whitespace and controls, the characters
#: RFC 3987 excludes, and ``#`` (a Fedora URI has no fragment).
_BAD_RAW = re.compile(r'[\s\x00-\x1f\x7f-\x9f"<>\\^`{|}#]')
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _words(text: str) -> list[str]:
    return text.split()


#: Bare ``word:rest`` text whose ``word`` (lowercased) is one of these is not read as a PID;
#: the value says what the word is. The URI schemes are those commonly met as bare IRIs in
#: data and text (``mailto:``, ``tel:``, ``data:`` …); the identifier prefixes are the usual
#: ``prefix:value`` forms of scholarly and library identifiers (``isbn:``, ``pmid:``,
#: ``arXiv:``, ``orcid:``, ``wikidata:`` …); the vocabulary prefixes are the usual prefixed
#: names (CURIEs) of RDF vocabularies, Fedora's own included (``fedora-model:hasModel``), and
#: ``ex``/``eg`` the prefixes of example CURIEs (``ex:thing``). ``example`` and ``uuid`` are
#: common real Fedora namespaces and stay PIDs. A real Fedora namespace of one of these names
#: is still reachable: write ``info:fedora/isbn:1`` or ``isbn%3A1``.
NOT_PID_NAMESPACES: dict[str, str] = {
    **dict.fromkeys(
        _words(
            "about acct afp afs apt ark attachment auth bitcoin blob callto chrome cid coap "
            "coaps content crid data dav did dict dns doi ed2k facetime fax feed file finger "
            "ftp geo git gopher gtalk h323 hdl http https iax icap imap info ipfs ipns ipp ipps "
            "irc irc6 ircs jabber jar javascript ldap ldaps magnet mailto maps market mid mms "
            "modem msrp msrps mvn news nfs nntp opaquelocktoken pkcs11 rsync rtmp rtsp rtsps "
            "s3 sftp sip sips skype slack smb sms snmp spotify ssh steam stun stuns svn tag "
            "tel telnet tftp turn turns udp urn view-source vnc webcal ws wss xmpp xri "
            "z39.50r z39.50s"
        ),
        "URI scheme",
    ),
    **dict.fromkeys(
        _words(
            "rdf rdfs owl xsd xml dc dcterms dct foaf skos schema prov sh void dcat ldp "
            "fedora-model fedora-view fedora-rels-ext"
        ),
        "prefixed name (CURIE) of an RDF vocabulary",
    ),
    **dict.fromkeys(
        _words(
            "isbn isbn10 isbn13 issn eissn pissn issn-l ismn isni isrc iswc istc isan ean "
            "ean13 gtin upc sici pmid pubmed pmcid pmc arxiv bibcode orcid researcherid "
            "scopus ror fundref crossref viaf lccn lcsh lcnaf oclc ocn gnd bnf sudoc "
            "idref isil wikidata wd wdt openalex dblp zbmath igsn purl"
        ),
        "scholarly or library identifier prefix",
    ),
    # (ordinary words such as grid, mesh or raid are left out: a repository may well use
    # them as namespaces, and a false "not a PID" would be worse than a missed CURIE)
    **dict.fromkeys(_words("ex eg"), "example prefixed name (CURIE)"),
}


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True, repr=False)
class FedoraPID(Identifier):
    """A Fedora object's PID, normalized: ``namespace`` and ``object_id`` as in ``ns:id``.

    PIDs are case-sensitive and opaque, so equality is plain string equality of the
    normalized parts. ``str(pid)`` is the normalized PID, ``pid.uri`` its ``info:fedora/``
    URI. Construct values with :func:`parse_fedora`; the constructor takes the parts as they
    are, unchecked.
    """

    namespace: str
    object_id: str

    kind: ClassVar[str] = "fedora-object"

    @property
    def pid(self) -> str:
        """The normalized PID, ``namespace:object_id``."""
        return f"{self.namespace}:{self.object_id}"

    def __str__(self) -> str:
        return f"{self.namespace}:{self.object_id}"

    def __repr__(self) -> str:
        return f"FedoraPID({str(self)!r})"

    @property
    def uri(self) -> str:
        return f"{FEDORA_URI_PREFIX}{self.namespace}:{self.object_id}"

    def datastream(self, datastream_id: str) -> DatastreamDissemination:
        """The datastream ``datastream_id`` (decoded text) of this object.

        Raises :class:`~pidrdf.FedoraPIDError` when the id is not an NCName of at most 64
        characters.
        """
        _check_name(datastream_id, datastream_id, 0, None, "datastream id")
        return DatastreamDissemination(self, datastream_id)

    def as_record(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "uri": self.uri,
            "pid": self.pid,
            "namespace": self.namespace,
            "object_id": self.object_id,
        }


@dataclass(frozen=True, slots=True, repr=False)
class Dissemination(Identifier):
    """A dissemination of a Fedora object: a datastream or a method call.

    ``pid`` is the object's :class:`FedoraPID`, or ``"*"`` for a dissemination *type* (the
    same dissemination of any object). A datastream dissemination
    (:class:`DatastreamDissemination`, kind ``fedora-datastream``) has a ``datastream_id``;
    a method dissemination (:class:`MethodDissemination`, kind ``fedora-method``) has the
    service definition ``sdef``, the ``method`` name and ``params``, sorted ``(name, value)``
    pairs. Names and values are decoded text. ``str(d)`` is the normalized URI.

    Use :func:`parse_fedora`, :meth:`FedoraPID.datastream` or the two subclasses; this base
    class is not instantiated itself.
    """

    pid: FedoraPID | Literal["*"]
    datastream_id: str | None = None
    sdef: FedoraPID | None = None
    method: str | None = None
    params: tuple[tuple[str, str], ...] = ()

    kind: ClassVar[str] = "fedora-dissemination"

    def __post_init__(self) -> None:
        if type(self) is Dissemination:
            raise TypeError(
                "Dissemination is abstract: use DatastreamDissemination, MethodDissemination "
                "or parse_fedora()"
            )

    @property
    def is_type(self) -> bool:
        """True for a dissemination type (``*`` in place of the object PID)."""
        return self.pid == "*"

    @property
    def object(self) -> FedoraPID | None:
        """The object this is a dissemination of; ``None`` for a dissemination type."""
        return None if isinstance(self.pid, str) else self.pid

    @property
    def dissemination_type(self) -> Dissemination:
        """The dissemination type: this dissemination with ``*`` for the object PID."""
        if self.pid == "*":
            return self
        return type(self)("*", self.datastream_id, self.sdef, self.method, self.params)

    def __str__(self) -> str:
        return self.uri

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.uri!r})"

    @property
    def uri(self) -> str:
        head = f"{FEDORA_URI_PREFIX}{self.pid}"
        if self.datastream_id is not None:
            return f"{head}/{_encode_name(self.datastream_id)}"
        uri = f"{head}/{self.sdef}/{_encode_name(self.method or '')}"
        if self.params:
            uri += "?" + "&".join(
                f"{_encode_param(name)}={_encode_param(value)}" for name, value in self.params
            )
        return uri

    def as_record(self) -> dict[str, Any]:
        obj = self.object
        return {
            "kind": self.kind,
            "uri": self.uri,
            "pid": str(self.pid),
            "namespace": obj.namespace if obj else None,
            "object_id": obj.object_id if obj else None,
            "datastream_id": self.datastream_id,
        }


@dataclass(frozen=True, slots=True, repr=False)
class DatastreamDissemination(Dissemination):
    """``info:fedora/{pid}/{dsid}``: a datastream of an object (or of any object, ``*``)."""

    kind: ClassVar[str] = "fedora-datastream"

    def __post_init__(self) -> None:
        if self.datastream_id is None or self.sdef or self.method or self.params:
            raise TypeError("a datastream dissemination has a datastream_id and nothing else")


@dataclass(frozen=True, slots=True, repr=False)
class MethodDissemination(Dissemination):
    """``info:fedora/{pid}/{sdef}/{method}[?params]``: a method of a service definition.

    ``params`` are kept sorted by name, then value (the normalization rule), whatever order
    they are given in.
    """

    kind: ClassVar[str] = "fedora-method"

    def __post_init__(self) -> None:
        if self.datastream_id is not None or self.sdef is None or not self.method:
            raise TypeError("a method dissemination has an sdef and a method, no datastream_id")
        if len(self.params) > MAX_PARAMETERS:
            raise FedoraPIDError(
                f"{FEDORA_URI_PREFIX}{self.pid}/{self.sdef}/{self.method}?…",
                f"a method dissemination has at most {MAX_PARAMETERS} parameters, not "
                f"{len(self.params)}",
                None,
            )
        params = tuple(sorted(self.params))
        if params != self.params:
            object.__setattr__(self, "params", params)

    def as_record(self) -> dict[str, Any]:
        record = Dissemination.as_record(self)
        record["sdef"] = str(self.sdef)
        record["method"] = self.method
        record["params"] = [list(pair) for pair in self.params]
        return record


# --------------------------------------------------------------------------- fast path

# Most real input is an object URI, a bare PID or a datastream URI, already normalized: ASCII
# PIDs without escapes to fix, plain ASCII datastream ids. String methods and two small caches
# (namespaces and names recur across a stream) read those; everything else (escapes that need
# normalizing, %3A separators, parameters, whitespace, non-ASCII, errors) goes to the full
# parser below, which gives the same answer for every input the fast path accepts (a property
# test holds the two together).

#: namespace text -> 0 (not for the fast path), 1 (in a URI only: a bare ``word:rest`` with
#: this word is a URI scheme or a prefixed name), 2 (in a URI or bare)
_namespace_classes: dict[str, int] = {}
#: name text -> whether it is an ASCII NCName of at most 64 characters (a datastream id or a
#: method name that needs neither decoding nor escaping)
_plain_names: dict[str, bool] = {}
#: Entries per cache; keys are at most 64 characters, so each cache stays small.
_CACHE_LIMIT = 65536
_plain_namespace = re.compile(r"[A-Za-z0-9.\-]+").fullmatch
#: An object id already normalized (possibly empty: the caller checks the length).
_plain_object_id = re.compile(r"[A-Za-z0-9.\-~_]*(?:%[0-9A-F]{2}[A-Za-z0-9.\-~_]*)*").fullmatch
_ascii_ncname = re.compile(r"[A-Za-z_][A-Za-z0-9._\-]*").fullmatch
_new = object.__new__
_pid_slots: Any = FedoraPID  # slot descriptors, which mypy does not model
_set_namespace = _pid_slots.namespace.__set__
_set_object_id = _pid_slots.object_id.__set__
_ds_slots: Any = Dissemination
_set_owner = _ds_slots.pid.__set__
_set_dsid = _ds_slots.datastream_id.__set__
_set_sdef = _ds_slots.sdef.__set__
_set_method = _ds_slots.method.__set__
_set_params = _ds_slots.params.__set__


def _namespace_class(namespace: str) -> int:
    if len(namespace) >= MAX_PID_LENGTH:
        return 0  # never a namespace, and not worth a cache entry
    found = _namespace_classes.get(namespace)
    if found is None:
        word = namespace.lower()
        if not _plain_namespace(namespace) or word == "info":
            # "info:fedora/info:fedora/…" repeats the prefix: the full parser's to report
            found = 0
        else:
            found = 1 if word in NOT_PID_NAMESPACES else 2
        if len(_namespace_classes) >= _CACHE_LIMIT:
            _namespace_classes.clear()
        _namespace_classes[namespace] = found
    return found


def _plain_name(name: str) -> bool:
    if len(name) > MAX_NAME_LENGTH:
        return False  # the caches hold short keys only
    found = _plain_names.get(name)
    if found is None:
        found = _ascii_ncname(name) is not None
        if len(_plain_names) >= _CACHE_LIMIT:
            _plain_names.clear()
        _plain_names[name] = found
    return found


def _fast_pid(text: str, need: int) -> FedoraPID | None:
    """The PID ``text`` if it is plain and normalized, else ``None``; ``need`` is the least
    namespace class accepted (1 in a URI, 2 bare)."""
    namespace, colon, object_id = text.partition(":")
    if not colon or (_namespace_classes.get(namespace) or _namespace_class(namespace)) < need:
        return None
    if not 0 < len(object_id) < MAX_PID_LENGTH - len(namespace):
        return None
    if not (object_id.isascii() and object_id.isalnum()) and not _plain_object_id(object_id):
        return None
    value: FedoraPID = _new(FedoraPID)
    _set_namespace(value, namespace)
    _set_object_id(value, object_id)
    return value


def fast_fedora(text: str) -> FedoraPID | Dissemination | None:
    """The value of ``text`` if it is in a common, already normalized form, else ``None``.

    Reads ``ns:id``, ``info:fedora/ns:id``, ``info:fedora/{pid or *}/DSID`` and
    ``info:fedora/{pid or *}/{sdef}/METHOD`` (no parameters) with plain ASCII parts, and
    builds the value through the slot descriptors: this is the hot path of every batch, and
    the dataclass ``__init__`` of a frozen class costs more than the parse.
    """
    if not text.startswith(FEDORA_URI_PREFIX):
        return _fast_pid(text, 2)
    head, slash, rest = text[12:].partition("/")
    if not slash:
        return _fast_pid(head, 1)
    owner: FedoraPID | Literal["*"] | None = "*" if head == "*" else _fast_pid(head, 1)
    if owner is None:
        return None
    if _plain_names.get(rest) or _plain_name(rest):
        stream: DatastreamDissemination = _new(DatastreamDissemination)
        _set_owner(stream, owner)
        _set_dsid(stream, rest)
        _set_sdef(stream, None)
        _set_method(stream, None)
        _set_params(stream, ())
        return stream
    head, slash, method = rest.partition("/")
    sdef = _fast_pid(head, 1) if slash else None
    if sdef is None or not (_plain_names.get(method) or _plain_name(method)):
        return None
    call: MethodDissemination = _new(MethodDissemination)
    _set_owner(call, owner)
    _set_dsid(call, None)
    _set_sdef(call, sdef)
    _set_method(call, method)
    _set_params(call, ())
    return call


# --------------------------------------------------------------------------- errors


def _char(c: str) -> str:
    return f"{c!r} (U+{ord(c):04X})"


def _fail(text: str, reason: str, position: int | None) -> FedoraPIDError:
    return FedoraPIDError(text, reason, position)


# --------------------------------------------------------------------------- PIDs


def _scan_pid(text: str, s: str, a: int, b: int, offset: int, role: str) -> FedoraPID:
    """Normalize and check the PID in ``s[a:b]``; ``role`` names it in errors.

    Follows Fedora's own ``PID.normalize`` (fcrepo-common): a character scan that turns the
    first ``%3A`` before any ``:`` into the separator and uppercases other escapes, with
    three corrections: an empty object id is an error, raw non-ASCII is reported as such, and
    every error carries the position of the offending character.
    """
    if b - a <= MAX_PID_LENGTH and _NORMAL_PID.fullmatch(s, a, b):
        colon = s.index(":", a, b)
        return FedoraPID(s[a:colon], s[colon + 1 : b])
    if s.find(":", a, b) < 0 and s.find("%", a, b) < 0:
        raise _fail(
            text, f"the {role} needs ':' (or %3A) between its namespace and its object id", None
        )
    out: list[str] = []
    length = 0
    separator = -1
    too_long_at = -1
    i = a
    while i < b:
        c = s[i]
        start = i
        if separator < 0:
            if c == ":":
                if i == a:
                    raise _fail(text, f"the namespace of the {role} is empty", offset + i)
                separator = i
                out.append(":")
                i += 1
            elif c == "%":
                if i + 3 > b or s[i + 1] not in _HEX or s[i + 2] not in _HEX:
                    raise _fail(
                        text,
                        f"'%' in the namespace of the {role} must be followed by two "
                        "hexadecimal digits (%3A, the escaped ':' separator)",
                        offset + i,
                    )
                if s[i + 1 : i + 3] not in ("3A", "3a"):
                    raise _fail(
                        text,
                        f"the namespace of the {role} may contain no escape but %3A (the ':' "
                        f"separator), not {s[i : i + 3]!r}",
                        offset + i,
                    )
                if i == a:
                    raise _fail(text, f"the namespace of the {role} is empty", offset + i)
                separator = i
                out.append(":")
                i += 3
            elif c in _NAMESPACE_CHARS:
                out.append(c)
                i += 1
            else:
                raise _fail(
                    text,
                    f"{_char(c)} is not allowed in the namespace of the {role}; a namespace "
                    "has only A-Z a-z 0-9 '-' '.'",
                    offset + i,
                )
        elif c in _OBJECT_ID_CHARS:
            out.append(c)
            i += 1
        elif c == "%":
            if i + 3 > b or s[i + 1] not in _HEX or s[i + 2] not in _HEX:
                raise _fail(
                    text,
                    f"'%' in the object id of the {role} must be followed by two hexadecimal "
                    "digits",
                    offset + i,
                )
            out.append("%" + s[i + 1 : i + 3].upper())
            i += 3
        elif c == ":":
            raise _fail(
                text,
                f"the object id of the {role} may not contain ':' (a PID has one separator; "
                "write a literal colon as %3A)",
                offset + i,
            )
        else:
            raise _fail(
                text,
                f"{_char(c)} is not allowed in the object id of the {role}; an object id has "
                "only A-Z a-z 0-9 '-' '.' '~' '_' and %XX escapes",
                offset + i,
            )
        length += len(out[-1])
        if too_long_at < 0 and length > MAX_PID_LENGTH:
            too_long_at = start
    if separator < 0:
        raise _fail(
            text, f"the {role} needs ':' (or %3A) between its namespace and its object id", None
        )
    if out[-1] == ":":
        raise _fail(
            text,
            f"the object id of the {role} (after ':') is empty (Fedora 3 accepted 'ns:'; the "
            "PID syntax does not)",
            offset + separator,
        )
    normalized = "".join(out)
    if len(normalized) > MAX_PID_LENGTH:
        raise _fail(
            text,
            f"the {role} is {len(normalized)} characters long after normalization; Fedora "
            f"allows at most {MAX_PID_LENGTH}",
            offset + too_long_at,
        )
    colon = normalized.index(":")
    return FedoraPID(normalized[:colon], normalized[colon + 1 :])


# --------------------------------------------------------------------------- names, params


def _decode(
    text: str, s: str, a: int, b: int, offset: int, part: str
) -> tuple[str, list[int] | None]:
    """Percent-decode ``s[a:b]``; return the text and each character's index in ``s``.

    The index list is ``None`` when nothing was escaped (index = ``a`` + character index).
    """
    if "%" not in s[a:b]:
        return s[a:b], None
    chars: list[str] = []
    starts: list[int] = []
    i = a
    while i < b:
        if s[i] != "%":
            chars.append(s[i])
            starts.append(i)
            i += 1
            continue
        run = i
        octets = bytearray()
        while i < b and s[i] == "%":
            if i + 3 > b or s[i + 1] not in _HEX or s[i + 2] not in _HEX:
                raise _fail(
                    text,
                    f"'%' in the {part} must be followed by two hexadecimal digits",
                    offset + i,
                )
            octets.append(int(s[i + 1 : i + 3], 16))
            i += 3
        try:
            decoded = octets.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _fail(
                text,
                f"the escapes in the {part} are not valid UTF-8",
                offset + run + 3 * exc.start,
            ) from None
        at = run
        for ch in decoded:
            chars.append(ch)
            starts.append(at)
            at += 3 * len(ch.encode("utf-8"))
    return "".join(chars), starts


def _check_name(
    text: str, name: str, a: int, starts: list[int] | None, part: str, offset: int = 0
) -> None:
    """Check that ``name`` (decoded, from ``a`` in the stripped input) is an NCName ≤ 64."""

    def at(k: int) -> int:
        return offset + (a + k if starts is None else starts[k])

    if not name:
        raise _fail(text, f"the {part} is empty", offset + max(a - 1, 0))
    if _NCNAME.fullmatch(name) is None:
        if _NAME_START_CHAR.match(name) is None:
            c = name[0]
            raise _fail(
                text,
                f"the {part} must start with a letter or '_' (an XML NCName), not {_char(c)}",
                at(0),
            )
        k = next(k for k, c in enumerate(name) if _NAME_CHAR.match(c) is None)
        c = name[k]
        hint = (
            "; a method dissemination is info:fedora/{pid}/{sdef-pid}/{method}"
            if c == ":" and part == "datastream id"
            else ""
        )
        raise _fail(text, f"{_char(c)} is not allowed in the {part} (an XML NCName){hint}", at(k))
    if len(name) > MAX_NAME_LENGTH:
        raise _fail(
            text,
            f"the {part} has {len(name)} characters; Fedora allows at most {MAX_NAME_LENGTH}",
            at(MAX_NAME_LENGTH),
        )


def _name(text: str, s: str, a: int, b: int, offset: int, part: str) -> str:
    name, starts = _decode(text, s, a, b, offset, part)
    _check_name(text, name, a, starts, part, offset)
    return name


def _text(text: str, s: str, a: int, b: int, offset: int, part: str) -> str:
    value, starts = _decode(text, s, a, b, offset, part)
    bad = _CONTROL.search(value)
    if bad:
        k = bad.start()
        raise _fail(
            text,
            f"control character U+{ord(bad.group()):04X} is not allowed in a {part}",
            offset + (a + k if starts is None else starts[k]),
        )
    return value


def _params(text: str, s: str, q: int, offset: int) -> tuple[tuple[str, str], ...]:
    """The parameters after the ``?`` at ``q``: decoded ``(name, value)`` pairs, sorted."""
    n = len(s)
    if q + 1 == n:
        raise _fail(text, "'?' must be followed by name=value parameters", offset + q)
    pairs: list[tuple[str, str]] = []
    a = q + 1
    while a <= n:
        if len(pairs) == MAX_PARAMETERS:
            raise _fail(
                text,
                f"too many parameters: a method dissemination has at most {MAX_PARAMETERS}, "
                f"and parameter {MAX_PARAMETERS + 1} starts here",
                offset + a,
            )
        b = s.find("&", a)
        if b < 0:
            b = n
        if a == b:
            raise _fail(
                text,
                "a parameter is empty (two '&' in a row, or '&' at an end)",
                offset + (b if b < n else a - 1),
            )
        eq = s.find("=", a, b)
        if eq < 0:
            raise _fail(
                text,
                f"parameter {s[a:b]!r} has no '='; method parameters are name=value",
                offset + a,
            )
        if eq == a:
            raise _fail(text, "a parameter name (before '=') is empty", offset + a)
        name = _text(text, s, a, eq, offset, "parameter name")
        value = _text(text, s, eq + 1, b, offset, "parameter value")
        pairs.append((name, value))
        a = b + 1
    pairs.sort()
    return tuple(pairs)


# --------------------------------------------------------------------------- parsing


def claims_bare_pid(s: str) -> bool:
    """Whether stripped text ``s`` looks like a bare PID: a ``:`` or ``%3A`` and no ``/``.

    The claim is deliberately loose: :func:`parse_fedora` then explains what is wrong
    (including that ``mailto:x`` is a URI, not a PID) instead of a generic rejection.
    """
    if "/" in s:
        return False
    return ":" in s or "%3a" in s or "%3A" in s


def _parse_uri(text: str, s: str, offset: int) -> FedoraPID | Dissemination:
    start = len(FEDORA_URI_PREFIX)
    bad = _BAD_RAW.search(s, start)
    if bad:
        c = bad.group()
        reason = (
            "a Fedora URI has no fragment ('#')"
            if c == "#"
            else f"{_char(c)} is not allowed in a Fedora URI"
        )
        raise _fail(text, reason, offset + bad.start())
    if s[start : start + len(FEDORA_URI_PREFIX)].lower() == FEDORA_URI_PREFIX:
        raise _fail(text, "the info:fedora/ prefix is repeated", offset + start)
    n = len(s)
    q = s.find("?", start)
    path_end = n if q < 0 else q
    if path_end == start:
        position = offset + start if q >= 0 else None
        raise _fail(text, "info:fedora/ must be followed by a PID", position)
    slash1 = s.find("/", start, path_end)
    pid_end = path_end if slash1 < 0 else slash1
    if pid_end == start:
        raise _fail(text, "the PID (before the first '/') is empty", offset + start)
    star = s[start:pid_end] == "*"
    pid: FedoraPID | Literal["*"] = (
        "*" if star else _scan_pid(text, s, start, pid_end, offset, "PID")
    )
    if slash1 < 0:
        if star:
            raise _fail(
                text,
                "'*' stands for any object only in a dissemination type "
                "(info:fedora/*/DSID or info:fedora/*/SDEF/METHOD)",
                offset + start,
            )
        if q >= 0:
            raise _fail(text, "an object URI takes no '?' parameters", offset + q)
        assert not isinstance(pid, str)
        return pid
    slash2 = s.find("/", slash1 + 1, path_end)
    if slash2 < 0:
        if q >= 0:
            raise _fail(
                text,
                "a datastream URI takes no '?' parameters; only method disseminations "
                "(info:fedora/{pid}/{sdef-pid}/{method}?name=value) do",
                offset + q,
            )
        dsid = _name(text, s, slash1 + 1, path_end, offset, "datastream id")
        return DatastreamDissemination(pid, dsid)
    slash3 = s.find("/", slash2 + 1, path_end)
    if slash3 >= 0:
        raise _fail(
            text,
            "too many '/': a Fedora URI is info:fedora/{pid}, …/{dsid} or …/{sdef-pid}/{method}",
            offset + slash3,
        )
    if slash2 == slash1 + 1:
        raise _fail(text, "the service definition PID (between '/'s) is empty", offset + slash2)
    if s[slash1 + 1 : slash2] == "*":
        raise _fail(
            text,
            "'*' may stand only for the object PID, not for the service definition",
            offset + slash1 + 1,
        )
    sdef = _scan_pid(text, s, slash1 + 1, slash2, offset, "service definition PID")
    method = _name(text, s, slash2 + 1, path_end, offset, "method name")
    params = _params(text, s, q, offset) if q >= 0 else ()
    return MethodDissemination(pid, None, sdef, method, params)


def _parse_bare(text: str, s: str, offset: int) -> FedoraPID:
    colon = s.find(":")
    if colon > 0:
        word = s[:colon].lower()
        what = NOT_PID_NAMESPACES.get(word)
        if what is not None and "%" not in s[:colon]:
            raise _fail(
                text,
                f"{s[:colon]!r} here is a {what}, not a Fedora namespace; if this really is "
                f"a PID, write it as info:fedora/{s} or with %3A for the ':'",
                offset,
            )
    slash = s.find("/")
    if slash >= 0:
        raise _fail(
            text,
            "a bare Fedora PID has no '/'; write a dissemination as info:fedora/{pid}/{dsid}",
            offset + slash,
        )
    return _scan_pid(text, s, 0, len(s), offset, "PID")


def parse_fedora(text: str) -> FedoraPID | Dissemination:
    """Parse a Fedora PID, object URI or dissemination URI.

    Accepts a bare PID (``demo:1``, ``demo%3A1``), an object URI (``info:fedora/demo:1``), a
    datastream dissemination (``info:fedora/demo:1/DC``), a method dissemination
    (``info:fedora/demo:1/demo:MyBDef/method?b=2&a=1``) and dissemination types
    (``info:fedora/*/DC``, ``info:fedora/*/demo:1/index``). Surrounding whitespace is
    ignored; ``info:fedora/`` is matched case-insensitively.

    Detection rule for bare text: ``word:rest`` whose ``word``, in any case, is in
    :data:`NOT_PID_NAMESPACES` (a URI scheme such as ``mailto``, ``tel``, ``data``, ``urn``,
    ``ark``, ``http``; a scholarly or library identifier prefix such as ``isbn``, ``issn``,
    ``pmid``, ``arXiv``, ``orcid``, ``wikidata``; a vocabulary prefix such as ``rdf``,
    ``dc``; or the example CURIE prefixes ``ex`` and ``eg``) is rejected with a reason
    rather than read as a PID; the same PID is accepted in the explicit ``info:fedora/`` form
    (``info:fedora/isbn:1``) or with its separator written ``%3A``.

    A method dissemination with more than :data:`MAX_PARAMETERS` parameters is rejected.

    Raises :class:`~pidrdf.FedoraPIDError` naming the part (namespace, object id, datastream
    id, method name, parameter), the offending character and its position.
    """
    fast = fast_fedora(text) if type(text) is str else None
    return fast or parse_fedora_fully(text)


def parse_fedora_fully(text: str) -> FedoraPID | Dissemination:
    """:func:`parse_fedora` without the fast path (every form, every check)."""
    s, offset = checked_input(text, FedoraPIDError, "a Fedora PID")
    if s[:12].lower() == FEDORA_URI_PREFIX:
        return _parse_uri(text, s, offset)
    return _parse_bare(text, s, offset)


def parse_pid(text: str) -> FedoraPID:
    """Parse text that is known to be a PID (a FOXML ``PID`` attribute, say): a bare PID or
    an object URI, never a dissemination.

    Unlike :func:`parse_fedora`, a bare namespace that is also a URI scheme (``data:1``) is
    accepted: the caller has said this is a PID. Raises :class:`~pidrdf.FedoraPIDError`.
    """
    s, offset = checked_input(text, FedoraPIDError, "a Fedora PID")
    if s[:12].lower() == FEDORA_URI_PREFIX:
        value = _parse_uri(text, s, offset)
        if not isinstance(value, FedoraPID):
            raise _fail(text, "expected a PID or an object URI, not a dissemination", None)
        return value
    return _scan_pid(text, s, 0, len(s), offset, "PID")
