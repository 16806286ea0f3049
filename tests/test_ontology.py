"""The shipped ontology, shapes and context: loadable, complete, and in step with the code."""

from __future__ import annotations

import json

from rdflib import Graph, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from pidrdf.rdf.ontology import CONTEXT, ONTOLOGY, SHAPES, ontology_path, read_text
from pidrdf.rdf.vocab import NAMESPACE, PIDRDF

ONTOLOGY_IRI = URIRef("https://w3id.org/pidrdf")
SD_FUNCTION = URIRef("http://www.w3.org/ns/sparql-service-description#Function")
SCHEME_NAMES = {"info", "hdl", "doi", "auth", "urn", "http", "https", "fedora", "mailto", "uuid"}


def _ontology() -> Graph:
    return Graph().parse(ontology_path(ONTOLOGY), format="turtle")


def _own_terms(graph: Graph) -> set[str]:
    return {
        str(s)
        for s in graph.subjects()
        if isinstance(s, URIRef) and str(s).startswith(NAMESPACE)
    }


def _namespace_terms() -> set[str]:
    return {NAMESPACE + name for name in PIDRDF.__annotations__ if not name.startswith("_")}


def test_defined_namespace_and_ontology_define_the_same_terms() -> None:
    graph = _ontology()
    assert _namespace_terms() == _own_terms(graph)


def test_every_term_has_label_comment_and_is_defined_by() -> None:
    graph = _ontology()
    for term in _own_terms(graph):
        node = URIRef(term)
        assert graph.value(node, RDFS.label), term
        assert graph.value(node, RDFS.comment), term
        assert (node, RDFS.isDefinedBy, ONTOLOGY_IRI) in graph, term
        kinds = set(graph.objects(node, RDF.type))
        assert kinds & {OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, SD_FUNCTION}, term


def test_ontology_header() -> None:
    graph = _ontology()
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in graph
    assert graph.value(ONTOLOGY_IRI, OWL.versionIRI) is not None


def test_shapes_parse_and_mention_only_defined_terms() -> None:
    shapes = Graph().parse(ontology_path(SHAPES), format="turtle")
    used = {
        str(node)
        for triple in shapes
        for node in triple
        if isinstance(node, URIRef) and str(node).startswith(NAMESPACE)
    }
    assert used and used <= _namespace_terms()


def test_context_has_no_scheme_named_terms_and_maps_to_known_terms() -> None:
    context = json.loads(read_text(CONTEXT))["@context"]
    # JSON-LD terms are case-sensitive: "DOI" (a class) cannot capture "doi:…" IRIs, "doi" would
    assert not SCHEME_NAMES & set(context)
    prefixes = {k: v for k, v in context.items() if isinstance(v, str) and v.endswith(("#", "/"))}
    own = _namespace_terms()
    for key, value in context.items():
        if key.startswith("@") or key in prefixes:
            continue
        iri = value["@id"] if isinstance(value, dict) else value
        prefix, _, local = iri.partition(":")
        assert prefix in prefixes, key
        expanded = prefixes[prefix] + local
        if expanded.startswith(NAMESPACE):
            assert expanded in own, key


def test_files_are_read_from_the_package_or_the_checkout() -> None:
    for name in (ONTOLOGY, SHAPES, CONTEXT):
        assert ontology_path(name).is_file()
        assert read_text(name).strip()


def test_the_extension_functions_are_documented_where_they_are_registered() -> None:
    from pidrdf.sparql import AUTH_IN_SCOPE, AUTH_MATCHES, AUTH_VALID_ON, OXIGRAPH_FUNCTIONS

    graph = _ontology()
    documented = {str(s) for s in graph.subjects(RDF.type, SD_FUNCTION)}
    assert documented == {AUTH_MATCHES, AUTH_IN_SCOPE, AUTH_VALID_ON}
    assert {str(node.value) for node in OXIGRAPH_FUNCTIONS} == documented
