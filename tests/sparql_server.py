"""A real SPARQL 1.1 server for the tests: ``oxigraph serve`` on 127.0.0.1, and its data.

Started once per test session by the ``sparql_server`` fixture (``tests/conftest.py``) with a
temporary storage directory; it holds pidrdf's triples for every authority of the matching
vectors plus two documents attributed to authorities, and is stopped at the end.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pidrdf import parse_auth
from pidrdf.sparql import EndpointError, run_query
from tests.auth_data import ntriples
from tests.vectors import rows

VECTORS = rows("auth-matching.tsv")
VALUES = sorted(
    {parse_auth(r[c]) for r in VECTORS for c in ("query", "target")}, key=lambda v: v.uri
)
DOCS = """
<http://example.org/r1> <http://purl.org/dc/terms/creator> <auth://abc.com/sales/europe;2001-03> .
<http://example.org/r2> <http://purl.org/dc/terms/creator> <auth://abc.com/salesforce;2001-03> .
"""
DOC_AUTHORITIES = [
    parse_auth("auth://abc.com/sales/europe;2001-03"),
    parse_auth("auth://abc.com/salesforce;2001-03"),
]
#: every authority the server holds pidrdf's triples for
ALL = [*VALUES, *DOC_AUTHORITIES]


def oxigraph_binary() -> str:
    """The ``oxigraph`` server of the environment running the tests, else the one on PATH."""
    beside = Path(sys.executable).parent / "oxigraph"
    if beside.exists():
        return str(beside)
    found = shutil.which("oxigraph")
    assert found, "the oxigraph server (pip install oxigraph) is not installed"
    return found


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (at the time of asking)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _post(url: str, data: str, content_type: str) -> None:
    request = urllib.request.Request(
        url, data=data.encode("utf-8"), method="POST", headers={"Content-Type": content_type}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 201, 204)


@contextmanager
def running_server(location: Path) -> Iterator[str]:
    """Start ``oxigraph serve``, wait until it answers, load the data; yield its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [oxigraph_binary(), "serve", "--location", str(location), "--bind", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                message = process.stderr.read().decode() if process.stderr else ""
                raise RuntimeError(f"oxigraph serve exited with {process.returncode}: {message}")
            try:
                run_query(f"{base}/query", "ASK {}", timeout=2)
                break
            except EndpointError:
                if time.monotonic() > deadline:
                    raise RuntimeError("oxigraph serve did not answer within 30 s") from None
                time.sleep(0.1)
        _post(f"{base}/store?default", ntriples(ALL), "application/n-triples")
        _post(f"{base}/store?default", DOCS, "application/n-triples")
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()
