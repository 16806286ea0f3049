"""auth: matching at scale: the generated SPARQL query on rdflib and on Oxigraph, same run.

Run from the repository root::

    python benchmarks/bench_matching.py                    # 100,000 auth: URIs, seed 1
    python benchmarks/bench_matching.py -n 1000000 --engines oxigraph

A seeded corpus of auth: URIs (organisations, user roots, UUIDs, departments that share
string prefixes such as sales/salesforce, dates of every precision, open and closed periods)
is mapped to N-Triples once; both engines load the same text and answer the same queries.
Each query's answer is checked against pidrdf.matches over every node, and between engines.
Times are the median of several runs of :func:`pidrdf.sparql.run_query` (rows converted to
Python included). Target (DESIGN §8): under 50 ms a query on Oxigraph over 1 million URIs.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pyoxigraph as ox
from rdflib import Graph

from pidrdf import AuthURI, matches, parse_auth
from pidrdf.identifiers.dates import PartialDate
from pidrdf.rdf.mapping import triples_of_all
from pidrdf.rdf.writers import write_ntriples
from pidrdf.sparql import auth_match_query, run_query

DEPARTMENTS = ["sales", "salesforce", "research", "legal", "it", "hr", "support", "marketing"]
REGIONS = ["europe", "asia", "americas", "finland", "japan", "brazil"]
TEAMS = ["a", "b", "c", "core", "web"]
BIG_ORG = "abc.com"


def _date(rng: random.Random) -> str:
    """A year, a month or a day between 1995 and 2010."""
    year = rng.randint(1995, 2010)
    precision = rng.random()
    if precision < 0.4:
        return str(PartialDate(year))
    month = rng.randint(1, 12)
    if precision < 0.75:
        return str(PartialDate(year, month))
    return str(PartialDate(year, month, rng.randint(1, 28)))


def corpus(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct auth: URIs; 2% under one big organisation, the rest spread thin."""
    orgs = [f"org{i}.example" for i in range(max(100, n // 100))]
    uuids = [f"{rng.getrandbits(128):032x}" for _ in range(max(10, n // 1000))]
    uuids = [f"{u[:8]}-{u[8:12]}-{u[12:16]}-{u[16:20]}-{u[20:]}" for u in uuids]
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < n:
        pick = rng.random()
        if pick < 0.02:
            root = BIG_ORG
        elif pick < 0.07:
            root = f"user{rng.randint(0, 50)}@{rng.choice(orgs)}"
        elif pick < 0.10:
            root = rng.choice(uuids)
        else:
            root = rng.choice(orgs)
        path: list[str] = []
        depth = rng.choice([0, 1, 1, 2, 2, 3])
        for pool in (DEPARTMENTS, REGIONS, TEAMS)[:depth]:
            path.append(rng.choice(pool))
        text = "auth://" + "/".join([root, *path])
        dating = rng.random()
        if dating < 0.4:
            first, second = _date(rng), _date(rng)
            text += f";{min(first, second)}:{max(first, second)}"
        elif dating < 0.7:
            text += ";" + _date(rng)
        if text in seen:
            continue
        try:
            parse_auth(text)
        except ValueError:
            continue  # 2003-05:2003 ends after it starts, but 2003-05:2003-02 does not
        seen.add(text)
        out.append(text)
    return out


def median_ms(work: Callable[[], Any], runs: int) -> tuple[float, Any]:
    times, result = [], None
    work()  # warm-up
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("-n", type=int, default=100_000, help="auth: URIs (default 100000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--engines", default="rdflib,oxigraph",
        help="comma-separated: rdflib, oxigraph (default both)",
    )
    parser.add_argument("--no-check", action="store_true", help="skip the Python oracle check")
    args = parser.parse_args(argv)
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    if not set(engines) <= {"rdflib", "oxigraph"} or not engines:
        parser.error("--engines takes rdflib and/or oxigraph")

    rng = random.Random(args.seed)
    start = time.perf_counter()
    texts = corpus(rng, args.n)
    print(f"corpus: {len(texts):,} auth: URIs, seed {args.seed} "
          f"({time.perf_counter() - start:.1f} s to generate)")

    start = time.perf_counter()
    values = [parse_auth(t) for t in texts]
    elapsed = time.perf_counter() - start
    print(f"parse:  {len(values) / elapsed:,.0f} URIs/s")

    start = time.perf_counter()
    buffer = io.StringIO()
    count = write_ntriples(triples_of_all(values), buffer)
    data = buffer.getvalue()
    elapsed = time.perf_counter() - start
    print(f"map:    {count:,} triples, {count / elapsed:,.0f} triples/s to N-Triples")

    sources: dict[str, Graph | ox.Store] = {}
    if "oxigraph" in engines:
        start = time.perf_counter()
        store = ox.Store()
        store.bulk_load(data.encode("utf-8"), ox.RdfFormat.N_TRIPLES)
        print(f"load:   Oxigraph {count / (time.perf_counter() - start):,.0f} triples/s")
        sources["oxigraph"] = store
    if "rdflib" in engines:
        start = time.perf_counter()
        graph = Graph().parse(data=data, format="nt")
        print(f"load:   rdflib   {count / (time.perf_counter() - start):,.0f} triples/s")
        sources["rdflib"] = graph
    del data, buffer

    # the most used organisation, user root and UUID of the corpus (the big one aside)
    counts = Counter(v.root for v in values)
    org = next(r for r, _ in counts.most_common() if r.startswith("org"))
    user = next(r for r, _ in counts.most_common() if "@" in r)
    uuid = next(r for r, _ in counts.most_common() if r[8:9] == "-")
    queries = [
        (f"auth://{org}", "exclude"),
        (f"auth://{org};2003", "exclude"),
        (f"auth://{org}/sales;2000:2005", "exclude"),
        (f"auth://{org}/sales;2000:2005", "include"),
        (f"auth://{user};2001-03", "exclude"),
        (f"auth://{uuid};1999-06-15:2008", "exclude"),
        (f"auth://{BIG_ORG}/salesforce/europe;2002-02:2009", "exclude"),
        (f"auth://{BIG_ORG};2005:2010", "exclude"),
        (f"auth://{BIG_ORG}", "exclude"),  # broad: every URI of the big organisation
    ]
    nodes: list[AuthURI] = []
    if not args.no_check:
        nodes = list({node for value in values for node in value.scopes()})

    header = f"{'query':<60} {'undated':<8} {'rows':>7}"
    header += "".join(f" {name + ' ms':>12}" for name in engines)
    if len(engines) == 2:
        header += f" {'rdflib/ox':>10}"
    print()
    print(header)
    oxigraph_times = []
    for query, option in queries:
        text = auth_match_query(query, option)
        line_times: dict[str, float] = {}
        answers: dict[str, set[Any]] = {}
        for name in engines:
            source = sources[name]
            runs = 3 if name == "rdflib" else 9
            ms, result = median_ms(
                lambda s=source, q=text: run_query(s, q), runs  # type: ignore[misc]
            )
            line_times[name] = ms
            answers[name] = set(result.column())
        found = next(iter(answers.values()))
        if len({frozenset(a) for a in answers.values()}) != 1:
            print(f"MISMATCH between engines on {query} ({option})", file=sys.stderr)
            return 1
        if nodes and found != {n.uri for n in nodes if matches(query, n, option)}:
            print(f"MISMATCH with pidrdf.matches on {query} ({option})", file=sys.stderr)
            return 1
        row = f"{query:<60} {option:<8} {len(found):>7}"
        row += "".join(f" {line_times[name]:>12.2f}" for name in engines)
        if len(engines) == 2:
            row += f" {line_times['rdflib'] / line_times['oxigraph']:>9.0f}x"
        print(row)
        if "oxigraph" in line_times:
            oxigraph_times.append(line_times["oxigraph"])
    if oxigraph_times:
        print(
            f"\nOxigraph over {len(values):,} URIs: median {statistics.median(oxigraph_times):.2f}"
            f" ms, max {max(oxigraph_times):.2f} ms a query (target < 50 ms at 1,000,000)"
        )
    if not args.no_check:
        print("every answer equals pidrdf.matches over all "
              f"{len(nodes):,} nodes (implied superordinates included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
