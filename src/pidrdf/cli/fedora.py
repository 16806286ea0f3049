"""Fedora's part of ``pidrdf map``: ``--from foxml`` and ``--fedora-base``.

Kept apart from :mod:`pidrdf.cli.main` so that the ``map`` command only gains two options and
one line: :func:`item_sources` yields, for each input, its parsed-or-rejected items, whether
the input is a list of identifiers (one a line) or a FOXML export (the object and each of its
datastreams). Nothing here imports rdflib, so ``pidrdf --help`` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TypeVar

import click

from pidrdf.cli.common import CLIError, read_sources
from pidrdf.identifiers.batch import Parsed, Rejected, Totals, parse_lines
from pidrdf.identifiers.errors import FedoraPIDError
from pidrdf.identifiers.handle import Resolver

__all__ = ["check_fedora_base", "fedora_map_options", "foxml_sources", "item_sources"]

F = TypeVar("F", bound=Callable[..., Any])

INPUT_FORMATS = ("lines", "foxml")


def fedora_map_options(command: F) -> F:
    """The ``--from`` and ``--fedora-base`` options (parameters ``input_format``,
    ``fedora_base``)."""
    command = click.option(
        "--fedora-base",
        metavar="URL",
        help="Also link each Fedora 3 object and datastream (info:fedora/...) to its HTTP "
        "resource in this Fedora 4/5/6 repository, as fcrepo's migration names them "
        "(pidrdf:migratedTo), e.g. https://repo.example.org/fcrepo/rest/",
    )(command)
    command = click.option(
        "--from",
        "input_format",
        type=click.Choice(INPUT_FORMATS),
        default="lines",
        show_default=True,
        help="lines: one identifier per line; foxml: FOXML 1.1 exports (one object a file), "
        "mapped as the object and each of its datastreams.",
    )(command)
    return command


def check_fedora_base(url: str | None) -> str | None:
    """Validate ``--fedora-base``: an absolute http(s) URL that is a valid IRI; adds a
    trailing ``/``."""
    if url is None:
        return None
    if not url.lower().startswith(("http://", "https://")) or "?" in url or "#" in url:
        raise CLIError(
            f"--fedora-base {url!r} must be an http(s) URL without query or fragment, e.g. "
            "https://repo.example.org/fcrepo/rest/"
        )
    from pyoxigraph import NamedNode

    try:
        NamedNode(url)
    except ValueError as exc:
        raise CLIError(f"--fedora-base {url!r} is not a valid IRI: {exc}") from None
    return url if url.endswith("/") else url + "/"


def item_sources(
    files: tuple[str, ...],
    input_format: str,
    totals: Totals,
    resolvers: tuple[Resolver, ...] = (),
) -> Iterator[tuple[str, Iterable[Parsed | Rejected]]]:
    """``(source name, items)`` for each input of ``pidrdf map``, counted in ``totals``."""
    if input_format == "foxml":
        yield from foxml_sources(files, totals)
        return
    for source, lines in read_sources(files):
        yield source, parse_lines(lines, totals, resolvers=resolvers)


def _counted(items: Iterable[Parsed | Rejected], totals: Totals) -> Iterator[Parsed | Rejected]:
    for item in items:
        totals.read += 1
        if isinstance(item, Parsed):
            totals.mapped += 1
        else:
            totals.rejected += 1
        yield item


def _open(path: str) -> IO[bytes]:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise CLIError(f"cannot read {path}: {exc.strerror or exc}") from None


def foxml_sources(
    files: tuple[str, ...], totals: Totals
) -> Iterator[tuple[str, Iterable[Parsed | Rejected]]]:
    """Each FOXML file's object and datastreams; a file that is not FOXML is one rejection."""
    from pidrdf.rdf.foxml import FoxmlError, foxml_items, read_foxml

    for path in files or ("-",):
        name = "<stdin>" if path == "-" else path
        stream = _open(path)
        try:
            document = read_foxml(stream)
        except FoxmlError as exc:
            error = FedoraPIDError(name, f"not a FOXML object: {exc.reason}", None)
            yield name, _counted([Rejected(exc.line or 0, name, error)], totals)
            continue
        except OSError as exc:
            raise CLIError(f"cannot read {name}: {exc.strerror or exc}") from None
        finally:
            if path != "-":
                stream.close()
        yield name, _counted(foxml_items(document), totals)
