"""``pidrdf enrich FILE``: add the implied triples to an RDF file a user already has.

A Fedora 3 user's RDF is a RELS-EXT or RELS-INT datastream (RDF/XML) or a Resource Index dump
(N-Triples, Turtle, RDF/XML). The command reads it, finds every identifier IRI in it
(``info:fedora/…`` objects and disseminations, handles, DOIs, ``auth:`` URIs) with
:func:`pidrdf.enrich`, adds their triples, and writes the whole graph. A malformed identifier
IRI is reported with its reason and position and left as it is; the rest is still enriched.

Reading is locked down (DESIGN §9): only N-Triples, Turtle and RDF/XML are read (JSON-LD could
fetch remote contexts), and an RDF/XML file that declares an external entity is refused
before rdflib sees it, so no input can make pidrdf read another file or open a socket.
"""

from __future__ import annotations

import sys
import xml.parsers.expat
from pathlib import Path

import click

from pidrdf.cli.common import (
    EXIT_OK,
    EXIT_REJECTED,
    CLIError,
    TsvReport,
    atomic_output,
    check_distinct,
    errors_option,
    no_same_as_option,
    on_error_option,
    output_option,
    parse_resolvers,
    profile_option,
    resolver_option,
)
from pidrdf.cli.fedora import check_fedora_base
from pidrdf.identifiers.errors import IdentifierError

__all__ = ["INPUT_FORMATS", "enrich_command", "refuse_external_entities"]

#: ``--from`` choices and rdflib parser names.
INPUT_FORMATS = {"nt": "nt", "ttl": "turtle", "xml": "xml"}
_EXTENSIONS = {
    ".nt": "nt",
    ".ntriples": "nt",
    ".ttl": "ttl",
    ".turtle": "ttl",
    ".rdf": "xml",
    ".xml": "xml",
    ".owl": "xml",
}


def refuse_external_entities(data: bytes) -> None:
    """Raise ``ValueError`` if the XML in ``data`` declares an external entity or DTD.

    Internal entities (``<!ENTITY rdf "http://…">``, common in RDF/XML) are allowed; anything
    with a SYSTEM or PUBLIC identifier, which a parser might fetch, is not.
    """
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def doctype(name: str, system_id: str | None, public_id: str | None, internal: int) -> None:
        if system_id or public_id:
            raise ValueError(f"the DOCTYPE refers to an external DTD ({system_id or public_id})")

    def entity(
        name: str,
        is_parameter: int,
        value: str | None,
        base: str | None,
        system_id: str | None,
        public_id: str | None,
        notation: str | None,
    ) -> None:
        if system_id or public_id:
            raise ValueError(f"entity {name!r} refers to {system_id or public_id!r}")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise ValueError(f"not well-formed XML: {exc}") from None


def _input_format(path: str, chosen: str | None) -> str:
    if chosen:
        return chosen
    fmt = _EXTENSIONS.get(Path(path).suffix.lower())
    if fmt is None:
        raise CLIError(
            f"cannot tell the RDF format of {path} from its name; give --from nt, ttl or xml"
        )
    return fmt


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CLIError(f"cannot read {path}: {exc.strerror or exc}") from None


class _Report(TsvReport):
    """Malformed identifier IRIs of one input: source, IRI, position and reason."""

    def __init__(self, source: str, path: str | None) -> None:
        super().__init__(path, ("source", "iri", "position", "reason"))
        self.source = source

    def __call__(self, iri: str, error: IdentifierError) -> None:
        at = f" (position {error.position})" if error.position is not None else ""
        message = f"{self.source}: <{iri}>: {error.reason}{at}"
        self.emit(message, (self.source, iri, error.position, error.reason))


class _Stop(Exception):
    """Raised from the error callback to abandon the output under ``--on-error fail``."""


@click.command("enrich")
@click.argument("file", metavar="FILE|-")
@click.option(
    "--from",
    "input_format",
    type=click.Choice(sorted(INPUT_FORMATS)),
    help="RDF format of FILE (default: from its extension: .nt; .ttl; .rdf, .xml, .owl).",
)
@click.option(
    "--to",
    "fmt",
    type=click.Choice(["ttl", "nt", "jsonld", "xml"]),
    default="ttl",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--fedora-base",
    metavar="URL",
    help="Also link each Fedora 3 object and datastream to its HTTP resource in this "
    "Fedora 4/5/6 repository (pidrdf:migratedTo).",
)
@profile_option("Canonical IRI form of handles and DOIs found in FILE.")
@no_same_as_option
@resolver_option
@on_error_option(
    "skip: report each malformed identifier IRI and go on; fail: stop at the first "
    "(nothing is written)."
)
@errors_option(
    "Write malformed IRIs to FILE as TSV (source, iri, position, reason) instead of "
    "standard error."
)
@output_option
def enrich_command(
    file: str,
    input_format: str | None,
    fmt: str,
    fedora_base: str | None,
    handle_form: str,
    no_same_as: bool,
    resolvers: tuple[str, ...],
    on_error: str,
    errors_path: str | None,
    output: str | None,
) -> None:
    """Add the triples implied by the identifier IRIs already in an RDF file.

    Reads FILE (N-Triples, Turtle or RDF/XML; '-' for standard input with --from), finds
    every info:fedora/ object and dissemination IRI (and every handle, DOI and auth: IRI)
    in it, and writes the file's triples plus the implied ones. Each malformed identifier
    IRI is reported with its reason and position and left as it is; a last line on standard
    error gives the totals. Exit code 1 when some IRI was malformed.

    \b
    Examples:
      pidrdf enrich RELS-EXT.rdf
      pidrdf enrich resource-index.nt --to nt -o enriched.nt --errors malformed.tsv
      pidrdf enrich ri-dump.ttl --fedora-base https://repo.example.org/fcrepo/rest/
    """
    from rdflib import Graph

    from pidrdf.rdf.enrich import enrich, identifier_iris
    from pidrdf.rdf.profile import Profile
    from pidrdf.rdf.writers import SerializationError, bind_used_prefixes, serialize

    check_distinct((file,), errors=errors_path, output=output)
    source = "<stdin>" if file == "-" else file
    if file == "-" and not input_format:
        raise CLIError("reading standard input needs --from nt, ttl or xml")
    chosen = _input_format(file, input_format)
    profile = Profile(
        handle_form=handle_form,  # type: ignore[arg-type]
        same_as=not no_same_as,
        resolvers=parse_resolvers(resolvers),
        fedora_base=check_fedora_base(fedora_base),
    )
    data = _read(file)
    try:
        if chosen == "xml":
            refuse_external_entities(data)
        graph = Graph(bind_namespaces="none")
        graph.parse(data=data, format=INPUT_FORMATS[chosen])
    except Exception as exc:  # rdflib raises many types for bad syntax
        raise CLIError(f"cannot read {source} as {chosen}: {exc}") from None
    before = len(graph)
    candidates = len(identifier_iris(graph, profile))
    report = _Report(source, errors_path)

    def rejected(iri: str, error: IdentifierError) -> None:
        report(iri, error)
        if on_error == "fail":
            raise _Stop(f"stopped at <{iri}> (--on-error fail)")

    stopped = False
    try:
        enrich(graph, profile=profile, on_error=rejected)
        bind_used_prefixes(graph, (str(node) for _, p, o in graph for node in (p, o)))
        with atomic_output(output) as out:
            out.write(serialize(graph, fmt))
    except _Stop as stop:
        stopped = True
        click.echo(f"pidrdf: {stop}", err=True)
    except SerializationError as exc:
        raise CLIError(f"{exc}; choose another --to format") from None
    finally:
        report.close()
    mapped = 0 if stopped else candidates - report.count
    click.echo(
        f"pidrdf: {candidates} identifier IRIs, {mapped} mapped, {report.count} rejected; "
        f"{len(graph) - before} triples added",
        err=True,
    )
    sys.exit(EXIT_REJECTED if report.count else EXIT_OK)
