"""Handles and DOIs (DESIGN §3): parsing every written form, values, canonical IRIs.

A handle is ``prefix "/" local-name``, split at the first ``/``. This module accepts the bare
form and every URI and URL form people write (``hdl:``, ``hdl://``, ``doi:``, ``info:hdl/``,
``info:doi/``, ``urn:hdl:``, ``urn:doi:``, proxy and REST URLs, user-registered resolvers) and
turns each into a :class:`Handle` or, when the prefix is a DOI prefix, a :class:`DOI`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pidrdf.identifiers.base import Identifier, checked_input
from pidrdf.identifiers.encoding import (
    HANDLE_HTTPS_SAFE,
    HANDLE_URI_SAFE,
    DecodingError,
    make_encoder,
    percent_decode,
)
from pidrdf.identifiers.errors import HandleError

__all__ = [
    "DOI",
    "DOI_RESOLVER",
    "HANDLE_RESOLVER",
    "Handle",
    "HandleForm",
    "Resolver",
    "clear_resolvers",
    "iri_forms",
    "parse_handle",
    "proxy_path",
    "register_resolver",
]

HandleForm = Literal["https", "hdl", "info"]

#: Base URL of the DOI proxy, the canonical home of DOIs under the default profile.
DOI_RESOLVER = "https://doi.org/"
#: Base URL of the global Handle proxy, the canonical home of other handles.
HANDLE_RESOLVER = "https://hdl.handle.net/"

_DOI_PREFIX = re.compile(r"10(?:\.[0-9]+)*")
_CORDRA = re.compile(r"[0-9A-Fa-f.]+/[0-9A-Fa-f.]+")
_VALUE_REFERENCE = re.compile(r"([0-9]+):[^/]*/")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_ASCII_LOWER = {c: c + 32 for c in range(65, 91)}

_encode_https = make_encoder(HANDLE_HTTPS_SAFE)
_encode_hdl = make_encoder(HANDLE_URI_SAFE)


def _ascii_lower(text: str) -> str:
    """Lowercase ASCII letters only: identifiers never fold non-ASCII case (DESIGN §3)."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Handle(Identifier):
    """A handle: a naming-authority ``prefix`` and a ``local_name``, both as written.

    Equality and hashing follow the handle system's case rules: the prefix is ASCII
    case-insensitive, the local name is case-sensitive, except that a handle under a ``0.``
    prefix is case-insensitive as a whole. A ``modifier`` from the ``hdl:modifier@handle``
    form is kept on the value but is not part of its identity.
    """

    prefix: str
    local_name: str
    modifier: str | None = field(default=None, compare=False)

    kind: ClassVar[str] = "handle"

    def __str__(self) -> str:
        return f"{self.prefix}/{self.local_name}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @classmethod
    def from_parts(cls, prefix: str, local_name: str, modifier: str | None = None) -> Handle:
        """A :class:`DOI` when ``prefix`` is a DOI prefix, else a :class:`Handle`.

        The parts are taken as they are (decoded, unchecked); use :func:`parse_handle` for text.
        """
        return _make(prefix, local_name, modifier)

    @property
    def _key(self) -> tuple[str, str]:
        prefix = _ascii_lower(self.prefix)
        if prefix.startswith("0.") or prefix == "0":
            return prefix, _ascii_lower(self.local_name)
        return prefix, self.local_name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Handle):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def folded(self) -> tuple[str, str]:
        """Prefix and local name with the case rules applied: the canonical spelling."""
        return self._key

    @property
    def uri(self) -> str:
        return self.iri("https")

    def iri(
        self,
        form: HandleForm = "https",
        *,
        fold_case: bool = True,
        doi_resolver: str = DOI_RESOLVER,
        handle_resolver: str = HANDLE_RESOLVER,
    ) -> str:
        """This handle as an IRI in ``form``: ``https`` (proxy URL), ``hdl`` or ``info``.

        ``fold_case`` applies the canonical case policy; without it the handle keeps the
        case it was written in (the IRI is then still valid, just not canonical).
        """
        if form not in ("https", "hdl", "info"):
            raise ValueError(f"unknown handle IRI form {form!r}; expected https, hdl or info")
        prefix, local = self._key if fold_case else (self.prefix, self.local_name)
        forms = iri_forms(prefix, local, self.kind == "doi", doi_resolver, handle_resolver)
        return forms[("https", "hdl", "info").index(form)]

    @property
    def cordra(self) -> bool:
        """True when the handle uses only CORDRA's identifier characters (hex digits, ``.``)."""
        return _CORDRA.fullmatch(str(self)) is not None

    @property
    def naming_authority(self) -> Handle:
        """The prefix handle ``0.NA/{prefix}`` that administers this handle."""
        return Handle("0.NA", self.prefix)

    def naming_authorities(self) -> list[Handle]:
        """The prefix handle of this prefix and of each prefix it derives from, nearest first.

        ``10.1000.10/x`` gives ``0.NA/10.1000.10``, ``0.NA/10.1000``, ``0.NA/10``.
        """
        segments = self.prefix.split(".")
        return [
            Handle("0.NA", ".".join(segments[:n])) for n in range(len(segments), 0, -1)
        ]

    def as_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "kind": self.kind,
            "uri": self.uri,
            "prefix": self.prefix,
            "local_name": self.local_name,
            "naming_authority": self.naming_authority.uri,
            "cordra": self.cordra,
        }
        if self.modifier is not None:
            record["modifier"] = self.modifier
        return record


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class DOI(Handle):
    """A DOI: a handle under the ``10`` prefix tree. DOIs are ASCII case-insensitive."""

    kind: ClassVar[str] = "doi"

    @property
    def _key(self) -> tuple[str, str]:
        return _ascii_lower(self.prefix), _ascii_lower(self.local_name)


_hdl_safe = re.compile("[" + re.escape(HANDLE_URI_SAFE) + "]*").fullmatch


def iri_forms(
    prefix: str, local: str, is_doi: bool, doi_resolver: str, handle_resolver: str
) -> tuple[str, str, str]:
    """The ``https``, ``hdl`` and ``info`` IRIs of the handle ``prefix/local`` (parts taken as
    given: case-fold them first for the canonical forms), from one encoding of the parts.

    The ``hdl`` form's narrower character set usually changes nothing, so the wider encoding
    is reused whenever it holds only characters both sets keep.
    """
    path = f"{_encode_https(prefix)}/{_encode_https(local)}"
    https = (doi_resolver if is_doi else handle_resolver) + proxy_path(path)
    hdl = "hdl:" + (path if _hdl_safe(path) else f"{_encode_hdl(prefix)}/{_encode_hdl(local)}")
    info = ("info:doi/" if is_doi else "info:hdl/") + path
    return https, hdl, info


def proxy_path(path: str) -> str:
    """``path`` (an encoded ``prefix/local``) as the path of a proxy URL.

    The proxies read ``api/handles/…`` as their REST interface, so the handle ``api/handles…``
    would come back as another handle; its first letter is escaped (``%61pi/…``), which the
    parser decodes after it has looked for the REST path.
    """
    return "%61" + path[1:] if path.startswith("api/handles/") else path


def _make(prefix: str, local: str, modifier: str | None = None) -> Handle:
    if _DOI_PREFIX.fullmatch(prefix):
        return DOI(prefix, local, modifier)
    return Handle(prefix, local, modifier)


# The fast path. Most real input is a bare handle or a plain URI or proxy URL; a short regex
# recognises the written form's head and a second one the handle after it. Everything else
# (modifiers, short DOIs, resolvers, bad escapes, surrounding whitespace, control characters,
# errors) goes to the full parser below, which gives the same answer for every input the fast
# path accepts (a property test holds the two together).
_FAST_HEAD = re.compile(
    r"(?i:(?:https?://)?(?:(?:dx\.|www\.)?doi\.org|hdl\.handle\.net)/(?:api/handles/)?"
    r"|hdl://|hdl:|doi:|info:hdl/|info:doi/|(urn:hdl:|urn:doi:))"
).match
_NA = r"[^./:%?#@\s]+"
_FAST_PREFIX = re.compile(_NA + r"(?:\." + _NA + r")*").fullmatch
# prefix text -> 0 (not for the fast path), 1 (handle prefix), 2 (DOI prefix); a stream meets
# the same few thousand prefixes again and again, so each is classified once
_prefix_classes: dict[str, int] = {}
_DIGITS = frozenset("0123456789")
_new = object.__new__
_slots: Any = Handle  # the class's slot descriptors, which mypy does not model
_set_prefix = _slots.prefix.__set__
_set_local = _slots.local_name.__set__
_set_modifier = _slots.modifier.__set__


def _bare_hosts(resolvers: tuple[Resolver, ...]) -> frozenset[str]:
    return frozenset(
        [*_PROXY_HOSTS, *(r.authority for r in _registered), *(r.authority for r in resolvers)]
    )


def _prefix_class(prefix: str) -> int:
    found = _prefix_classes.get(prefix)
    if found is None:
        found = 0 if not _FAST_PREFIX(prefix) else 2 if _DOI_PREFIX.fullmatch(prefix) else 1
        if len(prefix) <= 64:  # real prefixes are short; junk is not worth remembering
            if len(_prefix_classes) >= 65536:
                _prefix_classes.clear()
            _prefix_classes[prefix] = found
    return found


def fast_handle(text: str, resolvers: tuple[Resolver, ...] = ()) -> Handle | None:
    """The handle in ``text`` if it is in one of the common plain forms, else ``None``.

    Uses string methods and a per-prefix cache rather than a regex over the whole text, and
    builds the value through the slot descriptors directly: this is the hot path of every
    batch, and the dataclass ``__init__`` of a frozen class costs more than the parse.
    """
    # printable: no control character, lone surrogate or edge whitespace but a final space
    if not text or not text.isprintable() or text[-1] == " ":
        return None
    is_uri = is_urn = False
    start = 0
    if text[0] not in _DIGITS:
        head = _FAST_HEAD(text)
        if head is not None:
            start = head.end()
            is_uri = True
            is_urn = head.lastindex == 1
    cut = text.find(":" if is_urn else "/", start)
    if cut <= start:
        return None
    prefix = text[start:cut]
    kind = _prefix_classes.get(prefix) or _prefix_class(prefix)
    if not kind:
        return None
    local = text[cut + 1 :]
    if is_uri:
        if "?" in local or "#" in local:
            local = local.split("?", 1)[0].split("#", 1)[0]
        if "%" in local:
            # a URI's local name is percent-decoded; a bad escape is the full parser's to report
            try:
                local = percent_decode(local)
            except DecodingError:
                return None
            if _CONTROL.search(local):
                return None
    elif (resolvers or _registered) and prefix.lower() in _bare_hosts(resolvers):
        # "resolver.example/1/2" is a configured resolver's URL without its scheme
        return None
    if not local:
        return None
    value: Handle = _new(DOI if kind == 2 else Handle)
    _set_prefix(value, prefix)
    _set_local(value, local)
    _set_modifier(value, None)
    return value


# --------------------------------------------------------------------------- resolvers


@dataclass(frozen=True, slots=True)
class Resolver:
    """An HTTP handle resolver: an ``authority`` (host[:port]) and an optional path segment.

    The CORDRA profile lets a resolver put one fixed segment before the handle, as in
    ``http://arrow.resolver.au.gov:2641/hdl/100.102/F58F…``: that resolver is
    ``Resolver("arrow.resolver.au.gov:2641", "hdl")``.
    """

    authority: str
    segment: str | None = None

    @classmethod
    def from_string(cls, spec: str) -> Resolver:
        """Read ``AUTHORITY[/SEGMENT]``, with or without ``http(s)://`` in front."""
        text = spec.strip()
        lowered = text.lower()
        for scheme in ("https://", "http://"):
            if lowered.startswith(scheme):
                text = text[len(scheme) :]
                break
        authority, _, segment = text.strip("/").partition("/")
        if not authority or "/" in segment or any(c.isspace() for c in text):
            raise ValueError(
                f"resolver {spec!r} must be AUTHORITY or AUTHORITY/SEGMENT, "
                "e.g. arrow.resolver.au.gov:2641/hdl"
            )
        return cls(authority.lower(), segment or None)


_PROXY_HOSTS = {
    "hdl.handle.net": False,
    "doi.org": True,
    "dx.doi.org": True,
    "www.doi.org": True,
}
_registered: list[Resolver] = []


def register_resolver(resolver: Resolver | str) -> Resolver:
    """Add a resolver whose URLs every later parse accepts as handle URLs."""
    if isinstance(resolver, str):
        resolver = Resolver.from_string(resolver)
    if resolver not in _registered:
        _registered.append(resolver)
    return resolver


def clear_resolvers() -> None:
    """Forget every registered resolver (the built-in proxies stay)."""
    _registered.clear()


# --------------------------------------------------------------------------- parsing


def _fail(text: str, reason: str, position: int | None) -> HandleError:
    return HandleError(text, reason, position)


def _raw_index(raw: str, decoded_index: int) -> int:
    """Index in ``raw`` of the character at ``decoded_index`` of its percent-decoding."""
    if "%" not in raw:
        return min(decoded_index, len(raw))
    chars = 0
    i = 0
    while i < len(raw):
        if chars == decoded_index:
            return i
        if raw[i] == "%" and i + 2 < len(raw):
            octet = int(raw[i + 1 : i + 3], 16)
            i += 3
            # a UTF-8 continuation octet (10xxxxxx) belongs to the character already counted
            if octet & 0xC0 != 0x80:
                chars += 1
            while i + 2 < len(raw) and raw[i] == "%" and int(raw[i + 1 : i + 3], 16) & 0xC0 == 0x80:
                i += 3
        else:
            i += 1
            chars += 1
    return len(raw)


def _decode(text: str, raw: str, offset: int) -> str:
    try:
        return percent_decode(raw)
    except DecodingError as exc:
        raise _fail(text, exc.reason, offset + exc.position) from None


def _split(
    text: str,
    body: str,
    offset: int,
    raw: str | None = None,
    modifier: str | None = None,
    *,
    bare: bool = False,
) -> Handle:
    """Split decoded ``body`` at its first ``/`` and check both parts.

    ``raw`` is the undecoded text ``body`` came from (for positions); ``offset`` is where it
    starts in ``text``. A ``bare`` body (no scheme) with ``:`` in its prefix gets a reason
    that says what it more likely is.
    """

    def at(index: int) -> int:
        return offset + (index if raw is None else _raw_index(raw, index))

    _check_value_reference(text, body, at(0))
    slash = body.find("/")
    if slash < 0:
        raise _fail(text, "a handle needs a '/' between its prefix and its local name", None)
    if slash == 0:
        raise _fail(text, "the handle prefix (before the first '/') is empty", at(0))
    prefix = body[:slash]
    colon = prefix.find(":")
    if bare and colon >= 0:
        raise _fail(
            text,
            "a bare handle prefix with ':' is more likely a URI or a Fedora dissemination "
            f"written without info:fedora/; write hdl:{body} if it really is a handle",
            at(colon),
        )
    local = body[slash + 1 :]
    if not local:
        raise _fail(text, "the handle local name (after the first '/') is empty", at(slash))
    bad = _CONTROL.search(body)
    if bad:
        raise _fail(
            text,
            f"control character U+{ord(bad.group()):04X} is not allowed in a handle",
            at(bad.start()),
        )
    if colon >= 0:
        raise _fail(text, "a handle prefix cannot contain ':'", at(colon))
    if prefix[0] == "." or prefix[-1] == "." or ".." in prefix:
        index = 0 if prefix[0] == "." else (slash - 1 if prefix[-1] == "." else prefix.find(".."))
        raise _fail(text, "a handle prefix may not have an empty '.'-separated segment", at(index))
    return _make(prefix, local, modifier)


def _check_value_reference(text: str, body: str, offset: int) -> None:
    match = _VALUE_REFERENCE.match(body)
    if match:
        index, handle = match.group(1), body[match.end(1) + 1 :]
        raise _fail(
            text,
            f"this is a handle value reference (index {index} of the handle {handle}), "
            "not a handle",
            offset,
        )


def _parse_hdl(text: str, s: str, offset: int) -> Handle:
    """``hdl:`` path encoding (with an optional Sun-draft modifier) or ``hdl://`` host encoding."""
    if s[4:6] == "//":
        start = 6
        raw = _without_query(s[start:])
        host, slash, _ = raw.partition("/")
        if not host:
            raise _fail(text, "hdl:// needs the handle prefix as its host", offset + start)
        if not slash:
            raise _fail(text, "hdl:// needs '/' and the local name after the prefix", None)
        return _split(text, _decode(text, raw, offset + start), offset + start, raw)
    start = 4
    raw = _without_query(s[start:])
    head_end = raw.find("/")
    head = raw[: head_end if head_end >= 0 else len(raw)]
    modifier = None
    if "@" in head:
        candidate, _, _ = head.rpartition("@")
        if "=" in candidate:
            modifier = _decode(text, candidate, offset + start)
            start += len(candidate) + 1
            raw = raw[len(candidate) + 1 :]
    body = _decode(text, raw, offset + start)
    return _split(text, body, offset + start, raw, modifier)


def _without_query(raw: str) -> str:
    """Drop a query string and a fragment: they select values, they are not the handle."""
    cut = len(raw)
    for mark in "?#":
        index = raw.find(mark)
        if 0 <= index < cut:
            cut = index
    return raw[:cut]


def _parse_prefixed(text: str, s: str, offset: int, start: int) -> Handle:
    """``doi:``, ``info:hdl/`` and ``info:doi/``: the handle follows, percent-encoded."""
    raw = _without_query(s[start:])
    body = _decode(text, raw, offset + start)
    return _split(text, body, offset + start, raw)


def _parse_urn(text: str, s: str, offset: int) -> Handle:
    """``urn:hdl:`` and ``urn:doi:``: the first ``:`` (or ``/``) ends the prefix."""
    start = 8
    raw = _without_query(s[start:])
    body = _decode(text, raw, offset + start)
    cut = min((i for i in (body.find(":"), body.find("/")) if i >= 0), default=-1)
    if cut < 0:
        raise _fail(text, "a handle URN needs ':' between its prefix and its local name", None)
    body = body[:cut] + "/" + body[cut + 1 :]
    return _split(text, body, offset + start, raw)


def _parse_url(
    text: str, s: str, offset: int, start: int, resolvers: tuple[Resolver, ...]
) -> Handle:
    """A proxy, REST or configured-resolver URL; ``start`` is where the authority begins."""
    rest = s[start:]
    slash = rest.find("/")
    authority = (rest if slash < 0 else rest[:slash]).lower()
    host = authority.rsplit("@", 1)[-1]
    host_only = host.split(":", 1)[0]
    path_start = start + (len(rest) if slash < 0 else slash + 1)
    raw = _without_query(s[path_start:])
    if not host_only:
        raise _fail(text, "the URL has no host", offset + start)
    is_doi_proxy = _PROXY_HOSTS.get(host_only)
    if is_doi_proxy is None:
        for resolver in resolvers:
            if resolver.authority != host:
                continue
            if resolver.segment is not None:
                lead = resolver.segment + "/"
                if not raw.startswith(lead):
                    raise _fail(
                        text,
                        f"resolver {resolver.authority} puts '{resolver.segment}/' before "
                        "the handle, and this URL does not",
                        offset + path_start,
                    )
                path_start += len(lead)
                raw = raw[len(lead) :]
            return _parse_path(text, raw, offset + path_start, short_doi=False)
        raise _fail(
            text,
            f"unknown host {host!r} is not a handle resolver "
            "(register your own with --resolver AUTHORITY[/SEGMENT])",
            offset + start,
        )
    if raw.startswith("api/handles/"):
        path_start += 12
        raw = raw[12:]
    return _parse_path(text, raw, offset + path_start, short_doi=is_doi_proxy)


def _parse_path(text: str, raw: str, offset: int, *, short_doi: bool) -> Handle:
    """The handle in a resolver URL's path: bare, or itself a handle URI (``urn:hdl:…``)."""
    if not raw:
        raise _fail(text, "the URL has no handle in its path", offset)
    body = _decode(text, raw, offset)
    lowered = body[:9].lower()
    if lowered.startswith(("hdl:", "doi:", "urn:hdl:", "urn:doi:", "info:hdl/", "info:doi/")):
        # the path holds another written form; parse it on its own, positions included
        inner = _parse_explicit(text, body, offset, ())
        if inner is not None:
            return inner
    if short_doi and "/" not in body:
        return _split(text, "10/" + body, offset - 3, None)
    return _split(text, body, offset, raw)


def _parse_explicit(
    text: str, s: str, offset: int, resolvers: tuple[Resolver, ...]
) -> Handle | None:
    """Parse ``s`` if it starts with an explicit handle form; ``None`` when it is bare."""
    head = s[:12].lower()
    if head.startswith("hdl:"):
        return _parse_hdl(text, s, offset)
    if head.startswith("doi:"):
        return _parse_prefixed(text, s, offset, 4)
    if head.startswith(("info:hdl/", "info:doi/")):
        return _parse_prefixed(text, s, offset, 9)
    if head.startswith(("urn:hdl:", "urn:doi:")):
        return _parse_urn(text, s, offset)
    if head.startswith("https://"):
        return _parse_url(text, s, offset, 8, resolvers)
    if head.startswith("http://"):
        return _parse_url(text, s, offset, 7, resolvers)
    return None


def is_handle_url(text: str, resolvers: tuple[Resolver, ...] = ()) -> bool:
    """True when ``text`` (stripped) is a URL of a known proxy or a configured resolver,
    written with or without ``http(s)://``."""
    head = text[:8].lower()
    start = 8 if head.startswith("https://") else 7 if head.startswith("http://") else 0
    rest = text[start:]
    authority = rest.split("/", 1)[0].lower()
    if authority.split(":", 1)[0] in _PROXY_HOSTS:
        return "/" in rest or start > 0
    return any(r.authority == authority for r in (*resolvers, *_registered))


def parse_handle(text: str, *, resolvers: tuple[Resolver, ...] = ()) -> Handle:
    """Parse a handle or DOI written in any accepted form; return a :class:`Handle` or
    :class:`DOI`.

    ``resolvers`` adds HTTP resolvers for this call, beside the built-in proxies and those
    added with :func:`register_resolver`.

    Raises :class:`~pidrdf.HandleError` (with the input, a position and a reason) for anything
    that is not a handle.
    """
    fast = fast_handle(text, resolvers) if type(text) is str else None
    return fast or parse_handle_fully(text, resolvers)


def parse_handle_fully(text: str, resolvers: tuple[Resolver, ...] = ()) -> Handle:
    """:func:`parse_handle` without the fast path (every form, every check)."""
    s, offset = checked_input(text, HandleError, "a handle")
    known = (*resolvers, *_registered)
    parsed = _parse_explicit(text, s, offset, known)
    if parsed is not None:
        return parsed
    if is_handle_url(s, known):
        return _parse_url(text, s, offset, 0, known)
    return _split(text, s, offset, bare=True)
