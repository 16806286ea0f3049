"""Hypothesis strategies for Fedora PIDs and disseminations, shared by the Fedora tests."""

from __future__ import annotations

from hypothesis import strategies as st

from pidrdf import DatastreamDissemination, FedoraPID, MethodDissemination
from pidrdf.identifiers.fedora import Dissemination

_NS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-."
_HEX = "0123456789ABCDEF"

namespaces = st.text(_NS, min_size=1, max_size=12)
_escape = st.tuples(st.sampled_from(_HEX), st.sampled_from(_HEX)).map(lambda t: "%" + "".join(t))
_oid_unit = st.one_of(st.sampled_from(_NS + "~_"), _escape)
object_ids = st.lists(_oid_unit, min_size=1, max_size=16).map("".join)

pids = st.builds(FedoraPID, namespaces, object_ids).filter(lambda p: len(p.pid) <= 64)

# XML NCNames: a start character, then name characters, ASCII and beyond.
ncnames = st.from_regex(
    r"[A-Za-z_\u00C0-\u00D6\u0391-\u03A9\u4E00-\u4E20\U00010000-\U0001002F]"
    r"[A-Za-z0-9_.\-\u00B7\u0300-\u036F\u00C0-\u00D6\u4E00-\u4E20]{0,20}",
    fullmatch=True,
)
_param_text = st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=0, max_size=8)
params = st.lists(st.tuples(_param_text.filter(bool), _param_text), max_size=3).map(
    lambda pairs: tuple(sorted(pairs))
)

_owners = st.one_of(pids, st.just("*"))
datastreams = st.builds(DatastreamDissemination, _owners, ncnames)
methods = st.builds(
    lambda pid, sdef, method, ps: MethodDissemination(pid, None, sdef, method, ps),
    _owners,
    pids,
    ncnames,
    params,
)
disseminations: st.SearchStrategy[Dissemination] = st.one_of(datastreams, methods)
fedora_values: st.SearchStrategy[FedoraPID | Dissemination] = st.one_of(pids, disseminations)
