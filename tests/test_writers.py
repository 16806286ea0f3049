"""Writers: N-Triples lines, the serializations, JSON-LD offline."""

from __future__ import annotations

import io
import json
import socket

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.compare import isomorphic

import pidrdf
from pidrdf.rdf.jsonld import CONTEXT_URL, graph_to_jsonld, offline_loader
from pidrdf.rdf.terms import XSD_DATE, Lit
from pidrdf.rdf.writers import FORMATS, ntriples_line, serialize, write_ntriples

IDS = ["10.1000/182", "hdl:CNRI/a\"b\\c", "20.500.12122/\u00e9t\u00e9"]


def test_ntriples_lines_escape_literals() -> None:
    line = ntriples_line(("http://x/s", "http://x/p", Lit('a"b\\c\nd\re')))
    assert line == '<http://x/s> <http://x/p> "a\\"b\\\\c\\nd\\re" .\n'
    dated = ntriples_line(("http://x/s", "http://x/p", Lit("2001-01-01", XSD_DATE)), "http://g")
    assert dated.endswith(f'"2001-01-01"^^<{XSD_DATE}> <http://g> .\n')
    tagged = ntriples_line(("http://x/s", "http://x/p", Lit("hi", language="en")))
    assert tagged == '<http://x/s> <http://x/p> "hi"@en .\n'


def test_streamed_ntriples_equal_the_graph() -> None:
    out = io.StringIO()
    values = [pidrdf.parse(text) for text in IDS]
    count = write_ntriples(pidrdf.rdf.triples_of_all(values), out)
    parsed = Graph().parse(data=out.getvalue(), format="nt")
    assert isomorphic(parsed, pidrdf.to_graph(IDS))
    assert count >= len(parsed)


@pytest.mark.parametrize("fmt", sorted(set(FORMATS) - {"jsonld"}))
def test_every_format_round_trips(fmt: str) -> None:
    graph = pidrdf.to_graph(IDS)
    text = serialize(graph, fmt)
    rdflib_format = {"nq": "nquads", "ttl": "turtle"}.get(fmt, fmt)
    back = Graph().parse(data=text, format=rdflib_format)
    assert isomorphic(back, graph)


def test_jsonld_is_compacted_with_the_shipped_context_and_offline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("pidrdf tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    graph = pidrdf.to_graph(["10.1000/182"])
    document = graph_to_jsonld(graph)
    assert document["@context"]["pidrdf"] == "https://w3id.org/pidrdf#"
    nodes = {node["@id"]: node for node in document["@graph"]}
    doi = nodes["https://doi.org/10.1000/182"]
    assert doi["@type"] == "DOI"
    assert doi["identifier"] == "10.1000/182"
    assert doi["namingAuthority"] == "https://hdl.handle.net/0.na/10.1000"
    # and the JSON-LD parses back (through rdflib, with the context inline) to the same graph
    back = Graph().parse(data=json.dumps(document), format="json-ld")
    assert isomorphic(back, graph)


def test_offline_loader_refuses_other_urls() -> None:
    assert offline_loader(CONTEXT_URL)["document"]["@context"]["pidrdf"]
    from pyld import jsonld

    with pytest.raises(jsonld.JsonLdError, match="does not fetch"):
        offline_loader("https://example.org/context.jsonld")


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        serialize(Graph(), "csv")


def test_literal_and_iri_objects_are_told_apart() -> None:
    graph = pidrdf.to_graph(["10.1000/182"])
    doi = URIRef("https://doi.org/10.1000/182")
    objects = set(graph.objects(doi, None))
    assert Literal("10.1000") in objects
    assert URIRef("hdl:10.1000/182") in objects
