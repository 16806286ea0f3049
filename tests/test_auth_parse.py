"""Parsing ``auth:`` URIs: the draft's grammar, canonical IRIs, partial dates, errors."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyoxigraph import NamedNode

import pidrdf
from pidrdf import AuthURI, AuthURIError, IdentifierError, parse_auth
from pidrdf.identifiers.dates import DateError, PartialDate, parse_partial_date
from tests.auth_strategies import auth_texts

# ------------------------------------------------------------------ the draft's examples


def test_the_drafts_examples_parse() -> None:
    x = parse_auth("auth://abc.com/sales/europe/finland")
    assert (x.host, x.user, x.uuid) == ("abc.com", None, None)
    assert x.path == ("sales", "europe", "finland")
    assert x.start is None and x.end is None and not x.dated
    assert x.kind == "auth" and x.uri == "auth://abc.com/sales/europe/finland"

    x = parse_auth("auth://cool.net;2001-11-29")
    assert x.start == PartialDate(2001, 11, 29) and x.end is None
    assert (x.valid_from, x.valid_through) == (date(2001, 11, 29), None)

    x = parse_auth("auth://john.doe@widgets.org")
    assert (x.user, x.host, x.root) == ("john.doe", "widgets.org", "john.doe@widgets.org")

    x = parse_auth("auth://f81d4fae-7dec-11d0-a765-00a0c91e6bf6;1996:2001")
    assert x.uuid == "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" and x.host is None
    assert (str(x.start), str(x.end)) == ("1996", "2001")
    assert (x.valid_from, x.valid_through) == (date(1996, 1, 1), date(2001, 12, 31))
    assert x.uri == "auth://f81d4fae-7dec-11d0-a765-00a0c91e6bf6;1996%3A2001"


def test_pidrdf_parse_detects_auth_uris() -> None:
    x = pidrdf.parse("  AUTH://abc.com/sales;2001 ")
    assert isinstance(x, AuthURI)
    assert x == parse_auth("auth://abc.com/sales;2001")


def test_design_contract_example() -> None:
    a = pidrdf.parse("auth://abc.com/sales;2001")
    assert isinstance(a, AuthURI)
    assert a.superordinates() == [parse_auth("auth://abc.com")]
    assert (a.valid_from, a.valid_through) == (date(2001, 1, 1), None)


# ------------------------------------------------------------------ canonical IRIs

CANONICAL = [
    ("auth://ABC.Com/Sales", "auth://abc.com/Sales"),
    ("Auth://abc.com", "auth://abc.com"),
    ("auth://F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "auth://f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
    ("auth://John.Doe@Widgets.ORG", "auth://John.Doe@widgets.org"),
    ("auth://abc.com/%73ales", "auth://abc.com/sales"),
    ("auth://abc.com/x%2fy", "auth://abc.com/x%2Fy"),
    ("auth://abc.com/a%3a%7e%2B%21", "auth://abc.com/a%3A%7E+!"),
    ("auth://abc.com/%E2%82%AC", "auth://abc.com/%E2%82%AC"),
    ("auth://abc.com;2001-03:2001-05", "auth://abc.com;2001-03%3A2001-05"),
    ("auth://abc.com;2001-03%3a2001-05", "auth://abc.com;2001-03%3A2001-05"),
    ("auth://abc.com/sales;2001-03:2001-05", "auth://abc.com/sales;2001-03:2001-05"),
    ("auth://abc.com/sales;2001-03%3A2001-05", "auth://abc.com/sales;2001-03:2001-05"),
    ("auth://a;b?c@abc.com;2001", "auth://a;b%3Fc@abc.com;2001"),
    ("auth://a%3Bb%3fc@abc.com", "auth://a%3Bb%3Fc@abc.com"),
    ("auth://a%26b%3d@abc.com", "auth://a%26b%3D@abc.com"),
    ("auth://%6A%6fhn%2e%7e@abc.com", "auth://john.%7E@abc.com"),
    ("auth://a%3bb@abc.com;2001:2002", "auth://a%3Bb@abc.com;2001%3A2002"),
    ("auth://@abc.com", "auth://@abc.com"),
    ("auth://10.0.0.1/x", "auth://10.0.0.1/x"),
    ("  auth://abc.com/sales\n", "auth://abc.com/sales"),
]


@pytest.mark.parametrize(("text", "uri"), CANONICAL)
def test_canonical_iri(text: str, uri: str) -> None:
    x = parse_auth(text)
    assert x.uri == uri
    NamedNode(x.uri)
    assert parse_auth(x.uri) == x
    assert parse_auth(str(x)) == x


def test_equality_follows_the_case_rules() -> None:
    assert parse_auth("AUTH://ABC.COM/Sales") == parse_auth("auth://abc.com/Sales")
    assert parse_auth("auth://abc.com/Sales") != parse_auth("auth://abc.com/sales")
    assert parse_auth("auth://John@abc.com") != parse_auth("auth://john@abc.com")
    assert parse_auth("auth://abc.com;2001") != parse_auth("auth://abc.com;2001-01")
    assert parse_auth("auth://abc.com;2001") != parse_auth("auth://abc.com;2001:2001")
    assert parse_auth("auth://@abc.com") != parse_auth("auth://abc.com")
    assert len({parse_auth("auth://abc.com/%73ales"), parse_auth("auth://ABC.com/sales")}) == 1


@pytest.mark.parametrize("char", [";", "&", "="])
def test_reserved_escapes_in_the_user_stay_escaped(char: str) -> None:
    # DESIGN §5: only unreserved characters are decoded, so a%3Bb is not the user a;b
    escape = f"%{ord(char):02X}"
    for written in (escape, escape.lower()):
        x = parse_auth(f"auth://a{written}b@abc.com")
        assert x.user == f"a{escape}b"
        assert x.uri == f"auth://a{escape}b@abc.com"
        assert x != parse_auth(f"auth://a{char}b@abc.com")
        assert parse_auth(x.uri) == x and parse_auth(str(x)) == x
        NamedNode(x.uri)
    plain = parse_auth(f"auth://a{char}b@abc.com")
    assert plain.uri == f"auth://a{char}b@abc.com" and parse_auth(plain.uri) == plain


def test_a_question_mark_in_the_user_is_still_written_escaped() -> None:
    x = parse_auth("auth://a?b@abc.com")
    assert x.uri == "auth://a%3Fb@abc.com"
    assert x == parse_auth("auth://a%3fb@abc.com") == parse_auth(x.uri)
    NamedNode(x.uri)


def test_str_is_the_drafts_notation_and_uri_the_strict_iri() -> None:
    x = parse_auth("auth://abc.com;2001-03:2001-05")
    assert str(x) == "auth://abc.com;2001-03:2001-05"
    assert repr(x) == "AuthURI('auth://abc.com;2001-03:2001-05')"
    with pytest.raises(ValueError):
        NamedNode(str(x))  # why the canonical IRI escapes the colon
    NamedNode(x.uri)


# ------------------------------------------------------------------ hierarchy and record


def test_superordinates_nearest_first_undated_and_root_is_top() -> None:
    x = parse_auth("auth://abc.com/sales/europe/finland;2001")
    assert [s.uri for s in x.superordinates()] == [
        "auth://abc.com/sales/europe",
        "auth://abc.com/sales",
        "auth://abc.com",
    ]
    assert all(not s.dated for s in x.superordinates())
    assert parse_auth("auth://john.doe@widgets.org").superordinates() == []
    assert parse_auth("auth://abc.com;2001").superordinates() == []
    assert x.undated() == parse_auth("auth://abc.com/sales/europe/finland")
    assert x.undated().undated() == x.undated()
    assert [s.uri for s in x.scopes()] == [
        x.uri,
        "auth://abc.com/sales/europe/finland",
        "auth://abc.com/sales/europe",
        "auth://abc.com/sales",
        "auth://abc.com",
    ]


def test_levels_are_tuples_not_string_prefixes() -> None:
    sales = parse_auth("auth://abc.com/sales")
    assert not parse_auth("auth://abc.com/salesforce").is_within(sales)
    assert parse_auth("auth://abc.com/sales/force").is_within(sales)
    assert not parse_auth("auth://abc.com.evil/sales").is_within(parse_auth("auth://abc.com"))
    assert not parse_auth("auth://john.doe@abc.com").is_within(parse_auth("auth://abc.com"))
    assert parse_auth("auth://abc.com/sales;2001").in_scope_of(sales)
    assert not sales.in_scope_of(parse_auth("auth://abc.com/sales;2001"))


def test_as_record_has_the_design_fields() -> None:
    record = parse_auth("auth://abc.com/sales/europe;2001-02:2001-03-15").as_record()
    assert record == {
        "kind": "auth",
        "uri": "auth://abc.com/sales/europe;2001-02:2001-03-15",
        "root": "abc.com",
        "path": ["sales", "europe"],
        "start": "2001-02",
        "end": "2001-03-15",
        "valid_from": "2001-02-01",
        "valid_through": "2001-03-15",
        "superordinates": ["auth://abc.com/sales", "auth://abc.com"],
    }
    undated = parse_auth("auth://abc.com").as_record()
    assert undated["start"] is None and undated["valid_through"] is None


# ------------------------------------------------------------------ partial dates


@pytest.mark.parametrize(
    ("text", "precision", "first", "last"),
    [
        ("2001", "year", date(2001, 1, 1), date(2001, 12, 31)),
        ("2001-02", "month", date(2001, 2, 1), date(2001, 2, 28)),
        ("2000-02", "month", date(2000, 2, 1), date(2000, 2, 29)),
        ("1900-02", "month", date(1900, 2, 1), date(1900, 2, 28)),
        ("2001-11-29", "day", date(2001, 11, 29), date(2001, 11, 29)),
        ("0001", "year", date(1, 1, 1), date(1, 12, 31)),
        ("9999-12", "month", date(9999, 12, 1), date(9999, 12, 31)),
    ],
)
def test_partial_dates_keep_their_precision(
    text: str, precision: str, first: date, last: date
) -> None:
    d = parse_partial_date(text)
    assert (str(d), d.precision, d.first(), d.last()) == (text, precision, first, last)
    assert PartialDate.of(d.year, d.month, d.day) == d


@pytest.mark.parametrize(
    ("text", "position"),
    [("", 0), ("200", 0), ("20a1", 2), ("0000", 0), ("2001-", 4), ("2001-1", 5), ("2001-13", 5),
     ("2001-00", 5), ("2001-02-29", 8), ("2001-02-30", 8), ("2001-04-31", 8), ("2001-01-01T", 10),
     ("2001/01", 4), ("20011", 4), ("2001-01-1", 8), ("2001-01-", 7), ("+2001", 0)],
)
def test_bad_partial_dates(text: str, position: int) -> None:
    with pytest.raises(DateError) as info:
        parse_partial_date(text)
    assert info.value.position == position
    with pytest.raises(ValueError):
        PartialDate.of(2001, 2, 29)


# ------------------------------------------------------------------ errors

# (input, index of the offending character, words the reason must contain)
ERRORS = [
    ("http://abc.com", 0, "auth://"),
    ("auth:abc.com", 5, "auth://"),
    ("auth:/abc.com", 5, "auth://"),
    ("auth://", 6, "empty"),
    ("auth:///sales", 7, "empty"),
    ("auth://;2001", 7, "empty"),
    ("auth://john@", 11, "empty"),
    ("auth://john@/x", 12, "empty"),
    ("auth://abc..com", 11, "empty label"),
    ("auth://.abc.com", 7, "empty label"),
    ("auth://abc.com./x", 14, "empty label"),
    ("auth://-abc.com", 7, "'-'"),
    ("auth://abc-.com", 10, "'-'"),
    ("auth://abc.123", 11, "letter"),
    ("auth://abc_d.com", 10, "'_'"),
    ("auth://ab%63.com", 9, "percent-escapes are not allowed in a host name"),
    ("auth://ab%.com", 9, "percent-escapes are not allowed in a host name"),
    ("auth://john@ab%2Dc.com", 14, "percent-escapes are not allowed in a host name"),
    ("auth://abc.com:8080", 14, "port"),
    ("auth://1.2.3", 11, "letter"),
    ("auth://abc.com//sales", 14, "empty"),
    ("auth://abc.com/", 14, "trailing"),
    ("auth://abc.com/sales/", 20, "trailing"),
    ("auth://abc.com/sales/;2001", 20, "trailing"),
    ("auth://abc.com/sa les", 17, "whitespace"),
    ("auth://abc.com/sales~1", 20, "'~'"),
    ("auth://abc.com/a:b", 16, "':'"),
    ("auth://abc.com/caf\u00e9", 18, "'\u00e9'"),
    ("auth://abc.com/x%2", 16, "percent-escape"),
    ("auth://abc.com/x%zz", 16, "percent-escape"),
    ("auth://jo hn@abc.com", 9, "whitespace"),
    ("auth://jo:hn@abc.com", 9, "':'"),
    ("auth://a@b@abc.com", 10, "'@'"),
    ("auth://abc.com;", 14, "start date"),
    ("auth://abc.com;01", 15, "year"),
    ("auth://abc.com;2001-1", 20, "month"),
    ("auth://abc.com;2001-13", 20, "month 13"),
    ("auth://abc.com;2001-02-30", 23, "2001-02-30"),
    ("auth://abc.com;2001-02-29", 23, "2001-02-29"),
    ("auth://abc.com;0000", 15, "0000"),
    ("auth://abc.com;2001:0000", 20, "0000"),
    ("auth://abc.com;2001-05:2001-03", 23, "before"),
    ("auth://abc.com;2001-01-02:2001-01-01", 26, "before"),
    ("auth://abc.com/x;2001-05%3A2001-03", 27, "before"),
    ("auth://abc.com;2001:", 19, "end date"),
    ("auth://abc.com;2001%3A", 19, "end date"),
    ("auth://abc.com;:2001", 15, "start date"),
    ("auth://abc.com;2001:2002:2003", 24, "':'"),
    ("auth://abc.com;2001;2002", 19, "';'"),
    ("auth://abc.com;2001/sales", 19, "before ';'"),
    ("auth://abc.com;2001-03-01T10:00", 25, "'T'"),
    ("  auth://abc.com/", 16, "trailing"),
]


@pytest.mark.parametrize(("text", "position", "words"), ERRORS)
def test_invalid_forms_raise_with_position_and_reason(text: str, position: int, words: str) -> None:
    with pytest.raises(AuthURIError) as info:
        parse_auth(text)
    error = info.value
    assert error.text == text
    assert error.position == position, (error.position, error.reason)
    assert words in error.reason
    assert 0 <= error.position < len(text)
    if text.lstrip().lower().startswith("auth:"):
        with pytest.raises(AuthURIError):
            pidrdf.parse(text)


def test_sub_authority_depth_is_bounded() -> None:
    from pidrdf.identifiers.auth import MAX_SUB_AUTHORITY_LEVELS, _parse_fast, parse_auth_fully

    limit = MAX_SUB_AUTHORITY_LEVELS
    assert limit == 64
    deepest = "auth://abc.com" + "/x" * limit + ";2001"
    assert len(parse_auth(deepest).path) == limit
    assert _parse_fast(deepest) == parse_auth_fully(deepest)
    for root in ("abc.com", "j%6Fhn@abc.com"):
        for levels in (limit + 1, 3000):
            for tail in ("", ";2001", "/"):
                text = f"auth://{root}" + "/x" * levels + tail
                first_past = len(f"auth://{root}") + 2 * limit + 1  # the "x" of level 65
                for parse in (parse_auth, parse_auth_fully):
                    with pytest.raises(AuthURIError) as info:
                        parse(text)
                    assert info.value.position == first_past
                    assert f"at most {limit}" in info.value.reason
                assert _parse_fast(text) is None
    with pytest.raises(AuthURIError) as info:
        parse_auth("auth://abc.com" + "/%41" * (limit + 1))
    assert info.value.position == len("auth://abc.com") + 4 * limit + 1


def test_non_strings_and_empty_input() -> None:
    with pytest.raises(AuthURIError):
        parse_auth(None)  # type: ignore[arg-type]
    with pytest.raises(AuthURIError) as info:
        parse_auth("   ")
    assert info.value.position is None


# ------------------------------------------------------------------ properties


@settings(max_examples=200)
@given(auth_texts())
def test_generated_uris_round_trip_and_are_strict_iris(text: str) -> None:
    x = parse_auth(text)
    assert parse_auth(x.uri) == x
    assert parse_auth(str(x)) == x
    assert pidrdf.parse(x.uri) == x
    NamedNode(x.uri)
    for node in x.scopes():
        NamedNode(node.uri)
        assert x.in_scope_of(node)
    if x.end is not None:
        assert x.valid_from is not None and x.valid_from <= x.end.last()


@settings(max_examples=300)
@given(st.text())
def test_any_text_parses_or_raises_auth_uri_error(text: str) -> None:
    _parses_or_raises(text)


@settings(max_examples=300)
@given(st.text(st.sampled_from("auth:/.@;%3Aa-Z09_~é \x00\ud800"), max_size=24))
def test_auth_like_text_parses_or_raises_auth_uri_error(rest: str) -> None:
    _parses_or_raises("auth://" + rest)
    _parses_or_raises("auth://abc.com/" + rest)
    _parses_or_raises("auth://abc.com;2001" + rest)


def _parses_or_raises(text: str) -> None:
    try:
        value = parse_auth(text)
    except AuthURIError as error:
        assert isinstance(error, IdentifierError) and error.reason
        assert error.position is None or 0 <= error.position < len(text)
    else:
        assert parse_auth(value.uri) == value
        NamedNode(value.uri)


@settings(max_examples=300)
@given(
    st.one_of(
        auth_texts(),
        st.text(st.sampled_from("auth:/.@;:%3Aa-Z09_"), max_size=30).map(lambda s: "auth://" + s),
    )
)
def test_the_fast_path_agrees_with_the_full_parser(text: str) -> None:
    from pidrdf.identifiers.auth import _parse_fast, parse_auth_fully

    for common in ("auth://abc.com/sales;2001", "auth://a@b.org;2001-03:2002", "AUTH://X.ORG"):
        assert _parse_fast(common) == parse_auth_fully(common)
    fast = _parse_fast(text)
    try:
        full = parse_auth_fully(text)
    except AuthURIError:
        assert fast is None
    else:
        assert fast is None or fast == full
