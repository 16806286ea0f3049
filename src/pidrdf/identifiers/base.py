"""What every identifier value has in common, whatever its scheme.

Values are frozen, slotted dataclasses (see the scheme modules); this base class fixes the
small surface that the RDF layer and the command line rely on, so that they can treat a handle,
a Fedora PID and an ``auth:`` URI alike without importing the scheme modules.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = ["Identifier", "strip_input"]


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
