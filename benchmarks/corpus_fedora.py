"""A seeded corpus of Fedora 3 identifiers in the forms a repository's data holds them."""

from __future__ import annotations

import random
import string

__all__ = ["fedora_lines"]

# Namespaces seen in real Fedora 3 / Islandora repositories, with rough weights.
_NAMESPACES = (
    ("islandora", 20),
    ("uuid", 10),
    ("demo", 8),
    ("changeme", 6),
    ("ir", 5),
    ("cul", 4),
    ("yul", 4),
    ("tufts", 4),
    ("ucla.library", 2),
    ("hull-archives", 2),
    ("fedora-system", 1),
)
_DSIDS = (
    ("DC", 20),
    ("RELS-EXT", 15),
    ("OBJ", 12),
    ("TN", 10),
    ("MODS", 10),
    ("JPG", 6),
    ("RELS-INT", 4),
    ("OCR", 4),
    ("HOCR", 3),
    ("JP2", 3),
    ("FULL_TEXT", 2),
    ("AUDIT", 1),
    ("PDFA-1.pdf", 1),
    ("Rés", 1),
)
# Forms, weighted as in RELS-EXT/Resource Index dumps and PID lists: object URIs and bare PIDs
# dominate, then datastream URIs; types, escaped separators and methods are rarer.
_FORMS = (
    ("info:fedora/{pid}", 35),
    ("{pid}", 25),
    ("info:fedora/{pid}/{ds}", 25),
    ("info:fedora/*/{ds}", 4),
    ("{ns}%3A{oid}", 3),
    ("info:fedora/{pid}/demo:DualResolution/mediumSize", 3),
    ("info:fedora/{pid}/islandora:viewerSDef/getViewer?width=800&height=600", 2),
    ("INFO:FEDORA/{pid}", 1),
    (" info:fedora/{pid} ", 1),
    ("info:fedora/{pid}/{ds_escaped}", 1),
)


def _weighted(rng: random.Random, table: tuple[tuple[str, int], ...], n: int) -> list[str]:
    values, weights = zip(*table, strict=True)
    return rng.choices(values, weights, k=n)


def _object_id(rng: random.Random, namespace: str) -> str:
    if namespace == "uuid":
        hexdigits = "".join(rng.choices("0123456789abcdef", k=32))
        return "-".join(
            (hexdigits[:8], hexdigits[8:12], hexdigits[12:16], hexdigits[16:20], hexdigits[20:])
        )
    roll = rng.random()
    if roll < 0.7:
        return str(rng.randint(1, 2_000_000))
    if roll < 0.9:
        return "".join(rng.choices(string.ascii_letters + string.digits + "-._~", k=12))
    return "A%2D" + str(rng.randint(1, 9999))  # an escape kept as part of the PID


def fedora_lines(rng: random.Random, n: int) -> list[str]:
    """``n`` Fedora identifiers (bare PIDs, object, datastream, type and method URIs)."""
    namespaces = _weighted(rng, _NAMESPACES, n)
    dsids = _weighted(rng, _DSIDS, n)
    forms = _weighted(rng, _FORMS, n)
    lines = []
    for namespace, dsid, form in zip(namespaces, dsids, forms, strict=True):
        oid = _object_id(rng, namespace)
        escaped = "".join(c if c.isascii() else "%" + c.encode().hex("%").upper() for c in dsid)
        lines.append(
            form.format(
                pid=f"{namespace}:{oid}", ns=namespace, oid=oid, ds=dsid, ds_escaped=escaped
            )
        )
    return lines


if __name__ == "__main__":
    import pidrdf

    sample = fedora_lines(random.Random(1), 20)
    for line in sample:
        print(f"{line!r:70} -> {pidrdf.parse(line).uri}")
