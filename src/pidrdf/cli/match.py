"""``pidrdf match``: which ``auth:`` authorities in some data an ``auth:`` query URI matches.

The data is local files (RDF, or plain identifier lists that pidrdf maps) or a SPARQL 1.1
endpoint that already holds pidrdf's triples. Either way the command runs the generated query
of :func:`pidrdf.sparql.auth_match_query`, the same text on every engine.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pidrdf.cli.common import EXIT_OK, EXIT_REJECTED, CLIError, RejectReport, read_sources
from pidrdf.identifiers.auth import parse_auth
from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.batch import Parsed, Totals, parse_lines
from pidrdf.identifiers.errors import IdentifierError

if TYPE_CHECKING:
    from rdflib import Dataset, Graph

    from pidrdf.sparql import Source

__all__ = ["match"]

#: File extensions read as RDF, and their rdflib parser names; other files are identifier lists.
RDF_FORMATS = {
    ".ttl": "turtle",
    ".turtle": "turtle",
    ".nt": "nt",
    ".ntriples": "nt",
    ".nq": "nquads",
    ".trig": "trig",
    ".n3": "n3",
    ".rdf": "xml",
    ".owl": "xml",
    ".xml": "xml",
    ".jsonld": "json-ld",
}
_QUAD_FORMATS = {"nquads", "trig"}


@click.command("match")
@click.argument("query", metavar="QUERY")
@click.argument("more_data", nargs=-1, metavar="[FILE...]")
@click.option(
    "--data",
    "data",
    multiple=True,
    metavar="FILE",
    help="Data to search (repeatable; more files may follow QUERY without --data). "
    "Files ending in .ttl, .nt, .nq, .trig, .n3, .rdf, .owl, .xml or .jsonld are read as RDF; "
    "any other file, or '-' for standard input, is a list of identifiers, one per line.",
)
@click.option(
    "--endpoint",
    metavar="URL",
    help="Query this SPARQL 1.1 endpoint instead of local files. It must hold pidrdf's "
    "triples for the auth: URIs (pidrdf map ... --to nt, then load them).",
)
@click.option(
    "--include-undated",
    is_flag=True,
    help="Let a dated QUERY also match undated targets at its level or below "
    "(excluded by default).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="table: aligned columns for people; json: an array of objects; csv: with a header.",
)
@click.option(
    "--print-query",
    is_flag=True,
    help="Print the generated SPARQL query and stop (no data needed).",
)
@click.option(
    "--timeout",
    type=float,
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help="How long to wait for --endpoint.",
)
def match(
    query: str,
    more_data: tuple[str, ...],
    data: tuple[str, ...],
    endpoint: str | None,
    include_undated: bool,
    fmt: str,
    print_query: bool,
    timeout: float,
) -> None:
    """List the auth: authorities that QUERY matches, with their validity.

    QUERY is an auth: URI. A target matches when it is at QUERY's level or below (compared
    level by level: auth://abc.com/sales does not match auth://abc.com/salesforce, and
    auth://abc.com does not match auth://john.doe@abc.com), and, when QUERY is dated, when
    its period fits QUERY's: ';S' matches targets valid from S on, ';S:E' targets whose
    period starts and ends within S..E. Each date names its whole period: 2001 is
    2001-01-01..2001-12-31. Targets include the superordinates that the data's URIs imply.

    \b
    Examples:
      pidrdf match auth://abc.com/sales --data authorities.txt
      pidrdf match 'auth://abc.com;2001' --data catalogue.ttl --format json
      pidrdf match 'auth://abc.com;2001-03:2001-05' --include-undated --data ids.txt
      pidrdf map ids.txt --to nt > ids.nt   # then load ids.nt into your SPARQL store
      pidrdf match 'auth://abc.com;2001' --endpoint http://localhost:7878/query
      pidrdf match 'auth://abc.com;2001' --print-query

    \b
    Exit codes:
      0  the query ran (whether or not anything matched)
      1  the query ran, but some data lines or auth: IRIs were rejected (each is reported)
      2  usage error (bad QUERY, no data), unreadable data or an endpoint failure
    """
    from pidrdf.sparql import EndpointError, auth_match_query, run_query

    try:
        value = parse_auth(query)
    except IdentifierError as error:
        at = f" (position {error.position})" if error.position is not None else ""
        raise CLIError(f"QUERY {query!r} is not an auth: URI: {error.reason}{at}") from None
    text = auth_match_query(value, "include" if include_undated else "exclude")
    if print_query:
        click.echo(text, nl=False)
        return
    files = data + more_data
    if endpoint is not None and files:
        raise CLIError("give either data files or --endpoint, not both")
    if endpoint is None and not files:
        raise CLIError("no data: give files with --data FILE, or --endpoint URL")
    rejected = 0
    source: Source
    if endpoint is not None:
        if not endpoint.lower().startswith(("http://", "https://")):
            raise CLIError(f"--endpoint must be an http:// or https:// URL, not {endpoint!r}")
        source = endpoint
    else:
        source, rejected = _load(files)
    try:
        result = run_query(source, text, timeout=timeout)
    except EndpointError as exc:
        raise CLIError(str(exc)) from None
    targets = sorted({str(t) for t in result.column(0) if t is not None})
    _write(targets, fmt)
    noun = "target" if len(targets) == 1 else "targets"
    click.echo(f"pidrdf: {len(targets)} {noun} matched {value}", err=True)
    sys.exit(EXIT_REJECTED if rejected else EXIT_OK)


# ------------------------------------------------------------------ data


def _load(files: tuple[str, ...]) -> tuple[Graph, int]:
    """Read every file into one rdflib graph with pidrdf's triples added; return it and how
    many lines or IRIs were rejected (each is reported on standard error)."""
    from pidrdf.rdf.enrich import enrich
    from pidrdf.rdf.mapping import triples_of_all
    from pidrdf.rdf.writers import add_to_graph, new_graph

    graph = new_graph()
    lists = tuple(f for f in files if f == "-" or Path(f).suffix.lower() not in RDF_FORMATS)
    bad_iris = 0

    def rejected_iri(iri: str, error: IdentifierError) -> None:
        nonlocal bad_iris
        bad_iris += 1
        click.echo(f"pidrdf: rejected IRI <{iri}>: {error.reason}", err=True)

    if len(lists) < len(files):
        for path in files:
            if path not in lists:
                _parse_rdf(graph, path)
        # the identifier IRIs the RDF uses (auth: ones included) get pidrdf's triples
        enrich(graph, on_error=rejected_iri)
    report = RejectReport(None)
    totals = Totals()

    def listed() -> Iterator[Identifier]:
        for source, lines in read_sources(lists):
            for item in parse_lines(lines, totals):
                if isinstance(item, Parsed):
                    yield item.value
                else:
                    report(source, item)

    if lists:
        add_to_graph(graph, triples_of_all(listed()))
    return graph, totals.rejected + bad_iris


def _parse_rdf(graph: Graph, path: str) -> None:
    """Add the triples of an RDF file (a dataset's quads lose their graph name).

    Nothing is fetched (DESIGN §9): RDF/XML that declares an external entity is refused
    before rdflib sees it, and JSON-LD goes through pyld with pidrdf's offline loader.
    """
    from rdflib import Dataset

    from pidrdf.cli.enrich import refuse_external_entities

    fmt = RDF_FORMATS[Path(path).suffix.lower()]
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CLIError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        if fmt == "xml":
            refuse_external_entities(data)
        if fmt == "json-ld":
            dataset = _parse_jsonld(data)
        elif fmt in _QUAD_FORMATS:
            dataset = Dataset().parse(data=data, format=fmt)
        else:
            graph.parse(data=data, format=fmt)
            return
    except Exception as exc:  # rdflib's and pyld's parsers raise many types for bad syntax
        while exc.__cause__ is not None and isinstance(exc.__cause__, Exception):
            exc = exc.__cause__  # pyld wraps the reason (a refused remote context) deep down
        raise CLIError(f"cannot parse {path} as {fmt}: {_parse_error_reason(exc)}") from None
    for s, p, o, _ in dataset.quads((None, None, None, None)):
        graph.add((s, p, o))


def _parse_error_reason(exc: Exception) -> str:
    """A one-line, never empty reason for a parser's exception.

    rdflib's Turtle/N3 ``BadSyntax`` keeps its reason in ``_why`` (its first argument is the
    document's base, usually empty); an exception without any message gives its type's name.
    """
    why = getattr(exc, "_why", None)
    if isinstance(why, str) and why.strip():
        line = getattr(exc, "lines", None)
        return why.strip() + (f" (line {line + 1})" if isinstance(line, int) else "")
    first = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    reason = " ".join(first.split()) or " ".join(str(exc).split())
    return reason or type(exc).__name__


def _parse_jsonld(data: bytes) -> Dataset:
    """JSON-LD through pyld with pidrdf's offline loader: no remote context is fetched."""
    from pyld import jsonld
    from rdflib import Dataset

    from pidrdf.rdf.jsonld import offline_loader

    nquads = jsonld.to_rdf(
        json.loads(data), {"format": "application/n-quads", "documentLoader": offline_loader}
    )
    return Dataset().parse(data=nquads, format="nquads")


# ------------------------------------------------------------------ output


def _row(target: str) -> dict[str, str | None]:
    try:
        value = parse_auth(target)
    except IdentifierError:
        return {"target": target, "valid_from": None, "valid_through": None}
    valid_from, valid_through = value.valid_from, value.valid_through
    return {
        "target": target,
        "valid_from": None if valid_from is None else valid_from.isoformat(),
        "valid_through": None if valid_through is None else valid_through.isoformat(),
    }


def _write(targets: list[str], fmt: str) -> None:
    rows = [_row(t) for t in targets]
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    header = ("target", "valid_from", "valid_through")
    cells = [tuple(r[h] or "" for h in header) for r in rows]
    if fmt == "csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([header, *cells])
        click.echo(out.getvalue(), nl=False)
        return
    shown = [tuple(c or "-" for c in row) for row in cells]
    widths = [max([len(h), *(len(row[i]) for row in shown)]) for i, h in enumerate(header)]
    for line in (header, *shown):
        click.echo("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
