"""NoSQL Workbench's model export (tests/fixtures/plan/workbench-model.json, written from its documented shape) with
one field at a time made wrong: each refused in one line naming the file and the field."""

from __future__ import annotations

import json

import pytest

import hotpart as hp
from conftest import ROOT

MODEL = ROOT / "tests" / "fixtures" / "plan" / "workbench-model.json"


def _table(doc):
    return doc["DataModel"][0]


def _scaling(doc):
    return _table(doc)["ProvisionedCapacitySettings"]["AutoScalingRead"]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d.__setitem__("DataModel", {"orders": {}}), r"DataModel: expected a list of tables"),
        (
            lambda d: _table(d).__setitem__("KeyAttributes", ["status"]),
            r"DataModel\[0\]\.KeyAttributes: expected an object with PartitionKey",
        ),
        (
            lambda d: _table(d)["KeyAttributes"].pop("PartitionKey"),
            r"KeyAttributes\.PartitionKey: expected the field to be present",
        ),
        (
            lambda d: _table(d)["KeyAttributes"].__setitem__("SortKey", [{"AttributeName": "a"}, {"AttributeName": "b"}]),
            r"KeyAttributes\.SortKey: expected at most 1 attributes, got 2",
        ),
        (
            lambda d: _scaling(d)["ScalableTargetRequest"].__setitem__("MinCapacity", 5_000),
            r"AutoScalingRead\.ScalableTargetRequest: expected MinCapacity <= MaxCapacity, got \[5000\.0, 2000\.0\]",
        ),
        (
            lambda d: _scaling(d)["ScalingPolicyConfiguration"].__setitem__("TargetValue", 95),
            r"AutoScalingRead\.ScalingPolicyConfiguration\.TargetValue: expected a percentage from 20 to 90, got 95",
        ),
        (
            lambda d: _table(d)["ProvisionedCapacitySettings"]["ProvisionedThroughput"].pop("ReadCapacityUnits"),
            r"ProvisionedCapacitySettings\.ProvisionedThroughput: expected ReadCapacityUnits and WriteCapacityUnits",
        ),
    ],
)
def test_a_wrong_field_of_a_workbench_model_is_refused_by_name(tmp_path, edit, expected):
    doc = json.loads(MODEL.read_text())
    edit(doc)
    path = tmp_path / "model.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(hp.ExportError, match=expected) as e:
        hp.read_definition(path)
    assert str(e.value).startswith(str(path)) and "\n" not in str(e.value)


def test_sample_items_that_are_no_list_give_no_key_counts(tmp_path):
    doc = json.loads(MODEL.read_text())
    _table(doc)["TableData"] = {"not": "a list"}
    path = tmp_path / "model.json"
    path.write_text(json.dumps(doc))
    (t,), fmt = hp.read_definition(path)
    assert fmt == "workbench" and not any(t.samples.values())  # the file as given counts OPEN 4, PENDING 1, CLOSED 1
