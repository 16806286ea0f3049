"""Validation of mapping output against the shipped SHACL shapes (pySHACL)."""

from __future__ import annotations

from functools import cache

from pyshacl import validate as shacl_validate
from rdflib import Graph

from pidrdf.rdf.ontology import ONTOLOGY, SHAPES, ontology_path


@cache
def _shapes() -> Graph:
    return Graph().parse(ontology_path(SHAPES), format="turtle")


@cache
def _ontology() -> Graph:
    return Graph().parse(ontology_path(ONTOLOGY), format="turtle")


def validate(graph: Graph) -> tuple[bool, str]:
    """Validate ``graph``; return whether it conforms and pySHACL's report text.

    Shapes target every class explicitly, so no inference is needed and none is run: what
    is checked is exactly what the mapping emitted.
    """
    conforms, _, text = shacl_validate(
        graph, shacl_graph=_shapes(), ont_graph=_ontology(), inference="none"
    )
    return bool(conforms), str(text)
