"""pidrdf: persistent identifiers as linked data.

Parse handles, DOIs, Fedora PIDs and ``auth:`` URIs in every written form, give each a
canonical IRI, and emit the triples it implies::

    >>> import pidrdf
    >>> x = pidrdf.parse("hdl:10.1000/182")
    >>> x.prefix, x.local_name, x.uri
    ('10.1000', '182', 'https://doi.org/10.1000/182')

The identifier layer is imported eagerly and never imports rdflib; the RDF functions
(:func:`triples`, :func:`to_graph`, :func:`enrich`, :class:`Profile`) and the ``sparql``
subpackage load rdflib on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pidrdf.identifiers import (
    DOI,
    AmbiguousIdentifierError,
    AuthURI,
    AuthURIError,
    DatastreamDissemination,
    Dissemination,
    FedoraPID,
    FedoraPIDError,
    Handle,
    HandleError,
    Identifier,
    IdentifierError,
    MethodDissemination,
    PartialDate,
    Resolver,
    clear_resolvers,
    matches,
    parse,
    parse_auth,
    parse_fedora,
    parse_handle,
    register_resolver,
)

if TYPE_CHECKING:
    from pidrdf import sparql
    from pidrdf.rdf import Profile, enrich, to_graph, triples

__version__ = "0.1.0"

__all__ = [
    "DOI",
    "AmbiguousIdentifierError",
    "AuthURI",
    "AuthURIError",
    "DatastreamDissemination",
    "Dissemination",
    "FedoraPID",
    "FedoraPIDError",
    "Handle",
    "HandleError",
    "Identifier",
    "IdentifierError",
    "MethodDissemination",
    "PartialDate",
    "Profile",
    "Resolver",
    "__version__",
    "clear_resolvers",
    "enrich",
    "matches",
    "parse",
    "parse_auth",
    "parse_fedora",
    "parse_handle",
    "register_resolver",
    "sparql",
    "to_graph",
    "triples",
]

_LAZY_RDF = {"Profile", "enrich", "to_graph", "triples"}


def __getattr__(name: str) -> Any:
    """Load the RDF layer on first use, so ``import pidrdf`` does not import rdflib."""
    if name in _LAZY_RDF:
        return getattr(importlib.import_module("pidrdf.rdf"), name)
    if name == "sparql":
        return importlib.import_module("pidrdf.sparql")
    raise AttributeError(f"module 'pidrdf' has no attribute {name!r}")
