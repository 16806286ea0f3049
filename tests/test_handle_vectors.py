"""Every row of vectors/handles.tsv through the public API."""

from __future__ import annotations

import pytest

import pidrdf
from tests.vectors import ids, rows

HANDLES = rows("handles.tsv")
OK = [row for row in HANDLES if row["expect"] == "ok"]
BAD = [row for row in HANDLES if row["expect"] == "error"]


def test_the_vectors_are_all_there() -> None:
    assert len(OK) >= 35 and len(BAD) >= 5


@pytest.mark.parametrize("row", OK, ids=ids(OK, "input"))
@pytest.mark.parametrize("parser", [pidrdf.parse, pidrdf.parse_handle])
def test_ok_row(row: dict[str, str], parser: object) -> None:
    value = parser(row["input"])  # type: ignore[operator]
    assert isinstance(value, pidrdf.Handle)
    assert value.kind == row["kind"]
    assert isinstance(value, pidrdf.DOI) == (row["kind"] == "doi")
    assert value.prefix == row["prefix"]
    assert value.local_name == row["local_name"]
    assert value.uri == row["uri"]


@pytest.mark.parametrize("row", BAD, ids=ids(BAD, "input"))
@pytest.mark.parametrize("parser", [pidrdf.parse, pidrdf.parse_handle])
def test_error_row(row: dict[str, str], parser: object) -> None:
    with pytest.raises(pidrdf.IdentifierError) as info:
        parser(row["input"])  # type: ignore[operator]
    assert info.value.text == row["input"]
    assert info.value.reason
