"""What the pidrdf commands share: exit codes, input sources, atomic output, reports."""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import click

from pidrdf.identifiers.batch import Rejected
from pidrdf.identifiers.handle import Resolver

__all__ = [
    "EXIT_OK",
    "EXIT_REJECTED",
    "EXIT_USAGE",
    "CLIError",
    "RejectReport",
    "atomic_output",
    "parse_resolvers",
    "read_sources",
    "standard_stream",
]

#: Everything was read and mapped.
EXIT_OK = 0
#: Some input was rejected; each rejected line was reported.
EXIT_REJECTED = 1
#: A usage error, an unreadable input or an unwritable output.
EXIT_USAGE = 2


class CLIError(click.ClickException):
    """A failure the user can fix (bad option value, missing file); exits with code 2."""

    exit_code = EXIT_USAGE

    def show(self, file: object = None) -> None:
        click.echo(f"pidrdf: error: {self.format_message()}", err=True)


def standard_stream(name: str) -> TextIO:
    """``sys.stdin`` or ``sys.stdout`` as UTF-8 whatever the locale (undecodable input bytes
    become lone surrogates, which the parsers reject with a position)."""
    stream: TextIO = sys.stdin if name == "stdin" else sys.stdout
    if isinstance(stream, io.TextIOWrapper):
        errors = "surrogateescape" if name == "stdin" else "strict"
        if stream.encoding.lower().replace("-", "") != "utf8" or stream.errors != errors:
            stream.reconfigure(encoding="utf-8", errors=errors)
    return stream


def parse_resolvers(specs: tuple[str, ...]) -> tuple[Resolver, ...]:
    """Read ``--resolver AUTHORITY[/SEGMENT]`` options."""
    try:
        return tuple(Resolver.from_string(spec) for spec in specs)
    except ValueError as exc:
        raise CLIError(str(exc)) from None


def read_sources(paths: tuple[str, ...]) -> Iterator[tuple[str, Iterator[str]]]:
    """Yield ``(name, lines)`` for each path; ``-`` (or no path) is standard input.

    Files are read as UTF-8; undecodable bytes survive as lone surrogates, which every parser
    rejects with a position, so a bad byte is reported rather than silently replaced.
    """
    for path in paths or ("-",):
        if path == "-":
            yield "<stdin>", iter(standard_stream("stdin"))
            continue
        try:
            handle = open(path, encoding="utf-8", errors="surrogateescape", newline=None)  # noqa: SIM115
        except OSError as exc:
            raise CLIError(f"cannot read {path}: {exc.strerror or exc}") from None
        with handle:
            yield path, iter(handle)


@contextlib.contextmanager
def atomic_output(path: str | None) -> Iterator[TextIO]:
    """Standard output, or a file that appears only when the block completes.

    A file output is written to a temporary file beside it and renamed into place at the end,
    so a failed command never leaves a truncated file (DESIGN §9).
    """
    if path is None or path == "-":
        stream = standard_stream("stdout")
        yield stream
        stream.flush()
        return
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    except OSError as exc:
        raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            yield out
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class RejectReport:
    """Reports rejected lines: on standard error, or as TSV in an ``--errors`` file."""

    def __init__(self, path: str | None) -> None:
        self._file: TextIO | None = None
        if path is not None:
            try:
                self._file = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            except OSError as exc:
                raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
            self._file.write("source\tline\tinput\tposition\treason\n")

    def __call__(self, source: str, item: Rejected) -> None:
        if self._file is None:
            click.echo(f"pidrdf: rejected {item.describe(source)}", err=True)
            return
        position = "" if item.error.position is None else str(item.error.position)
        text = item.text.replace("\t", "\\t").encode("utf-8", "backslashreplace").decode()
        self._file.write(f"{source}\t{item.line_number}\t{text}\t{position}\t{item.error.reason}\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()

