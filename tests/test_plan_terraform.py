"""Terraform configurations (.tf) and plans (`terraform show -json`) as `hotpart plan` reads them: references between
resources the way the provider's examples write them, and every refusal as one line naming the file, the resource's
address and what was expected. tests/test_plan_definitions.py reads the other documented-format fixtures."""

from __future__ import annotations

import json

import pytest

import hotpart as hp
from conftest import ROOT

FIX = ROOT / "tests" / "fixtures" / "plan"


def test_the_providers_auto_scaling_examples_scale_the_table_and_its_index():
    # the provider's pages name the table as "table/${aws_dynamodb_table.example.name}" and the policy's target by
    # reference (SOURCES['TERRAFORM_APPAUTOSCALING_TARGET']); before, the policy's reference refused the whole file
    # and a target's reference left the table planned at its fixed capacity
    (t,), fmt = hp.read_definition(FIX / "tf-autoscaling")
    assert fmt == "terraform" and t.name == "orders"
    assert t.read_scaling == hp.AutoScalingRange(5, 100, 0.5)  # the policy's target_value of 50
    assert t.write_scaling is None and t.write_units == 20
    assert t.index("by-customer").read_scaling == hp.AutoScalingRange(5, 100, 0.7)  # no policy: 70%
    assert "terraform-provider-aws" in hp.SOURCES["TERRAFORM_APPAUTOSCALING_TARGET"].url


_TABLE = """
variable "stage" {
  default = "prod"
}

locals {
  reads = 5
}

resource "aws_dynamodb_table" "t" {
  name           = NAME
  billing_mode   = "PROVISIONED"
  read_capacity  = READ
  write_capacity = 5
  hash_key       = "pk"

  attribute {
    name = "pk"
    type = "S"
  }
}
"""


def _tf(tmp_path, name='"orders"', read="local.reads", extra=""):
    (tmp_path / "main.tf").write_text(_TABLE.replace("NAME", name).replace("READ", read) + extra)
    return tmp_path


def _refused(path, pattern, **kw):
    with pytest.raises(hp.ExportError, match=pattern) as e:
        hp.read_definition(path, **kw)
    assert "\n" not in str(e.value)
    return str(e.value)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ('"orders-${var.stage}"', "orders-prod"),
        ("var.stage", "prod"),
        ('"${local.reads}-orders"', "5-orders"),
    ],
)
def test_names_interpolate_variables_and_locals(tmp_path, name, expected):
    (t,), _ = hp.read_definition(_tf(tmp_path, name))
    assert t.name == expected


@pytest.mark.parametrize(
    ("read", "extra", "expected"),
    [
        ("var.nope", "", r"read_capacity: expected a declared variable \(no variable 'nope' in the configuration\)"),
        ("local.nope", "", r"read_capacity: expected a local value the configuration defines \(no local 'nope'\)"),
        ("local.a", "locals {\n  a = local.b\n  b = local.a\n}\n", r"read_capacity: expected references without a cycle"),
        (
            "aws_kinesis_stream.s.shard_count",
            "",
            r"read_capacity: expected a value known before apply .*aws_kinesis_stream\.s\.shard_count",
        ),
        ('"${data.aws_ssm_parameter.reads.value}"', "", r"read_capacity: expected a value known before apply \(a literal"),
    ],
)
def test_a_value_the_configuration_does_not_give_is_refused_by_name(tmp_path, read, extra, expected):
    message = _refused(_tf(tmp_path, read=read, extra=extra), r"aws_dynamodb_table\.t\." + expected)
    assert message.startswith(str(tmp_path / "main.tf"))


def test_a_name_known_only_at_apply_falls_back_to_the_resource_name(tmp_path):
    (t,), _ = hp.read_definition(_tf(tmp_path, name='"orders-${random_id.suffix.hex}"'))
    assert t.name == "t" and any("name is set at apply" in n for n in t.notes)


def test_a_parameter_the_configuration_does_not_declare_is_refused(tmp_path):
    _refused(
        _tf(tmp_path),
        r"--parameter: expected a variable the configuration declares \(stage\), got 'stag'",
        parameters={"stag": "dev"},
    )
    (t,), _ = hp.read_definition(_tf(tmp_path, '"orders-${var.stage}"'), parameters={"stage": "dev"})
    assert t.name == "orders-dev"


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            ("  read_capacity  = READ\n", ""),
            r"aws_dynamodb_table\.t\.read_capacity: expected read_capacity and write_capacity \(billing_mode PROVISIONED\)",
        ),
        (("name           = NAME", 'name = ""'), r"aws_dynamodb_table\.t\.name: expected the table's name"),
        (
            ('hash_key       = "pk"', 'hash_key = "sk"'),
            r"\.attribute: expected an attribute block for every key attribute \(pk\), got 'sk'",
        ),
    ],
)
def test_a_table_missing_what_its_mode_needs_is_refused(tmp_path, edit, expected):
    (tmp_path / "main.tf").write_text(_TABLE.replace(*edit).replace("NAME", '"orders"').replace("READ", "5"))
    _refused(tmp_path, expected)


_TARGET = """
resource "aws_appautoscaling_target" "read" {
  max_capacity       = MAX
  min_capacity       = 10
  resource_id        = "RID"
  scalable_dimension = "dynamodb:table:ReadCapacityUnits"
  service_namespace  = "NS"
}
"""


def test_a_scalable_target_of_another_service_or_table_leaves_the_table_alone(tmp_path):
    for rid, ns in (("table/${aws_dynamodb_table.t.name}", "ecs"), ("table/another", "dynamodb"), ("${aws_x.y.arn}", "dynamodb")):
        extra = _TARGET.replace("MAX", "50").replace("RID", rid).replace("NS", ns)
        (t,), _ = hp.read_definition(_tf(tmp_path, extra=extra))
        assert t.read_scaling is None and t.read_units == 5


def test_a_scalable_target_out_of_range_or_on_a_missing_index_is_refused(tmp_path):
    extra = _TARGET.replace("MAX", "5").replace("RID", "table/${aws_dynamodb_table.t.name}").replace("NS", "dynamodb")
    _refused(
        _tf(tmp_path, extra=extra), r"aws_appautoscaling_target\.read: expected min_capacity <= max_capacity, got \[10\.0, 5\.0\]"
    )
    extra = (
        _TARGET.replace("MAX", "50")
        .replace("RID", "table/orders/index/nope")
        .replace("NS", "dynamodb")
        .replace(":table:", ":index:")
    )
    _refused(
        _tf(tmp_path, extra=extra), r"aws_appautoscaling_target\.read\.resource_id: expected an index of table orders, got 'nope'"
    )


def test_an_empty_folder_and_a_plan_without_planned_values_are_refused(tmp_path):
    _refused(tmp_path, r"\(folder\): expected at least one \.tf file")
    path = tmp_path / "plan.json"
    doc = json.loads((FIX / "terraform-plan.json").read_text())
    del doc["planned_values"]
    path.write_text(json.dumps(doc))
    _refused(path, r"plan\.json: planned_values: expected the plan's planned values \(terraform show -json of a saved plan\)")


def test_a_data_source_in_a_plan_is_not_a_table_to_plan(tmp_path):
    doc = json.loads((FIX / "terraform-plan.json").read_text())
    root = doc["planned_values"]["root_module"]
    table = next(r for r in root["resources"] if r["type"] == "aws_dynamodb_table")
    root["resources"].append(dict(table, mode="data", address="data.aws_dynamodb_table.lookup", name="lookup"))
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(doc))
    tables, _ = hp.read_definition(path)
    assert [t.name for t in tables] == ["GameScores", "device-events"]
