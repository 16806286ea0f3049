"""FOXML 1.1 exports: reading them safely into identifier items."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pidrdf import DatastreamDissemination, FedoraPID, FedoraPIDError
from pidrdf.identifiers.batch import Parsed, Rejected
from pidrdf.rdf.foxml import FoxmlError, foxml_items, read_foxml

FOXML = Path(__file__).parent / "fixtures" / "fedora" / "foxml"
GOOD = sorted(FOXML.glob("demo_*.xml"))
BASE = "https://repo.example.org/fcrepo/rest/"

def _read(name: str) -> list[Parsed | Rejected]:
    with open(FOXML / name, "rb") as stream:
        return list(foxml_items(read_foxml(stream)))


def test_an_archive_export_gives_the_object_and_every_datastream() -> None:
    items = _read("demo_SmileyPens.xml")
    assert all(isinstance(item, Parsed) for item in items)
    values = [item.value for item in items if isinstance(item, Parsed)]
    assert values[0] == FedoraPID("demo", "SmileyPens")
    assert [v.datastream_id for v in values[1:] if isinstance(v, DatastreamDissemination)] == [
        "AUDIT",
        "DC",
        "RELS-EXT",
        "RELS-INT",
        "FULL_SIZE",
        "MEDIUM_SIZE",
        "THUMBNAIL",
    ]
    # datastreams nested in inline XML (RELS-EXT's rdf:Description …) are not datastreams
    assert len(values) == 8


def test_pid_attributes_are_normalized() -> None:
    (first, *_) = _read("demo_SmileyStuff.xml")  # PID="demo%3aSmileyStuff"
    assert isinstance(first, Parsed) and first.value == FedoraPID("demo", "SmileyStuff")
    (sdef, *_) = _read("demo_DualResolution.xml")  # PID="info:fedora/demo:DualResolution"
    assert isinstance(sdef, Parsed) and str(sdef.value) == "demo:DualResolution"


def test_a_bad_pid_rejects_the_object_and_a_bad_dsid_only_itself() -> None:
    (only, dc) = _read("bad_ids.xml")
    assert isinstance(only, Rejected) and only.text == "demo:" and only.line_number == 4
    assert "object id" in only.error.reason
    assert isinstance(dc, Rejected) and dc.text == "DC" and dc.line_number == 6
    items = _read("bad_dsid.xml")
    assert [type(i).__name__ for i in items] == ["Parsed", "Parsed", "Rejected", "Parsed"]
    bad = items[2]
    assert isinstance(bad, Rejected) and bad.text == "1PAGE" and bad.line_number == 6
    assert isinstance(bad.error, FedoraPIDError) and bad.error.position == 0


def test_a_bad_pid_rejects_every_datastream_with_it() -> None:
    document = (
        b"<foxml:digitalObject xmlns:foxml='info:fedora/fedora-system:def/foxml#' PID='de mo:1'>\n"
        b"<foxml:datastream ID='DC'/>\n<foxml:datastream ID='RELS-EXT'/>\n"
        b"<foxml:datastream ID='1BAD'/>\n</foxml:digitalObject>"
    )
    items = list(foxml_items(read_foxml(io.BytesIO(document))))
    assert all(isinstance(item, Rejected) for item in items)
    assert [(item.line_number, item.text) for item in items] == [
        (1, "de mo:1"),
        (2, "DC"),
        (3, "RELS-EXT"),
        (4, "1BAD"),
    ]
    for item in items[1:]:
        assert isinstance(item, Rejected) and isinstance(item.error, FedoraPIDError)
        assert "the object's PID 'de mo:1' (line 1) is invalid" in item.error.reason
        assert repr(item.text) in item.error.reason


def test_a_doctype_is_refused_before_any_entity_is_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    document = (
        '<?xml version="1.0"?>\n'
        f'<!DOCTYPE x [<!ENTITY s SYSTEM "{secret.as_uri()}">]>\n'
        '<foxml:digitalObject xmlns:foxml="info:fedora/fedora-system:def/foxml#" '
        'VERSION="1.1" PID="demo:&s;"/>'
    )
    with pytest.raises(FoxmlError, match="DOCTYPE") as info:
        read_foxml(io.BytesIO(document.encode()))
    assert "TOP-SECRET" not in str(info.value)
    with open(FOXML / "bad_doctype.xml", "rb") as stream, pytest.raises(FoxmlError):
        read_foxml(stream)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (b"", "not well-formed"),
        (b"<foxml:digitalObject xmlns:foxml='info:fedora/fedora-system:def/foxml#'>", "PID"),
        (b"<digitalObject PID='demo:1'/>", "root element"),
        (
            b"<foxml:digitalObject xmlns:foxml='info:fedora/fedora-system:def/foxml#' "
            b"PID='demo:1' VERSION='2.0'/>",
            "VERSION",
        ),
        (
            b"<foxml:digitalObject xmlns:foxml='info:fedora/fedora-system:def/foxml#' "
            b"PID='demo:1'><foxml:datastream/></foxml:digitalObject>",
            "no ID",
        ),
    ],
)
def test_not_foxml(document: bytes, message: str) -> None:
    with pytest.raises(FoxmlError, match=message):
        read_foxml(io.BytesIO(document))


def test_repeated_datastream_ids_are_reported() -> None:
    document = (
        b"<foxml:digitalObject xmlns:foxml='info:fedora/fedora-system:def/foxml#' PID='demo:1'>"
        b"<foxml:datastream ID='DC'/><foxml:datastream ID='DC'/></foxml:digitalObject>"
    )
    items = list(foxml_items(read_foxml(io.BytesIO(document))))
    assert isinstance(items[-1], Rejected) and "twice" in items[-1].error.reason
