"""The error hierarchy of every identifier parser.

Every bad input raises :class:`IdentifierError` (a :class:`ValueError`) or one of its scheme
subclasses, so callers can catch one type and still tell the schemes apart. Each error carries
the input as given (``text``), the 0-based index of the offending character in it
(``position``, or ``None`` when no single character is to blame; something missing at the
end is reported at the last character) and one human sentence
(``reason``): enough for a batch report to name the line, the place and the cause.
"""

from __future__ import annotations

__all__ = [
    "AmbiguousIdentifierError",
    "AuthURIError",
    "FedoraPIDError",
    "HandleError",
    "IdentifierError",
]


class IdentifierError(ValueError):
    """An input that is not a valid identifier of any supported scheme."""

    text: str
    reason: str
    position: int | None

    def __init__(self, text: str, reason: str, position: int | None = None) -> None:
        if position is not None and position >= len(text):
            # a fault found at the end of the input (something missing) is reported at the
            # input's last character, so that a position always indexes a character of text
            position = len(text) - 1 if text else None
        self.text = text
        self.reason = reason
        self.position = position
        super().__init__(text, reason, position)

    def __str__(self) -> str:
        where = f" at position {self.position}" if self.position is not None else ""
        return f"{self.text!r}{where}: {self.reason}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(text={self.text!r}, reason={self.reason!r}, "
            f"position={self.position!r})"
        )


class HandleError(IdentifierError):
    """An input that is not a valid handle (or DOI) in any accepted form."""


class FedoraPIDError(IdentifierError):
    """An input that is not a valid Fedora PID, object URI or dissemination URI."""


class AuthURIError(IdentifierError):
    """An input that is not a valid ``auth:`` URI."""


class AmbiguousIdentifierError(IdentifierError):
    """A bare input that more than one scheme accepts; pidrdf never guesses between them."""
