"""What every identifier value has in common, whatever its scheme.

Values are frozen, slotted dataclasses (see the scheme modules); this base class fixes the
small surface that the RDF layer and the command line rely on, so that they can treat a handle,
a Fedora PID and an ``auth:`` URI alike without importing the scheme modules.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pidrdf.identifiers.encoding import find_surrogate
from pidrdf.identifiers.errors import IdentifierError

__all__ = ["Identifier", "checked_input", "strip_input"]


class Identifier:
    """Base class of all identifier values.

    ``str(x)`` is the identifier as written (after decoding any URI form); ``x.uri`` is its
    canonical IRI under the default profile; ``x.kind`` names the scheme and sub-kind
    (``handle``, ``doi``, ``fedora-object``, ``fedora-datastream``, ``fedora-method``,
    ``auth``), the same word ``pidrdf parse`` prints.
    """

    __slots__ = ()

    kind: ClassVar[str] = "identifier"

    @property
    def uri(self) -> str:
        """The canonical IRI under the default profile."""
        raise NotImplementedError

    def as_record(self) -> dict[str, Any]:
        """The JSON-ready fields of ``pidrdf parse`` (DESIGN §2), without ``input``."""
        raise NotImplementedError


def strip_input(text: str) -> tuple[str, int]:
    """Strip surrounding whitespace; return the stripped text and how much was cut in front.

    Error positions are reported against the input as given, so parsers add the returned
    offset to every index they compute in the stripped text.
    """
    stripped = text.strip()
    if stripped is text or not stripped:
        return stripped, 0
    return stripped, len(text) - len(text.lstrip())


def checked_input(text: object, error: type[IdentifierError], what: str) -> tuple[str, int]:
    """What every full parser checks first: ``text`` is a string, not blank, does not start
    with a byte-order mark (which would silently become part of a prefix) and holds no lone
    surrogate. Returns the stripped text and its offset (see :func:`strip_input`).

    ``error`` is the scheme's error class and ``what`` names the expected thing in the message
    (``"a handle"``). Raises ``error`` otherwise.
    """
    if not isinstance(text, str):
        raise error(repr(text), f"{what} must be given as a string", None)
    stripped, offset = strip_input(text)
    if not stripped:
        raise error(text, "the input is empty", None)
    if stripped[0] == "\ufeff":
        raise error(
            text,
            "the input starts with a byte-order mark (U+FEFF), not part of any identifier; "
            "save the file as UTF-8 without BOM or strip it",
            offset,
        )
    bad = find_surrogate(stripped)
    if bad is not None:
        raise error(text, "a lone surrogate is not a Unicode character", offset + bad)
    return stripped, offset
