"""pidrdf.sparql: the generated query and the extension functions agree with pidrdf.matches on
rdflib and on Oxigraph, for every vector and for generated URIs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pyoxigraph as ox
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rdflib import Graph, Literal, URIRef
from rdflib.paths import Path
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.operators import register_custom_function, unregister_custom_function
from rdflib.plugins.sparql.parserutils import CompValue

from pidrdf import matches, parse_auth
from pidrdf.rdf.terms import Lit
from pidrdf.sparql import (
    AUTH_IN_SCOPE,
    AUTH_MATCHES,
    AUTH_VALID_ON,
    OXIGRAPH_FUNCTIONS,
    Assertion,
    QueryResult,
    assertions_by,
    assertions_query,
    auth_match_pattern,
    auth_match_query,
    rdflib_functions,
    run_query,
)
from tests.auth_data import ntriples, oxigraph_store, rdflib_graph, universe
from tests.auth_strategies import auth_texts, partial_dates
from tests.vectors import ids, rows

VECTORS = rows("auth-matching.tsv")
OPTIONS = ("exclude", "include")
ENGINES = ("rdflib", "oxigraph")
AUTHORITY = "https://w3id.org/pidrdf#Authority"
IN_SCOPE_OF = "https://w3id.org/pidrdf#inScopeOf"
XSD_DATE = "http://www.w3.org/2001/XMLSchema#date"

# every auth: URI the vectors mention, mapped once into each engine
VECTOR_VALUES = sorted(
    {parse_auth(r[c]) for r in VECTORS for c in ("query", "target")}, key=lambda v: v.uri
)


@cache
def vector_source(engine: str) -> Graph | ox.Store:
    return rdflib_graph(VECTOR_VALUES) if engine == "rdflib" else oxigraph_store(VECTOR_VALUES)


@cache
def generated_answer(engine: str, query: str, option: str) -> frozenset[Any]:
    return frozenset(run_query(vector_source(engine), auth_match_query(query, option)).column())


@cache
def function_answer(engine: str, query: str, option: str) -> frozenset[Any]:
    text = (
        f"SELECT ?t WHERE {{ ?t a <{AUTHORITY}> . "
        f"FILTER(<{AUTH_MATCHES}>(<{parse_auth(query).uri}>, ?t, {_flag(option)})) }}"
    )
    return frozenset(run_query(vector_source(engine), text, functions=True).column())


def _flag(option: str) -> str:
    return "true" if option == "include" else "false"


def _expected(row: dict[str, str], option: str) -> bool:
    return row["match" if option == "exclude" else "match_including_undated"] == "true"


# ------------------------------------------------------------------ the vectors


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("row", VECTORS, ids=ids(VECTORS, "query"))
def test_vectors_generated_query(engine: str, row: dict[str, str]) -> None:
    target = parse_auth(row["target"]).uri
    for option in OPTIONS:
        found = target in generated_answer(engine, row["query"], option)
        assert found is _expected(row, option), option


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("row", VECTORS, ids=ids(VECTORS, "query"))
def test_vectors_extension_functions(engine: str, row: dict[str, str]) -> None:
    q, t = parse_auth(row["query"]).uri, parse_auth(row["target"]).uri
    for option in OPTIONS:
        expected = _expected(row, option)
        assert (t in function_answer(engine, row["query"], option)) is expected
        # the function alone, on nothing but its arguments (IRIs, then plain strings)
        for args in (f"<{q}>, <{t}>", f'"{row["query"]}", "{row["target"]}"'):
            ask = f"ASK {{ FILTER(<{AUTH_MATCHES}>({args}, {_flag(option)})) }}"
            assert run_query(vector_source(engine), ask, functions=True).boolean is expected
        if option == "exclude":
            ask = f"ASK {{ FILTER(<{AUTH_MATCHES}>(<{q}>, <{t}>)) }}"
            assert run_query(vector_source(engine), ask, functions=True).boolean is expected


# ------------------------------------------------------------------ agreement property


def _pairs(source: Graph | ox.Store, function: str, extra: str = "") -> set[tuple[Any, ...]]:
    text = (
        f"SELECT ?a ?b WHERE {{ ?a a <{AUTHORITY}> . ?b a <{AUTHORITY}> . "
        f"FILTER(<{function}>(?a, ?b{extra})) }}"
    )
    return set(run_query(source, text, functions=True).rows)


@settings(max_examples=60, deadline=None)
@given(st.lists(auth_texts(), min_size=1, max_size=6), partial_dates())
def test_python_both_engines_and_both_function_routes_agree(
    texts: list[str], day_of: Any
) -> None:
    values = [parse_auth(t) for t in texts]
    sources = {"rdflib": rdflib_graph(values), "oxigraph": oxigraph_store(values)}
    nodes = universe(values)
    for option in OPTIONS:
        expected_pairs = {(q.uri, t.uri) for q in nodes for t in nodes if matches(q, t, option)}
        for name, source in sources.items():
            assert _pairs(source, AUTH_MATCHES, f", {_flag(option)}") == expected_pairs, name
        for q in nodes:
            expected = {t.uri for t in nodes if matches(q, t, option)}
            text = auth_match_query(q, option)
            for name, source in sources.items():
                assert set(run_query(source, text).column()) == expected, (name, q, option)
    # authInScope is the materialized pidrdf:inScopeOf, which is AuthURI.in_scope_of
    scope_pairs = {(a.uri, b.uri) for a in nodes for b in nodes if a.in_scope_of(b)}
    for name, source in sources.items():
        assert _pairs(source, AUTH_IN_SCOPE) == scope_pairs, name
        materialized = f"SELECT ?a ?b WHERE {{ ?a <{IN_SCOPE_OF}> ?b }}"
        assert set(run_query(source, materialized).rows) == scope_pairs, name
    # authValidOn on the first day of a generated period
    day = day_of.first()
    valid = {(n.uri,) for n in nodes if n.valid_on(day)}
    text = (
        f"SELECT ?a WHERE {{ ?a a <{AUTHORITY}> . "
        f'FILTER(<{AUTH_VALID_ON}>(?a, "{day.isoformat()}"^^<{XSD_DATE}>)) }}'
    )
    for name, source in sources.items():
        assert set(run_query(source, text, functions=True).rows) == valid, name


# ------------------------------------------------------------------ the generated text


def _walk(node: Any) -> Iterator[Any]:
    yield node
    if isinstance(node, CompValue):
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list | tuple | set):
        for item in node:
            yield from _walk(item)


@pytest.mark.parametrize(
    "query",
    ["auth://abc.com", "auth://abc.com/sales;2001", "auth://u@abc.com/x;2001-03:2002-04-05"],
)
@pytest.mark.parametrize("option", OPTIONS)
def test_generated_query_has_one_triple_pattern_filters_and_no_paths(
    query: str, option: str
) -> None:
    text = auth_match_query(query, option)
    assert "gYear" not in text and AUTH_MATCHES not in text
    algebra = prepareQuery(text).algebra
    nodes = list(_walk(algebra))
    assert not [n for n in nodes if isinstance(n, Path)]
    assert not [n for n in nodes if isinstance(n, CompValue) and n.name == "Function"]
    patterns = [t for n in nodes if isinstance(n, CompValue) and n.name == "BGP" for t in n.triples]
    predicates = {str(p) for _, p, _ in patterns}
    assert str(IN_SCOPE_OF) in predicates
    assert predicates <= {
        IN_SCOPE_OF,
        "https://schema.org/validFrom",
        "https://schema.org/validThrough",
    }
    literals = [n for n in nodes if isinstance(n, Literal)]
    assert all(str(lit.datatype) == XSD_DATE for lit in literals)
    assert [str(v) for v in algebra.PV] == ["target"]


def test_query_options_and_validation() -> None:
    text = auth_match_query(parse_auth("auth://abc.com;2001"), target_var="?who")
    assert "SELECT DISTINCT ?who WHERE" in text
    with pytest.raises(ValueError):
        auth_match_query("auth://abc.com", target_var="not a var")
    with pytest.raises(ValueError):
        auth_match_query("auth://abc.com", "sometimes")
    with pytest.raises(TypeError):
        auth_match_query(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        assertions_query("auth://abc.com", predicate=[])
    with pytest.raises(ValueError):
        assertions_query("auth://abc.com", predicate="http://example.org/a b")


# ------------------------------------------------------------------ embedding, use case

DOCS = """
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix prov: <http://www.w3.org/ns/prov#> .
<http://example.org/r1> dcterms:creator <auth://abc.com/sales/europe;2001-03> .
<http://example.org/r2> dcterms:creator <auth://abc.com/salesforce;2001-03> .
<http://example.org/r3> prov:wasAttributedTo <auth://abc.com/sales;2000-06:2001-12> .
<http://example.org/r4> dcterms:creator <auth://abc.com/sales;2001-11-29> .
<http://example.org/r5> dcterms:creator <auth://john.doe@abc.com/sales;2001> .
<http://example.org/r6> dcterms:creator <auth://abc.com/sales> .
"""
DOC_AUTHORITIES = [
    "auth://abc.com/sales/europe;2001-03",
    "auth://abc.com/salesforce;2001-03",
    "auth://abc.com/sales;2000-06:2001-12",
    "auth://abc.com/sales;2001-11-29",
    "auth://john.doe@abc.com/sales;2001",
    "auth://abc.com/sales",
]


@pytest.fixture(scope="module")
def documents() -> dict[str, Graph | ox.Store]:
    graph = Graph().parse(data=DOCS, format="turtle")
    values = [parse_auth(a) for a in DOC_AUTHORITIES]
    graph += rdflib_graph(values)
    store = ox.Store()
    store.load(DOCS, ox.RdfFormat.TURTLE)
    store.load(ntriples(values), ox.RdfFormat.N_TRIPLES)
    return {"rdflib": graph, "oxigraph": store}


@pytest.mark.parametrize("engine", ENGINES)
def test_assertions_by_answers_the_drafts_use_case(
    engine: str, documents: dict[str, Graph | ox.Store]
) -> None:
    source = documents[engine]
    found = assertions_by(source, "auth://abc.com/sales;2001")
    assert found == [
        Assertion(
            "http://example.org/r1",
            "http://purl.org/dc/terms/creator",
            "auth://abc.com/sales/europe;2001-03",
        ),
        Assertion(
            "http://example.org/r4",
            "http://purl.org/dc/terms/creator",
            "auth://abc.com/sales;2001-11-29",
        ),
    ]
    only_prov = assertions_by(
        source, "auth://abc.com/sales;2000:2001", "http://www.w3.org/ns/prov#wasAttributedTo"
    )
    assert [a.assertion for a in only_prov] == ["http://example.org/r3"]
    with_undated = assertions_by(source, "auth://abc.com/sales;2001", undated_targets="include")
    assert [a.assertion for a in with_undated] == [
        "http://example.org/r1",
        "http://example.org/r4",
        "http://example.org/r6",
    ]
    # Python agrees
    for assertion in found:
        assert matches("auth://abc.com/sales;2001", assertion.authority)


@pytest.mark.parametrize("engine", ENGINES)
def test_pattern_embeds_in_a_users_query(
    engine: str, documents: dict[str, Graph | ox.Store]
) -> None:
    pattern = auth_match_pattern("auth://abc.com;2001-03:2001-12", "author")
    text = (
        "PREFIX dc: <http://purl.org/dc/terms/>\n"
        f"SELECT ?doc WHERE {{ ?doc dc:creator ?author . {pattern} }} ORDER BY ?doc"
    )
    found = run_query(documents[engine], text).column("doc")
    assert found == ["http://example.org/r1", "http://example.org/r2", "http://example.org/r4"]


# ------------------------------------------------------------------ run_query


def test_run_query_gives_the_same_rows_on_both_engines() -> None:
    values = [parse_auth(t) for t in ("auth://a.org/x;2001-02:2001-03", "auth://a.org;1999")]
    text = (
        "SELECT ?t ?from ?through ?id WHERE { ?t <https://schema.org/validFrom> ?from . "
        "OPTIONAL { ?t <https://schema.org/validThrough> ?through } "
        "?t <http://purl.org/dc/terms/identifier> ?id }"
    )
    results = [run_query(source, text) for source in (rdflib_graph(values), oxigraph_store(values))]
    assert results[0].variables == results[1].variables == ("t", "from", "through", "id")
    assert sorted(results[0].rows, key=str) == sorted(results[1].rows, key=str)
    assert ("auth://a.org;1999", Lit("1999-01-01", XSD_DATE), None, Lit("auth://a.org;1999")) in (
        results[1].rows
    )
    assert len(results[0]) == 2


def test_run_query_ask_and_errors() -> None:
    graph, store = rdflib_graph([parse_auth("auth://a.org")]), oxigraph_store([])
    assert run_query(graph, "ASK { ?s ?p ?o }") == QueryResult(boolean=True)
    assert run_query(store, "ASK { ?s ?p ?o }").boolean is False
    for source in (graph, store):
        with pytest.raises(ValueError, match="SELECT and ASK"):
            run_query(source, "CONSTRUCT WHERE { ?s ?p ?o }")
    with pytest.raises(TypeError):
        run_query(42, "ASK {}")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        run_query("/etc/passwd", "ASK {}")
    with pytest.raises(ValueError, match="extension functions"):
        run_query("http://127.0.0.1:9/query", "ASK {}", functions=True)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("http://[::1/q", "Invalid IPv6 URL"),
        ("https://[zz]/q", "invalid endpoint URL"),
        ("http://127.0.0.1:abc/q", "port"),
        ("http://[::1]:x/q", "port"),
        ("http://127.0.0.1\x00/q", "invalid endpoint URL"),
        ("http://127.0.0.1 /q", "invalid endpoint URL"),
        ("http:///q", "no host"),
    ],
)
def test_every_bad_endpoint_url_is_an_endpoint_error(url: str, words: str) -> None:
    from pidrdf.sparql import EndpointError
    from pidrdf.sparql.runner import query_endpoint

    with pytest.raises(EndpointError, match=re.escape(words)):
        query_endpoint(url, "ASK {}", timeout=5)
    with pytest.raises(EndpointError):
        run_query(url, "ASK {}", timeout=5)


# ------------------------------------------------------------------ the extension functions


def _bind(source: Graph | ox.Store, call: str, functions: bool = True) -> Any:
    text = f"SELECT ?v WHERE {{ BIND({call} AS ?v) }}"
    rows = run_query(source, text, functions=functions).rows
    # an error leaves ?v unbound; rdflib drops the row of an empty group instead
    return rows[0][0] if rows else None


@pytest.mark.parametrize("engine", ENGINES)
def test_functions_on_bad_arguments_are_sparql_errors(engine: str) -> None:
    source = vector_source(engine)
    true = Lit("true", "http://www.w3.org/2001/XMLSchema#boolean")
    assert _bind(source, f'<{AUTH_MATCHES}>("auth://a.org", "auth://a.org/x")') == true
    for bad in [
        f'<{AUTH_MATCHES}>("auth://a.org", "auth://a.org/")',
        f"<{AUTH_MATCHES}>(<http://example.org/>, <auth://a.org>)",
        f"<{AUTH_MATCHES}>(42, <auth://a.org>)",
        f'<{AUTH_MATCHES}>("auth://a.org"@en, <auth://a.org>)',
        f"<{AUTH_MATCHES}>(<auth://a.org>)",
        f'<{AUTH_MATCHES}>(<auth://a.org>, <auth://a.org>, "sometimes")',
        f'<{AUTH_IN_SCOPE}>(<auth://a.org>, "auth://")',
        f'<{AUTH_VALID_ON}>(<auth://a.org;2001>, "2001")',
        f'<{AUTH_VALID_ON}>(<auth://a.org;2001>, "2001-02-30")',
        f"<{AUTH_VALID_ON}>(<auth://a.org;2001>, 2001)",
    ]:
        assert _bind(source, bad) is None, bad


@pytest.mark.parametrize("engine", ENGINES)
def test_valid_on_reads_dates_datetimes_and_strings(engine: str) -> None:
    source = vector_source(engine)
    true = Lit("true", "http://www.w3.org/2001/XMLSchema#boolean")
    false = Lit("false", "http://www.w3.org/2001/XMLSchema#boolean")
    dated = "<auth://a.org/x;2001-02:2001-03>"
    for day, expected in [
        ('"2001-02-01"^^<http://www.w3.org/2001/XMLSchema#date>', true),
        ('"2001-03-31Z"^^<http://www.w3.org/2001/XMLSchema#date>', true),
        ('"2001-04-01T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime>', false),
        ('"2001-01-31"', false),
    ]:
        assert _bind(source, f"<{AUTH_VALID_ON}>({dated}, {day})") == expected, day
    assert _bind(source, f'<{AUTH_VALID_ON}>(<auth://a.org/x>, "1066-10-14")') == true
    assert _bind(source, f"<{AUTH_IN_SCOPE}>(<auth://a.org/x;2001>, <auth://a.org>)") == true
    assert _bind(source, f"<{AUTH_IN_SCOPE}>(<auth://a.org>, <auth://a.org/x>)") == false


def test_rdflib_functions_register_only_inside_the_block_and_nest() -> None:
    graph = Graph()
    call = f'<{AUTH_MATCHES}>("auth://a.org", "auth://a.org")'
    assert _bind(graph, call, functions=False) is None
    with rdflib_functions():
        assert _bind(graph, call, functions=False) is not None
        with rdflib_functions():
            assert _bind(graph, call, functions=False) is not None
        assert _bind(graph, call, functions=False) is not None
    assert _bind(graph, call, functions=False) is None


def test_rdflib_functions_refuse_to_replace_someone_elses_function() -> None:
    iri = URIRef(AUTH_IN_SCOPE)
    register_custom_function(iri, lambda *args: Literal("theirs"))
    try:
        with pytest.raises(ValueError), rdflib_functions():
            pass
        graph = Graph()
        # ours were rolled back, theirs is untouched
        assert _bind(graph, f'<{AUTH_MATCHES}>("auth://a.org", "auth://a.org")', False) is None
        assert _bind(graph, f"<{AUTH_IN_SCOPE}>(1, 2)", False) == Lit("theirs")
    finally:
        unregister_custom_function(iri)


def test_oxigraph_functions_are_a_mapping_for_store_query() -> None:
    store = oxigraph_store([parse_auth("auth://a.org/x;2001")])
    assert {f.value for f in OXIGRAPH_FUNCTIONS} == {AUTH_MATCHES, AUTH_IN_SCOPE, AUTH_VALID_ON}
    solutions = store.query(
        f"SELECT ?t WHERE {{ ?t a <{AUTHORITY}> "
        f"FILTER(<{AUTH_MATCHES}>(<auth://a.org;2000>, ?t)) }}",
        custom_functions=OXIGRAPH_FUNCTIONS,
    )
    assert [s["t"].value for s in solutions] == ["auth://a.org/x;2001"]
