"""``pidrdf match``, run through the installed entry point."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import pytest

from pidrdf import matches, parse_auth
from pidrdf.sparql import auth_match_query
from tests import cli
from tests.auth_data import universe
from tests.sparql_server import ALL, free_port
from tests.vectors import rows

TARGETS = sorted({r["target"] for r in rows("auth-matching.tsv")})
TURTLE = """\
@prefix dcterms: <http://purl.org/dc/terms/> .
<http://example.org/r1> dcterms:creator <auth://abc.com/sales/europe;2001-03> .
<http://example.org/r2> dcterms:creator <auth://abc.com/salesforce;2001-06> .
<http://example.org/r3> dcterms:title "auth://abc.com/sales;2001 is only a string" .
"""


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return cli.run("match", *args, stdin=stdin)


@pytest.fixture
def ids_file(tmp_path: Path) -> Path:
    path = tmp_path / "authorities.txt"
    path.write_text("# the vectors' targets\n\n" + "\n".join(TARGETS) + "\n", encoding="utf-8")
    return path


def _expected(query: str, texts: list[str], option: str = "exclude") -> list[str]:
    nodes = universe(parse_auth(t) for t in texts)
    return sorted(n.uri for n in nodes if matches(query, n, option))


def _csv_targets(stdout: str) -> list[str]:
    table = list(csv.DictReader(io.StringIO(stdout)))
    return [r["target"] for r in table]


def test_help_teaches() -> None:
    result = run("--help")
    assert result.returncode == 0
    for words in ("Examples:", "Exit codes:", "--include-undated", "--endpoint", "salesforce"):
        assert words in result.stdout
    top = cli.run("--help")
    assert "match" in top.stdout


@pytest.mark.parametrize(
    "query", ["auth://abc.com", "auth://abc.com;2001", "auth://abc.com/sales;2001-11-29:2001-11-29"]
)
@pytest.mark.parametrize("include", [False, True])
def test_identifier_list_matches_python(ids_file: Path, query: str, include: bool) -> None:
    flags = ["--include-undated"] if include else []
    result = run(query, "--data", str(ids_file), "--format", "csv", *flags)
    assert result.returncode == 0, result.stderr
    expected = _expected(query, TARGETS, "include" if include else "exclude")
    assert _csv_targets(result.stdout) == expected
    assert f"{len(expected)} target" in result.stderr


def test_table_and_json_formats(ids_file: Path) -> None:
    table = run("auth://abc.com;2001:2001", str(ids_file))
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0].split() == ["target", "valid_from", "valid_through"]
    targets = [line.split()[0] for line in lines[1:]]
    assert targets == _expected("auth://abc.com;2001:2001", TARGETS)
    # out of the period or not below the query: absent
    for outside in ("auth://abc.com/sales/europe;1999:2003", "auth://john.doe@abc.com;2001",
                    "auth://abc.com"):
        assert outside in TARGETS and outside not in targets
    # the table prints canonical IRIs: a root-level date colon as %3A (DESIGN §5)
    assert "auth://abc.com;2001:2001" in TARGETS
    assert "auth://abc.com;2001:2001" not in table.stdout
    assert any(line.split() == ["auth://abc.com;2001%3A2001", "2001-01-01", "2001-12-31"]
               for line in lines)
    assert any(line.split() == ["auth://abc.com/x;2001-03:2001-05", "2001-03-01", "2001-05-31"]
               for line in lines)
    assert any(line.split() == ["auth://abc.com;2001-06", "2001-06-01", "-"] for line in lines)
    as_json = run("auth://abc.com;2001:2001", "--data", str(ids_file), "--format", "json")
    records = json.loads(as_json.stdout)
    assert [r["target"] for r in records] == [line.split()[0] for line in lines[1:]]
    assert {"target": "auth://abc.com;2001-06", "valid_from": "2001-06-01",
            "valid_through": None} in records


def test_rdf_data_is_enriched_with_the_authorities_it_uses(tmp_path: Path) -> None:
    data = tmp_path / "catalogue.ttl"
    data.write_text(TURTLE, encoding="utf-8")
    result = run("auth://abc.com/sales;2001", "--data", str(data), "--format", "csv")
    assert result.returncode == 0, result.stderr
    # the string literal is not an authority; the sibling salesforce is not below sales
    assert _csv_targets(result.stdout) == ["auth://abc.com/sales/europe;2001-03"]
    undated = run("auth://abc.com", str(data), "--format", "csv")
    assert _csv_targets(undated.stdout) == _expected(
        "auth://abc.com", ["auth://abc.com/sales/europe;2001-03", "auth://abc.com/salesforce;2001-06"]
    )


def test_quads_and_jsonld_and_standard_input(tmp_path: Path) -> None:
    quads = tmp_path / "data.nq"
    quads.write_text(
        "<http://example.org/r> <http://purl.org/dc/terms/creator> "
        "<auth://abc.com/sales;2001-05> <http://example.org/g> .\n",
        encoding="utf-8",
    )
    document = {
        "@context": {"creator": {"@id": "http://purl.org/dc/terms/creator", "@type": "@id"}},
        "@id": "http://example.org/s",
        "creator": "auth://abc.com/sales;2001-07",
    }
    jsonld = tmp_path / "data.jsonld"
    jsonld.write_text(json.dumps(document), encoding="utf-8")
    result = run(
        "auth://abc.com/sales;2001", str(quads), str(jsonld), "--data", "-", "--format", "csv",
        stdin="auth://abc.com/sales;2001-09\n",
    )
    assert result.returncode == 0, result.stderr
    assert _csv_targets(result.stdout) == [
        "auth://abc.com/sales;2001-05",
        "auth://abc.com/sales;2001-07",
        "auth://abc.com/sales;2001-09",
    ]


def test_rejected_lines_are_reported_and_exit_1(tmp_path: Path) -> None:
    data = tmp_path / "ids.txt"
    data.write_text("auth://abc.com/sales;2001\nauth://abc.com/sales/\n10.1000/182\n", "utf-8")
    result = run("auth://abc.com", "--data", str(data), "--format", "csv")
    assert result.returncode == 1
    assert "line 2" in result.stderr and "trailing" in result.stderr
    assert _csv_targets(result.stdout) == [
        "auth://abc.com",
        "auth://abc.com/sales",
        "auth://abc.com/sales;2001",
    ]


def test_no_match_is_exit_0(ids_file: Path) -> None:
    result = run("auth://nobody.example;2001", "--data", str(ids_file), "--format", "json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == []
    assert "0 targets matched" in result.stderr


def test_usage_errors_exit_2(tmp_path: Path, ids_file: Path) -> None:
    bad_query = run("auth://abc.com;2001-13", "--data", str(ids_file))
    assert bad_query.returncode == 2
    assert "month 13" in bad_query.stderr and "position 20" in bad_query.stderr
    assert run("auth://abc.com").returncode == 2
    both = run("auth://abc.com", str(ids_file), "--endpoint", "http://127.0.0.1:9/query")
    assert both.returncode == 2 and "not both" in both.stderr
    assert run("auth://abc.com", "--endpoint", "file:///etc/passwd").returncode == 2
    missing = run("auth://abc.com", "--data", str(tmp_path / "missing.txt"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    broken = tmp_path / "broken.ttl"
    broken.write_text("<a> <b> .", encoding="utf-8")
    bad_rdf = run("auth://abc.com", "--data", str(broken))
    assert bad_rdf.returncode == 2 and "cannot parse" in bad_rdf.stderr
    # rdflib's BadSyntax has an empty first argument: the reason must still be given
    assert f"cannot parse {broken} as turtle: objectList expected (line 1)" in bad_rdf.stderr
    assert run("auth://abc.com", str(ids_file), "--format", "xml").returncode == 2


def test_a_malformed_endpoint_url_is_exit_2_without_a_traceback() -> None:
    result = run("auth://abc.com", "--endpoint", "http://[::1/q", "--timeout", "5")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "invalid endpoint URL 'http://[::1/q': Invalid IPv6 URL" in result.stderr
    port = run("auth://abc.com", "--endpoint", "http://127.0.0.1:abc/q", "--timeout", "5")
    assert port.returncode == 2 and "Traceback" not in port.stderr and "port" in port.stderr


def test_every_parse_error_has_a_reason() -> None:
    from pidrdf.cli.match import _parse_error_reason

    assert _parse_error_reason(AssertionError()) == "AssertionError"
    assert _parse_error_reason(ValueError("")) == "ValueError"
    assert _parse_error_reason(ValueError("  ")) == "ValueError"
    assert _parse_error_reason(ValueError(42)) == "42"
    assert _parse_error_reason(ValueError("bad\n  line")) == "bad line"


def test_print_query() -> None:
    result = run("auth://abc.com/sales;2001", "--include-undated", "--print-query")
    assert result.returncode == 0
    assert result.stdout == auth_match_query("auth://abc.com/sales;2001", "include")


def test_rdf_iris_are_canonicalized_and_bad_ones_reported(tmp_path: Path) -> None:
    data = tmp_path / "data.nt"
    data.write_text(
        "<http://example.org/a> <http://purl.org/dc/terms/creator> "
        "<auth://ABC.com/sales;2001-05> .\n"
        "<http://example.org/b> <http://purl.org/dc/terms/creator> <auth://abc.com/sales/> .\n",
        encoding="utf-8",
    )
    result = run("auth://abc.com/sales;2001", str(data), "--format", "csv")
    assert result.returncode == 1
    assert "auth://abc.com/sales/" in result.stderr and "trailing" in result.stderr
    assert _csv_targets(result.stdout) == ["auth://abc.com/sales;2001-05"]


def test_nothing_is_fetched(tmp_path: Path) -> None:
    xml = tmp_path / "data.rdf"
    xml.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">&x;</rdf:RDF>\n',
        encoding="utf-8",
    )
    refused = run("auth://abc.com", str(xml))
    assert refused.returncode == 2 and "cannot parse" in refused.stderr
    remote = tmp_path / "data.jsonld"
    remote.write_text(
        json.dumps({"@context": "http://127.0.0.1:9/context.jsonld", "@id": "auth://abc.com"}),
        encoding="utf-8",
    )
    refused = run("auth://abc.com", str(remote))
    assert refused.returncode == 2 and "does not fetch" in refused.stderr
    fine = tmp_path / "fine.rdf"
    fine.write_text(
        '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"'
        ' xmlns:dc="http://purl.org/dc/terms/">'
        '<rdf:Description rdf:about="http://example.org/r">'
        '<dc:creator rdf:resource="auth://abc.com/x;2001"/></rdf:Description></rdf:RDF>\n',
        encoding="utf-8",
    )
    result = run("auth://abc.com;2000", str(fine), "--format", "csv")
    assert result.returncode == 0, result.stderr
    assert _csv_targets(result.stdout) == ["auth://abc.com/x;2001"]


@pytest.mark.server
def test_cli_match_through_the_endpoint(sparql_server: str) -> None:
    result = run(
        "auth://abc.com/sales;2001", "--endpoint", f"{sparql_server}/query", "--format", "csv"
    )
    assert result.returncode == 0, result.stderr
    nodes = universe(ALL)
    expected = [n for n in nodes if matches("auth://abc.com/sales;2001", n)]
    assert "auth://abc.com/sales/europe;2001-03" in {n.uri for n in expected}
    assert result.stdout.splitlines() == ["target,valid_from,valid_through"] + [
        f"{n.uri},{n.valid_from},{n.valid_through or ''}"
        for n in sorted(expected, key=lambda n: n.uri)
    ]
    unreachable = run(
        "auth://abc.com", "--endpoint", f"http://127.0.0.1:{free_port()}/q", "--timeout", "5"
    )
    assert unreachable.returncode == 2 and "cannot reach" in unreachable.stderr
