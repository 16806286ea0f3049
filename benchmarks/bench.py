"""Throughput of parsing and mapping, with the rdflib-Graph route and idutils as baselines.

Run from the repository root::

    python benchmarks/bench.py            # 200,000 identifiers, seed 1
    python benchmarks/bench.py -n 50000 --seed 7

Every figure comes from this one process, so the ratios compare like with like on whatever
machine runs it. Targets (DESIGN §8): streaming N-Triples >= 15x the rdflib-Graph route, and
parsing >= 0.5x idutils' ``normalize_handle`` (a bare regex that reads fewer forms).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import handle_lines
from corpus_fedora import fedora_lines

import pidrdf
from pidrdf.rdf.stream import stream_ntriples


def timed(work: Callable[[], int]) -> tuple[float, int]:
    """Best of three runs: (seconds, items)."""
    best, items = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        items = work()
        best = min(best, time.perf_counter() - start)
    return best, items


def measure(label: str, lines: list[str], graph_sample: int) -> tuple[float, float, float]:
    """Parse, streaming and rdflib-Graph rates (identifiers/s) for one corpus; print them."""
    parse = pidrdf.parse

    def parse_all() -> int:
        for line in lines:
            parse(line)
        return len(lines)

    parse_s, _ = timed(parse_all)

    def stream_all() -> int:
        return stream_ntriples((parse(line) for line in lines), io.StringIO())

    stream_s, stream_triples = timed(stream_all)
    sample = lines[:graph_sample]

    def graph_route() -> int:
        graph = pidrdf.to_graph(sample)
        graph.serialize(format="nt")
        return len(graph)

    graph_s, graph_triples = timed(graph_route)
    rates = (len(lines) / parse_s, len(lines) / stream_s, len(sample) / graph_s)
    print(f"[{label}] {len(lines):,} identifiers")
    print(f"  parse                 {rates[0]:12,.0f} ids/s")
    print(f"  stream N-Triples      {rates[1]:12,.0f} ids/s "
          f"({stream_triples / stream_s:,.0f} triples/s, {stream_triples / len(lines):.1f} per id)")
    print(f"  rdflib Graph -> nt    {rates[2]:12,.0f} ids/s "
          f"({graph_triples / graph_s:,.0f} triples/s on {len(sample):,} ids)")
    print(f"  stream / rdflib Graph {rates[1] / rates[2]:6.1f}x   target >= 15x   "
          f"{'ok' if rates[1] / rates[2] >= 15 else 'MISSED'}")
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200_000, help="handle corpus size (default 200000)")
    parser.add_argument("--fedora", type=int, default=50_000, help="Fedora corpus size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--graph-sample", type=int, default=20_000,
        help="identifiers sent through the slow rdflib-Graph route (default 20000)",
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    handles = handle_lines(rng, args.n)
    fedora = fedora_lines(rng, args.fedora)
    print(f"seed {args.seed}; one process, best of three runs each\n")

    parse_rate, _, _ = measure("handles and DOIs, mixed forms", handles, args.graph_sample)

    import idutils  # a peer, imported only here

    normalize = idutils.normalize_handle

    def idutils_all() -> int:
        accepted = 0
        for line in handles:
            try:
                normalize(line)
                accepted += 1
            except AttributeError:  # no match: it calls .group on None
                pass
        return accepted

    idutils_s, accepted = timed(idutils_all)
    idutils_rate = len(handles) / idutils_s
    ratio = parse_rate / idutils_rate
    print(f"  idutils normalize     {idutils_rate:12,.0f} ids/s "
          f"(returns a string for {accepted / len(handles):.0%} of the lines, right or wrong)")
    print(f"  parse / idutils       {ratio:6.2f}x   target >= 0.5x  "
          f"{'ok' if ratio >= 0.5 else 'MISSED'}\n")

    measure("Fedora PIDs and disseminations", fedora, args.graph_sample)
    mixed = handles[: args.n // 2] + fedora
    random.Random(args.seed).shuffle(mixed)
    print()
    measure("handles and Fedora, interleaved", mixed, args.graph_sample)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
