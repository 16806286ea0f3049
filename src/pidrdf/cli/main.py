"""The ``pidrdf`` command line: parse, map and explore persistent identifiers.

Exit codes (the same for every command, documented in ``pidrdf --help``):

- 0: everything was read and mapped (or matched);
- 1: some input was rejected; each rejected line was reported with its line number, input,
  position and reason;
- 2: a usage error, an unreadable input or an unwritable output.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import click

from pidrdf import __version__
from pidrdf.cli.common import (
    EXIT_OK,
    EXIT_REJECTED,
    CLIError,
    RejectReport,
    atomic_output,
    check_distinct,
    errors_option,
    json_line,
    no_same_as_option,
    on_error_option,
    output_option,
    parse_resolvers,
    profile_option,
    read_sources,
    resolver_option,
    standard_stream,
)
from pidrdf.cli.fedora import check_fedora_base, fedora_map_options, item_sources
from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.batch import Parsed, Totals, parse_lines
from pidrdf.identifiers.detect import parse as parse_identifier
from pidrdf.identifiers.errors import IdentifierError

__all__ = ["main", "run"]

_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class _Commands(click.Group):
    """The command group; a closed standard output ends a command quietly with exit 0.

    ``pidrdf map … | head`` closes the pipe when it has read enough: the reader chose to
    stop, which is no failure of ours. Click's own handling would exit 1, our "input
    rejected" code, so the broken pipe is caught here, inside click's handlers.
    """

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            # point stdout at /dev/null so that the interpreter's last flush cannot fail again
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(EXIT_OK)


@click.group(cls=_Commands, context_settings=_CONTEXT)
@click.version_option(__version__, prog_name="pidrdf")
def main() -> None:
    """Turn persistent identifiers into linked data.

    pidrdf reads handles and DOIs, Fedora Commons PIDs and dissemination URIs, and auth:
    authority URIs, in every form people write them (bare, hdl:, doi:, info:, urn:,
    resolver URLs, ...), gives each one canonical IRI and emits the triples it implies.

    \b
    Examples:
      pidrdf parse 10.1000/182 'hdl:20.500.12122/WWD9VO'
      pidrdf map examples/identifiers.txt --to ttl
      cat ids.txt | pidrdf map --to nt --errors rejected.tsv > ids.nt
      pidrdf map --from foxml export/*.xml --to nt
      pidrdf enrich RELS-EXT.rdf --fedora-base https://repo.example.org/fcrepo/rest/
      pidrdf match 'auth://abc.com/sales;2001' examples/identifiers.txt
      pidrdf ontology > pidrdf.ttl

    \b
    Exit codes (every command):
      0  everything was read and mapped (match: the query ran)
      1  some input was rejected (each rejected line or IRI is reported)
      2  usage error, unreadable input, unwritable output or endpoint failure

    Run 'pidrdf COMMAND --help' for the options of a command.
    """


@main.command("parse")
@click.argument("identifiers", nargs=-1, metavar="[ID...|-]")
@resolver_option
def parse_command(identifiers: tuple[str, ...], resolvers: tuple[str, ...]) -> None:
    """Print the fields of each identifier as JSON Lines.

    Give identifiers as arguments, or '-' (or nothing) to read one per line from standard
    input. Each output line is one JSON object with the input, its kind (handle, doi,
    fedora-object, fedora-datastream, fedora-method, auth), its canonical IRI (uri) and the
    scheme's fields; a rejected input gives {"input", "error", "position"} instead and the
    exit code is 1.

    \b
    Examples:
      pidrdf parse doi:10.1000/182
      pidrdf parse 'https://hdl.handle.net/20.500.12122/WWD9VO?noredirect'
      printf '10.1000/182\\nnot-an-id\\n' | pidrdf parse -
    """
    known = parse_resolvers(resolvers)
    out = standard_stream("stdout")
    rejected = 0
    if identifiers and identifiers != ("-",):
        for text in identifiers:
            try:
                record = _record(text, parse_identifier(text, resolvers=known))
            except IdentifierError as error:
                record = _error_record(text, error)
                rejected += 1
            out.write(json_line(record))
    else:
        totals = Totals()
        for _, lines in read_sources(()):
            for item in parse_lines(lines, totals, resolvers=known):
                if isinstance(item, Parsed):
                    record = _record(item.text, item.value)
                else:
                    record = {"line": item.line_number, **_error_record(item.text, item.error)}
                out.write(json_line(record))
        rejected = totals.rejected
        click.echo(f"pidrdf: {totals}", err=True)
    out.flush()
    sys.exit(EXIT_REJECTED if rejected else EXIT_OK)


def _record(text: str, value: Identifier) -> dict[str, object]:
    return {"input": text, **value.as_record()}


def _error_record(text: str, error: IdentifierError) -> dict[str, object]:
    return {"input": text, "error": error.reason, "position": error.position}


@main.command("map")
@click.argument("files", nargs=-1, metavar="[FILE...|-]")
@click.option(
    "--to",
    "fmt",
    type=click.Choice(["ttl", "nt", "nq", "jsonld", "xml"]),
    default="ttl",
    show_default=True,
    help="Output format. nt and nq stream in constant memory; the others build a graph.",
)
@profile_option(
    "Canonical IRI form of handles and DOIs: https://doi.org/... and "
    "https://hdl.handle.net/..., hdl:prefix/local, or info:doi/... and info:hdl/..."
)
@no_same_as_option
@click.option(
    "--keep-case",
    is_flag=True,
    help="Keep identifiers' case in IRIs instead of folding DOIs and prefixes to lowercase.",
)
@resolver_option
@on_error_option(
    "skip: report each bad line and go on; fail: stop at the first bad line, exit 1 "
    "(an --output file is then not written; on standard output, what was already "
    "streamed stays)."
)
@errors_option(
    "Write rejected lines to FILE as TSV (source, line, input, position, reason) "
    "instead of standard error."
)
@output_option
@click.option("--graph", "graph_iri", metavar="IRI", help="Named graph IRI for --to nq.")
# ---- options of issues 3 and 4 go here ----
@fedora_map_options
def map_command(
    files: tuple[str, ...],
    fmt: str,
    handle_form: str,
    no_same_as: bool,
    keep_case: bool,
    resolvers: tuple[str, ...],
    on_error: str,
    errors_path: str | None,
    output: str | None,
    graph_iri: str | None,
    input_format: str,
    fedora_base: str | None,
) -> None:
    """Map identifiers, one per line, to RDF.

    Reads FILEs (or standard input, or '-') with one identifier per line in any accepted
    form; blank lines and lines starting with '#' are ignored. Every rejected line is
    reported with its file, line number, input, position and reason, and a last line on
    standard error gives the totals: 'N read, M mapped, K rejected'.

    \b
    Examples:
      pidrdf map examples/identifiers.txt
      pidrdf map ids.txt --to nt -o ids.nt --errors rejected.tsv
      pidrdf map ids.txt --profile info --no-same-as --to jsonld
      pidrdf map cordra.txt --resolver arrow.resolver.au.gov:2641/hdl
      pidrdf map --from foxml export/*.xml --fedora-base https://repo.example.org/rest/
    """
    from pidrdf.rdf.mapping import triples_of_all
    from pidrdf.rdf.profile import Profile
    from pidrdf.rdf.stream import stream_ntriples
    from pidrdf.rdf.writers import (
        STREAMING_FORMATS,
        SerializationError,
        add_to_graph,
        new_graph,
        serialize,
    )

    if graph_iri is not None and fmt != "nq":
        raise CLIError("--graph only applies to --to nq")
    if graph_iri is not None:
        _check_iri(graph_iri)
    profile = Profile(
        handle_form=handle_form,  # type: ignore[arg-type]
        same_as=not no_same_as,
        fold_case=not keep_case,
        resolvers=parse_resolvers(resolvers),
        fedora_base=check_fedora_base(fedora_base),
    )
    check_distinct(files, errors=errors_path, output=output)
    totals = Totals()
    report = RejectReport(errors_path)

    def values() -> Iterator[Identifier]:
        for source, items in item_sources(files, input_format, totals, profile.resolvers):
            for item in items:
                if isinstance(item, Parsed):
                    yield item.value
                    continue
                report(source, item)
                if on_error == "fail":
                    raise _Stop(f"stopped at {item.describe(source)} (--on-error fail)")

    try:
        with atomic_output(output) as out:
            if fmt in STREAMING_FORMATS:
                stream_ntriples(values(), out, profile, graph_iri if fmt == "nq" else None)
            else:
                triples = triples_of_all(values(), profile)
                out.write(serialize(add_to_graph(new_graph(), triples), fmt))
    except _Stop as stop:
        click.echo(f"pidrdf: {stop}", err=True)
    except SerializationError as exc:
        raise CLIError(f"{exc}; choose another --to format") from None
    finally:
        report.close()
    click.echo(f"pidrdf: {totals}", err=True)
    sys.exit(EXIT_REJECTED if totals.rejected else EXIT_OK)


class _Stop(Exception):
    """Raised inside the mapping stream to abandon the output under --on-error fail."""


def _check_iri(iri: str) -> None:
    from pyoxigraph import NamedNode

    try:
        NamedNode(iri)
    except ValueError as exc:
        raise CLIError(f"--graph {iri!r} is not a valid IRI: {exc}") from None


@main.command("ontology")
@click.option(
    "--part",
    type=click.Choice(["ontology", "shapes", "context"]),
    default="ontology",
    show_default=True,
    help="ontology: the OWL ontology (Turtle); shapes: the SHACL shapes (Turtle); "
    "context: the JSON-LD context.",
)
@click.option("--path", "show_path", is_flag=True, help="Print the file's location instead.")
def ontology_command(part: str, show_path: bool) -> None:
    """Print pidrdf's ontology, SHACL shapes or JSON-LD context, as shipped.

    \b
    Examples:
      pidrdf ontology > pidrdf.ttl
      pidrdf ontology --part shapes
      pidrdf ontology --part context --path
    """
    from pidrdf.rdf.ontology import CONTEXT, ONTOLOGY, SHAPES, ontology_path, read_text

    name = {"ontology": ONTOLOGY, "shapes": SHAPES, "context": CONTEXT}[part]
    try:
        text = str(ontology_path(name)) + "\n" if show_path else read_text(name)
    except OSError as exc:
        raise CLIError(str(exc)) from None
    standard_stream("stdout").write(text)


# ---- subcommands of issues 3 and 4 are registered here ----
from pidrdf.cli.match import match  # noqa: E402

main.add_command(match)

from pidrdf.cli.enrich import enrich_command  # noqa: E402

main.add_command(enrich_command)


def run() -> None:
    """Console-script entry point."""
    main()
