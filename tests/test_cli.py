"""The pidrdf command line, run through the installed entry point."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from rdflib import Graph, URIRef
from rdflib.compare import isomorphic

import pidrdf
from tests.cli import PIDRDF_CLI, run

EXAMPLES = Path(__file__).parent.parent / "examples" / "identifiers.txt"


def test_help_teaches() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "Exit codes" in result.stdout and "pidrdf map" in result.stdout
    for command in ("parse", "map", "ontology"):
        sub = run(command, "--help")
        assert sub.returncode == 0
        assert "Examples" in sub.stdout


def test_parse_prints_json_lines_with_the_contract_fields() -> None:
    result = run("parse", "hdl:10.1000/182", "10.1000/")
    assert result.returncode == 1
    ok, bad = (json.loads(line) for line in result.stdout.splitlines())
    assert ok == {
        "input": "hdl:10.1000/182",
        "kind": "doi",
        "uri": "https://doi.org/10.1000/182",
        "prefix": "10.1000",
        "local_name": "182",
        "naming_authority": "https://hdl.handle.net/0.na/10.1000",
        "cordra": True,
    }
    assert bad["input"] == "10.1000/" and bad["position"] == 7 and "local name" in bad["error"]


def test_parse_reads_standard_input_and_counts() -> None:
    result = run("parse", "-", stdin="10.1000/182\n\nbad\n")
    assert result.returncode == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r.get("kind") for r in records] == ["doi", None]
    assert records[1]["line"] == 3
    assert "2 read, 1 mapped, 1 rejected" in result.stderr


def test_map_the_example_file_to_turtle() -> None:
    result = run("map", str(EXAMPLES))
    assert result.returncode == 0, result.stderr
    graph = Graph().parse(data=result.stdout, format="turtle")
    lines = [
        line for line in EXAMPLES.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert isomorphic(graph, pidrdf.to_graph(lines))
    assert f"{len(lines)} read, {len(lines)} mapped, 0 rejected" in result.stderr


@pytest.mark.parametrize("fmt", ["ttl", "nt", "nq", "jsonld", "xml"])
def test_map_every_format(fmt: str) -> None:
    result = run("map", "--to", fmt, "-", stdin="10.1000/182\n")
    assert result.returncode == 0, result.stderr
    rdflib_format = {"ttl": "turtle", "nq": "nquads", "jsonld": "json-ld"}.get(fmt, fmt)
    graph = Graph().parse(data=result.stdout, format=rdflib_format)
    assert isomorphic(graph, pidrdf.to_graph(["10.1000/182"]))


def test_map_reports_every_rejected_line_and_totals_add_up(tmp_path: Path) -> None:
    source = tmp_path / "ids.txt"
    source.write_bytes(b"10.1000/182\n10.1000/\n# comment\n\nfoo\nhdl:1/\xff\n1234/5\n")
    result = run("map", str(source), "--to", "nt")
    assert result.returncode == 1
    rejected = [line for line in result.stderr.splitlines() if "rejected " in line]
    assert len(rejected) == 3
    assert f"{source}:line 2: '10.1000/'" in rejected[0] and "position 7" in rejected[0]
    assert "line 5: 'foo'" in rejected[1]
    assert "line 6:" in rejected[2] and "surrogate" in rejected[2]
    assert result.stderr.splitlines()[-1] == "pidrdf: 5 read, 2 mapped, 3 rejected"
    graph = Graph().parse(data=result.stdout, format="nt")
    assert (URIRef("https://hdl.handle.net/1234/5"), None, None) in graph


def test_map_errors_file_and_atomic_output_on_fail(tmp_path: Path) -> None:
    source = tmp_path / "ids.txt"
    source.write_text("10.1000/182\n300:0.NA/1\n1234/5\n", encoding="utf-8")
    errors, output = tmp_path / "rejected.tsv", tmp_path / "out.nt"
    result = run("map", str(source), "--to", "nt", "-o", str(output), "--errors", str(errors))
    assert result.returncode == 1
    assert output.is_file()
    rows = errors.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "source\tline\tinput\tposition\treason"
    assert rows[1].startswith(f"{source}\t2\t300:0.NA/1\t0\tthis is a handle value reference")
    output.unlink()
    failed = run("map", str(source), "--to", "nt", "-o", str(output), "--on-error", "fail")
    assert failed.returncode == 1
    assert not output.exists()
    assert list(tmp_path.glob(".out.nt.*")) == []
    assert failed.stderr.splitlines()[-1] == "pidrdf: 2 read, 1 mapped, 1 rejected"


def test_map_profiles_and_options() -> None:
    result = run("map", "--to", "nt", "--profile", "info", "--no-same-as", "-", stdin="10.1000/X\n")
    assert "<info:doi/10.1000/x>" in result.stdout and "sameAs" not in result.stdout
    kept = run("map", "--to", "nt", "--keep-case", "-", stdin="10.1000/X\n")
    assert "<https://doi.org/10.1000/X>" in kept.stdout
    quads = run("map", "--to", "nq", "--graph", "https://example.org/g", "-", stdin="1234/5\n")
    assert all(line.endswith("<https://example.org/g> .") for line in quads.stdout.splitlines())


def test_map_with_a_configured_resolver() -> None:
    url = "http://arrow.resolver.au.gov:2641/hdl/100.102/F58FB49EB1F848f0A606E84CEF294BE5\n"
    assert run("map", "-", stdin=url).returncode == 1
    arrow = "arrow.resolver.au.gov:2641/hdl"
    result = run("map", "--to", "nt", "--resolver", arrow, "-", stdin=url)
    assert result.returncode == 0, result.stderr
    assert "<https://hdl.handle.net/100.102/F58FB49EB1F848f0A606E84CEF294BE5>" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("map", "/nonexistent/ids.txt"), "cannot read /nonexistent/ids.txt"),
        (("map", "--to", "csv"), "Invalid value for '--to'"),
        (("map", "--resolver", "a/b/c", "-"), "AUTHORITY"),
        (("map", "--to", "nt", "--graph", "x y", "-"), "--graph"),
        (("map", "-o", "/nonexistent/dir/out.ttl", "-"), "cannot write"),
    ],
)
def test_usage_and_io_errors_exit_2_without_traceback(args: tuple[str, ...], message: str) -> None:
    result = run(*args, stdin="10.1000/182\n")
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_ontology_command_prints_the_shipped_files() -> None:
    result = run("ontology")
    assert result.returncode == 0
    assert Graph().parse(data=result.stdout, format="turtle")
    shapes = run("ontology", "--part", "shapes")
    assert "sh:NodeShape" in shapes.stdout
    context = run("ontology", "--part", "context")
    assert json.loads(context.stdout)["@context"]["pidrdf"] == "https://w3id.org/pidrdf#"
    path = run("ontology", "--path")
    assert Path(path.stdout.strip()).name == "pidrdf.ttl"


@pytest.mark.parametrize("command", ["map --to nt -", "parse -"])
def test_closed_pipe_ends_quietly_with_exit_0(command: str) -> None:
    assert PIDRDF_CLI
    lines = "".join(f"10.1000/{n}\n" for n in range(20000))
    proc = subprocess.run(
        ["bash", "-c", f"'{PIDRDF_CLI}' {command} | head -n 1; echo \"status=${{PIPESTATUS[0]}}\""],
        input=lines, capture_output=True, text=True, timeout=60,
    )
    first, status = proc.stdout.splitlines()
    assert "10.1000/0" in first
    assert status == "status=0"
    assert "Traceback" not in proc.stderr and "Error" not in proc.stderr


def test_undecodable_bytes_are_reported_not_crashed_on() -> None:
    result = run("parse", "-", stdin=b"10.1000/182\n\xff\xfe/abc\n")
    assert result.returncode == 1
    good, bad = (json.loads(line) for line in result.stdout.decode().splitlines())
    assert good["kind"] == "doi"
    assert bad["input"] == "\udcff\udcfe/abc" and "surrogate" in bad["error"]
    assert b"Traceback" not in result.stderr


def test_a_byte_order_mark_is_dropped_from_files_and_standard_input(tmp_path: Path) -> None:
    source = tmp_path / "excel.txt"
    source.write_bytes(b"\xef\xbb\xbf10.1000/182\r\n")
    parsed = run("parse", "-", stdin=source.read_bytes())
    record = json.loads(parsed.stdout.decode().splitlines()[0])
    assert (record["kind"], record["prefix"]) == ("doi", "10.1000")
    mapped = run("map", str(source), "--to", "nt")
    assert mapped.returncode == 0
    assert "<https://doi.org/10.1000/182> " in mapped.stdout


def test_standard_input_can_be_named_only_once() -> None:
    result = run("map", "-", "-", stdin="10.1000/182\n")
    assert result.returncode == 2 and "only once" in result.stderr


def test_outputs_follow_symlinks_keep_modes_and_refuse_directories(tmp_path: Path) -> None:
    source = tmp_path / "ids.txt"
    source.write_text("10.1000/182\n", encoding="utf-8")
    real = tmp_path / "real.nt"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.nt"
    link.symlink_to(real)
    assert run("map", str(source), "--to", "nt", "-o", str(link)).returncode == 0
    assert link.is_symlink() and "doi.org/10.1000/182" in real.read_text(encoding="utf-8")
    assert real.stat().st_mode & 0o777 == 0o640
    fresh = tmp_path / "fresh.nt"
    assert run("map", str(source), "--to", "nt", "-o", str(fresh)).returncode == 0
    assert fresh.stat().st_mode & 0o044  # readable by others, as open() would make it
    directory = run("map", str(source), "-o", str(tmp_path))
    assert directory.returncode == 2 and "is a directory" in directory.stderr
    same = run("map", str(source), "--errors", str(source))
    assert same.returncode == 2 and "also an input" in same.stderr
    assert source.read_text(encoding="utf-8") == "10.1000/182\n"


def test_a_format_that_cannot_express_the_graph_is_a_usage_error(tmp_path: Path) -> None:
    data = tmp_path / "odd.nt"
    data.write_text("<http://ex.org/s> <http://ex.org/1> <doi:10.1000/182> .\n", encoding="utf-8")
    result = run("enrich", str(data), "--to", "xml")
    assert result.returncode == 2
    assert "cannot write this graph as xml" in result.stderr and "--to" in result.stderr
    assert "Traceback" not in result.stderr
