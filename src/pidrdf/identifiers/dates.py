"""Partial dates ``YYYY[-MM[-DD]]`` that keep their precision (DESIGN §5).

An ``auth:`` URI dates its validity with a year, a month or a day. Each names a whole period:
``2001`` is every day of 2001, ``2001-03`` every day of March 2001. Matching and SPARQL compare
only the period's day bounds (:meth:`PartialDate.first`, :meth:`PartialDate.last`), never the
partial forms themselves, so a year and a day compare correctly; the value keeps the precision
it was written with so the lossless forms (the URI, the ``dcterms:Period`` literal) survive.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date
from typing import Literal

__all__ = ["DateError", "PartialDate", "Precision", "parse_partial_date"]

Precision = Literal["year", "month", "day"]

_DIGITS = frozenset("0123456789")
_FORM = "a date is YYYY, YYYY-MM or YYYY-MM-DD"


class DateError(ValueError):
    """A text that is not a valid partial date; ``position`` indexes the offending character."""

    def __init__(self, reason: str, position: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.position = position


@dataclass(frozen=True, slots=True, order=False)
class PartialDate:
    """A year, a month of a year or a day, as written; see :func:`parse_partial_date`.

    Two partial dates are equal only with the same precision: ``2001`` is not ``2001-01``,
    although both start on 2001-01-01. Construct through :func:`parse_partial_date` (or
    :meth:`of`), which validates; the constructor trusts its arguments.
    """

    year: int
    month: int | None = None
    day: int | None = None

    @classmethod
    def of(cls, year: int, month: int | None = None, day: int | None = None) -> PartialDate:
        """A validated partial date from its parts (``ValueError`` if impossible)."""
        return parse_partial_date(_format(year, month, day))

    @property
    def precision(self) -> Precision:
        """``year``, ``month`` or ``day``: how much of the date was written."""
        if self.day is not None:
            return "day"
        return "year" if self.month is None else "month"

    def first(self) -> date:
        """The first day of the period this date names."""
        return date(self.year, self.month or 1, self.day or 1)

    def last(self) -> date:
        """The last day of the period this date names."""
        if self.day is not None:
            return date(self.year, self.month or 1, self.day)
        if self.month is None:
            return date(self.year, 12, 31)
        return date(self.year, self.month, calendar.monthrange(self.year, self.month)[1])

    def __str__(self) -> str:
        return _format(self.year, self.month, self.day)

    def __repr__(self) -> str:
        return f"PartialDate({str(self)!r})"


def _format(year: int, month: int | None, day: int | None) -> str:
    text = f"{year:04d}"
    if month is not None:
        text += f"-{month:02d}"
        if day is not None:
            text += f"-{day:02d}"
    return text


def _digits(text: str, start: int, count: int, what: str) -> int:
    """Read ``count`` digits at ``start``; blame the first non-digit, or ``start`` if short."""
    for i in range(start, start + count):
        if i >= len(text):
            raise DateError(f"{what} has {count} digits; {_FORM}", start)
        if text[i] not in _DIGITS:
            raise DateError(f"unexpected {text[i]!r}: {what} has {count} digits; {_FORM}", i)
    return int(text[start : start + count])


def _separator(text: str, index: int, after: str) -> None:
    if text[index] != "-":
        raise DateError(f"unexpected {text[index]!r} after the {after}; {_FORM}", index)
    if index == len(text) - 1:
        raise DateError(f"nothing follows the '-' after the {after}; {_FORM}", index)


def parse_partial_date(text: str) -> PartialDate:
    """Read ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` exactly (no sign, no time, no zone).

    Rejects year 0000, month 00 or 13, and days the month does not have (2001-02-29,
    2001-02-30); :class:`DateError` carries the index of the offending character in ``text``.
    """
    if not text:
        raise DateError(f"the date is empty; {_FORM}", 0)
    year = _digits(text, 0, 4, "a year")
    if year == 0:
        raise DateError("year 0000 does not exist; years run from 0001 to 9999", 0)
    if len(text) == 4:
        return PartialDate(year)
    _separator(text, 4, "year")
    month = _digits(text, 5, 2, "a month")
    if not 1 <= month <= 12:
        raise DateError(f"month {text[5:7]} does not exist; months run from 01 to 12", 5)
    if len(text) == 7:
        return PartialDate(year, month)
    _separator(text, 7, "month")
    day = _digits(text, 8, 2, "a day")
    if len(text) > 10:
        raise DateError(f"unexpected {text[10]!r} after the day; {_FORM}", 10)
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        raise DateError(f"{text[:10]} does not exist: that month has {days} days", 8)
    return PartialDate(year, month, day)
