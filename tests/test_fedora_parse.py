"""Fedora PIDs, object URIs and dissemination URIs: vectors, normalization, errors, detection."""

from __future__ import annotations

import operator
from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pidrdf
from pidrdf import (
    DatastreamDissemination,
    Dissemination,
    FedoraPID,
    FedoraPIDError,
    Identifier,
    IdentifierError,
    MethodDissemination,
)
from pidrdf.identifiers.fedora import (
    MAX_PARAMETERS,
    NOT_PID_NAMESPACES,
    fast_fedora,
    parse_fedora_fully,
    parse_pid,
)
from tests.fedora_strategies import fedora_values, pids
from tests.vectors import ids, rows

FEDORA = rows("fedora.tsv")
OK = [row for row in FEDORA if row["expect"] == "ok"]
BAD = [row for row in FEDORA if row["expect"] == "error"]
PARSERS: list[Callable[[str], Identifier]] = [pidrdf.parse, pidrdf.parse_fedora]


def diss(text: str) -> Dissemination:
    """Parse text that must be a dissemination URI."""
    value = pidrdf.parse(text)
    assert isinstance(value, Dissemination)
    return value


def obj(text: str) -> FedoraPID:
    """Parse text that must be a bare PID or an object URI."""
    value = pidrdf.parse_fedora(text)
    assert isinstance(value, FedoraPID)
    return value


# --------------------------------------------------------------------------- vectors


def test_the_vectors_are_all_there() -> None:
    assert len(OK) >= 25 and len(BAD) >= 15


@pytest.mark.parametrize("row", OK, ids=ids(OK, "input"))
@pytest.mark.parametrize("parser", PARSERS)
def test_ok_row(row: dict[str, str], parser: Callable[[str], Identifier]) -> None:
    value = parser(row["input"])
    assert value.kind == row["kind"]
    assert value.uri == row["uri"]
    record = value.as_record()
    assert record["pid"] == row["pid"]
    assert record["uri"] == row["uri"]
    if row["kind"] == "fedora-object":
        assert isinstance(value, FedoraPID)
        assert str(value) == value.pid == row["pid"]
        return
    assert isinstance(value, Dissemination)
    assert str(value.pid) == row["pid"]
    assert (value.datastream_id or "") == row["datastream_id"]
    assert (str(value.sdef) if value.sdef else "") == row["sdef"]
    assert (value.method or "") == row["method"]
    assert "&".join(f"{n}={v}" for n, v in value.params) == row["params"]


@pytest.mark.parametrize("row", BAD, ids=ids(BAD, "input"))
@pytest.mark.parametrize("parser", PARSERS)
def test_error_row(row: dict[str, str], parser: Callable[[str], Identifier]) -> None:
    with pytest.raises(IdentifierError) as info:
        parser(row["input"])
    assert info.value.text == row["input"]
    assert info.value.reason
    position = info.value.position
    assert position is None or 0 <= position < len(row["input"])


@pytest.mark.parametrize("row", BAD, ids=ids(BAD, "input"))
def test_fedora_errors_are_fedora_errors(row: dict[str, str]) -> None:
    with pytest.raises(FedoraPIDError):
        pidrdf.parse_fedora(row["input"])


# --------------------------------------------------------------------------- normalization


def test_separator_rule() -> None:
    assert pidrdf.parse("demo%3a1") == pidrdf.parse("demo:1") == FedoraPID("demo", "1")
    # only the first %3A before any ':' is the separator; later ones stay escapes
    assert obj("demo%3A1%3a2").pid == "demo:1%3A2"
    assert obj("demo:1%3a").pid == "demo:1%3A"


def test_escapes_are_uppercased_never_unescaped() -> None:
    a = obj("demo:A%2dB")
    assert a.pid == "demo:A%2DB"
    assert a != pidrdf.parse_fedora("demo:A-B")
    assert hash(a) == hash(pidrdf.parse_fedora("info:fedora/demo:A%2DB"))


def test_case_is_kept() -> None:
    assert pidrdf.parse_fedora("Demo:ABC") != pidrdf.parse_fedora("demo:abc")
    assert pidrdf.parse_fedora("INFO:FEDORA/Demo:ABC").uri == "info:fedora/Demo:ABC"


def test_length_counts_after_normalization() -> None:
    body = "x" * 59
    assert obj(f"demo%3A{body}").pid == f"demo:{body}"  # 64 after ':'
    with pytest.raises(FedoraPIDError, match="65 characters"):
        pidrdf.parse_fedora(f"demo:{body}x")


def test_datastream_ids_are_decoded_and_non_ascii_escaped() -> None:
    d = pidrdf.parse("info:fedora/demo:1/%44C")
    assert isinstance(d, DatastreamDissemination)
    assert d.datastream_id == "DC" and d.uri == "info:fedora/demo:1/DC"
    e = diss("info:fedora/demo:1/Ré")
    assert e.uri == "info:fedora/demo:1/R%C3%A9"
    assert e == pidrdf.parse("info:fedora/demo:1/R%c3%a9")
    assert diss("info:fedora/demo:1/title.jpg").datastream_id == "title.jpg"


def test_parameters_are_decoded_and_sorted() -> None:
    m = pidrdf.parse("info:fedora/demo:1/demo:MyBDef/method?b=2&a=%3d+%26&a=1")
    assert isinstance(m, MethodDissemination)
    assert m.params == (("a", "1"), ("a", "=+&"), ("b", "2"))
    assert m.uri == "info:fedora/demo:1/demo:MyBDef/method?a=1&a=%3D%2B%26&b=2"
    # escapes that need none are removed, the rest uppercased
    n = diss("info:fedora/demo:1/demo:MyBDef/method?%61=caf%c3%a9%2fx")
    assert n.params == (("a", "café/x"),)
    assert n.uri == "info:fedora/demo:1/demo:MyBDef/method?a=caf%C3%A9/x"
    assert MethodDissemination(m.pid, None, m.sdef, "method", (("b", "2"), ("a", "1"))).params == (
        ("a", "1"),
        ("b", "2"),
    )


def test_dissemination_types() -> None:
    t = diss("info:fedora/*/DC")
    assert t.is_type and t.object is None and t.pid == "*"
    assert t.dissemination_type is t
    d = diss("info:fedora/demo:1/DC")
    assert d.dissemination_type == t
    m = diss("info:fedora/*/demo:1/index")
    assert m.kind == "fedora-method" and m.sdef == FedoraPID("demo", "1")


def test_records_follow_design_section_2() -> None:
    obj = pidrdf.parse("demo:1").as_record()
    assert obj == {
        "kind": "fedora-object",
        "uri": "info:fedora/demo:1",
        "pid": "demo:1",
        "namespace": "demo",
        "object_id": "1",
    }
    ds = pidrdf.parse("info:fedora/*/DC").as_record()
    assert ds["pid"] == "*" and ds["namespace"] is None and ds["datastream_id"] == "DC"
    method = pidrdf.parse("info:fedora/demo:1/demo:S/m?b=2&a=1").as_record()
    assert method["sdef"] == "demo:S" and method["method"] == "m"
    assert method["params"] == [["a", "1"], ["b", "2"]]


def test_values_are_immutable_and_print_well() -> None:
    pid = obj("demo:1")
    assert repr(pid) == "FedoraPID('demo:1')"
    with pytest.raises(AttributeError):
        pid.namespace = "x"  # type: ignore[misc]  # frozen
    d = pid.datastream("DC")
    assert repr(d) == "DatastreamDissemination('info:fedora/demo:1/DC')"
    assert str(d) == d.uri
    with pytest.raises(FedoraPIDError, match="NCName"):
        pid.datastream("a b")
    with pytest.raises(TypeError):
        Dissemination(pid, "DC")
    with pytest.raises(TypeError):
        DatastreamDissemination(pid, None)


def test_parse_pid_takes_the_callers_word() -> None:
    assert parse_pid("data:1") == FedoraPID("data", "1")
    assert parse_pid("info:fedora/demo:1") == FedoraPID("demo", "1")
    with pytest.raises(FedoraPIDError, match="not a dissemination"):
        parse_pid("info:fedora/demo:1/DC")


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "part", "position"),
    [
        ("demo:a b", "object id", 6),
        ("  demo:a b", "object id", 8),
        ("de_mo:1", "namespace", 2),
        (":1", "namespace", 0),
        ("demo:", "object id", 4),
        ("demo:1%4", "two hexadecimal digits", 6),
        ("demo:1%G0", "two hexadecimal digits", 6),
        ("demo%3B1", "no escape but %3A", 4),
        ("demo:1:2", "may not contain ':'", 6),
        ("info:fedora/demo:1/1DS", "datastream id must start", 19),
        ("info:fedora/demo:1/D%20S", "datastream id", 20),
        ("info:fedora/demo:1/D%C3", "not valid UTF-8", 20),
        ("info:fedora/demo:1/a:b", "method dissemination is", 20),
        ("info:fedora/demo:1/demo:S/9m", "method name must start", 26),
        ("info:fedora/demo:1/demo:S/m?", "name=value", 27),
        ("info:fedora/demo:1/demo:S/m?a", "has no '='", 28),
        ("info:fedora/demo:1/demo:S/m?=1", "parameter name", 28),
        ("info:fedora/demo:1/demo:S/m?a=1&", "parameter is empty", 31),
        ("info:fedora/demo:1/demo:S/m?a=%00", "control character", 30),
        ("info:fedora/demo:1/de mo:S/m", "not allowed in a Fedora URI", 21),
        ("info:fedora/demo:1/demo:S/m?a=b\u2003c", "not allowed in a Fedora URI", 31),
        ("info:fedora/demo:1/demo%3BS/m", "service definition PID", 23),
        ("info:fedora/demo:1/DC?x=1", "takes no '?'", 21),
        ("info:fedora/demo:1?x=1", "object URI takes no", 18),
        ("info:fedora/demo:1#frag", "fragment", 18),
        ("info:fedora/demo:1/demo:S/m/x", "too many '/'", 27),
        ("info:fedora/*", "dissemination type", 12),
        ("info:fedora/demo:1/*/m", "not for the service definition", 19),
        ("info:fedora//DC", "PID (before the first '/') is empty", 12),
        ("info:fedora/demo:1/", "datastream id is empty", 18),
        ("demo:1/DC", "has no '/'", 6),
        ("islandora_islandora", "needs ':'", None),
    ],
)
def test_errors_name_the_part_and_position(text: str, part: str, position: int | None) -> None:
    with pytest.raises(FedoraPIDError) as info:
        pidrdf.parse_fedora(text)
    assert part in info.value.reason
    assert info.value.position == position
    assert info.value.text == text


def test_too_long_points_at_the_65th_character() -> None:
    text = "info:fedora/demo:" + "x" * 60
    with pytest.raises(FedoraPIDError) as info:
        pidrdf.parse_fedora(text)
    assert info.value.position == len("info:fedora/") + 64


def test_datastream_id_limit_is_64() -> None:
    assert diss(f"info:fedora/demo:1/{'D' * 64}").datastream_id == "D" * 64
    with pytest.raises(FedoraPIDError, match="at most 64"):
        pidrdf.parse(f"info:fedora/demo:1/{'D' * 65}")


def test_method_parameters_are_limited() -> None:
    head = "info:fedora/demo:1/demo:S/m?"
    params = [f"p{k:02d}=v" for k in range(MAX_PARAMETERS)]
    ok = pidrdf.parse(head + "&".join(params))
    assert isinstance(ok, MethodDissemination) and len(ok.params) == MAX_PARAMETERS == 64
    text = head + "&".join([*params, "extra=1"])
    with pytest.raises(FedoraPIDError) as info:
        pidrdf.parse_fedora(text)
    assert "too many parameters" in info.value.reason and "at most 64" in info.value.reason
    assert info.value.position == text.index("extra=1")
    assert info.value.text == text


def test_a_huge_parameter_list_is_rejected_early() -> None:
    text = "info:fedora/demo:1/demo:S/m?" + "&".join(f"p{k}=v" for k in range(100_000))
    for parser in PARSERS:
        with pytest.raises(FedoraPIDError, match="too many parameters") as info:
            parser(text)
        assert info.value.position == text.index("p64=")


def test_a_method_built_with_too_many_parameters_is_refused() -> None:
    sdef = FedoraPID("demo", "S")
    params = tuple((f"p{k}", "v") for k in range(MAX_PARAMETERS + 1))
    with pytest.raises(FedoraPIDError, match="at most 64 parameters, not 65"):
        MethodDissemination(FedoraPID("demo", "1"), None, sdef, "m", params)
    assert len(MethodDissemination("*", None, sdef, "m", params[:-1]).params) == 64


def test_non_strings_and_surrogates() -> None:
    with pytest.raises(FedoraPIDError):
        pidrdf.parse_fedora(1)  # type: ignore[arg-type]
    with pytest.raises(FedoraPIDError) as info:
        pidrdf.parse_fedora("demo:\udcff")
    assert info.value.position == 5


# --------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    "text",
    [
        "mailto:x",
        "MAILTO:someone",
        "tel:5551234",
        "data:text",
        "sip:alice",
        "news:comp.lang",
        "tag:x",
        "rdf:type",
        "dc:title",
        "fedora-model:hasModel",
        "file:x",
        "ftp:x",
        "ark:13030",
        # scholarly and library identifiers, in any case
        "isbn:9780306406157",
        "ISBN:9780306406157",
        "issn:0317-8471",
        "pmid:12345678",
        "pmcid:PMC7029158",
        "arXiv:2101.00001",
        "orcid:0000-0002-1825-0097",
        "ror:05dxps055",
        "viaf:102333412",
        "lccn:n79021164",
        "oclc:12345",
        "wikidata:Q42",
        # example CURIEs
        "ex:thing",
        "EG:x",
    ],
)
def test_bare_uri_schemes_and_prefixed_names_are_not_pids(text: str) -> None:
    for parser in PARSERS:
        with pytest.raises(IdentifierError, match="not a Fedora namespace") as info:
            parser(text)
        assert info.value.position == 0
    # the explicit forms still reach a PID of that namespace
    namespace, _, rest = text.partition(":")
    assert pidrdf.parse(f"info:fedora/{text}") == FedoraPID(namespace, rest)
    assert pidrdf.parse(f"{namespace}%3A{rest}") == FedoraPID(namespace, rest)


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("isbn:9780306406157", "scholarly or library identifier prefix"),
        ("arXiv:2101.00001", "scholarly or library identifier prefix"),
        ("wikidata:Q42", "scholarly or library identifier prefix"),
        ("ex:thing", "example prefixed name (CURIE)"),
        ("eg:thing", "example prefixed name (CURIE)"),
    ],
)
def test_identifier_prefixes_say_how_to_write_a_real_pid(text: str, what: str) -> None:
    with pytest.raises(FedoraPIDError) as info:
        pidrdf.parse_fedora(text)
    word = text.partition(":")[0]
    assert f"{word!r} here is a {what}, not a Fedora namespace" in info.value.reason
    assert f"write it as info:fedora/{text}" in info.value.reason
    assert fast_fedora(text) is None


def test_ark_is_not_a_pid() -> None:
    with pytest.raises(FedoraPIDError, match="URI scheme"):
        pidrdf.parse_fedora("ark:/13030/tf5p30086k")
    with pytest.raises(IdentifierError):
        pidrdf.parse("ark:/13030/tf5p30086k")


def test_other_uri_schemes_are_not_taken_for_pids_by_the_dispatcher() -> None:
    for text in ["urn:isbn:0451450523", "http:foo", "info:foo", "auth:x"]:
        with pytest.raises(IdentifierError):
            pidrdf.parse(text)


def test_ordinary_namespaces_stay_pids() -> None:
    for text in [
        "demo:1",
        "uuid:MED00178583_test",
        "example:9876",
        "changeme:42",
        "exam:1",
        "eg1:1",
        "islandora:root",
        "fedora-system:ContentModel-3.0",
    ]:
        assert isinstance(pidrdf.parse(text), FedoraPID)


# --------------------------------------------------------------------------- properties


@settings(max_examples=200)
@given(fedora_values)
def test_parse_of_uri_is_the_value(value: FedoraPID | Dissemination) -> None:
    assert pidrdf.parse(value.uri) == value
    assert pidrdf.parse_fedora(value.uri) == value
    assert pidrdf.parse(f"  {value.uri}\n") == value


@settings(max_examples=200)
@given(pids)
def test_bare_pid_round_trips_and_lowercase_hex_normalizes(pid: FedoraPID) -> None:
    assume(pid.namespace.lower() not in NOT_PID_NAMESPACES)
    assert pidrdf.parse(str(pid)) == pid
    # the same PID with a %3a separator and lowercase hex in every escape
    head, *escapes = pid.object_id.split("%")
    relaxed = head + "".join("%" + e[:2].lower() + e[2:] for e in escapes)
    assert pidrdf.parse_fedora(f"{pid.namespace}%3a{relaxed}") == pid


@settings(max_examples=200)
@given(st.text())
def test_any_text_parses_or_raises_an_identifier_error(text: str) -> None:
    for parser in PARSERS:
        try:
            value = parser(text)
        except IdentifierError as error:
            assert error.position is None or 0 <= error.position < len(text)
            assert error.reason
        else:
            assert isinstance(value, FedoraPID | Dissemination | pidrdf.Handle | pidrdf.AuthURI)


_URI_ALPHABET = "info:fedora/*%3aA9?&=#é-._~ \n"


@settings(max_examples=200)
@given(st.text(_URI_ALPHABET, max_size=40))
def test_fedora_shaped_text_parses_or_raises_a_fedora_error(tail: str) -> None:
    text = "info:fedora/" + tail
    try:
        value = pidrdf.parse_fedora(text)
    except FedoraPIDError as error:
        assert error.position is None or 0 <= error.position < len(text)
    else:
        assert pidrdf.parse_fedora(value.uri) == value


# --------------------------------------------------------------------------- fast path

#: Characters that make near misses of the common forms: escapes and ``%3a`` separators,
#: structure, whitespace, controls, non-ASCII (an NCName character among them) and a lone
#: surrogate.
_NEAR_MISS = "aZ9-._~:%3aA2dF/*?&=#+ \t\n\x00\x7f\x85\u00a0\u2003\u00b7\u00e9\ud800"
_HEADS = [
    "",
    "info:fedora/",
    "INFO:fedora/",
    "info:fedora/*/",
    "info:fedora/demo:1/",
    "info:fedora/demo:1/demo:S/",
    "info:fedora/info:fedora/",
    "info:fedora/*/demo:S/",
    "demo:",
    "demo%3a",
    "rdf:",
    " ",
]


@st.composite
def _written_forms(draw: st.DrawFn) -> str:
    """A value written in one of the forms the parsers read, sometimes made a near miss."""
    value = draw(fedora_values)
    forms = [value.uri, "INFO:FEDORA/" + value.uri[12:], f" {value.uri}", f"{value.uri}\n"]
    if isinstance(value, FedoraPID):
        forms += [str(value), f"{value.namespace}%3a{value.object_id}", value.pid.lower()]
    text = draw(st.sampled_from(forms))
    edit = draw(st.sampled_from(["none", "insert", "replace", "delete"]))
    if edit == "none" or not text:
        return text
    at = draw(st.integers(0, len(text) - 1))
    c = draw(st.sampled_from(_NEAR_MISS))
    if edit == "insert":
        return text[:at] + c + text[at:]
    if edit == "replace":
        return text[:at] + c + text[at + 1 :]
    return text[:at] + text[at + 1 :]


_near_misses = st.one_of(
    _written_forms(),
    st.builds(operator.add, st.sampled_from(_HEADS), st.text(_NEAR_MISS, max_size=16)),
    st.text(max_size=24),
)


def _assert_fast_agrees(text: str) -> None:
    fast = fast_fedora(text)
    if fast is None:
        return
    full = parse_fedora_fully(text)  # raises if the fast path accepted a bad input
    assert type(fast) is type(full)
    assert fast == full and hash(fast) == hash(full)
    assert (fast.uri, repr(fast), fast.as_record()) == (full.uri, repr(full), full.as_record())


@settings(max_examples=1000)
@given(_near_misses)
def test_the_fast_path_agrees_with_the_full_parser(text: str) -> None:
    _assert_fast_agrees(text)


@pytest.mark.parametrize(
    "text",
    [
        "info:fedora/islandora:12345",
        "islandora:12345",
        "info:fedora/uuid:3f2a1b4c-1111-2222-3333-444455556666/RELS-EXT",
        "info:fedora/cul:A%2D12/PDFA-1.pdf",
        "info:fedora/*/DC",
        "info:fedora/demo:1/demo:DualResolution/mediumSize",
        "info:fedora/*/demo:1/index",
        f"info:fedora/demo:{'x' * 59}/{'D' * 64}",
    ],
)
def test_the_fast_path_reads_the_common_forms(text: str) -> None:
    assert fast_fedora(text) is not None
    _assert_fast_agrees(text)


@pytest.mark.parametrize(
    "text",
    [
        "info:fedora/info:fedora/DC",  # the prefix repeated: an error
        "info:fedora/Info:1/DC",
        "rdf:type",  # a prefixed name, not a PID
        "demo:",
        ":1",
        "demo:a%2d",  # lowercase hex: normalized by the full parser
        "demo%3A1",
        f"demo:{'x' * 60}",  # 65 characters
        f"info:fedora/demo:1/{'D' * 65}",
        "info:fedora/demo:1/R%C3%A9",
        "info:fedora/demo:1/demo:S/m?a=1",
        "info:fedora/demo:1/",
        "info:fedora/*",
        "info:fedora/demo:1/*/m",
        " demo:1",
        "demo:1\n",
        "demo:1/DC",
    ],
)
def test_the_fast_path_leaves_the_unusual_to_the_full_parser(text: str) -> None:
    assert fast_fedora(text) is None
