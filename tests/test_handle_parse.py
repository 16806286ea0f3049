"""Handles and DOIs in every written form of DESIGN §3, their values and their errors."""

from __future__ import annotations

import pytest

import pidrdf
from pidrdf import DOI, Handle, HandleError, Resolver, parse, parse_handle

FORMS = [
    ("10.1000/182", "10.1000", "182"),
    ("cnri.dlib/july95-arms", "cnri.dlib", "july95-arms"),
    ("hdl:20.500.12122/WWD9VO", "20.500.12122", "WWD9VO"),
    ("HDL:20.500.12122/WWD9VO", "20.500.12122", "WWD9VO"),
    ("hdl://100.102/F58FB49EB1F848f0A606E84CEF294BE5", "100.102", "F58FB49EB1F848f0A606E84CEF294BE5"),  # noqa: E501
    ("info:hdl/1234/567", "1234", "567"),
    ("INFO:DOI/10.1000/182", "10.1000", "182"),
    ("urn:hdl:4263537:4000", "4263537", "4000"),
    ("urn:doi:10.1000:182", "10.1000", "182"),
    ("doi:10.6338/JDA.202212%2FSP_17(4).0000", "10.6338", "JDA.202212/SP_17(4).0000"),
    ("https://hdl.handle.net/1234/567", "1234", "567"),
    ("http://hdl.handle.net/1234/567", "1234", "567"),
    ("hdl.handle.net/1234/567", "1234", "567"),
    ("https://doi.org/10.1000/182", "10.1000", "182"),
    ("https://dx.doi.org/10.1000/182", "10.1000", "182"),
    ("dx.doi.org/10.1000/182", "10.1000", "182"),
    ("https://hdl.handle.net/api/handles/1234/567", "1234", "567"),
    ("https://doi.org/api/handles/10.1000/182", "10.1000", "182"),
    ("doi.org/bm6", "10", "bm6"),
    ("https://doi.org/bm6", "10", "bm6"),
    ("https://hdl.handle.net/1234/567?noredirect#frag", "1234", "567"),
    ("https://hdl.handle.net/1234/a+b", "1234", "a+b"),
    ("https://hdl.handle.net/1234/567/", "1234", "567/"),
    ("https://hdl.handle.net/1234/a%20b", "1234", "a b"),
    ("  10.1000/182\t", "10.1000", "182"),
    ("10.1000/a/b/c", "10.1000", "a/b/c"),
    ("hdl:10.1000/182?urlappend=/x", "10.1000", "182"),
]


@pytest.mark.parametrize(("text", "prefix", "local"), FORMS)
def test_every_form(text: str, prefix: str, local: str) -> None:
    for parser in (parse, parse_handle):
        value = parser(text)
        assert isinstance(value, Handle)
        assert (value.prefix, value.local_name) == (prefix, local)


def test_classification_by_prefix() -> None:
    assert type(parse("10/abc")) is DOI
    assert type(parse("10.1000.10/abc")) is DOI
    assert type(parse("10.10O0/abc")) is Handle
    assert type(parse("100.1000/abc")) is Handle
    assert type(parse("10.1000/abc")).kind == "doi"


def test_modifier_is_kept_but_not_identity() -> None:
    value = parse("hdl:action=verify@4263537/certificate-1234567")
    assert value == parse("4263537/certificate-1234567")
    assert isinstance(value, Handle)
    assert value.modifier == "action=verify"
    assert (value.prefix, value.local_name) == ("4263537", "certificate-1234567")
    assert value.as_record()["modifier"] == "action=verify"


def test_at_sign_without_modifier_is_part_of_the_handle() -> None:
    value = parse_handle("hdl:1234/user@example.org")
    assert value.local_name == "user@example.org"
    assert value.modifier is None


def test_doi_case_insensitive_handle_case_sensitive() -> None:
    assert parse("10.1000/ABC") == parse("10.1000/abc")
    assert hash(parse("10.1000/ABC")) == hash(parse("10.1000/abc"))
    assert parse("CNRI/x") == parse("cnri/x")
    assert parse("cnri/X") != parse("cnri/x")
    assert parse("0.NA/CNRI") == parse("0.na/cnri")
    assert str(parse("10.1000/ABC")) == "10.1000/ABC"


def test_non_ascii_is_never_folded_nor_normalized() -> None:
    nfc, nfd = "10.1000/\u00e9", "10.1000/e\u0301"
    assert parse(nfc) != parse(nfd)
    assert parse("10.1000/\u00c9").uri == "https://doi.org/10.1000/%C3%89"


def test_canonical_iris_and_profiles() -> None:
    doi = parse("doi:10.1000/A#B")
    assert doi.local_name == "A"  # a fragment is not part of the handle
    value = parse_handle("1234/a#b<c>+d é:@")
    assert value.uri == "https://hdl.handle.net/1234/a%23b%3Cc%3E%2Bd%20%C3%A9:@"
    assert value.iri("hdl") == "hdl:1234/a%23b%3Cc%3E+d%20%C3%A9%3A%40"
    assert value.iri("info") == "info:hdl/1234/a%23b%3Cc%3E%2Bd%20%C3%A9:@"
    assert parse("10.1000/ABC").iri("info") == "info:doi/10.1000/abc"
    assert parse("10.1000/ABC").iri("https", fold_case=False) == "https://doi.org/10.1000/ABC"
    with pytest.raises(ValueError, match="unknown handle IRI form"):
        value.iri("ftp")  # type: ignore[arg-type]


def test_naming_authority_chain() -> None:
    value = parse("10.1000.10/x")
    assert isinstance(value, Handle)
    assert [str(a) for a in value.naming_authorities()] == [
        "0.NA/10.1000.10",
        "0.NA/10.1000",
        "0.NA/10",
    ]
    assert value.naming_authority.uri == "https://hdl.handle.net/0.na/10.1000.10"
    assert parse("CNRI/1").naming_authority.uri == "https://hdl.handle.net/0.na/cnri"


def test_cordra_flag() -> None:
    assert parse("hdl:100.102/F58FB49EB1F848f0A606E84CEF294BE5").as_record()["cordra"] is True
    assert parse("cnri.dlib/july95-arms").as_record()["cordra"] is False


def test_configured_resolver_with_segment() -> None:
    url = "http://arrow.resolver.au.gov:2641/hdl/100.102/F58FB49EB1F848f0A606E84CEF294BE5"
    with pytest.raises(HandleError, match="unknown host"):
        parse(url)
    arrow = Resolver.from_string("arrow.resolver.au.gov:2641/hdl")
    value = parse(url, resolvers=(arrow,))
    assert (value.prefix, value.local_name) == ("100.102", "F58FB49EB1F848f0A606E84CEF294BE5")
    with pytest.raises(HandleError, match="puts 'hdl/' before the handle") as info:
        parse("http://arrow.resolver.au.gov:2641/100.102/F58F", resolvers=(arrow,))
    assert info.value.position == len("http://arrow.resolver.au.gov:2641/")


def test_registered_resolver() -> None:
    try:
        pidrdf.register_resolver("https://handle.example.org")
        assert parse("handle.example.org/1234/5") == parse("1234/5")
        assert parse("https://handle.example.org/1234/5") == parse("1234/5")
    finally:
        pidrdf.clear_resolvers()
    with pytest.raises(HandleError):
        parse("https://handle.example.org/1234/5")


def test_bad_resolver_specs() -> None:
    for spec in ("", "a/b/c", "host name"):
        with pytest.raises(ValueError, match="AUTHORITY"):
            Resolver.from_string(spec)


ERRORS = [
    ("10.1000", "needs a '/'", None),
    ("/182", "prefix (before the first '/') is empty", 0),
    ("10.1000/", "local name (after the first '/') is empty", 7),
    ("  10.1000/", "local name (after the first '/') is empty", 9),
    ("300:0.NA/12345", "value reference (index 300 of the handle 0.NA/12345)", 0),
    ("hdl:300:0.NA/12345", "value reference", 4),
    ("https://example.org/1234/5", "unknown host 'example.org'", 8),
    ("hdl:1234/a%zz", "two hexadecimal digits", 10),
    ("hdl:1234/a%2", "two hexadecimal digits", 10),
    ("doi:10.1000/a%FF", "valid UTF-8", 13),
    ("https://hdl.handle.net/", "no handle in its path", 22),
    ("https://doi.org/", "no handle in its path", 15),
    ("HTTP://", "no host", 6),
    ("10..1/x", "empty '.'-separated segment", 2),
    ("10.1./x", "empty '.'-separated segment", 4),
    ("10.1/a\x00b", "control character U+0000", 6),
    ("10.1/a\nb", "control character U+000A", 6),
    ("10.1/a\ud800", "lone surrogate", 6),
    ("", "empty", None),
    ("   ", "empty", None),
    ("urn:hdl:1234", "needs ':'", None),
    ("demo:1/DC", "Fedora dissemination written without info:fedora/", 4),
    ("doi:300:0.NA/12345", "value reference (index 300 of the handle 0.NA/12345)", 4),
    ("info:hdl/300:0.NA/12345", "value reference", 9),
    ("hdl://100.102:2641/F58F", "prefix cannot contain ':'", 13),
    ("info:doi/a:b/c", "prefix cannot contain ':'", 10),
    ("\ufeff10.1000/182", "byte-order mark", 0),
]


@pytest.mark.parametrize(("text", "reason", "position"), ERRORS)
def test_errors_name_reason_and_position(text: str, reason: str, position: int | None) -> None:
    with pytest.raises(HandleError) as info:
        parse_handle(text)
    assert reason in info.value.reason
    assert info.value.position == position
    assert info.value.text == text
    assert isinstance(info.value, ValueError)
    assert text.strip() == "" or repr(text) in str(info.value)


def test_parse_reports_unsupported_uri_namespaces() -> None:
    with pytest.raises(pidrdf.IdentifierError, match="info: namespace"):
        parse("info:lccn/2002022641")
    with pytest.raises(pidrdf.IdentifierError, match="URN namespace"):
        parse("urn:isbn:0451450523")


def test_non_string_input() -> None:
    with pytest.raises(pidrdf.IdentifierError):
        parse(b"10.1000/182")  # type: ignore[arg-type]
    with pytest.raises(HandleError):
        parse_handle(None)  # type: ignore[arg-type]


def test_as_record_fields() -> None:
    record = parse("hdl:10.1000/182").as_record()
    assert record == {
        "kind": "doi",
        "uri": "https://doi.org/10.1000/182",
        "prefix": "10.1000",
        "local_name": "182",
        "naming_authority": "https://hdl.handle.net/0.na/10.1000",
        "cordra": True,
    }


def test_a_handle_named_like_the_rest_interface_survives_its_proxy_url() -> None:
    value = Handle.from_parts("api", "handles/10.1000/x")
    assert value.uri == "https://hdl.handle.net/%61pi/handles/10.1000/x"
    assert parse(value.uri) == value and type(parse(value.uri)) is Handle
    assert parse("https://hdl.handle.net/api/handles/10.1000/x") == parse("10.1000/x")
