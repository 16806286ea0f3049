"""The command line with Fedora input: parse fields, lines mixed with handles, FOXML exports,
and the migration base URL."""

from __future__ import annotations

import json
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.namespace import DCTERMS, RDF

from pidrdf.rdf import PIDRDF
from tests.cli import run
from tests.shacl import validate

FOXML = Path(__file__).parent / "fixtures" / "fedora" / "foxml"
GOOD = sorted(FOXML.glob("demo_*.xml"))
BASE = "https://repo.example.org/fcrepo/rest/"
DC = URIRef("info:fedora/demo:1/DC")


def test_cli_parse_prints_the_fedora_fields() -> None:
    result = run("parse", "demo%3a1", "info:fedora/*/DC", "info:fedora/demo:1/demo:S/m?b=2&a=1")
    assert result.returncode == 0, result.stderr
    obj, dtype, method = (json.loads(line) for line in result.stdout.splitlines())
    assert obj == {
        "input": "demo%3a1",
        "kind": "fedora-object",
        "uri": "info:fedora/demo:1",
        "pid": "demo:1",
        "namespace": "demo",
        "object_id": "1",
    }
    assert dtype["kind"] == "fedora-datastream" and dtype["pid"] == "*"
    assert dtype["datastream_id"] == "DC"
    assert method["kind"] == "fedora-method" and method["sdef"] == "demo:S"
    assert method["method"] == "m" and method["params"] == [["a", "1"], ["b", "2"]]


def test_cli_map_mixes_fedora_lines_with_handles() -> None:
    lines = "10.1000/182\ndemo:1\ninfo:fedora/demo:1/DC\nmailto:someone\nhdl:1234/5\n"
    result = run("map", "--to", "nt", "--fedora-base", BASE, stdin=lines)
    assert result.returncode == 1
    assert "line 4: 'mailto:someone'" in result.stderr and "URI scheme" in result.stderr
    assert "5 read, 4 mapped, 1 rejected" in result.stderr
    graph = Graph().parse(data=result.stdout, format="nt")
    assert (DC, PIDRDF.migratedTo, URIRef(BASE + "demo:1/DC")) in graph
    assert (URIRef("https://doi.org/10.1000/182"), RDF.type, PIDRDF.DOI) in graph
    conforms, report = validate(graph)
    assert conforms, report


def test_cli_map_checks_the_fedora_base() -> None:
    result = run("map", "--fedora-base", "ftp://x/", stdin="demo:1\n")
    assert result.returncode == 2
    assert "--fedora-base" in result.stderr


def test_map_from_foxml_end_to_end() -> None:
    result = run("map", "--from", "foxml", *map(str, GOOD), "--to", "nt", "--fedora-base", BASE)
    assert result.returncode == 0, result.stderr
    assert "read" in result.stderr and "0 rejected" in result.stderr
    graph = Graph().parse(data=result.stdout, format="nt")
    pens = URIRef("info:fedora/demo:SmileyPens")
    medium = URIRef("info:fedora/demo:SmileyPens/MEDIUM_SIZE")
    assert (pens, RDF.type, PIDRDF.FedoraObject) in graph
    assert (medium, DCTERMS.isPartOf, pens) in graph
    assert (medium, PIDRDF.migratedTo, URIRef(BASE + "demo:SmileyPens/MEDIUM_SIZE")) in graph
    assert (URIRef("info:fedora/demo:SmileyStuff"), RDF.type, PIDRDF.FedoraObject) in graph
    models = set(graph.subjects(RDF.type, PIDRDF.FedoraObject))
    assert len(models) == 4
    conforms, report = validate(graph)
    assert conforms, report


def test_map_from_foxml_reports_bad_files_and_goes_on() -> None:
    files = [str(FOXML / n) for n in ("bad_doctype.xml", "demo_SmileyStuff.xml", "bad_dsid.xml")]
    result = run("map", "--from", "foxml", *files, "--to", "nt")
    assert result.returncode == 1
    assert "bad_doctype.xml:line 2" in result.stderr and "DOCTYPE" in result.stderr
    assert "bad_dsid.xml:line 6: '1PAGE'" in result.stderr
    assert "8 read, 6 mapped, 2 rejected" in result.stderr
    graph = Graph().parse(data=result.stdout, format="nt")
    assert (URIRef("info:fedora/demo:ScannedBook/OCR"), RDF.type, PIDRDF.FedoraDatastream) in graph


def test_map_from_foxml_counts_the_datastreams_of_a_bad_pid() -> None:
    files = [str(FOXML / n) for n in ("bad_ids.xml", "demo_SmileyStuff.xml")]
    result = run("map", "--from", "foxml", *files, "--to", "nt")
    assert result.returncode == 1
    assert "bad_ids.xml:line 4: 'demo:'" in result.stderr
    assert "bad_ids.xml:line 6: 'DC'" in result.stderr and "PID 'demo:'" in result.stderr
    assert "5 read, 3 mapped, 2 rejected" in result.stderr


def test_map_rejects_a_method_with_too_many_parameters() -> None:
    huge = "info:fedora/demo:1/demo:S/m?" + "&".join(f"p{k}=v" for k in range(100_000))
    result = run("map", "--to", "nt", stdin=f"demo:1\n{huge}\nisbn:9780306406157\n")
    assert result.returncode == 1
    assert "line 2:" in result.stderr and "too many parameters" in result.stderr
    assert "line 3: 'isbn:9780306406157'" in result.stderr
    assert "info:fedora/isbn:9780306406157" in result.stderr
    assert "3 read, 1 mapped, 2 rejected" in result.stderr
    assert len(result.stdout) < 10_000


def test_map_from_foxml_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = run("map", "--from", "foxml", str(tmp_path / "nope.xml"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr
