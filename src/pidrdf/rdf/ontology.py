"""Where the shipped ontology files are, in a wheel and in a source checkout.

``ontologies/`` at the repository root is the source of truth. A wheel carries a copy inside
the package (``pidrdf/ontologies``, see ``pyproject.toml``); an editable install imports the
package from ``src/`` and finds the files at the repository root instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["CONTEXT", "ONTOLOGY", "SHAPES", "ontology_path", "read_text"]

ONTOLOGY = "pidrdf.ttl"
SHAPES = "pidrdf-shapes.ttl"
CONTEXT = "pidrdf.context.jsonld"


@cache
def _directory() -> Path:
    package = Path(__file__).resolve().parent.parent
    candidates = (package / "ontologies", package.parent.parent / "ontologies")
    for candidate in candidates:
        if (candidate / ONTOLOGY).is_file():
            return candidate
    raise FileNotFoundError(
        "pidrdf's ontology files are missing; looked in "
        + ", ".join(str(c) for c in candidates)
    )


def ontology_path(name: str = ONTOLOGY) -> Path:
    """The path of a shipped file: ``pidrdf.ttl``, ``pidrdf-shapes.ttl`` or the context."""
    if name not in (ONTOLOGY, SHAPES, CONTEXT):
        raise ValueError(f"unknown ontology file {name!r}")
    return _directory() / name


def read_text(name: str = ONTOLOGY) -> str:
    """The text of a shipped file."""
    return ontology_path(name).read_text(encoding="utf-8")
