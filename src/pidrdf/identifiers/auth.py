"""``auth:`` URIs: hierarchical authority identifiers with optional validity dates (DESIGN §5).

Grammar (draft-pstickler-auth-00)::

    auth://root-authority[/sub-authority…][;start[:end]]
    root-authority = [user "@"] host | UUID          ; host = hostname | IPv4 hostnumber
    sub-authority  = 1*uchar                          ; no empty level, no trailing "/"
    start, end     = YYYY[-MM[-DD]]

The value keeps each part in its canonical spelling: host and UUID lowercased, percent-escapes
normalized (an escape of an unreserved character, the draft's alpha, digit, safe and extra, is
decoded; every other escape keeps its escape in uppercase hex, even where the grammar allows
the character unescaped: a user's ``%3B`` is not ``;``), dates with the precision they were
written with. At most :data:`MAX_SUB_AUTHORITY_LEVELS` sub-authority levels are accepted.
Hierarchy is compared level by level, as tuples, never as string prefixes: ``…/sales`` is not
above ``…/salesforce``, and the root (``user@host`` included) is the top.

Every :class:`AuthURIError` carries the index of the offending character in the input as
given; when something is missing at the end, the index is that of the last character (the one
after which something was expected), so a position always points into the input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any, ClassVar, Literal

from pidrdf.identifiers.base import Identifier, checked_input
from pidrdf.identifiers.dates import DateError, PartialDate, parse_partial_date
from pidrdf.identifiers.errors import AuthURIError

__all__ = ["MAX_SUB_AUTHORITY_LEVELS", "AuthURI", "UndatedTargets", "matches", "parse_auth"]

UndatedTargets = Literal["exclude", "include"]

#: The most sub-authority levels an ``auth:`` URI may have; :func:`parse_auth` rejects a deeper
#: one. Each level implies a superordinate node and ``pidrdf:inScopeOf`` is materialized for
#: every level, so the mapping of one URI grows with the square of its depth (and its length):
#: without a bound a single long input line could exhaust memory. 64 is far beyond any real
#: organisational hierarchy.
MAX_SUB_AUTHORITY_LEVELS = 64

_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_HEX = frozenset("0123456789ABCDEFabcdef")
#: The draft's ``unreserved`` (alpha, digit, safe, extra): a sub-authority's plain characters.
_UNRESERVED = _ALNUM | frozenset("$-_.+!*'(),")
#: ``user = *[ uchar | ";" | "?" | "&" | "=" ]``.
_USER_PLAIN = _UNRESERVED | frozenset(";?&=")
#: In the user, everything plain stays plain in the IRI except ``?``, which RFC 3986 would
#: read as the start of a query; it is written (and compared) as ``%3F``. Escapes of the
#: reserved ``;&=`` stay escaped (only unreserved characters are decoded): ``a%3Bb`` and
#: ``a;b`` are different users.
_USER_KEPT = _USER_PLAIN - {"?"}
_HOST_CHARS = _ALNUM | frozenset("-.")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_UUID = re.compile(
    r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
)
_PLAIN_LEVEL = re.compile(r"[A-Za-z0-9$\-_.+!*'(),]+")
_UNDATED_TARGETS = ("exclude", "include")


@dataclass(frozen=True, slots=True, repr=False)
class AuthURI(Identifier):
    """An ``auth:`` URI: a root authority, sub-authority levels and an optional period.

    The root is ``[user@]host`` or a UUID (exactly one of ``host`` and ``uuid`` is set;
    ``user`` only with a host). ``path`` holds the sub-authority levels, top first, in their
    canonical escaped form. ``start`` and ``end`` are :class:`PartialDate` values (``end``
    only with ``start``). Build values with :func:`parse_auth`, which accepts at most
    :data:`MAX_SUB_AUTHORITY_LEVELS` levels; the constructor trusts its arguments.

    ``str(x)`` is the URI in the draft's notation (``auth://abc.com;2001-03:2001-05``);
    ``x.uri`` is the canonical IRI, the same text except that the ``:`` between the dates of
    a URI without sub-authorities is written ``%3A``.
    """

    user: str | None
    host: str | None
    uuid: str | None
    path: tuple[str, ...] = ()
    start: PartialDate | None = None
    end: PartialDate | None = None

    kind: ClassVar[str] = "auth"

    # ------------------------------------------------------------------ spelling

    @property
    def root(self) -> str:
        """The root authority: ``user@host``, ``host`` or the UUID."""
        if self.uuid is not None:
            return self.uuid
        if self.user is not None:
            return f"{self.user}@{self.host}"
        return self.host or ""

    @property
    def levels(self) -> tuple[str, ...]:
        """The hierarchy as a tuple, root first: what scope comparisons compare."""
        return (self.root, *self.path)

    def _text(self, colon: str) -> str:
        text = "auth://" + self.root
        if self.path:
            text += "/" + "/".join(self.path)
        if self.start is not None:
            text += ";" + str(self.start)
            if self.end is not None:
                text += (":" if self.path else colon) + str(self.end)
        return text

    def __str__(self) -> str:
        return self._text(":")

    def __repr__(self) -> str:
        return f"AuthURI({str(self)!r})"

    @property
    def uri(self) -> str:
        """The canonical IRI (DESIGN §5); ``parse_auth(x.uri) == x``."""
        return self._text("%3A")

    # ------------------------------------------------------------------ period

    @property
    def dated(self) -> bool:
        """True when the URI carries a start date (and maybe an end date)."""
        return self.start is not None

    @property
    def valid_from(self) -> date | None:
        """First day of validity (the first day of ``start``), or ``None`` when undated."""
        return None if self.start is None else self.start.first()

    @property
    def valid_through(self) -> date | None:
        """Last day of validity (the last day of ``end``), or ``None`` when open-ended."""
        return None if self.end is None else self.end.last()

    def valid_on(self, day: date) -> bool:
        """True when ``day`` lies in this URI's period (an undated URI is always valid)."""
        if self.start is None:
            return True
        if day < self.start.first():
            return False
        return self.end is None or day <= self.end.last()

    # ------------------------------------------------------------------ hierarchy

    def undated(self) -> AuthURI:
        """The same authority without dates (``self`` when it has none)."""
        if self.start is None:
            return self
        return AuthURI(self.user, self.host, self.uuid, self.path)

    def superordinates(self) -> list[AuthURI]:
        """The undated URIs of every level above this one, nearest first.

        ``auth://abc.com/sales/europe;2001`` gives ``auth://abc.com/sales`` and
        ``auth://abc.com``; a root-level URI has none (the root is the top).
        """
        return [
            AuthURI(self.user, self.host, self.uuid, self.path[:n])
            for n in range(len(self.path) - 1, -1, -1)
        ]

    def scopes(self) -> list[AuthURI]:
        """What this URI is ``pidrdf:inScopeOf``: itself, its undated URI when dated, and
        every superordinate, nearest first."""
        own = [self] if self.start is None else [self, self.undated()]
        return own + self.superordinates()

    def is_within(self, other: AuthURI) -> bool:
        """True when this URI is at ``other``'s level or below it, dates ignored.

        Levels are compared as tuples: ``auth://abc.com/salesforce`` is not within
        ``auth://abc.com/sales``, ``auth://john.doe@abc.com`` is not within ``auth://abc.com``.
        """
        n = len(other.path)
        return (
            self.host == other.host
            and self.uuid == other.uuid
            and self.user == other.user
            and len(self.path) >= n
            and self.path[:n] == other.path
        )

    def in_scope_of(self, other: AuthURI) -> bool:
        """The ``pidrdf:inScopeOf`` relation: ``other`` is this URI, or it is undated and this
        URI is at its level or below."""
        if other.start is not None:
            return other == self
        return self.is_within(other)

    # ------------------------------------------------------------------ records

    def as_record(self) -> dict[str, Any]:
        valid_from, valid_through = self.valid_from, self.valid_through
        return {
            "kind": self.kind,
            "uri": self.uri,
            "root": self.root,
            "path": list(self.path),
            "start": None if self.start is None else str(self.start),
            "end": None if self.end is None else str(self.end),
            "valid_from": None if valid_from is None else valid_from.isoformat(),
            "valid_through": None if valid_through is None else valid_through.isoformat(),
            "superordinates": [s.uri for s in self.superordinates()],
        }


# --------------------------------------------------------------------------- matching


def _coerce(value: str | AuthURI, role: str) -> AuthURI:
    if isinstance(value, AuthURI):
        return value
    if isinstance(value, str):
        return parse_auth(value)
    raise TypeError(f"the {role} must be an auth: URI string or an AuthURI, not {value!r}")


def matches(
    query: str | AuthURI,
    target: str | AuthURI,
    undated_targets: UndatedTargets | str = "exclude",
) -> bool:
    """The draft's logical matching of a ``target`` against a ``query`` (DESIGN §5).

    The target must be at the query's level or below it (compared level by level). An
    undated query then matches every target; a dated query compares day bounds:

    - ``;S`` matches ``;S'`` when first(S') ≥ first(S), and ``;S':E'`` when moreover
      first(S) ≤ last(E');
    - ``;S:E`` matches ``;S'`` when first(S) ≤ first(S') ≤ last(E), and ``;S':E'`` when
      moreover last(E') ≤ last(E);
    - an undated target matches a dated query only with ``undated_targets="include"``.

    Strings are parsed with :func:`parse_auth` (so a bad one raises :class:`AuthURIError`).
    """
    if undated_targets not in _UNDATED_TARGETS:
        raise ValueError(
            f"undated_targets must be 'exclude' or 'include', not {undated_targets!r}"
        )
    q = _coerce(query, "query")
    t = _coerce(target, "target")
    if not t.is_within(q):
        return False
    if q.start is None:
        return True
    if t.start is None:
        return undated_targets == "include"
    q_first = q.start.first()
    t_first = t.start.first()
    if t_first < q_first:
        return False
    if q.end is None:
        return t.end is None or q_first <= t.end.last()
    q_last = q.end.last()
    if t_first > q_last:
        return False
    return t.end is None or t.end.last() <= q_last


# --------------------------------------------------------------------------- parsing


class _Fail(Exception):
    """Internal: a reason and an index into the stripped text."""

    def __init__(self, reason: str, position: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


def _char_reason(ch: str, where: str) -> str:
    if where == "a host name" and ch == "%":
        return (
            "percent-escapes are not allowed in a host name "
            "(a host name is letters, digits, '-' and '.')"
        )
    if ch == "%":
        return "'%' must be followed by two hexadecimal digits (a percent-escape)"
    if ch.isspace():
        return f"whitespace is not allowed in {where}"
    if ch == ":" and where == "a host name":
        return "a port is not part of an auth: URI (':' is not allowed in a host name)"
    return f"character {ch!r} is not allowed in {where}; percent-encode it"


def _normalize_escaped(
    s: str, start: int, end: int, plain: frozenset[str], kept: frozenset[str], where: str
) -> str:
    """Check ``s[start:end]`` against ``plain`` characters and ``%hh`` escapes; return it with
    escapes of unreserved characters decoded, other escapes in uppercase hex (DESIGN §5), and
    plain characters outside ``kept`` escaped."""
    out: list[str] = []
    i = start
    while i < end:
        ch = s[i]
        if ch == "%":
            if i + 2 >= end or s[i + 1] not in _HEX or s[i + 2] not in _HEX:
                raise _Fail(_char_reason("%", where), i)
            decoded = chr(int(s[i + 1 : i + 3], 16))
            out.append(decoded if decoded in _UNRESERVED else "%" + s[i + 1 : i + 3].upper())
            i += 3
            continue
        if ch not in plain:
            raise _Fail(_char_reason(ch, where), i)
        out.append(ch if ch in kept else f"%{ord(ch):02X}")
        i += 1
    return "".join(out)


def _check_host(s: str, start: int, end: int) -> str:
    """Validate ``hostname | hostnumber`` at ``s[start:end]``; return it lowercased."""
    for i in range(start, end):
        if s[i] not in _HOST_CHARS:
            raise _Fail(_char_reason(s[i], "a host name"), i)
    host = s[start:end]
    labels = host.split(".")
    at = start
    for label in labels:
        if not label:
            raise _Fail(
                "a host name may not have an empty label (a leading, doubled or trailing '.')",
                at if at < end else at - 1,
            )
        if label[0] == "-" or label[-1] == "-":
            index = at if label[0] == "-" else at + len(label) - 1
            raise _Fail("a host name label may not start or end with '-'", index)
        at += len(label) + 1
    if len(labels) == 4 and all(label.isdigit() for label in labels):
        return host  # hostnumber: four dot-separated numbers
    top = labels[-1]
    if top[0] not in _LETTERS:
        raise _Fail(
            "the last label of a host name must start with a letter "
            "(a numeric host must be four numbers, an IPv4 address)",
            end - len(top),
        )
    return host.lower()


def _find_date_colon(s: str, start: int) -> tuple[int, int]:
    """Index and length of the ``:`` (or ``%3A``) between the dates, or ``(-1, 0)``."""
    i = start
    n = len(s)
    while i < n:
        ch = s[i]
        if ch == ":":
            return i, 1
        if ch == "%" and s[i + 1 : i + 3] in ("3A", "3a"):
            return i, 3
        i += 1
    return -1, 0


def _date(s: str, start: int, end: int, which: str) -> PartialDate:
    slash = s.find("/", start, end)
    if slash >= 0:
        raise _Fail(
            "the dates come last: a sub-authority path must come before ';'", slash
        )
    try:
        return parse_partial_date(s[start:end])
    except DateError as exc:
        raise _Fail(f"bad {which} date: {exc.reason}", start + exc.position) from None


def _dates(s: str, semi: int) -> tuple[PartialDate, PartialDate | None]:
    """Parse ``start[:end]`` after the ``;`` at ``semi``."""
    n = len(s)
    if semi == n - 1:
        raise _Fail("nothing follows ';': a start date YYYY[-MM[-DD]] is expected", semi)
    colon, width = _find_date_colon(s, semi + 1)
    if colon < 0:
        return _date(s, semi + 1, n, "start"), None
    if colon == semi + 1:
        raise _Fail("the start date before ':' is empty", colon)
    if colon + width == n:
        raise _Fail("the end date after ':' is empty", colon)
    begin = _date(s, semi + 1, colon, "start")
    finish = _date(s, colon + width, n, "end")
    if finish.last() < begin.first():
        raise _Fail(
            f"the end date {finish} is before the start date {begin}", colon + width
        )
    return begin, finish


def parse_auth_fully(text: str) -> AuthURI:
    """:func:`parse_auth` without its fast path (what the tests compare the fast path with)."""
    s, offset = checked_input(text, AuthURIError, "an auth: URI")
    try:
        return _parse(s)
    except _Fail as fail:
        raise AuthURIError(text, fail.reason, offset + fail.position) from None


def _parse(s: str) -> AuthURI:
    n = len(s)
    if s[:7].lower() != "auth://":
        if s[:5].lower() == "auth:":
            raise _Fail("an auth: URI starts with 'auth://' and the root authority", 5)
        raise _Fail("not an auth: URI: it must start with 'auth://'", 0)
    slash = s.find("/", 7)
    region_end = n if slash < 0 else slash
    at = s.find("@", 7, region_end)
    user: str | None = None
    host_start = 7
    if at >= 0:
        user = _normalize_escaped(s, 7, at, _USER_PLAIN, _USER_KEPT, "the user name")
        host_start = at + 1
    host_end = host_start
    while host_end < n and s[host_end] not in ";/":
        host_end += 1
    if host_end == host_start:
        what = "the host after '@'" if user is not None else "the root authority"
        raise _Fail(f"{what} is empty", min(host_start, n - 1))
    host: str | None = None
    uuid: str | None = None
    if user is None and _UUID.fullmatch(s, host_start, host_end):
        uuid = s[host_start:host_end].lower()
    else:
        host = _check_host(s, host_start, host_end)
    path: list[str] = []
    semi = -1
    if host_end < n and s[host_end] == "/":
        semi = s.find(";", host_end)
        path_end = n if semi < 0 else semi
        begin = host_end + 1
        while True:
            stop = s.find("/", begin, path_end)
            if stop < 0:
                stop = path_end
            if stop == begin:
                reason = (
                    "a trailing '/' is not allowed"
                    if stop == path_end
                    else "a sub-authority may not be empty ('//')"
                )
                raise _Fail(reason, begin - 1)
            if len(path) == MAX_SUB_AUTHORITY_LEVELS:
                raise _Fail(
                    f"too many sub-authority levels: at most {MAX_SUB_AUTHORITY_LEVELS} "
                    "are allowed",
                    begin,
                )
            level = s[begin:stop]
            if _PLAIN_LEVEL.fullmatch(level) is None:
                level = _normalize_escaped(
                    s, begin, stop, _UNRESERVED, _UNRESERVED, "a sub-authority"
                )
            path.append(level)
            if stop == path_end:
                break
            begin = stop + 1
    elif host_end < n:
        semi = host_end
    start: PartialDate | None = None
    end: PartialDate | None = None
    if semi >= 0:
        start, end = _dates(s, semi)
    return AuthURI(user, host, uuid, tuple(path), start, end)


# The common, already-canonical-enough shape, read by one regex: no escapes, no "?" in the
# user, no surrounding whitespace. Anything it does not take, or takes but cannot vouch for
# (a numeric last host label, an impossible date, an end before the start), goes to the full
# parser, which alone reports errors; a test checks that both always agree.
_DATE_RE = r"[0-9]{4}(?:-[0-9]{2}(?:-[0-9]{2})?)?"
_HOST_RE = r"([A-Za-z0-9]+(?:-+[A-Za-z0-9]+)*(?:\.[A-Za-z0-9]+(?:-+[A-Za-z0-9]+)*)*)"
_REST_RE = rf"((?:/[A-Za-z0-9$\-_.+!*'(),]+)*)(?:;({_DATE_RE})(?::({_DATE_RE}))?)?"
_FAST = re.compile(r"[Aa][Uu][Tt][Hh]://" + _HOST_RE + _REST_RE)
_FAST_USER = re.compile(r"[Aa][Uu][Tt][Hh]://([A-Za-z0-9$\-_.+!*'(),;&=]*)@" + _HOST_RE + _REST_RE)
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


@lru_cache(maxsize=1 << 14)
def _quick_period(
    start_text: str | None, end_text: str | None
) -> tuple[PartialDate | None, PartialDate | None] | None:
    """The dates of an already ``YYYY[-MM[-DD]]``-shaped period, or ``None`` if impossible.

    Cached: corpora repeat the same few thousand dates, and the values are immutable.
    """
    if start_text is None:
        return None, None
    start = _quick_date(start_text)
    if start is None:
        return None
    if end_text is None:
        return start, None
    end = _quick_date(end_text)
    if end is None or end.last() < start.first():
        return None
    return start, end


def _quick_date(text: str) -> PartialDate | None:
    year = int(text[:4])
    if year == 0:
        return None
    if len(text) == 4:
        return PartialDate(year)
    month = int(text[5:7])
    if not 1 <= month <= 12:
        return None
    if len(text) == 7:
        return PartialDate(year, month)
    day = int(text[8:10])
    leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 1 <= day <= _MONTH_DAYS[month - 1] + leap:
        return None
    return PartialDate(year, month, day)


def _parse_fast(text: str) -> AuthURI | None:
    user: str | None = None
    if "@" in text:
        found = _FAST_USER.fullmatch(text)
        if found is None:
            return None
        user, host, path, start_text, end_text = found.groups()
    else:
        found = _FAST.fullmatch(text)
        if found is None:
            return None
        host, path, start_text, end_text = found.groups()
    uuid: str | None = None
    if user is None and len(host) == 36 and _UUID.fullmatch(host):
        uuid, host = host.lower(), None
    elif host[host.rfind(".") + 1] not in _LETTERS:
        return None  # an IPv4 address, or an error the full parser will explain
    else:
        host = host.lower()
    period = _quick_period(start_text, end_text)
    if period is None:
        return None
    if path.count("/") > MAX_SUB_AUTHORITY_LEVELS:
        return None  # too deep: the full parser says where
    levels = tuple(path[1:].split("/")) if path else ()
    return AuthURI(user, host, uuid, levels, *period)


def parse_auth(text: str) -> AuthURI:
    """Parse an ``auth:`` URI written in the draft's notation or as pidrdf's canonical IRI.

    Surrounding whitespace is ignored; the scheme and host are case-insensitive; the ``:``
    between the dates may be written ``%3A``. A URI with more than
    :data:`MAX_SUB_AUTHORITY_LEVELS` sub-authority levels is rejected (the error points at the
    first level past the limit). Raises :class:`~pidrdf.AuthURIError` with the input, the
    index of the offending character and the reason for anything else.
    """
    value = _parse_fast(text) if type(text) is str else None
    return value if value is not None else parse_auth_fully(text)
