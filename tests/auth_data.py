"""The same ``auth:`` data in every engine: an rdflib Graph, an Oxigraph Store, N-Triples."""

from __future__ import annotations

import io
from collections.abc import Iterable

import pyoxigraph as ox
from rdflib import Graph

import pidrdf
from pidrdf import AuthURI
from pidrdf.rdf.mapping import triples_of_all
from pidrdf.rdf.writers import write_ntriples


def ntriples(values: Iterable[AuthURI]) -> str:
    """pidrdf's triples for ``values`` as N-Triples."""
    out = io.StringIO()
    write_ntriples(triples_of_all(values), out)
    return out.getvalue()


def rdflib_graph(values: Iterable[AuthURI]) -> Graph:
    return pidrdf.to_graph(list(values))


def oxigraph_store(values: Iterable[AuthURI]) -> ox.Store:
    store = ox.Store()
    store.load(ntriples(values), ox.RdfFormat.N_TRIPLES)
    return store


def universe(values: Iterable[AuthURI]) -> set[AuthURI]:
    """Every node the mapping of ``values`` describes: the values, their undated URIs and
    their superordinates."""
    return {node for value in values for node in value.scopes()}
