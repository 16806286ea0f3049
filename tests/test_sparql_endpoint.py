"""The endpoint path of pidrdf.sparql against a real SPARQL 1.1 server.

The ``sparql_server`` fixture (``tests/conftest.py``) starts ``oxigraph serve`` on 127.0.0.1
on a free port, loads the vectors' authorities and stops it at the end of the session.
"""

from __future__ import annotations

import pytest

from pidrdf import matches, parse_auth
from pidrdf.sparql import (
    EndpointError,
    assertions_by,
    auth_match_query,
    run_query,
)
from tests.auth_data import oxigraph_store, rdflib_graph, universe
from tests.sparql_server import ALL, VECTORS, free_port
from tests.vectors import ids

pytestmark = pytest.mark.server


@pytest.mark.parametrize("row", VECTORS, ids=ids(VECTORS, "query"))
def test_vectors_through_the_endpoint(sparql_server: str, row: dict[str, str]) -> None:
    target = parse_auth(row["target"]).uri
    for option, column in (("exclude", "match"), ("include", "match_including_undated")):
        found = run_query(f"{sparql_server}/query", auth_match_query(row["query"], option)).column()
        assert (target in found) is (row[column] == "true"), option


def test_endpoint_rows_equal_the_local_engines(sparql_server: str) -> None:
    local = [rdflib_graph(ALL), oxigraph_store(ALL)]
    nodes = universe(ALL)
    for query in ["auth://abc.com", "auth://abc.com;2001", "auth://abc.com;2000:2001"]:
        for option in ("exclude", "include"):
            text = auth_match_query(query, option)
            remote = run_query(f"{sparql_server}/query", text)
            assert remote.variables == ("target",)
            expected = {(t.uri,) for t in nodes if matches(query, t, option)}
            assert set(remote.rows) == expected
            for source in local:
                assert sorted(run_query(source, text).rows) == sorted(remote.rows)
    text = "SELECT ?t ?d WHERE { ?t <https://schema.org/validFrom> ?d }"
    assert sorted(run_query(f"{sparql_server}/query", text).rows) == sorted(
        run_query(local[1], text).rows
    )


def test_assertions_by_through_the_endpoint(sparql_server: str) -> None:
    found = assertions_by(f"{sparql_server}/query", "auth://abc.com/sales;2001")
    assert [(a.assertion, a.authority) for a in found] == [
        ("http://example.org/r1", "auth://abc.com/sales/europe;2001-03")
    ]


def test_ask_through_the_endpoint(sparql_server: str) -> None:
    ask = "ASK { <auth://abc.com;2001> ?p ?o }"
    assert run_query(f"{sparql_server}/query", ask).boolean is True


def test_endpoint_errors_are_reported(sparql_server: str) -> None:
    with pytest.raises(EndpointError, match="HTTP 400"):
        run_query(f"{sparql_server}/query", "SELECT WHERE {")
    with pytest.raises(EndpointError, match="cannot reach"):
        run_query(f"http://127.0.0.1:{free_port()}/query", "ASK {}", timeout=5)
