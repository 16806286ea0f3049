"""JSON-LD through pyld, with pidrdf's context shipped in the package and loaded offline.

pyld fetches remote contexts by default. pidrdf never touches the network (DESIGN §9), so
every call here passes a document loader that serves the shipped context under its public
URL and refuses every other URL with a clear error.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pyld import jsonld
from rdflib import Graph

from pidrdf.rdf.ontology import CONTEXT, read_text

__all__ = ["CONTEXT_URL", "context", "graph_to_jsonld", "offline_loader"]

#: The public URL of pidrdf's JSON-LD context.
CONTEXT_URL = "https://w3id.org/pidrdf/context.jsonld"


@cache
def context() -> dict[str, Any]:
    """The shipped context document (``{"@context": {...}}``)."""
    document: dict[str, Any] = json.loads(read_text(CONTEXT))
    return document


def offline_loader(url: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A pyld document loader that knows pidrdf's context and nothing else."""
    if url.rstrip("/") in (CONTEXT_URL, CONTEXT_URL.removesuffix(".jsonld")):
        return {"contextUrl": None, "documentUrl": url, "document": context()}
    raise jsonld.JsonLdError(
        f"pidrdf does not fetch remote JSON-LD documents; refusing {url}",
        "jsonld.LoadDocumentError",
        {"url": url},
        code="loading document failed",
    )


def graph_to_jsonld(graph: Graph) -> dict[str, Any]:
    """The graph as compacted JSON-LD, with the shipped context inlined."""
    nquads = graph.serialize(format="nt")
    expanded = jsonld.from_rdf(
        nquads,
        {"format": "application/n-quads", "documentLoader": offline_loader},
    )
    compacted: dict[str, Any] = jsonld.compact(
        expanded, context(), {"documentLoader": offline_loader}
    )
    return compacted
