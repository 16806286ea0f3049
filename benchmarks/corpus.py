"""Seeded corpora of identifiers in the mixed forms people write, for the benchmarks."""

from __future__ import annotations

import random
import string

_ALNUM = string.ascii_letters + string.digits
# Forms with weights: roughly how often each is met in reference lists, repository exports
# and linked-data dumps (bare DOIs and doi.org URLs dominate; URNs and REST paths are rare),
# so that the rates describe real input rather than a uniform mix of curiosities.
_DOI_FORMS = (
    ("{p}/{l}", 30),
    ("https://doi.org/{p}/{l}", 30),
    ("doi:{p}/{l}", 10),
    ("DOI:{p}/{l}", 3),
    ("http://dx.doi.org/{p}/{l}", 8),
    ("https://dx.doi.org/{p}/{l}", 4),
    ("doi.org/{p}/{l}", 3),
    ("info:doi/{p}/{l}", 3),
    ("https://hdl.handle.net/{p}/{l}", 3),
    ("urn:doi:{p}:{l}", 1),
    ("https://doi.org/{p}/{l}?urlappend=x#top", 2),
    ("https://doi.org/api/handles/{p}/{l}?type=URL", 1),
    ("hdl:action=verify@{p}/{l}", 1),
    (" {p}/{l}\t", 1),
)
_HANDLE_FORMS = (
    ("{p}/{l}", 25),
    ("http://hdl.handle.net/{p}/{l}", 25),
    ("https://hdl.handle.net/{p}/{l}", 20),
    ("hdl:{p}/{l}", 15),
    ("hdl.handle.net/{p}/{l}", 5),
    ("info:hdl/{p}/{l}", 4),
    ("urn:hdl:{p}:{l}", 2),
    ("hdl://{p}/{l}", 2),
    ("https://hdl.handle.net/{p}/{l}?noredirect", 2),
)


def _local(rng: random.Random) -> str:
    shape = rng.random()
    if shape < 0.5:
        return "".join(rng.choices(_ALNUM, k=rng.randint(6, 16))) + "." + str(rng.randint(1, 9999))
    if shape < 0.8:
        journal = rng.choice(["epsl", "cell", "nphys"])
        return f"j.{journal}.{rng.randint(2000, 2026)}.{rng.randint(1, 99999)}"
    if shape < 0.95:
        return "".join(rng.choices("0123456789ABCDEF", k=32))
    return "S" + "".join(rng.choices(_ALNUM + "()-;", k=10)) + "%2F" + str(rng.randint(1, 99))


def handle_lines(rng: random.Random, n: int) -> list[str]:
    """``n`` DOIs and handles, about 60% DOIs, in the written forms above, weighted."""
    doi_prefixes = [f"10.{rng.randint(1000, 99999)}" for _ in range(500)]
    handle_prefixes = [
        *(f"20.500.{rng.randint(10000, 99999)}" for _ in range(200)),
        *(str(rng.randint(1000, 99999)) for _ in range(200)),
        "cnri.dlib", "2027", "11858",
    ]
    doi_forms = [form for form, _ in _DOI_FORMS]
    doi_weights = [weight for _, weight in _DOI_FORMS]
    handle_forms = [form for form, _ in _HANDLE_FORMS]
    handle_weights = [weight for _, weight in _HANDLE_FORMS]
    lines = []
    for _ in range(n):
        if rng.random() < 0.6:
            form = rng.choices(doi_forms, doi_weights)[0]
            prefix = rng.choice(doi_prefixes)
        else:
            form = rng.choices(handle_forms, handle_weights)[0]
            prefix = rng.choice(handle_prefixes)
        local = _local(rng)
        if form.startswith(("urn:", "hdl://")):
            local = local.replace("%2F", "")
        lines.append(form.format(p=prefix, l=local))
    return lines
