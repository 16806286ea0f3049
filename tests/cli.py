"""Running the installed ``pidrdf`` entry point, as a user would, for the CLI tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import overload

# the entry point of the environment running the tests, else the one on PATH
_BESIDE = Path(sys.executable).parent / "pidrdf"
PIDRDF_CLI = str(_BESIDE) if _BESIDE.exists() else shutil.which("pidrdf")


@overload
def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]: ...
@overload
def run(*args: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]: ...


def run(
    *args: str, stdin: str | bytes | None = None
) -> subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes]:
    """Run ``pidrdf ARGS``; text in and out, or bytes when ``stdin`` is bytes."""
    assert PIDRDF_CLI, "the pidrdf entry point is not installed"
    if isinstance(stdin, bytes):
        return subprocess.run([PIDRDF_CLI, *args], input=stdin, capture_output=True, timeout=120)
    return subprocess.run(
        [PIDRDF_CLI, *args], input=stdin, capture_output=True, text=True, encoding="utf-8",
        timeout=120,
    )
