"""Hypothesis strategies for identifiers, shared by the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from pidrdf import Handle

# Unicode text without control characters or surrogates: what a handle may contain.
_HANDLE_CHARS = st.characters(exclude_categories=("Cc", "Cs"))
# Prefix segments exclude "." (the separator), "/" (the handle separator) and ":" (a prefix
# with ":" reads as a value reference or a URI scheme in its URL form; no real prefix has one).
_SEGMENT = st.text(
    st.characters(exclude_categories=("Cc", "Cs"), exclude_characters="./:"), min_size=1, max_size=8
)
_DOI_PREFIX = st.lists(st.integers(0, 99999).map(str), min_size=0, max_size=3).map(
    lambda parts: ".".join(["10", *parts])
)
prefixes = st.one_of(
    _DOI_PREFIX,
    st.lists(_SEGMENT, min_size=1, max_size=4).map(".".join),
    st.sampled_from(["0.NA", "CNRI", "20.500.12122", "10.10O0", "cnri.dlib", "api", "API"]),
)
_TEXT = st.text(_HANDLE_CHARS, min_size=1, max_size=20)
# "handles/…" under the prefix "api" looks like the proxies' REST path in a proxy URL
local_names = st.one_of(_TEXT, _TEXT.map(lambda text: "handles/" + text))

handles = st.builds(Handle.from_parts, prefixes, local_names)
