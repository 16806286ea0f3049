"""``pidrdf.matches``: the draft's logical matching with DESIGN §5's period semantics."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import pidrdf
from pidrdf import AuthURIError, matches, parse_auth
from tests.auth_strategies import auth_texts
from tests.vectors import ids, rows

VECTORS = rows("auth-matching.tsv")


def _bool(cell: str) -> bool:
    assert cell in ("true", "false"), cell
    return cell == "true"


@pytest.mark.parametrize("row", VECTORS, ids=ids(VECTORS, "query"))
def test_vectors(row: dict[str, str]) -> None:
    query, target = row["query"], row["target"]
    assert matches(query, target) is _bool(row["match"])
    assert matches(query, target, "exclude") is _bool(row["match"])
    assert matches(query, target, undated_targets="include") is _bool(
        row["match_including_undated"]
    )
    # values and strings give the same answer
    assert matches(parse_auth(query), parse_auth(target)) is _bool(row["match"])
    assert pidrdf.matches(parse_auth(query).uri, parse_auth(target).uri) is _bool(row["match"])


def test_the_vectors_cover_every_cell_of_the_table() -> None:
    kinds = {
        (_period(parse_auth(r["query"])), _period(parse_auth(r["target"]))) for r in VECTORS
    }
    assert kinds == {(q, t) for q in ("-", "S", "SE") for t in ("-", "S", "SE")}


def _period(value: pidrdf.AuthURI) -> str:
    return "-" if value.start is None else "S" if value.end is None else "SE"


# The table of DESIGN §5, one row per rule, at the day bounds.
TABLE = [
    # ;S against ;S'  : first(S') >= first(S)
    ("auth://a.org;2001-03", "auth://a.org;2001-03-01", True),
    ("auth://a.org;2001-03", "auth://a.org;2001-02-28", False),
    ("auth://a.org;2001-03-15", "auth://a.org;2001-03", False),  # March starts on the 1st
    ("auth://a.org;2001-03-01", "auth://a.org;2001-03", True),
    # ;S against ;S':E' : first(S') >= first(S) and first(S) <= last(E')
    ("auth://a.org;2001-03", "auth://a.org;2001-03:2001-03", True),
    ("auth://a.org;2001-03", "auth://a.org;2001-02:2001-12", False),
    # ;S:E against ;S'  : first(S) <= first(S') <= last(E)
    ("auth://a.org;2001:2001", "auth://a.org;2001-12-31", True),
    ("auth://a.org;2001:2001", "auth://a.org;2002-01-01", False),
    ("auth://a.org;2001-02:2001-02", "auth://a.org;2001-02-28", True),
    ("auth://a.org;2000-02:2000-02", "auth://a.org;2000-02-29", True),
    # ;S:E against ;S':E' : ... and last(E') <= last(E)
    ("auth://a.org;2001:2002", "auth://a.org;2001-06:2002", True),
    ("auth://a.org;2001:2002", "auth://a.org;2001-06:2003-01", False),
    ("auth://a.org;2001:2002-06", "auth://a.org;2002-06-30:2002-06", True),
    ("auth://a.org;2001:2002-06", "auth://a.org;2002-06-30:2002-07-01", False),
    # scope is compared level by level
    ("auth://a.org/x;2001", "auth://a.org/x/y/z;2001-05", True),
    ("auth://a.org/x;2001", "auth://a.org/xy;2001-05", False),
    ("auth://a.org/x;2001", "auth://b.a.org/x;2001-05", False),
    ("auth://u@a.org", "auth://u@a.org/x", True),
    ("auth://u@a.org", "auth://a.org/x", False),
    ("auth://a.org", "auth://u@a.org", False),
    (
        "auth://f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "auth://F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6/x",
        True,
    ),
    ("auth://a.org/%73ales", "auth://A.ORG/sales/x", True),
    ("auth://a.org/Sales", "auth://a.org/sales", False),
]


@pytest.mark.parametrize(("query", "target", "expected"), TABLE)
def test_the_rules_at_the_day_bounds(query: str, target: str, expected: bool) -> None:
    assert matches(query, target) is expected
    # an undated target never changes the dated rules
    assert matches(query, target, "include") is expected


def test_undated_targets_option() -> None:
    assert matches("auth://a.org;2001", "auth://a.org/x") is False
    assert matches("auth://a.org;2001", "auth://a.org/x", "include") is True
    assert matches("auth://a.org;2001", "auth://b.org/x", "include") is False
    with pytest.raises(ValueError, match="undated_targets"):
        matches("auth://a.org", "auth://a.org", "sometimes")


def test_bad_arguments() -> None:
    with pytest.raises(AuthURIError):
        matches("auth://a.org", "auth://a.org/")
    with pytest.raises(TypeError):
        matches(pidrdf.parse("10.1000/182"), "auth://a.org")  # type: ignore[arg-type]


@settings(max_examples=200)
@given(auth_texts(), auth_texts())
def test_matching_properties(query_text: str, target_text: str) -> None:
    q, t = parse_auth(query_text), parse_auth(target_text)
    # an undated query matches exactly what is within its scope
    assert matches(q.undated(), t) is t.is_within(q)
    # a match implies the scope relation and never depends on the written spelling
    if matches(q, t):
        assert t.is_within(q)
        assert matches(q.uri, t.uri) and matches(str(q), str(t))
    # a URI matches itself, and every dated URI matches itself under its undated form
    assert matches(t, t)
    assert matches(t.undated(), t)
    # including undated targets only ever adds undated targets
    if matches(q, t, "include") != matches(q, t):
        assert q.dated and not t.dated
