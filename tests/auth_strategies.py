"""Hypothesis strategies for ``auth:`` URIs, built to land on the interesting cases.

Roots, levels and dates come mostly from small pools, so that a handful of generated URIs
are often related: the same root, look-alike hosts (``abc.com.evil``), a user root over the
same host (``john.doe@abc.com``), siblings that share a string prefix (``sales`` /
``salesforce``), escapes that normalize to the same level, and dates of every precision around
the same few months. Random hostnames, users, UUIDs and levels are mixed in.
"""

from __future__ import annotations

import calendar

from hypothesis import strategies as st

from pidrdf.identifiers.dates import PartialDate

_LABEL = st.from_regex(r"[a-z][a-z0-9]{0,5}(-[a-z0-9]{1,3})?", fullmatch=True)
_HOSTNAMES = st.lists(_LABEL, min_size=1, max_size=3).map(".".join)
_USERS = st.from_regex(r"([A-Za-z0-9._;?=&$+!*'(),-]|%[0-9A-Fa-f]{2}){0,6}", fullmatch=True)
_IPV4 = st.tuples(*[st.integers(0, 255)] * 4).map(lambda parts: ".".join(map(str, parts)))

roots = st.one_of(
    st.sampled_from(
        [
            "abc.com",
            "ABC.Com",
            "abc.com.evil",
            "abc.co",
            "john.doe@abc.com",
            "jane@abc.com",
            "a;b@abc.com",
            "widgets.org",
            "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
            "192.168.0.1",
        ]
    ),
    _HOSTNAMES,
    st.tuples(_USERS, _HOSTNAMES).map(lambda pair: f"{pair[0]}@{pair[1]}"),
    st.uuids().map(str),
    _IPV4,
)

levels = st.one_of(
    st.sampled_from(
        ["sales", "salesforce", "Sales", "sale", "europe", "finland", "%73ales", "x%2Fy", "x", "-"]
    ),
    st.from_regex(r"([A-Za-z0-9$_.+!*'(),-]|%[0-9A-Fa-f]{2}){1,6}", fullmatch=True),
)

_YEARS = st.integers(1999, 2002)


@st.composite
def partial_dates(draw: st.DrawFn) -> PartialDate:
    """A year, a month or a day (valid), around 1999-2002."""
    year = draw(_YEARS)
    precision = draw(st.sampled_from(["year", "month", "day"]))
    if precision == "year":
        return PartialDate(year)
    month = draw(st.integers(1, 12))
    if precision == "month":
        return PartialDate(year, month)
    return PartialDate(year, month, draw(st.integers(1, calendar.monthrange(year, month)[1])))


@st.composite
def periods(draw: st.DrawFn) -> str:
    """``""``, ``;S`` or ``;S:E`` (never an empty period; the colon sometimes ``%3A``)."""
    kind = draw(st.sampled_from(["none", "start", "both"]))
    if kind == "none":
        return ""
    start = draw(partial_dates())
    if kind == "start":
        return f";{start}"
    end = draw(partial_dates())
    if end.last() < start.first():
        start, end = end, start
    colon = draw(st.sampled_from([":", ":", "%3A", "%3a"]))
    return f";{start}{colon}{end}"


@st.composite
def auth_texts(draw: st.DrawFn) -> str:
    """An ``auth:`` URI as someone might write it."""
    root = draw(roots)
    path = draw(st.lists(levels, max_size=3))
    return f"auth://{root}" + "".join(f"/{level}" for level in path) + draw(periods())
