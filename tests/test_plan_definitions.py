"""The table definitions `hotpart plan` reads, on files written from each format's documentation
(tests/fixtures/plan/README.md says which), and the one-line refusals of what it cannot read."""

from __future__ import annotations

import json
import re
import shutil

import pytest

import hotpart as hp
from conftest import ROOT

FIX = ROOT / "tests" / "fixtures" / "plan"
DATA = ROOT / "notebooks" / "data" / "plan"


def _one(path, **kw):
    tables, fmt = hp.read_definition(path, **kw)
    return tables, fmt


def test_cloudformation_json_as_the_user_guide_writes_it():
    tables, fmt = _one(FIX / "cfn-music.json")
    assert fmt == "cloudformation" and len(tables) == 1
    t = tables[0]
    # capacity units written as strings and as Ref to parameters whose defaults are strings
    assert (t.name, t.mode, t.read_units, t.write_units) == ("songs", "provisioned", 300.0, 200.0)
    assert (t.partition_key, t.sort_key) == (("Artist",), ("Title",))
    genre, release, plays = t.indexes
    assert (genre.kind, genre.partition_key, genre.sort_key, genre.projection) == ("global", ("Genre",), ("Plays",), "INCLUDE")
    assert genre.non_key_attributes == ("Title", "Released") and (genre.read_units, genre.write_units) == (50.0, 50.0)
    assert (release.projection, release.sort_key) == ("KEYS_ONLY", ())
    assert (plays.kind, plays.partition_key, plays.sort_key) == ("local", ("Artist",), ("Plays",))
    assert t.answers_to("songsTable") and t.answers_to("songs")


def test_cloudformation_yaml_short_form_tags_conditions_mappings_and_auto_scaling():
    (t,), _ = _one(FIX / "cfn-short-tags.yaml")
    assert t.name == "orders-prod"  # !Sub "orders-${Stage}" from the default
    assert t.mode == "provisioned"  # !If [IsProd, ...] with !Equals [!Ref Stage, prod]
    assert t.read_units == 2000.0  # !FindInMap [StageSettings, !Ref Stage, Reads]
    assert t.write_units == 500.0  # !Ref BaseWrites
    # the ScalableTarget's ResourceId is !Join [/, [table, !Ref OrdersTable]]; its policy's TargetValue 60
    assert t.write_scaling == hp.AutoScalingRange(500, 4000, 0.6)
    (dev,), _ = _one(FIX / "cfn-short-tags.yaml", parameters={"Stage": "dev"})
    assert (dev.name, dev.mode, dev.read_units) == ("orders-dev", "on-demand", None)


def test_cdk_synth_global_table_plans_the_replica_with_the_least_read_capacity():
    (t,), fmt = _one(FIX / "cdk-global-provisioned.template.json")
    assert fmt == "cloudformation" and t.name == "carts"
    assert t.answers_to("Carts0A1B2C3D") and t.answers_to("Carts")  # logical ID and the construct's ID
    assert t.write_scaling == hp.AutoScalingRange(400, 4000, 0.7) and t.write_units is None
    # us-east-1 scales reads from 800, eu-central-1 has 600 fixed: the least is planned, and said
    assert (t.read_units, t.read_scaling) == (600.0, None)
    assert any("eu-central-1" in n for n in t.notes)
    sku, local = t.indexes
    assert (sku.read_units, sku.write_scaling.max_units) == (200.0, 3000.0)
    assert local.kind == "local" and local.projection == "ALL"


def test_multi_attribute_keys_warm_throughput_and_on_demand_maximum():
    (t,), _ = _one(FIX / "cdk-multi-attribute.template.json")
    g = t.index("byTournamentRegion")
    assert (g.partition_key, g.sort_key) == (("tournamentId", "region"), ("round", "bracket"))
    assert (g.warm_read_units, g.warm_write_units, g.max_read_units, g.max_write_units) == (15000.0, 5000.0, 9000.0, 3000.0)
    assert (t.mode, t.warm_write_units, t.max_write_units) == ("on-demand", 8000.0, 6000.0)
    assert t.max_read_units is None  # -1: no maximum


def test_terraform_plan_json_modules_deleted_tables_and_key_schema_blocks():
    tables, fmt = _one(FIX / "terraform-plan.json")
    assert fmt == "terraform-plan"
    assert [t.name for t in tables] == ["GameScores", "device-events"]  # the deleted table is not planned
    scores, events = tables
    assert scores.index("GameTitleIndex").partition_key == ("GameTitle", "Platform")
    assert scores.answers_to("aws_dynamodb_table.game_scores")
    assert any("warm_throughput is known only after apply" in n for n in scores.notes)
    assert events.answers_to("module.events.aws_dynamodb_table.this")
    assert (events.mode, events.max_write_units, events.max_read_units, events.warm_write_units) == (
        "on-demand",
        2500.0,
        None,
        6000.0,
    )
    assert events.local_indexes[0].sort_key == ("kind",)


def test_terraform_value_known_only_after_apply_is_refused_by_name():
    with pytest.raises(hp.ExportError, match=r"aws_dynamodb_table\.ledger\.write_capacity: expected a value known before apply"):
        hp.read_definition(FIX / "terraform-unknown.json")


def test_terraform_tf_folder_with_variables_and_locals():
    tables, fmt = _one(FIX / "tf")
    (t,) = tables
    assert fmt == "terraform" and t.name == "Leaderboard-prod"
    assert (t.read_units, t.write_units) == (600.0, 400.0)
    assert t.index("BoardIndex").non_key_attributes == ("PlayerId",)
    (t2,), _ = _one(FIX / "tf", parameters={"write_capacity": "900"})
    assert t2.write_units == 900.0


def test_terraform_variable_without_default_is_refused_with_what_to_pass(tmp_path):
    shutil.copy(FIX / "tf" / "main.tf", tmp_path / "main.tf")
    (tmp_path / "variables.tf").write_text('variable "stage" {}\nvariable "write_capacity" {}\nlocals {\n  reads = 5\n}\n')
    with pytest.raises(
        hp.ExportError,
        match=r"write_capacity: expected a value: variable 'write_capacity' has no default .*--parameter write_capacity=VALUE",
    ):
        hp.read_definition(tmp_path)


def test_workbench_model_with_auto_scaling_and_sample_keys():
    (t,), fmt = _one(FIX / "workbench-model.json")
    assert fmt == "workbench" and t.partition_key == ("status",)
    assert t.read_scaling == hp.AutoScalingRange(500, 2000, 0.7)
    assert t.samples["status"] == {"OPEN": 4, "PENDING": 1, "CLOSED": 1}
    assert t.samples["agent"] == {"ana": 2, "bo": 2, "cy": 2}
    assert any("6 items over 3 status values" in n for n in t.notes)
    assert t.index("byAgent").write_units == 1500.0  # the table's, said in a note


def test_describe_table_output_of_an_on_demand_table():
    (t,), fmt = _one(FIX / "describe-table.json")
    assert fmt == "describe-table"
    assert (t.mode, t.warm_read_units, t.warm_write_units, t.size_bytes, t.item_count) == (
        "on-demand",
        24000.0,
        9000.0,
        86e9,
        41_000_000,
    )
    assert t.index("byCountry").warm_write_units == 4000.0


def test_the_mcp_servers_data_model_tables():
    (t,), fmt = _one(FIX / "mcp-data-model.json")
    assert fmt == "create-table" and t.mode == "on-demand" and t.index("GSI1").non_key_attributes == ("title", "price")


def test_the_chapters_examples_read():
    assert _one(DATA / "orders-cdk.template.json")[0][1].name == "daily-stats"
    assert _one(DATA / "sessions-plan.json")[0][0].write_scaling == hp.AutoScalingRange(2000, 8000, 0.7)
    assert _one(DATA / "catalog-workbench.json")[0][0].samples["PK"]["BRANDS"] == 3


def test_the_key_attribute_limit_is_the_installed_botocore_s():
    import botocore.session

    doc = botocore.session.get_session().get_service_model("dynamodb").shape_for("CreateGlobalSecondaryIndexAction")
    text = doc.members["KeySchema"].documentation
    m = re.search(r"supports up to (\d+) partition and up to (\d+) sort keys", text)
    assert m and int(m.group(1)) == int(m.group(2)) == hp.GSI_KEY_ATTRIBUTES_MAX == 4


def _template(tmp_path, key_schema, attributes=("a", "b", "c", "d", "e")):
    doc = {
        "Resources": {
            "T": {
                "Type": "AWS::DynamoDB::Table",
                "Properties": {
                    "TableName": "t",
                    "BillingMode": "PAY_PER_REQUEST",
                    "AttributeDefinitions": [{"AttributeName": a, "AttributeType": "S"} for a in attributes],
                    "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}],
                    "GlobalSecondaryIndexes": [
                        {"IndexName": "g", "KeySchema": key_schema, "Projection": {"ProjectionType": "ALL"}}
                    ],
                },
            }
        }
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    return path


def test_four_partition_key_attributes_read_and_a_fifth_refused(tmp_path):
    four = [{"AttributeName": a, "KeyType": "HASH"} for a in "abcd"]
    (t,), _ = _one(_template(tmp_path, four))
    assert t.index("g").partition_key == ("a", "b", "c", "d")
    five = [{"AttributeName": a, "KeyType": "HASH"} for a in "abcde"]
    with pytest.raises(hp.ExportError, match=r"GlobalSecondaryIndexes\[0\]\.KeySchema: expected 1 to 4 HASH attributes"):
        hp.read_definition(_template(tmp_path, five))


def test_a_range_before_a_hash_and_an_undefined_attribute_are_refused(tmp_path):
    bad = [{"AttributeName": "b", "KeyType": "RANGE"}, {"AttributeName": "a", "KeyType": "HASH"}]
    with pytest.raises(hp.ExportError, match=r"KeySchema\[1\]\.KeyType: expected every HASH attribute before the RANGE"):
        hp.read_definition(_template(tmp_path, bad))
    with pytest.raises(hp.ExportError, match=r"expected every key attribute in AttributeDefinitions .*got 'z'"):
        hp.read_definition(_template(tmp_path, [{"AttributeName": "z", "KeyType": "HASH"}]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"\(file\): expected a CloudFormation template .*, not an empty file"),
        ("{ not json", r"\(line 1\): expected valid JSON"),
        ('{"hello": 1}', r"\(document\): expected a CloudFormation template"),
        ("Resources:\n  T:\n   Type: [", r"\(line \d+\): expected a CloudFormation template in YAML or JSON"),
        ('{"Resources": {"Q": {"Type": "AWS::SQS::Queue"}}}', r"expected at least one DynamoDB table"),
    ],
)
def test_unreadable_definitions_get_one_line_naming_the_file(tmp_path, text, message):
    path = tmp_path / "def.yaml"
    path.write_text(text)
    with pytest.raises(hp.ExportError, match=message) as e:
        hp.read_definition(path)
    assert str(e.value).startswith(str(path)) and "\n" not in str(e.value)


_HEAD = (
    "Parameters:\n  W:\n    Type: Number\nResources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n"
    "      AttributeDefinitions: [{AttributeName: a, AttributeType: S}]\n"
    "      KeySchema: [{AttributeName: a, KeyType: HASH}]\n      ProvisionedThroughput:\n"
)


def test_intrinsics_known_only_at_deploy_are_refused_by_resource_and_property(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(_HEAD + "        ReadCapacityUnits: !GetAtt X.Value\n        WriteCapacityUnits: 5\n")
    where = r"Resources\.T\.Properties\.ProvisionedThroughput\."
    with pytest.raises(hp.ExportError, match=where + r"ReadCapacityUnits: expected a value known before deploy, not Fn::GetAtt"):
        hp.read_definition(path)
    path.write_text(_HEAD + "        ReadCapacityUnits: 5\n        WriteCapacityUnits: !Ref W\n")
    with pytest.raises(hp.ExportError, match=where + r"WriteCapacityUnits: expected .*'W' has no Default .*--parameter W=VALUE"):
        hp.read_definition(path)
    (t,), _ = _one(path, parameters={"W": "7"})
    assert t.write_units == 7.0
    with pytest.raises(hp.ExportError, match=r"--parameter: expected a parameter the template declares \(W\), got 'V'"):
        hp.read_definition(path, parameters={"V": "1"})


def test_a_table_name_set_at_deploy_falls_back_to_the_logical_id(tmp_path):
    path = tmp_path / "t.json"
    doc = json.loads((FIX / "cfn-music.json").read_text())
    doc["Resources"]["songsTable"]["Properties"]["TableName"] = {"Fn::Sub": "${AWS::StackName}-songs"}
    path.write_text(json.dumps(doc))
    (t,), _ = _one(path)
    assert t.name == "songsTable" and any("set at deploy" in n for n in t.notes)


def test_table_option_picks_by_name_alias_or_refuses():
    assert [t.name for t in hp.read_definition(DATA / "orders-cdk.template.json", table="daily-stats")[0]] == ["daily-stats"]
    assert [t.name for t in hp.read_definition(DATA / "orders-cdk.template.json", table="Orders")[0]] == ["orders"]
    with pytest.raises(hp.ExportError, match=r"--table: expected one of the file's tables \(orders, daily-stats\), got 'nope'"):
        hp.read_definition(DATA / "orders-cdk.template.json", table="nope")


def test_a_plan_of_another_major_format_version_is_refused(tmp_path):
    doc = json.loads((FIX / "terraform-plan.json").read_text())
    doc["format_version"] = "2.0"
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(hp.ExportError, match=r"format_version: expected a plan of JSON format version 0\.x or 1\.x"):
        hp.read_definition(path)


# --- the definitions' own ranges (issue 49's API walk): what a caller may build, checked by name ----------------------


def _table(mode="provisioned", **kw):
    if mode == "provisioned":
        kw = {"read_units": 100, "write_units": 100} | kw
    return hp.TableDefinition("t", mode, ("pk",), **kw)


def test_provisioned_units_are_zero_for_none_or_dynamodbs_least_of_one_and_up():
    # 0: a sketch whose workload makes no such requests (chapter 17's write-only examples); 1: DynamoDB's least
    assert _table(read_units=0).read_units == 0.0 and _table(read_units=1).read_units == 1.0
    assert _table(write_units=1e9).write_units == 1e9
    for name, bad in [("read_units", 0.5), ("read_units", 5e-324), ("write_units", -1), ("write_units", 1e9 + 1)]:
        with pytest.raises(ValueError, match=rf"^{name} = .* must be None or 0 or a number in \[1, 1e\+09\] units/s"):
            _table(**{name: bad})
    for name in ("max_read_units", "warm_write_units"):  # a maximum and warm throughput are at least 1 when set
        assert getattr(_table("on-demand", **{name: 1}), name) == 1.0
        with pytest.raises(ValueError, match=rf"^{name} = 0 is out of range: must be None or in \[1, 1e\+09\]"):
            _table("on-demand", **{name: 0})


def test_an_on_demand_table_has_no_provisioned_units_and_its_indexes_none():
    assert _table("on-demand", read_units=0).read_units == 0.0  # describe-table's zeros of an on-demand table
    with pytest.raises(ValueError, match=r"^read_units = 1\.0 is not allowed in on-demand mode"):
        _table("on-demand", read_units=1)
    g = hp.IndexDefinition("g", "global", ("x",), read_units=5, write_units=5)
    with pytest.raises(ValueError, match=r"^indexes = 'g' has read_units = 5\.0: not allowed in on-demand mode"):
        _table("on-demand", indexes=(g,))


def test_a_provisioned_tables_global_index_has_capacity_and_a_local_index_none():
    bare = hp.IndexDefinition("g", "global", ("x",))
    with pytest.raises(ValueError, match=r"^indexes = 'g' has read_units = None and no read_scaling"):
        _table(indexes=(bare,))
    scaled = hp.IndexDefinition("g", "global", ("x",), read_units=0, write_scaling=hp.AutoScalingRange(5, 50))
    assert _table(indexes=(scaled,)).index("g").write_scaling.max_units == 50.0
    with pytest.raises(ValueError, match=r"^read_units = 5\.0 is not allowed on a local index"):
        hp.IndexDefinition("l", "local", ("pk",), ("x",), read_units=5)
    with pytest.raises(ValueError, match=r"^write_scaling = 1 is not allowed: must be an AutoScalingRange or None"):
        hp.IndexDefinition("g", "global", ("x",), write_scaling=1)


def test_size_and_item_count_are_whole_counts_from_zero_and_numbers_are_converted():
    from decimal import Decimal
    from fractions import Fraction

    t = _table(size_bytes=0, item_count=Decimal(2**53), read_units=Fraction(3, 1))
    assert (t.size_bytes, t.item_count, t.read_units) == (0, 2**53, 3.0)
    assert type(t.item_count) is int and type(t.read_units) is float
    for name, bad in [("size_bytes", -1), ("item_count", 2.5), ("item_count", 2**53 + 1), ("size_bytes", True)]:
        with pytest.raises(ValueError, match=rf"^{name} = "):
            _table(**{name: bad})


def test_auto_scaling_settles_at_its_minimum_for_no_demand_and_refuses_bad_demand():
    s = hp.AutoScalingRange(5, 1_000, 0.5)
    assert (s.capacity_for(0), s.capacity_for(2.5), s.capacity_for(300), s.capacity_for(1e300)) == (5.0, 5.0, 600.0, 1000.0)
    for bad in (-1, float("nan"), float("inf"), "3", True):
        with pytest.raises(ValueError, match=r"^demand = "):
            s.capacity_for(bad)


def test_a_warm_throughput_of_zero_in_a_file_is_refused_naming_its_field(tmp_path):
    doc = json.loads((FIX / "describe-table.json").read_text())
    doc["Table"]["WarmThroughput"]["ReadUnitsPerSecond"] = 0
    path = tmp_path / "describe.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(
        hp.ExportError, match=r"describe\.json: Table\.WarmThroughput\.ReadUnitsPerSecond: expected a number from 1"
    ):
        hp.read_definition(path)


def test_terraform_standalone_global_index_resource_is_read_into_its_table():
    # the provider's aws_dynamodb_global_secondary_index (SOURCES['TERRAFORM_STANDALONE_GSI']): before, a .tf or a
    # plan with it gave a table with no index, and a write the index would refuse was planned as "fits"
    (t,), fmt = _one(FIX / "tf-gsi")
    assert fmt == "terraform" and t.name == "example"
    g = t.index("GameTitleIndex")
    assert g is not None and g.kind == "global"
    assert (g.partition_key, g.sort_key, g.projection, g.non_key_attributes) == (
        ("GameTitle",),
        ("TopScore",),
        "INCLUDE",
        ("UserId",),
    )
    assert (g.read_units, g.write_units) == (10.0, 10.0)
    assert t.attributes["TopScore"] == "N"  # the index's key_schema carries its attribute types
    (o,), fmt = _one(FIX / "terraform-plan-standalone-gsi.json")
    assert fmt == "terraform-plan" and o.index("by-status").partition_key == ("status",)
    assert o.index("by-status").projection == "ALL" and o.index("by-status").write_units is None
    assert any(n.startswith("index by-status: warm_throughput is known only after apply") for n in o.notes)


def test_terraform_standalone_index_planned_like_a_block(tmp_path):
    w = {
        "access_pattern_list": [
            {"pattern": "place", "table": "orders", "operation": "PutItem", "rps": 2_400, "item_size_bytes": 1_800,
             "spread": {"design": "orderId"}, "index_spread": {"by-status": {"shares": {"PENDING": 1.0}}}},
        ]
    }  # fmt: skip
    p = hp.read_plan(FIX / "terraform-plan-standalone-gsi.json", w)
    v = p.verdict("place")
    assert v.verdict == "throttles" and v.cause == "GSI-only throttling"
    assert p.target("orders", "write", "by-status").hot_partition == pytest.approx(2_400 * 2)


def test_terraform_standalone_index_on_a_table_with_blocks_or_no_table_is_refused(tmp_path):
    main = (FIX / "tf-gsi" / "main.tf").read_text()
    both = main.replace(
        "  ttl {",
        '  global_secondary_index {\n    name            = "other"\n    hash_key        = "GameTitle"\n'
        '    projection_type = "ALL"\n    read_capacity   = 5\n    write_capacity  = 5\n  }\n\n  ttl {',
    )
    (tmp_path / "main.tf").write_text(both)
    msg = r"aws_dynamodb_global_secondary_index\.example\.table_name: expected a table without"
    with pytest.raises(hp.ExportError, match=msg):
        hp.read_definition(tmp_path)
    (tmp_path / "main.tf").write_text(main.replace("aws_dynamodb_table.example.name", '"scores"'))
    with pytest.raises(hp.ExportError, match=r"table_name: expected a table of this configuration \(example\), got 'scores'"):
        hp.read_definition(tmp_path)
    no_proj = re.sub(r"  projection \{.*?\n  \}\n", "", main, flags=re.S)
    (tmp_path / "main.tf").write_text(no_proj)
    with pytest.raises(hp.ExportError, match=r"\.projection: expected a projection block"):
        hp.read_definition(tmp_path)


def test_a_workbench_model_with_no_capacity_at_all_is_refused_for_its_missing_billing_mode(tmp_path):
    # AWS's sample export script writes a model with neither BillingMode nor ProvisionedCapacitySettings: the error
    # named a BillingMode PROVISIONED the file does not have
    doc = json.loads((FIX / "workbench-model.json").read_text())
    for key in ("BillingMode", "ProvisionedCapacitySettings"):
        del doc["DataModel"][0][key]
    f = tmp_path / "model.json"
    f.write_text(json.dumps(doc))
    with pytest.raises(
        hp.ExportError,
        match=r"DataModel\[0\]\.BillingMode: expected a capacity mode: no BillingMode .* "
        r"add BillingMode PAY_PER_REQUEST, or PROVISIONED with ProvisionedCapacitySettings",
    ):
        hp.read_definition(f)
    doc["DataModel"][0]["BillingMode"] = "PAY_PER_REQUEST"
    f.write_text(json.dumps(doc))
    (t,), _ = _one(f)
    assert t.mode == "on-demand"
