"""The identifier layer: strings in, immutable identifier values out.

Nothing here imports rdflib, pyld or does I/O, so ``import pidrdf.identifiers`` stays fast
enough for command-line use and for hot parsing loops.
"""

from pidrdf.identifiers.auth import AuthURI, matches, parse_auth
from pidrdf.identifiers.base import Identifier
from pidrdf.identifiers.dates import PartialDate
from pidrdf.identifiers.detect import parse
from pidrdf.identifiers.errors import (
    AmbiguousIdentifierError,
    AuthURIError,
    FedoraPIDError,
    HandleError,
    IdentifierError,
)
from pidrdf.identifiers.fedora import (
    DatastreamDissemination,
    Dissemination,
    FedoraPID,
    MethodDissemination,
    parse_fedora,
)
from pidrdf.identifiers.handle import (
    DOI,
    Handle,
    Resolver,
    clear_resolvers,
    parse_handle,
    register_resolver,
)

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
    "Resolver",
    "clear_resolvers",
    "matches",
    "parse",
    "parse_auth",
    "parse_fedora",
    "parse_handle",
    "register_resolver",
]
