"""The layers of DESIGN §1 import one way only, and the identifier layer stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pidrdf

SRC = Path(pidrdf.__file__).parent
LAYERS = ["identifiers", "rdf", "sparql", "cli"]
EXTERNAL_FORBIDDEN = {"identifiers": {"rdflib", "pyld", "pyoxigraph", "click", "urllib.request"}}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_layers_import_only_earlier_layers() -> None:
    for position, layer in enumerate(LAYERS):
        later = LAYERS[position + 1 :]
        for path in (SRC / layer).rglob("*.py"):
            for name in _imports(path):
                parts = name.split(".")
                if parts[0] == "pidrdf" and len(parts) > 1:
                    assert parts[1] not in later, f"{path.name} ({layer}) imports {name}"
                assert parts[0] not in EXTERNAL_FORBIDDEN.get(layer, set()), f"{path}: {name}"
                assert name not in EXTERNAL_FORBIDDEN.get(layer, set()), f"{path}: {name}"


def test_importing_the_identifier_layer_does_not_import_rdflib() -> None:
    code = (
        "import sys, pidrdf, pidrdf.identifiers; pidrdf.parse('10.1000/182');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('rdflib', 'pyld', 'pyoxigraph', 'click')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
