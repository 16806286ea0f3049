"""The RDF mapping of handles: triples, graphs, enrichment, the rdflib plugin, SHACL."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, OWL, RDF

import pidrdf
from pidrdf.identifiers.batch import Rejected
from pidrdf.rdf import PIDRDF, Profile
from pidrdf.rdf.mapping import triples_of, triples_of_all
from tests.shacl import validate

DOI = URIRef("https://doi.org/10.1000.10/abc")
NA = URIRef("https://hdl.handle.net/0.na/10.1000.10")
NA_PARENT = URIRef("https://hdl.handle.net/0.na/10.1000")
NA_ROOT = URIRef("https://hdl.handle.net/0.na/10")


def test_doi_triples() -> None:
    graph = pidrdf.to_graph(["doi:10.1000.10/ABC"])
    assert (DOI, RDF.type, PIDRDF.DOI) in graph
    assert (DOI, DCTERMS.identifier, Literal("10.1000.10/abc")) in graph
    assert (DOI, PIDRDF.prefix, Literal("10.1000.10")) in graph
    assert (DOI, PIDRDF.localName, Literal("abc")) in graph
    assert (DOI, PIDRDF.namingAuthority, NA) in graph
    assert set(graph.objects(DOI, PIDRDF.inScopeOf)) == {DOI, NA, NA_PARENT, NA_ROOT}
    assert set(graph.objects(DOI, OWL.sameAs)) == {
        URIRef("hdl:10.1000.10/abc"),
        URIRef("info:doi/10.1000.10/abc"),
        URIRef("https://hdl.handle.net/10.1000.10/abc"),
    }
    assert (NA, RDF.type, PIDRDF.NamingAuthority) in graph
    assert (NA, DCTERMS.isPartOf, NA_PARENT) in graph
    assert (NA_PARENT, DCTERMS.isPartOf, NA_ROOT) in graph
    assert list(graph.objects(NA_ROOT, DCTERMS.isPartOf)) == []
    assert set(graph.objects(NA, PIDRDF.inScopeOf)) == {NA, NA_PARENT, NA_ROOT}
    assert (NA, PIDRDF.localName, Literal("10.1000.10")) in graph


def test_handle_keeps_local_case_and_types_as_handle() -> None:
    graph = pidrdf.to_graph(["hdl:CNRI/AbC"])
    node = URIRef("https://hdl.handle.net/cnri/AbC")
    assert (node, RDF.type, PIDRDF.Handle) in graph
    assert (node, DCTERMS.identifier, Literal("cnri/AbC")) in graph


def test_profiles_change_the_iri_form_and_options() -> None:
    info = pidrdf.to_graph(["10.1000/182"], Profile(handle_form="info", same_as=False))
    node = URIRef("info:doi/10.1000/182")
    assert (node, RDF.type, PIDRDF.DOI) in info
    assert not list(info.triples((None, OWL.sameAs, None)))
    assert (node, PIDRDF.namingAuthority, URIRef("info:hdl/0.na/10.1000")) in info
    hdl = pidrdf.to_graph(["10.1000/ABC"], Profile(handle_form="hdl", fold_case=False))
    assert (URIRef("hdl:10.1000/ABC"), RDF.type, PIDRDF.DOI) in hdl
    with pytest.raises(ValueError, match="unknown handle form"):
        Profile(handle_form="ftp")  # type: ignore[arg-type]


def test_seen_describes_implied_nodes_once() -> None:
    values = [pidrdf.parse(f"10.1000/{n}") for n in range(50)]
    streamed = list(triples_of_all(values))
    separately = [t for v in values for t in triples_of(v)]
    assert set(streamed) == set(separately)
    assert len(streamed) < len(separately)
    na_types = [t for t in streamed if t[0] == str(NA_PARENT) and t[1] == str(RDF.type)]
    assert len(na_types) == 1


def test_triples_gives_rdflib_terms() -> None:
    triples = list(pidrdf.triples("10.1000/182"))
    assert all(isinstance(s, URIRef) for s, _, _ in triples)
    assert (URIRef("https://doi.org/10.1000/182"), RDF.type, PIDRDF.DOI) in triples


def test_graph_binds_only_used_prefixes() -> None:
    graph = pidrdf.to_graph(["10.1000/182"], Profile(same_as=False))
    prefixes = {prefix for prefix, _ in graph.namespaces()}
    assert prefixes == {"pidrdf", "dcterms", "rdf"}
    turtle = graph.serialize(format="turtle")
    assert "@prefix schema:" not in turtle and "@prefix owl:" not in turtle


def test_mapping_output_conforms_to_the_shapes() -> None:
    graph = pidrdf.to_graph(
        ["10.1000.10/abc", "hdl:CNRI/x", "0.NA/10.1000", "https://doi.org/bm6", "20.500.12122/Y"]
    )
    conforms, report = validate(graph)
    assert conforms, report


def test_the_shapes_catch_a_broken_graph() -> None:
    graph = pidrdf.to_graph(["10.1000/182"])
    graph.remove((URIRef("https://doi.org/10.1000/182"), DCTERMS.identifier, None))
    graph.add((URIRef("https://doi.org/10.1000/182"), PIDRDF.prefix, Literal("10.9")))
    conforms, report = validate(graph)
    assert not conforms
    assert "identifier" in report


def test_enrich_finds_handle_iris_in_any_form() -> None:
    ex = Namespace("http://example.org/")
    graph = Graph()
    graph.add((ex.paper, DCTERMS.references, URIRef("http://dx.doi.org/10.1000/ABC")))
    graph.add((ex.paper, DCTERMS.relation, URIRef("hdl:1234/5")))
    graph.add((ex.paper, DCTERMS.source, URIRef("http://example.org/not/a/handle")))
    before = len(graph)
    pidrdf.enrich(graph)
    canonical = URIRef("https://doi.org/10.1000/abc")
    assert (canonical, RDF.type, PIDRDF.DOI) in graph
    assert (canonical, OWL.sameAs, URIRef("http://dx.doi.org/10.1000/ABC")) in graph
    assert (URIRef("https://hdl.handle.net/1234/5"), OWL.sameAs, URIRef("hdl:1234/5")) in graph
    assert not list(graph.triples((URIRef("http://example.org/not/a/handle"), None, None)))
    assert len(graph) > before + 20


def test_enrich_reports_malformed_iris_and_keeps_going() -> None:
    graph = Graph()
    ex = Namespace("http://example.org/")
    graph.add((ex.a, DCTERMS.relation, URIRef("hdl:1234/")))
    graph.add((ex.a, DCTERMS.relation, URIRef("doi:10.1000/182")))
    errors: list[tuple[str, pidrdf.IdentifierError]] = []
    pidrdf.enrich(graph, on_error=lambda iri, error: errors.append((iri, error)))
    assert [iri for iri, _ in errors] == ["hdl:1234/"]
    assert "local name" in errors[0][1].reason
    assert (URIRef("https://doi.org/10.1000/182"), RDF.type, PIDRDF.DOI) in graph
    with pytest.raises(pidrdf.HandleError, match="pass on_error"):
        pidrdf.enrich(graph)


def test_rdflib_plugin_maps_a_file_of_identifiers(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("# two DOIs\n10.1000/182\n\nhdl:1234/5\n", encoding="utf-8")
    graph = Graph().parse(path, format="pidrdf-ids")
    assert (URIRef("https://doi.org/10.1000/182"), RDF.type, PIDRDF.DOI) in graph
    assert (URIRef("https://hdl.handle.net/1234/5"), RDF.type, PIDRDF.Handle) in graph


def test_rdflib_plugin_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("10.1000/182\n10.1000/\nhdl:1234/5\n", encoding="utf-8")
    with pytest.raises(pidrdf.HandleError, match="line 2") as info:
        Graph().parse(path, format="pidrdf-ids")
    assert info.value.text == "10.1000/"
    rejected: list[Rejected] = []
    graph = Graph().parse(path, format="pidrdf-ids", on_error="skip", rejected=rejected)
    assert [r.line_number for r in rejected] == [2]
    assert (URIRef("https://hdl.handle.net/1234/5"), RDF.type, PIDRDF.Handle) in graph


def test_enrich_leaves_pidrdf_output_and_fragments_alone() -> None:
    graph = pidrdf.to_graph(["10.1000/ABC", "info:fedora/demo:1/demo:S/m?a=1", "auth://a.org/x;2001"])
    graph.add((URIRef("http://example.org/page"), DCTERMS.source,
               URIRef("https://doi.org/10.1000/182#section-2")))
    before = set(graph)
    errors: list[str] = []
    pidrdf.enrich(graph, on_error=lambda iri, error: errors.append(iri))
    assert errors == []
    assert set(graph) == before


def test_enrich_respects_no_same_as_and_reads_datasets() -> None:
    from rdflib import Dataset

    found = URIRef("http://dx.doi.org/10.1000/ABC")
    graph = Graph()
    graph.add((URIRef("http://example.org/r"), DCTERMS.source, found))
    pidrdf.enrich(graph, profile=Profile(same_as=False))
    assert not list(graph.triples((None, OWL.sameAs, None)))
    assert (URIRef("https://doi.org/10.1000/abc"), RDF.type, PIDRDF.DOI) in graph
    dataset = Dataset()
    dataset.add((URIRef("http://example.org/r"), DCTERMS.source, found))
    pidrdf.enrich(dataset)
    assert (URIRef("https://doi.org/10.1000/abc"), RDF.type, PIDRDF.DOI) in dataset


def test_rdflib_plugin_counts_lines_as_the_command_line_does(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_bytes("\ufeff10.1000/182\nhdl:1234/a\u2028b\n10.1000/\n".encode())
    rejected: list[Rejected] = []
    graph = Graph().parse(path, format="pidrdf-ids", on_error="skip", rejected=rejected)
    assert [r.line_number for r in rejected] == [3]
    assert (URIRef("https://doi.org/10.1000/182"), RDF.type, PIDRDF.DOI) in graph
    assert (URIRef("https://hdl.handle.net/1234/a%E2%80%A8b"), RDF.type, PIDRDF.Handle) in graph
