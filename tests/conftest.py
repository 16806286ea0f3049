"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.sparql_server import running_server


@pytest.fixture(scope="session")
def sparql_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a running ``oxigraph serve`` holding the test data."""
    with running_server(tmp_path_factory.mktemp("oxigraph")) as base:
        yield base
