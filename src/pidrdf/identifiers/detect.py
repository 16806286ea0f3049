"""Scheme detection: which parser a piece of text belongs to (DESIGN §1).

Detection is an ordered registry. Explicit forms come first and are decided by their URI
scheme (``hdl:``, ``doi:``, ``info:hdl/``, ``info:fedora/``, ``auth:``, resolver URLs, …): once
a scheme is recognised, its parser's verdict is final. Bare forms come last; every bare form
whose quick test claims the text is tried, and when more than one succeeds the input is
reported as ambiguous rather than guessed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pidrdf.identifiers.auth import parse_auth
from pidrdf.identifiers.base import Identifier, checked_input
from pidrdf.identifiers.errors import AmbiguousIdentifierError, IdentifierError
from pidrdf.identifiers.fedora import claims_bare_pid, fast_fedora, parse_fedora
from pidrdf.identifiers.handle import (
    Resolver,
    _registered,
    fast_handle,
    is_handle_url,
    parse_handle,
    parse_handle_fully,
)

__all__ = ["BARE_FORMS", "BareForm", "parse"]


@dataclass(frozen=True, slots=True)
class BareForm:
    """A scheme's bare (scheme-less) form: a cheap claim test and the parser to try."""

    name: str
    claims: Callable[[str], bool]
    parse: Callable[[str], Identifier]


def _handle_claims(s: str) -> bool:
    return "/" in s


#: The bare forms, in the order they are reported.
BARE_FORMS: tuple[BareForm, ...] = (
    BareForm("handle", _handle_claims, parse_handle),
    BareForm("Fedora PID", claims_bare_pid, parse_fedora),
)

_INFO_SPACES: dict[str, Callable[[str], Identifier]] = {
    "info:hdl/": parse_handle,
    "info:doi/": parse_handle,
    "info:fedora/": parse_fedora,
}


def parse(text: str, *, resolvers: tuple[Resolver, ...] = ()) -> Identifier:
    """Parse any supported identifier, detecting its scheme.

    Returns a :class:`~pidrdf.Handle` (or :class:`~pidrdf.DOI`), a
    :class:`~pidrdf.FedoraPID`, a :class:`~pidrdf.Dissemination` or an
    :class:`~pidrdf.AuthURI`. Raises :class:`~pidrdf.IdentifierError` or a scheme subclass.
    """
    if type(text) is str:
        fast = fast_handle(text, resolvers)
        if fast is not None:
            return fast
        if text.startswith("info:fedora/") or not ("/" in text or resolvers or _registered):
            fedora = fast_fedora(text)
            if fedora is not None:
                return fedora
    s, offset = checked_input(text, IdentifierError, "an identifier")
    colon = s.find(":", 0, 13)
    scheme = s[:colon].lower() if colon > 0 else ""
    if scheme in ("hdl", "doi", "http", "https"):
        return parse_handle_fully(text, resolvers)
    if scheme == "auth":
        return parse_auth(text)
    if scheme == "info":
        space = s[: s.find("/") + 1].lower()
        parser = _INFO_SPACES.get(space)
        if parser is None:
            raise IdentifierError(
                text,
                f"unsupported info: namespace {space or s!r}; "
                "expected info:hdl/, info:doi/ or info:fedora/",
                offset + 5,
            )
        return parser(text)
    if scheme == "urn":
        if s[4:8].lower() in ("hdl:", "doi:"):
            return parse_handle_fully(text, resolvers)
        raise IdentifierError(
            text, "unsupported URN namespace; expected urn:hdl: or urn:doi:", offset + 4
        )
    if is_handle_url(s, resolvers):
        return parse_handle_fully(text, resolvers)
    return _parse_bare(text, s, offset, resolvers)


def _parse_bare(
    text: str, s: str, offset: int, resolvers: tuple[Resolver, ...]
) -> Identifier:
    claimants = [form for form in BARE_FORMS if form.claims(s)]
    if not claimants:
        raise IdentifierError(
            text,
            "not a recognised identifier: expected a handle or DOI (prefix/local-name), a "
            "Fedora PID (namespace:id) or a URI form such as hdl:, doi:, info:fedora/ or auth://",
            None,
        )
    if len(claimants) == 1:
        return claimants[0].parse(text)
    results: list[tuple[str, Identifier]] = []
    errors: list[IdentifierError] = []
    for form in claimants:
        try:
            results.append((form.name, form.parse(text)))
        except IdentifierError as exc:
            errors.append(exc)
    if len(results) == 1:
        return results[0][1]
    if not results:
        raise errors[0]
    names = " or ".join(f"a {name} ({value})" for name, value in results)
    raise AmbiguousIdentifierError(
        text, f"ambiguous: this could be {names}; write it in an explicit URI form", None
    )
