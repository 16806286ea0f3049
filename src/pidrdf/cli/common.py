"""What the pidrdf commands share: exit codes, input sources, atomic output, reports."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from pidrdf.identifiers.batch import Rejected
from pidrdf.identifiers.handle import Resolver

F = TypeVar("F", bound=Callable[..., Any])

__all__ = [
    "EXIT_OK",
    "EXIT_REJECTED",
    "EXIT_USAGE",
    "CLIError",
    "RejectReport",
    "TsvReport",
    "atomic_output",
    "check_distinct",
    "errors_option",
    "json_line",
    "no_same_as_option",
    "on_error_option",
    "output_option",
    "parse_resolvers",
    "profile_option",
    "read_sources",
    "resolver_option",
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
    become lone surrogates, which the parsers reject with a position; a leading byte-order
    mark on standard input is dropped)."""
    stream: TextIO = sys.stdin if name == "stdin" else sys.stdout
    if isinstance(stream, io.TextIOWrapper):
        if name == "stdin":
            # nothing is read yet: drop a leading byte-order mark, keep bad bytes as surrogates
            stream.reconfigure(encoding="utf-8-sig", errors="surrogateescape")
        elif stream.encoding.lower().replace("-", "") != "utf8" or stream.errors != "strict":
            stream.reconfigure(encoding="utf-8", errors="strict")
    return stream


def parse_resolvers(specs: tuple[str, ...]) -> tuple[Resolver, ...]:
    """Read ``--resolver AUTHORITY[/SEGMENT]`` options."""
    try:
        return tuple(Resolver.from_string(spec) for spec in specs)
    except ValueError as exc:
        raise CLIError(str(exc)) from None


def read_sources(paths: tuple[str, ...]) -> Iterator[tuple[str, Iterator[str]]]:
    """Yield ``(name, lines)`` for each path; ``-`` (or no path) is standard input.

    Files are read as UTF-8, a leading byte-order mark dropped (files saved by Windows tools
    often start with one); undecodable bytes survive as lone surrogates, which every parser
    rejects with a position, so a bad byte is reported rather than silently replaced.
    """
    paths = paths or ("-",)
    if paths.count("-") > 1:
        raise CLIError("standard input ('-') can be read only once")
    for path in paths:
        if path == "-":
            yield "<stdin>", iter(standard_stream("stdin"))
            continue
        try:
            handle = open(  # noqa: SIM115
                path, encoding="utf-8-sig", errors="surrogateescape", newline=None
            )
        except OSError as exc:
            raise CLIError(f"cannot read {path}: {exc.strerror or exc}") from None
        with handle:
            yield path, iter(handle)


def json_line(record: object) -> str:
    """One JSON Lines record. Text stays readable (``ensure_ascii=False``) unless it holds a
    lone surrogate (an undecodable input byte), which only an ASCII escape can carry."""
    line = json.dumps(record, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(record)
    return line + "\n"


@contextlib.contextmanager
def atomic_output(path: str | None) -> Iterator[TextIO]:
    """Standard output, or a file that appears only when the block completes.

    A regular file is written to a temporary file beside it and renamed into place at the end,
    so a failed command never leaves a truncated file (DESIGN §9); a symbolic link is followed
    (the file it points to is replaced, the link stays); the new file gets the old file's
    permissions, or the umask's. A device or a named pipe (``/dev/stdout``, a FIFO) cannot be
    replaced and is written directly.
    """
    if path is None or path == "-":
        stream = standard_stream("stdout")
        yield stream
        stream.flush()
        return
    target = Path(path).resolve()
    if target.is_dir():
        raise CLIError(f"cannot write {path}: it is a directory")
    if target.exists() and not target.is_file():
        try:
            special = open(target, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        except OSError as exc:
            raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
        with special:
            yield special
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            yield out
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode_for(target: Path) -> int:
    """The permissions a new output file gets: those of the file it replaces, else 0666 less
    the umask (what ``open`` would give; ``mkstemp`` alone gives 0600)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def check_distinct(inputs: Sequence[str], **outputs: str | None) -> None:
    """Refuse an output option that names one of the inputs: opening it for writing would
    empty the input before it is read."""
    sources = {Path(p).resolve() for p in inputs if p != "-"}
    for option, path in outputs.items():
        if path is not None and path != "-" and Path(path).resolve() in sources:
            raise CLIError(f"--{option} {path} is also an input; choose another file")


class TsvReport:
    """Rejections as they happen: one line each on standard error, or, with an ``--errors``
    file, one TSV row each under a header (tabs and newlines inside a field escaped)."""

    def __init__(self, path: str | None, columns: Sequence[str]) -> None:
        self.count = 0
        self._file: TextIO | None = None
        if path is not None:
            try:
                self._file = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            except OSError as exc:
                raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None
            self._file.write("\t".join(columns) + "\n")

    def emit(self, message: str, row: Sequence[object]) -> None:
        """Report one rejection: ``message`` on standard error, or ``row`` in the file."""
        self.count += 1
        if self._file is None:
            click.echo(f"pidrdf: rejected {message}", err=True)
            return
        fields = ("" if value is None else str(value) for value in row)
        self._file.write("\t".join(_tsv_field(field) for field in fields) + "\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def _tsv_field(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    return escaped.encode("utf-8", "backslashreplace").decode("utf-8")


class RejectReport(TsvReport):
    """Rejected input lines: source, line number, input, position and reason."""

    def __init__(self, path: str | None) -> None:
        super().__init__(path, ("source", "line", "input", "position", "reason"))

    def __call__(self, source: str, item: Rejected) -> None:
        error = item.error
        row = (source, item.line_number, item.text, error.position, error.reason)
        self.emit(item.describe(source), row)


# Options shared by the commands that map identifiers (map, enrich).

resolver_option = click.option(
    "--resolver",
    "resolvers",
    multiple=True,
    metavar="AUTHORITY[/SEGMENT]",
    help="Also read URLs of this HTTP handle resolver as handles (repeatable), e.g. "
    "arrow.resolver.au.gov:2641/hdl.",
)
no_same_as_option = click.option(
    "--no-same-as", is_flag=True, help="Do not link the other URI forms (owl:sameAs)."
)
output_option = click.option(
    "-o",
    "--output",
    metavar="FILE",
    help="Write to FILE (created only if the command completes) instead of standard output.",
)


def profile_option(help: str) -> Callable[[F], F]:
    """``--profile https|hdl|info`` (parameter ``handle_form``)."""
    return click.option(
        "--profile",
        "handle_form",
        type=click.Choice(["https", "hdl", "info"]),
        default="https",
        show_default=True,
        help=help,
    )


def on_error_option(help: str) -> Callable[[F], F]:
    """``--on-error skip|fail``."""
    return click.option(
        "--on-error",
        type=click.Choice(["skip", "fail"]),
        default="skip",
        show_default=True,
        help=help,
    )


def errors_option(help: str) -> Callable[[F], F]:
    """``--errors FILE`` (parameter ``errors_path``)."""
    return click.option("--errors", "errors_path", metavar="FILE", help=help)
