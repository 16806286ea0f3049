"""Fedora objects and disseminations as triples: vocabulary, implied nodes, migration links,
SHACL, IRI validity and JSON-LD."""

from __future__ import annotations

import io
import json

import pyoxigraph
import pytest
from hypothesis import HealthCheck, given, settings
from rdflib import Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, OWL, RDF

import pidrdf
from pidrdf.identifiers.fedora import Dissemination, FedoraPID
from pidrdf.rdf import PIDRDF, Profile
from pidrdf.rdf.map_fedora import migration_iri
from pidrdf.rdf.mapping import triples_of, triples_of_all
from pidrdf.rdf.terms import Lit
from pidrdf.rdf.writers import serialize, write_ntriples
from tests.fedora_strategies import fedora_values
from tests.shacl import validate

VIEW = "info:fedora/fedora-system:def/view#"
DISSEMINATES = URIRef(VIEW + "disseminates")
HAS_DATASTREAM = URIRef(VIEW + "hasDatastream")
DISSEMINATION_TYPE = URIRef(VIEW + "disseminationType")
BASE = "https://repo.example.org/fcrepo/rest/"

OBJ = URIRef("info:fedora/demo:1")
DC = URIRef("info:fedora/demo:1/DC")
DC_TYPE = URIRef("info:fedora/*/DC")
METHOD = URIRef("info:fedora/demo:1/demo:MyBDef/method?a=1&b=2")
SDEF = URIRef("info:fedora/demo:MyBDef")

SAMPLES = [
    "demo:1",
    "info:fedora/demo:1/DC",
    "info:fedora/demo:1/demo:MyBDef/method?b=2&a=1",
    "info:fedora/*/DC",
    "info:fedora/*/demo:1/index",
    "info:fedora/demo:A%2DB/R%C3%A9sum%C3%A9",
    "info:fedora/uuid:MED00178583_test/demo:S/m?q=a%26b%3Dc&q=",
]


def test_object_triples() -> None:
    graph = pidrdf.to_graph(["demo:1"])
    assert set(graph.predicate_objects(OBJ)) == {
        (RDF.type, PIDRDF.FedoraObject),
        (DCTERMS.identifier, Literal("demo:1")),
        (PIDRDF.pid, Literal("demo:1")),
        (PIDRDF.pidNamespace, Literal("demo")),
        (PIDRDF.objectId, Literal("1")),
        (PIDRDF.inScopeOf, OBJ),
    }


def test_datastream_triples_reuse_fedoras_vocabulary() -> None:
    graph = pidrdf.to_graph(["info:fedora/demo:1/DC"])
    assert (OBJ, DISSEMINATES, DC) in graph
    assert (OBJ, HAS_DATASTREAM, DC) in graph
    assert (DC, DISSEMINATION_TYPE, DC_TYPE) in graph
    assert (DC, RDF.type, PIDRDF.FedoraDatastream) in graph
    assert (DC, DCTERMS.isPartOf, OBJ) in graph
    assert (DC, PIDRDF.datastreamId, Literal("DC")) in graph
    assert (DC, PIDRDF.pid, Literal("demo:1")) in graph
    assert set(graph.objects(DC, PIDRDF.inScopeOf)) == {DC, OBJ}
    # the implied nodes are described too
    assert (OBJ, RDF.type, PIDRDF.FedoraObject) in graph
    assert (DC_TYPE, RDF.type, PIDRDF.FedoraDisseminationType) in graph
    assert (DC_TYPE, PIDRDF.datastreamId, Literal("DC")) in graph


def test_method_triples_make_parameters_queryable() -> None:
    graph = pidrdf.to_graph(["info:fedora/demo:1/demo:MyBDef/method?b=2&a=1"])
    assert (OBJ, DISSEMINATES, METHOD) in graph
    assert (OBJ, HAS_DATASTREAM, METHOD) not in graph
    assert (METHOD, RDF.type, PIDRDF.FedoraMethodDissemination) in graph
    assert (METHOD, PIDRDF.serviceDefinition, SDEF) in graph
    assert (METHOD, PIDRDF.methodName, Literal("method")) in graph
    assert (SDEF, RDF.type, PIDRDF.FedoraObject) in graph
    method_type = URIRef("info:fedora/*/demo:MyBDef/method?a=1&b=2")
    assert (METHOD, DISSEMINATION_TYPE, method_type) in graph
    query = """
        PREFIX pidrdf: <https://w3id.org/pidrdf#>
        SELECT ?d WHERE {
          ?d a pidrdf:FedoraMethodDissemination ;
             pidrdf:parameter [ pidrdf:parameterName "b" ; pidrdf:parameterValue "2" ] .
        }"""
    assert [row[0] for row in graph.query(query)] == [METHOD]  # type: ignore[index]
    by_value = 'SELECT ?p WHERE { ?p <https://w3id.org/pidrdf#parameterValue> "1" }'
    assert len(list(graph.query(by_value))) == 2  # on the dissemination and on its type


def test_dissemination_type_alone() -> None:
    graph = pidrdf.to_graph(["info:fedora/*/demo:1/index"])
    node = URIRef("info:fedora/*/demo:1/index")
    assert (node, RDF.type, PIDRDF.FedoraDisseminationType) in graph
    assert (node, PIDRDF.serviceDefinition, OBJ) in graph
    assert (node, PIDRDF.pid, None) not in graph
    assert not list(graph.triples((None, DISSEMINATES, None)))


def test_implied_nodes_are_described_once_per_stream() -> None:
    values = [pidrdf.parse(t) for t in ("demo:1", "info:fedora/demo:1/DC", "info:fedora/demo:2/DC")]
    triples = list(triples_of_all(values))
    object_class = str(PIDRDF.FedoraObject)
    typed_objects = [t for t in triples if t[1] == str(RDF.type) and t[2] == object_class]
    assert sorted(t[0] for t in typed_objects) == ["info:fedora/demo:1", "info:fedora/demo:2"]
    typed_dc = [t for t in triples if t[0] == str(DC_TYPE) and t[1] == str(RDF.type)]
    assert len(typed_dc) == 1
    # without a seen set every value is self-contained
    alone = list(triples_of(pidrdf.parse("info:fedora/demo:2/DC")))
    assert ("info:fedora/demo:2", str(RDF.type), str(PIDRDF.FedoraObject)) in alone


def test_literals_are_plain_strings() -> None:
    for triple in triples_of(pidrdf.parse(SAMPLES[2])):
        obj = triple[2]
        assert isinstance(obj, str) or (isinstance(obj, Lit) and obj.datatype is None)


# --------------------------------------------------------------------------- migration links


def test_migration_links_follow_fcrepo_ids() -> None:
    profile = Profile(fedora_base=BASE)
    graph = pidrdf.to_graph(["info:fedora/demo:1/DC", "info:fedora/demo:1/demo:S/m"], profile)
    assert (OBJ, PIDRDF.migratedTo, URIRef(BASE + "demo:1")) in graph
    assert (DC, PIDRDF.migratedTo, URIRef(BASE + "demo:1/DC")) in graph
    method = URIRef("info:fedora/demo:1/demo:S/m")
    assert (method, PIDRDF.migratedTo, None) not in graph
    assert (DC_TYPE, PIDRDF.migratedTo, None) not in graph
    assert (URIRef("info:fedora/demo:S"), PIDRDF.migratedTo, URIRef(BASE + "demo:S")) in graph
    assert not list(pidrdf.to_graph(["demo:1"]).triples((None, PIDRDF.migratedTo, None)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("demo:1", "https://r.example/rest/demo:1"),
        # fcrepo 6 percent-decodes request paths into ids: a literal % must be sent as %25
        ("demo:A%2DB", "https://r.example/rest/demo:A%252DB"),
        ("info:fedora/demo:1/R%C3%A9", "https://r.example/rest/demo:1/R%C3%A9"),
        ("info:fedora/demo:1/title.jpg", "https://r.example/rest/demo:1/title.jpg"),
        ("info:fedora/*/DC", None),
    ],
)
def test_migration_iri(text: str, expected: str | None) -> None:
    value = pidrdf.parse(text)
    assert isinstance(value, FedoraPID | Dissemination)
    assert migration_iri(value, "https://r.example/rest") == expected
    assert migration_iri(value, "https://r.example/rest/") == expected


# --------------------------------------------------------------------------- validity


def test_samples_validate_against_the_shapes() -> None:
    graph = pidrdf.to_graph(SAMPLES, Profile(fedora_base=BASE))
    conforms, report = validate(graph)
    assert conforms, report


def test_the_shapes_catch_a_broken_description() -> None:
    graph = pidrdf.to_graph(["info:fedora/demo:1/DC"])
    graph.remove((DC, PIDRDF.pid, None))
    graph.add((DC_TYPE, PIDRDF.methodName, Literal("index")))
    conforms, report = validate(graph)
    assert not conforms
    assert "pid" in report and "xone" in report.lower()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fedora_values)
def test_random_values_validate(value: FedoraPID | Dissemination) -> None:
    graph = pidrdf.to_graph([value], Profile(fedora_base=BASE))
    conforms, report = validate(graph)
    assert conforms, report


@settings(max_examples=200)
@given(fedora_values)
def test_every_emitted_iri_is_a_valid_iri(value: FedoraPID | Dissemination) -> None:
    for s, p, o in triples_of(value, Profile(fedora_base=BASE)):
        for iri in (s, p, o) if isinstance(o, str) else (s, p):
            pyoxigraph.NamedNode(iri)


def test_ntriples_load_into_oxigraph_and_match_rdflib() -> None:
    values = [pidrdf.parse(t) for t in SAMPLES]
    out = io.StringIO()
    count = write_ntriples(triples_of_all(values, Profile(fedora_base=BASE)), out)
    store = pyoxigraph.Store()
    store.load(out.getvalue().encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    graph = pidrdf.to_graph(SAMPLES, Profile(fedora_base=BASE))
    assert len(store) == len(graph) <= count


def test_jsonld_round_trips_with_the_context() -> None:
    graph = pidrdf.to_graph(SAMPLES, Profile(fedora_base=BASE))
    document = json.loads(serialize(graph, "jsonld"))
    text = json.dumps(document)
    assert '"disseminates"' in text and '"migratedTo"' in text and '"parameterName"' in text
    again = Graph().parse(data=text, format="json-ld")
    assert isomorphic(graph, again)


def test_owl_same_as_is_not_used_for_fedora() -> None:
    graph = pidrdf.to_graph(SAMPLES, Profile(fedora_base=BASE))
    assert not list(graph.triples((None, OWL.sameAs, None)))
