"""Percent-encoding and -decoding shared by the identifier schemes.

The schemes differ only in which characters they leave alone, so each encoder is built once
from a set of safe ASCII characters and keeps a fast path for the common all-safe string.
Decoding is strict: a ``%`` not followed by two hex digits, or octets that are not UTF-8, are
reported with the position of the offending ``%`` rather than passed through.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote

__all__ = [
    "HANDLE_HTTPS_SAFE",
    "HANDLE_URI_SAFE",
    "DecodingError",
    "find_surrogate",
    "make_encoder",
    "percent_decode",
]

#: Characters kept as they are in the ``https`` IRI form of a handle (DESIGN §3); every other
#: octet of the UTF-8 form is percent-encoded with uppercase hex.
HANDLE_HTTPS_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$()*,:@/;="

#: The narrower set the handle URI notes allow unescaped in an ``hdl:`` URI
#: (``%x21 / %x24 / %x26-2F / %x30-39 / %x3B / %x3D / %x41-5A / %x5F / %x61-7A / %x7E``).
HANDLE_URI_SAFE = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$&'()*+,-./;=_~"
)


class DecodingError(Exception):
    """A malformed escape or non-UTF-8 octets; ``position`` indexes the decoded input."""

    def __init__(self, reason: str, position: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


def make_encoder(safe: str) -> Callable[[str], str]:
    """Return a function that percent-encodes every character of a string outside ``safe``.

    The returned function checks the whole string against the safe set first, because most
    identifiers need no escaping and a regex match is far cheaper than ``quote``.
    """
    all_safe = re.compile("[" + re.escape(safe) + "]*").fullmatch
    # quote() never escapes ASCII letters, digits and "_.-~"; everything else is governed by
    # its ``safe`` argument, which matches our sets because both include those four.
    def encode(text: str) -> str:
        if all_safe(text):
            return text
        return quote(text, safe=safe, encoding="utf-8", errors="strict")

    return encode


_HEX = frozenset("0123456789abcdefABCDEF")


def percent_decode(text: str) -> str:
    """Decode ``%XX`` escapes as UTF-8, leaving ``+`` and everything else untouched.

    Raises :class:`DecodingError` for a ``%`` without two hex digits after it or for escaped
    octets that are not valid UTF-8; the position is that of the first offending ``%``.
    """
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch != "%":
            j = text.find("%", i)
            if j < 0:
                j = n
            out += text[i:j].encode("utf-8", "surrogatepass")
            i = j
            continue
        if i + 2 >= n or text[i + 1] not in _HEX or text[i + 2] not in _HEX:
            raise DecodingError(
                "'%' must be followed by two hexadecimal digits (a percent-escape)", i
            )
        out.append(int(text[i + 1 : i + 3], 16))
        i += 3
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DecodingError(
            "the percent-escapes do not decode to valid UTF-8", _escape_position(text, exc.start)
        ) from None


def _escape_position(text: str, byte_index: int) -> int:
    """Map a byte offset of the decoded octets back to the index of its ``%`` in ``text``."""
    count = 0
    i = 0
    while i < len(text):
        if text[i] == "%":
            if count >= byte_index:
                return i
            count += 1
            i += 3
        else:
            count += len(text[i].encode("utf-8", "surrogatepass"))
            i += 1
    return max(0, len(text) - 1)


_SURROGATE = re.compile("[\ud800-\udfff]")


def find_surrogate(text: str) -> int | None:
    """Index of the first lone surrogate in ``text``, or ``None``.

    Python strings may hold lone surrogates (from ``surrogateescape`` decoding, say); they are
    not Unicode characters, have no UTF-8 form and so can never be part of an identifier.
    """
    if text.isascii():
        return None
    m = _SURROGATE.search(text)
    return m.start() if m else None
