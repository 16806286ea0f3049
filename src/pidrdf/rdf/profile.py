"""The policy choices of a mapping, gathered in one immutable object (DESIGN §1).

Every default is chosen for linked-data users and every one can be overridden::

    Profile()                                  # https://doi.org/…, owl:sameAs on
    Profile(handle_form="info", same_as=False) # info:doi/…, no owl:sameAs
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pidrdf.identifiers.handle import DOI_RESOLVER, HANDLE_RESOLVER, HandleForm, Resolver

__all__ = ["DEFAULT_PROFILE", "HANDLE_FORMS", "Profile"]

HANDLE_FORMS: tuple[HandleForm, ...] = ("https", "hdl", "info")


@dataclass(frozen=True, slots=True)
class Profile:
    """How identifiers become IRIs and which optional triples are emitted.

    - ``handle_form``: the canonical IRI form of handles and DOIs: ``https`` (proxy URLs,
      the default), ``hdl`` (``hdl:prefix/local``) or ``info`` (``info:hdl/…``, ``info:doi/…``).
    - ``fold_case``: apply the case rules of DESIGN §3 (DOIs lowercased, handle prefixes
      lowercased). Off, IRIs keep the case as written.
    - ``same_as``: emit ``owl:sameAs`` to the other URI forms of the same identifier.
    - ``doi_resolver`` / ``handle_resolver``: the base URLs of the ``https`` form.
    - ``resolvers``: extra HTTP handle resolvers whose URLs are read as handles.
    - ``fedora_base``: a Fedora 4/5/6 REST base URL to link Fedora 3 objects to.
    - ``undated_targets``: for ``auth:`` matching, whether a dated query matches undated
      targets (``exclude``, the default, or ``include``).
    """

    handle_form: HandleForm = "https"
    fold_case: bool = True
    same_as: bool = True
    doi_resolver: str = DOI_RESOLVER
    handle_resolver: str = HANDLE_RESOLVER
    resolvers: tuple[Resolver, ...] = field(default=())
    fedora_base: str | None = None
    undated_targets: Literal["exclude", "include"] = "exclude"

    def __post_init__(self) -> None:
        if self.handle_form not in HANDLE_FORMS:
            raise ValueError(
                f"unknown handle form {self.handle_form!r}; expected one of {HANDLE_FORMS}"
            )


DEFAULT_PROFILE = Profile()
