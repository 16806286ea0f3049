"""A Fedora 3 user's RDF (RELS-EXT, RELS-INT, Resource Index dumps) enriched end to end,
through :func:`pidrdf.enrich` and ``pidrdf enrich``."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, OWL, RDF

import pidrdf
from pidrdf import IdentifierError
from pidrdf.cli.enrich import refuse_external_entities
from pidrdf.rdf import PIDRDF, Profile
from tests import cli
from tests.shacl import validate

FIXTURES = Path(__file__).parent / "fixtures" / "fedora"
BASE = "https://repo.example.org/fcrepo/rest/"
VIEW = "info:fedora/fedora-system:def/view#"
PENS = URIRef("info:fedora/demo:SmileyPens")
STUFF = URIRef("info:fedora/demo:SmileyStuff")
MEDIUM = URIRef("info:fedora/demo:SmileyPens/MEDIUM_SIZE")

FILES = {
    "rels-ext.rdf": "xml",
    "rels-int.rdf": "xml",
    "resource-index.nt": "nt",
    "collection.ttl": "turtle",
}
MALFORMED = {"info:fedora/demo:/DC", "info:fedora/islandora:test*ing"}




def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``pidrdf ARGS`` with bytes in and out (the fixtures are bytes on disk)."""
    return cli.run(*args, stdin=stdin)

def _load(name: str) -> Graph:
    return Graph().parse(FIXTURES / name, format=FILES[name])


@pytest.mark.parametrize("name", sorted(FILES))
def test_fixture_enriched_and_valid(name: str) -> None:
    graph = _load(name)
    original = set(graph)
    errors: list[tuple[str, IdentifierError]] = []
    profile = Profile(fedora_base=BASE)
    pidrdf.enrich(graph, profile=profile, on_error=lambda i, e: errors.append((i, e)))
    assert original <= set(graph) and len(graph) > len(original)
    assert {iri for iri, _ in errors} == (MALFORMED if name == "resource-index.nt" else set())
    conforms, report = validate(graph)
    assert conforms, report


def test_rels_ext_objects_and_their_migration_links() -> None:
    graph = pidrdf.enrich(_load("rels-ext.rdf"), profile=Profile(fedora_base=BASE))
    for node in (PENS, STUFF, URIRef("info:fedora/demo:DualResImage")):
        assert (node, RDF.type, PIDRDF.FedoraObject) in graph
    assert (PENS, PIDRDF.migratedTo, URIRef(BASE + "demo:SmileyPens")) in graph
    # a non-canonical spelling in the data is linked to the canonical IRI
    canonical = URIRef("info:fedora/demo:SmileyPens_Original")
    assert (canonical, OWL.sameAs, URIRef("info:fedora/demo%3aSmileyPens_Original")) in graph
    # Fedora's vocabulary IRIs are not taken for objects
    assert (URIRef("info:fedora/fedora-system:def/model#hasModel"), None, None) not in graph


def test_rels_int_datastreams() -> None:
    graph = pidrdf.enrich(_load("rels-int.rdf"))
    assert (MEDIUM, RDF.type, PIDRDF.FedoraDatastream) in graph
    assert (MEDIUM, DCTERMS.isPartOf, PENS) in graph
    assert (PENS, URIRef(VIEW + "hasDatastream"), MEDIUM) in graph
    full = URIRef("info:fedora/demo:SmileyPens/FULL_SIZE")
    assert (full, PIDRDF.datastreamId, Literal("FULL_SIZE")) in graph


def test_resource_index_dump_with_method_disseminations() -> None:
    errors: list[str] = []
    graph = pidrdf.enrich(_load("resource-index.nt"), on_error=lambda i, e: errors.append(i))
    method = URIRef("info:fedora/demo:SmileyPens/demo:DualResolution/mediumSize")
    assert (method, RDF.type, PIDRDF.FedoraMethodDissemination) in graph
    assert (method, PIDRDF.serviceDefinition, URIRef("info:fedora/demo:DualResolution")) in graph
    resize = URIRef("info:fedora/demo:SmileyPens/demo:DualResolution/resize?width=160")
    query = """SELECT ?d WHERE {
        ?d a <https://w3id.org/pidrdf#FedoraMethodDissemination> ;
           <https://w3id.org/pidrdf#parameter> ?p .
        ?p <https://w3id.org/pidrdf#parameterName> "width" ;
           <https://w3id.org/pidrdf#parameterValue> "160" }"""
    assert [row[0] for row in graph.query(query)] == [resize]  # type: ignore[index]
    assert (URIRef("info:fedora/*/DC"), RDF.type, PIDRDF.FedoraDisseminationType) in graph
    # the malformed IRIs keep their triples and get none
    bad = URIRef("info:fedora/islandora:test*ing")
    assert (bad, None, None) in graph and (bad, RDF.type, None) not in graph
    assert set(errors) == MALFORMED


def test_without_a_callback_errors_are_raised_after_enriching() -> None:
    graph = _load("resource-index.nt")
    with pytest.raises(IdentifierError, match="and 1 more"):
        pidrdf.enrich(graph)
    assert (PENS, RDF.type, PIDRDF.FedoraObject) in graph


# --------------------------------------------------------------------------- command line


def test_cli_enrich_reports_and_exits_1(tmp_path: Path) -> None:
    out = tmp_path / "enriched.nt"
    errors = tmp_path / "malformed.tsv"
    result = run(
        "enrich",
        str(FIXTURES / "resource-index.nt"),
        "--to",
        "nt",
        "-o",
        str(out),
        "--errors",
        str(errors),
        "--fedora-base",
        BASE,
    )
    assert result.returncode == 1, result.stderr
    stderr = result.stderr.decode()
    assert "identifier IRIs" in stderr and "2 rejected" in stderr
    with open(errors, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert {row["iri"] for row in rows} == MALFORMED
    assert all(row["reason"] and row["position"] for row in rows)
    graph = Graph().parse(out, format="nt")
    assert (PENS, PIDRDF.migratedTo, URIRef(BASE + "demo:SmileyPens")) in graph
    conforms, report = validate(graph)
    assert conforms, report


def test_cli_enrich_turtle_and_rdfxml_to_stdout() -> None:
    for name in ("collection.ttl", "rels-ext.rdf"):
        result = run("enrich", str(FIXTURES / name))
        assert result.returncode == 0, result.stderr
        graph = Graph().parse(data=result.stdout.decode(), format="turtle")
        assert (STUFF, RDF.type, PIDRDF.FedoraObject) in graph
        assert "0 rejected" in result.stderr.decode()


def test_cli_enrich_reads_standard_input_with_from() -> None:
    data = (FIXTURES / "rels-int.rdf").read_bytes()
    assert run("enrich", "-", stdin=data).returncode == 2
    result = run("enrich", "-", "--from", "xml", "--to", "jsonld", stdin=data)
    assert result.returncode == 0, result.stderr
    assert b'"FedoraDatastream"' in result.stdout


def test_cli_enrich_on_error_fail_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "never.ttl"
    source = str(FIXTURES / "resource-index.nt")
    result = run("enrich", source, "--on-error", "fail", "-o", str(out))
    assert result.returncode == 1
    assert b"--on-error fail" in result.stderr
    assert not out.exists()


def test_cli_enrich_usage_errors(tmp_path: Path) -> None:
    assert run("enrich", str(tmp_path / "missing.nt")).returncode == 2
    odd = tmp_path / "data.txt"
    odd.write_text("<a:b> <c:d> <e:f> .\n")
    assert run("enrich", str(odd)).returncode == 2
    assert run("enrich", str(odd), "--from", "nt").returncode == 0
    broken = tmp_path / "broken.ttl"
    broken.write_text("<info:fedora/demo:1> <x:y> ")
    result = run("enrich", str(broken))
    assert result.returncode == 2 and b"cannot read" in result.stderr


def test_rdfxml_with_an_external_entity_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    evil = tmp_path / "evil.rdf"
    evil.write_text(
        '<?xml version="1.0"?>\n'
        f'<!DOCTYPE rdf:RDF [<!ENTITY s SYSTEM "{secret.as_uri()}">]>\n'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/">'
        '<rdf:Description rdf:about="info:fedora/demo:1"><dc:title>&s;</dc:title>'
        "</rdf:Description></rdf:RDF>\n"
    )
    result = run("enrich", str(evil))
    assert result.returncode == 2
    assert b"TOP-SECRET" not in result.stdout + result.stderr
    with pytest.raises(ValueError, match="refers to"):
        refuse_external_entities(evil.read_bytes())
    # internal entities, common in RDF/XML, are fine
    refuse_external_entities(
        b'<!DOCTYPE r [<!ENTITY fm "info:fedora/fedora-system:def/model#">]><r a="&fm;"/>'
    )
