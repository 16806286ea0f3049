"""The RDF mapping of ``auth:`` URIs: hierarchy, period, types, SHACL, strict IRIs."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from pyoxigraph import NamedNode
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF

import pidrdf
from pidrdf import parse_auth
from pidrdf.rdf import PIDRDF
from pidrdf.rdf.map_auth import dcmi_period
from pidrdf.rdf.mapping import triples_of, triples_of_all
from pidrdf.rdf.terms import Lit
from pidrdf.rdf.writers import serialize
from tests.auth_strategies import auth_texts
from tests.shacl import validate

SCHEMA_FROM = URIRef("https://schema.org/validFrom")
SCHEMA_THROUGH = URIRef("https://schema.org/validThrough")
PERIOD = URIRef("http://purl.org/dc/terms/Period")
XSD_DATE = URIRef("http://www.w3.org/2001/XMLSchema#date")

DATED = URIRef("auth://abc.com/sales/europe;2001-03:2001-05")
EUROPE = URIRef("auth://abc.com/sales/europe")
SALES = URIRef("auth://abc.com/sales")
ROOT = URIRef("auth://abc.com")


def test_dated_uri_triples() -> None:
    graph = pidrdf.to_graph(["auth://ABC.com/sales/europe;2001-03:2001-05"])
    assert set(graph.objects(DATED, RDF.type)) == {PIDRDF.Authority, PIDRDF.DatedAuthority}
    assert list(graph.objects(DATED, DCTERMS.identifier)) == [Literal(str(DATED))]
    assert list(graph.objects(DATED, PROV.specializationOf)) == [EUROPE]
    assert list(graph.objects(DATED, DCTERMS.isPartOf)) == [SALES]
    assert set(graph.objects(DATED, PIDRDF.inScopeOf)) == {DATED, EUROPE, SALES, ROOT}
    assert list(graph.objects(DATED, SCHEMA_FROM)) == [Literal("2001-03-01", datatype=XSD_DATE)]
    assert list(graph.objects(DATED, SCHEMA_THROUGH)) == [Literal("2001-05-31", datatype=XSD_DATE)]
    assert list(graph.objects(DATED, DCTERMS.valid)) == [
        Literal("start=2001-03; end=2001-05; scheme=W3C-DTF", datatype=PERIOD)
    ]
    # the implied nodes: the undated URI and every superordinate, each typed and described
    for node, parent, scopes in [
        (EUROPE, SALES, {EUROPE, SALES, ROOT}),
        (SALES, ROOT, {SALES, ROOT}),
        (ROOT, None, {ROOT}),
    ]:
        assert set(graph.objects(node, RDF.type)) == {PIDRDF.Authority}
        assert list(graph.objects(node, DCTERMS.identifier)) == [Literal(str(node))]
        assert list(graph.objects(node, DCTERMS.isPartOf)) == ([parent] if parent else [])
        assert set(graph.objects(node, PIDRDF.inScopeOf)) == scopes
        assert not list(graph.objects(node, SCHEMA_FROM))
    assert len(set(graph.subjects())) == 4


def test_root_level_dated_uri_uses_the_escaped_colon_and_is_part_of_nothing() -> None:
    graph = pidrdf.to_graph(["auth://abc.com;2001-03:2001-05"])
    node = URIRef("auth://abc.com;2001-03%3A2001-05")
    assert list(graph.objects(node, DCTERMS.identifier)) == [
        Literal("auth://abc.com;2001-03:2001-05")
    ]
    assert list(graph.objects(node, PROV.specializationOf)) == [ROOT]
    assert not list(graph.objects(node, DCTERMS.isPartOf))
    assert set(graph.objects(node, PIDRDF.inScopeOf)) == {node, ROOT}


def test_open_ended_and_user_roots() -> None:
    graph = pidrdf.to_graph(["auth://john.doe@abc.com/x;2001-11-29"])
    node = URIRef("auth://john.doe@abc.com/x;2001-11-29")
    assert list(graph.objects(node, SCHEMA_FROM)) == [Literal("2001-11-29", datatype=XSD_DATE)]
    assert not list(graph.objects(node, SCHEMA_THROUGH))
    assert list(graph.objects(node, DCTERMS.valid)) == [
        Literal("start=2001-11-29; scheme=W3C-DTF", datatype=PERIOD)
    ]
    # the root is the top: a user root implies nothing about the host
    assert set(graph.objects(node, PIDRDF.inScopeOf)) == {
        node,
        URIRef("auth://john.doe@abc.com/x"),
        URIRef("auth://john.doe@abc.com"),
    }
    assert (ROOT, None, None) not in graph


def test_undated_uri_triples() -> None:
    graph = pidrdf.to_graph(["auth://abc.com/sales"])
    assert set(graph.objects(SALES, PIDRDF.inScopeOf)) == {SALES, ROOT}
    assert not list(graph.objects(SALES, PROV.specializationOf))
    assert not list(graph.objects(SALES, DCTERMS.valid))
    assert set(graph.subjects()) == {SALES, ROOT}


def test_period_literal_is_lossless() -> None:
    for text in ["auth://a.org;2001", "auth://a.org;2001-02:2001-02-03", "auth://a.org/x;1999:2003"]:
        value = parse_auth(text)
        period = dcmi_period(value)
        assert period is not None
        parts = dict(p.strip().split("=") for p in period.split(";") if p.strip())
        assert parts["start"] == str(value.start) and parts["scheme"] == "W3C-DTF"
        assert parts.get("end") == (None if value.end is None else str(value.end))
    assert dcmi_period(parse_auth("auth://a.org")) is None


def test_seen_describes_implied_nodes_once() -> None:
    values = [parse_auth(f"auth://abc.com/sales/r{n};2001") for n in range(3)]
    alone = [set(triples_of(v)) for v in values]
    seen: set[str] = set()
    streamed = [list(triples_of(v, seen=seen)) for v in values]
    assert set().union(*alone) == {t for part in streamed for t in part}
    # the second and third URIs do not repeat the description of sales and abc.com
    for part in streamed[1:]:
        subjects = {s for s, _, _ in part}
        assert str(SALES) not in subjects and str(ROOT) not in subjects
    # an explicit URI is always described in full, even when it was implied before
    again = list(triples_of(parse_auth("auth://abc.com/sales"), seen=seen))
    assert (str(SALES), str(RDF.type), str(PIDRDF.Authority)) in again


def test_output_validates_against_the_shapes() -> None:
    graph = pidrdf.to_graph(
        [
            "auth://abc.com/sales/europe;2001-03:2001-05",
            "auth://abc.com;2001",
            "auth://john.doe@abc.com/x",
            "auth://f81d4fae-7dec-11d0-a765-00a0c91e6bf6;1996:2001",
            "10.1000/182",
        ]
    )
    conforms, report = validate(graph)
    assert conforms, report


def test_shapes_catch_broken_auth_output() -> None:
    graph = pidrdf.to_graph(["auth://abc.com/sales;2001:2002"])
    dated = URIRef("auth://abc.com/sales;2001:2002")
    for triple in [
        (dated, SCHEMA_THROUGH, Literal("2000-12-31", datatype=XSD_DATE)),  # before validFrom
        (dated, DCTERMS.valid, Literal("2001/2002", datatype=PERIOD)),
        (SALES, DCTERMS.isPartOf, URIRef("http://example.org/not-an-authority")),
    ]:
        broken = Graph() + graph
        broken.remove((triple[0], triple[1], None))
        broken.add(triple)
        assert not validate(broken)[0], triple
    missing_self = Graph() + graph
    missing_self.remove((SALES, PIDRDF.inScopeOf, SALES))
    assert not validate(missing_self)[0]


def test_jsonld_uses_the_context_terms() -> None:
    graph = pidrdf.to_graph(["auth://abc.com/sales;2001-03:2001-05"])
    document = json.loads(serialize(graph, "jsonld"))
    nodes = {n["@id"]: n for n in document["@graph"]}
    dated = nodes["auth://abc.com/sales;2001-03:2001-05"]
    assert dated["validFrom"] == "2001-03-01" and dated["validThrough"] == "2001-05-31"
    assert dated["valid"] == "start=2001-03; end=2001-05; scheme=W3C-DTF"
    assert dated["specializationOf"] == "auth://abc.com/sales"
    back = Graph().parse(data=serialize(graph, "nt"), format="nt")
    assert len(back) == len(graph)


@settings(max_examples=150)
@given(st.lists(auth_texts(), min_size=1, max_size=4))
def test_every_emitted_iri_is_strict_and_scopes_match_python(texts: list[str]) -> None:
    values = [parse_auth(t) for t in texts]
    in_scope: dict[str, set[str]] = {}
    for s, p, o in triples_of_all(values):
        NamedNode(s)
        NamedNode(p)
        if isinstance(o, Lit):
            if o.datatype:
                NamedNode(o.datatype)
        else:
            NamedNode(o)
        if p == str(PIDRDF.inScopeOf):
            in_scope.setdefault(s, set()).add(o)  # type: ignore[arg-type]
    # the materialized relation is exactly AuthURI.in_scope_of over every node
    nodes = {parse_auth(iri) for iri in in_scope}
    assert {v.uri for v in values} <= set(in_scope)
    for a in nodes:
        assert in_scope[a.uri] == {b.uri for b in nodes if a.in_scope_of(b)}


@settings(max_examples=25, deadline=None)
@given(st.lists(auth_texts(), min_size=1, max_size=4))
def test_generated_output_validates(texts: list[str]) -> None:
    conforms, report = validate(pidrdf.to_graph(texts))
    assert conforms, report
