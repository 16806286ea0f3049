"""Properties of handles: URI round trips, strict IRIs, total parsers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pyoxigraph import NamedNode

import pidrdf
from pidrdf import Handle, IdentifierError
from pidrdf.rdf import Profile
from pidrdf.rdf.mapping import triples_of
from pidrdf.rdf.terms import Lit
from tests.strategies import handles

FORMS = ("https", "hdl", "info")


@settings(max_examples=200)
@given(handles)
def test_every_iri_form_parses_back_to_the_same_handle(value: Handle) -> None:
    for form in FORMS:
        for fold in (True, False):
            back = pidrdf.parse(value.iri(form, fold_case=fold))  # type: ignore[arg-type]
            assert back == value
            assert type(back) is type(value)


@settings(max_examples=150)
@given(handles, st.sampled_from(FORMS), st.booleans())
def test_every_emitted_iri_is_strict(value: Handle, form: str, same_as: bool) -> None:
    profile = Profile(handle_form=form, same_as=same_as)  # type: ignore[arg-type]
    for s, p, o in triples_of(value, profile):
        NamedNode(s)
        NamedNode(p)
        if not isinstance(o, Lit):
            NamedNode(o)


@settings(max_examples=200)
@given(st.text())
def test_any_text_parses_or_raises_an_identifier_error(text: str) -> None:
    for parser in (pidrdf.parse, pidrdf.parse_handle):
        try:
            parser(text)
        except IdentifierError as error:
            assert error.reason
            assert error.position is None or 0 <= error.position < len(text)


@settings(max_examples=200)
@given(
    st.sampled_from(["", "hdl:", "hdl://", "doi:", "info:hdl/", "urn:hdl:", "https://doi.org/",
                     "http://hdl.handle.net/", "hdl.handle.net/", "https://hdl.handle.net/api/handles/"]),
    st.text(st.sampled_from("10./%@=:?#+ aZ\u00e9\x00"), max_size=12),
)
def test_handle_like_text_parses_or_raises_handle_error(scheme: str, rest: str) -> None:
    try:
        value = pidrdf.parse_handle(scheme + rest)
    except pidrdf.HandleError as error:
        assert error.position is None or 0 <= error.position < len(scheme + rest)
    else:
        assert value.prefix and value.local_name


@settings(max_examples=500)
@given(
    st.sampled_from(["", "hdl:", "DOI:", "info:doi/", "https://doi.org/", "HTTP://DX.DOI.ORG/",
                     "hdl.handle.net/", "https://hdl.handle.net/api/", "doi.org/api/handles/",
                     "urn:hdl:", "URN:DOI:", "hdl://", "Hdl://", "doi.org/"]),
    st.text(st.sampled_from("10.9/:@%?# aFZ2\u00e9\u00a0\x00\ud800"), min_size=1, max_size=14),
)
def test_the_fast_path_agrees_with_the_full_parser(scheme: str, rest: str) -> None:
    from pidrdf.identifiers.handle import fast_handle, parse_handle_fully

    text = scheme + rest
    fast = fast_handle(text)
    if fast is None:
        return
    full = parse_handle_fully(text)
    assert type(fast) is type(full)
    assert (fast.prefix, fast.local_name, fast.modifier) == (
        full.prefix, full.local_name, full.modifier
    )


@settings(max_examples=200)
@given(handles, st.sampled_from(FORMS), st.booleans(), st.sampled_from(["", "?q=1", "#f"]))
def test_the_fast_path_agrees_on_every_written_form(
    value: Handle, form: str, fold: bool, suffix: str
) -> None:
    from pidrdf.identifiers.handle import fast_handle, parse_handle_fully

    text = value.iri(form, fold_case=fold) + suffix  # type: ignore[arg-type]
    fast = fast_handle(text)
    full = parse_handle_fully(text)
    assert full == value
    if fast is not None:
        assert (type(fast), fast.prefix, fast.local_name) == (
            type(full), full.prefix, full.local_name
        )
