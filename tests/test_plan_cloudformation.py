"""CloudFormation's intrinsic functions, conditions, global tables and Application Auto Scaling as `hotpart plan` reads
them: each function as the template reference documents it (Fn::Sub, Fn::Join, Fn::Select, Fn::Split,
Fn::FindInMap, Fn::If with Conditions, Ref to parameters and pseudo parameters), and every refusal as one line naming
the file, the property and what was expected.

The templates are written in CloudFormation's JSON (the long form of each function), the way `aws cloudformation
get-template` and `cdk synth` give them; tests/test_plan_definitions.py reads the YAML short forms."""

from __future__ import annotations

import json

import pytest

import hotpart as hp


def _doc(name=None, rcu=5, *, parameters=None, conditions=None, mappings=None, resources=None, table=None):
    props = {
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": rcu, "WriteCapacityUnits": 5},
    }
    if name is not None:
        props["TableName"] = name
    doc = {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {"Orders": {"Type": "AWS::DynamoDB::Table", "Properties": props}},
    }
    if table:
        doc["Resources"]["Orders"].update(table)
    for key, value in (("Parameters", parameters), ("Conditions", conditions), ("Mappings", mappings)):
        if value is not None:
            doc[key] = value
    doc["Resources"].update(resources or {})
    return doc


def _read(tmp_path, doc, **kw):
    path = tmp_path / "template.json"
    path.write_text(json.dumps(doc))
    tables, fmt = hp.read_definition(path, **kw)
    assert fmt == "cloudformation"
    return tables


def _refused(tmp_path, doc, pattern, **kw):
    path = tmp_path / "template.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(hp.ExportError, match=pattern) as e:
        hp.read_definition(path, **kw)
    assert str(e.value).startswith(str(path)) and "\n" not in str(e.value)
    return str(e.value)


STAGE = {"Stage": {"Type": "String", "Default": "prod", "AllowedValues": ["prod", "dev"]}}


# --- text: Fn::Sub, Fn::Join, Fn::Select, Fn::Split, Fn::FindInMap -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Fn::Sub: a parameter by ${Name}, a local variable (a number written as text), ${!Literal} left as ${Literal}
        ({"Fn::Sub": "${Stage}-orders"}, "prod-orders"),
        ({"Fn::Sub": ["${Stage}-orders-${N}", {"N": 3}]}, "prod-orders-3"),
        ({"Fn::Sub": ["orders-${N}", {"N": 3.0}]}, "orders-3"),
        ({"Fn::Sub": ["orders-${On}", {"On": True}]}, "orders-true"),
        ({"Fn::Sub": "orders-${!Literal}"}, "orders-${Literal}"),
        # Fn::Join of a parameter and text; Fn::Select from Fn::Split and from a CommaDelimitedList
        ({"Fn::Join": ["-", ["orders", {"Ref": "Stage"}]]}, "orders-prod"),
        ({"Fn::Select": ["1", {"Fn::Split": [",", "a,orders-b,c"]}]}, "orders-b"),
        ({"Fn::Select": [0, {"Ref": "Names"}]}, "orders-x"),
        # Fn::FindInMap: a key of the Mappings, and the DefaultValue of AWS::LanguageExtensions for a missing one
        ({"Fn::FindInMap": ["Names", {"Ref": "Stage"}, "table"]}, "orders-from-map"),
        ({"Fn::FindInMap": ["Names", "test", "table", {"DefaultValue": "orders-default"}]}, "orders-default"),
        # Fn::If on a condition built from Fn::Equals, Fn::Not, Fn::And, Fn::Or and Condition
        ({"Fn::If": ["IsProd", "orders-live", "orders-test"]}, "orders-live"),
        ({"Fn::If": ["NotProd", "orders-test", "orders-live"]}, "orders-live"),
        ({"Fn::If": ["Both", "orders-both", "orders-not"]}, "orders-not"),
        ({"Fn::If": ["Either", "orders-either", "orders-not"]}, "orders-either"),
    ],
)
def test_text_functions_resolve_from_parameters_mappings_and_conditions(tmp_path, name, expected):
    doc = _doc(
        name,
        parameters={**STAGE, "Names": {"Type": "CommaDelimitedList", "Default": "orders-x, orders-y"}},
        mappings={"Names": {"prod": {"table": "orders-from-map"}}},
        conditions={
            "IsProd": {"Fn::Equals": [{"Ref": "Stage"}, "prod"]},
            "NotProd": {"Fn::Not": [{"Condition": "IsProd"}]},
            "Both": {"Fn::And": [{"Condition": "IsProd"}, {"Condition": "NotProd"}]},
            "Either": {"Fn::Or": [{"Condition": "NotProd"}, {"Condition": "IsProd"}]},
        },
    )
    (t,) = _read(tmp_path, doc)
    assert t.name == expected


def test_a_parameter_given_on_the_command_line_wins_over_its_default(tmp_path):
    doc = _doc(
        {"Fn::If": ["IsProd", "orders-live", "orders-test"]},
        parameters=STAGE,
        conditions={"IsProd": {"Fn::Equals": ["prod", {"Ref": "Stage"}]}},
    )
    assert _read(tmp_path, doc, parameters={"Stage": "dev"})[0].name == "orders-test"
    assert _read(tmp_path, doc)[0].name == "orders-live"


def test_numbers_come_from_number_parameters_and_mappings(tmp_path):
    doc = _doc(
        "orders",
        rcu={"Fn::FindInMap": ["Capacity", {"Ref": "Stage"}, "read"]},
        parameters=STAGE,
        mappings={"Capacity": {"prod": {"read": 400}, "dev": {"read": 5}}},
    )
    assert _read(tmp_path, doc)[0].read_units == 400
    assert _read(tmp_path, doc, parameters={"Stage": "dev"})[0].read_units == 5
    doc = _doc("orders", rcu={"Ref": "Read"}, parameters={"Read": {"Type": "Number", "Default": "250"}})
    assert _read(tmp_path, doc)[0].read_units == 250.0
    _refused(tmp_path, doc, r"Parameters\.Read: expected a number \(Type: Number\), got 'lots'", parameters={"Read": "lots"})


def test_a_resource_whose_condition_is_false_is_not_planned(tmp_path):
    doc = _doc(
        "orders",
        parameters=STAGE,
        conditions={"IsDev": {"Fn::Equals": [{"Ref": "Stage"}, "dev"]}},
        resources={
            "Scratch": {
                "Type": "AWS::DynamoDB::Table",
                "Condition": "IsDev",
                "Properties": _doc("scratch")["Resources"]["Orders"]["Properties"],
            }
        },
    )
    assert [t.name for t in _read(tmp_path, doc)] == ["orders"]
    assert [t.name for t in _read(tmp_path, doc, parameters={"Stage": "dev"})] == ["orders", "scratch"]


# --- what is known only at deploy: a name falls back to the logical ID, a number is refused by name -------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ({"Fn::Sub": "${AWS::Region}-orders"}, "Ref AWS::Region"),
        ({"Fn::Sub": "${Other.Arn}-orders"}, "${Other.Arn}"),
        ({"Fn::Join": ["-", [{"Ref": "AWS::StackName"}, "orders"]]}, "Ref AWS::StackName"),
        ({"Fn::Split": [",", {"Fn::ImportValue": "shared-names"}]}, "Fn::ImportValue"),
        ({"Fn::Select": [0, {"Fn::GetAZs": ""}]}, "Fn::GetAZs"),
        ({"Fn::Select": [{"Ref": "Index"}, ["a", "b"]]}, "Ref Index"),
        ({"Fn::FindInMap": ["Names", {"Ref": "AWS::Region"}, "table"]}, "Ref AWS::Region"),
        ({"Fn::If": ["ByRegion", "a", "b"]}, "Fn::If ByRegion"),
        ({"Fn::Base64": "orders"}, "Fn::Base64"),
    ],
)
def test_a_table_name_known_only_at_deploy_falls_back_to_the_logical_id_with_a_note(tmp_path, name, why):
    doc = _doc(
        name,
        parameters={"Index": {"Type": "Number"}},
        mappings={"Names": {"eu-west-1": {"table": "x"}}},
        conditions={"ByRegion": {"Fn::Equals": [{"Ref": "AWS::Region"}, "us-east-1"]}},
        resources={"Other": {"Type": "AWS::SQS::Queue"}},
    )
    (t,) = _read(tmp_path, doc)
    assert t.name == "Orders"
    assert any(why in n and "set at deploy" in n for n in t.notes), t.notes


def test_a_join_keeps_a_resource_reference_as_its_logical_id(tmp_path):
    doc = _doc("orders", table={"DependsOn": "Other"}, resources={"Other": {"Type": "AWS::SQS::Queue"}})
    doc["Resources"]["Orders"]["Properties"]["TableName"] = {"Fn::Join": ["-", [{"Ref": "Other"}, "orders"]]}
    (t,) = _read(tmp_path, doc)
    assert t.name == "<Ref Other>-orders"


def test_a_number_known_only_at_deploy_is_refused_with_what_to_pass(tmp_path):
    where = r"Resources\.Orders\.Properties\.ProvisionedThroughput\.ReadCapacityUnits: "
    _refused(tmp_path, _doc("o", rcu={"Ref": "AWS::AccountId"}), where + r"expected .*not the pseudo parameter AWS::AccountId")
    _refused(
        tmp_path,
        _doc("o", rcu={"Fn::Cidr": ["10.0.0.0/16", 1, 8]}),
        where + r"expected .*not Fn::Cidr .*a parameter with a Default",
    )
    doc = _doc("o", rcu={"Ref": "Orders"})
    _refused(tmp_path, doc, where + r"expected a value known before deploy, not resource Orders's name")


# --- malformed functions and conditions: one line each ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ({"Ref": 3}, r"TableName: expected Ref to a name, got 3"),
        ({"Ref": "Nope"}, r"TableName: expected Ref to a parameter or resource of the template, got 'Nope'"),
        ({"Fn::Sub": 3}, r"expected Fn::Sub's string, got 3"),
        ({"Fn::Sub": ["${L}", {"L": ["a"]}]}, r"expected a string or a number, got \['a'\]"),
        ({"Fn::Join": "-"}, r"expected Fn::Join's \[delimiter, \[values\]\], got '-'"),
        ({"Fn::Join": ["-", "abc"]}, r"expected Fn::Join's list of values, got 'abc'"),
        ({"Fn::Select": [5, ["a", "b"]]}, r"expected an index within Fn::Select's list, got 5"),
        ({"Fn::Select": ["x", ["a", "b"]]}, r"expected an index within Fn::Select's list, got 'x'"),
        ({"Fn::Select": [0]}, r"expected Fn::Select's \[index, list\]"),
        ({"Fn::Split": [",", "a", "b"]}, r"expected Fn::Split's \[delimiter, string\]"),
        ({"Fn::FindInMap": ["Names", "x"]}, r"expected Fn::FindInMap's \[map, top-level key, second-level key\]"),
        (
            {"Fn::FindInMap": ["Names", "prod", "nope"]},
            r"expected a key of the template's Mappings, got \['Names', 'prod', 'nope'\]",
        ),
        ({"Fn::If": ["IsProd", "a"]}, r"expected Fn::If's \[condition, value if true, value if false\]"),
        ({"Fn::If": ["Nope", "a", "b"]}, r"expected a condition of the template's Conditions, got 'Nope'"),
        ({"Fn::If": ["Loop", "a", "b"]}, r"Conditions\.Loop: expected conditions without a cycle, got 'Loop -> Again -> Loop'"),
        (
            {"Fn::If": ["Odd", "a", "b"]},
            r"Conditions\.Odd: expected a condition \(Fn::Equals, Fn::Not, Fn::And, Fn::Or, Condition\)",
        ),
        ("", r"TableName: expected a string, got ''"),
    ],
)
def test_a_malformed_function_is_refused_in_one_line_naming_the_property(tmp_path, name, expected):
    doc = _doc(
        name,
        mappings={"Names": {"prod": {"table": "t"}}},
        conditions={
            "IsProd": True,
            "Loop": {"Condition": "Again"},
            "Again": {"Fn::Not": [{"Condition": "Loop"}]},
            "Odd": {"Fn::Equals": ["only one"]},
        },
    )
    message = _refused(tmp_path, doc, expected)
    assert "Resources.Orders" in message or "Conditions." in message


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ({"Resources": {"Orders": "a table"}}, r"Resources\.Orders: expected a resource object, got 'a table'"),
        (
            {"Resources": {"Orders": {"Type": "AWS::DynamoDB::Table"}}},
            r"Resources\.Orders\.Properties: expected the table's properties$",
        ),
        ({"Resources": []}, r"Resources: expected a CloudFormation template's Resources object, got 'list'"),
    ],
)
def test_a_resource_that_is_not_a_table_object_is_refused(tmp_path, doc, expected):
    _refused(tmp_path, doc, expected)


# --- AWS::DynamoDB::GlobalTable ------------------------------------------------------------------------------------------


def _global(billing="PROVISIONED", replicas=None, write=True, **props):
    auto = {"MinCapacity": 5, "MaxCapacity": 100, "TargetTrackingScalingPolicyConfiguration": {"TargetValue": 70}}
    body = {
        "TableName": "carts",
        "BillingMode": billing,
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "Replicas": replicas
        if replicas is not None
        else [
            {"Region": "eu-west-1", "ReadProvisionedThroughputSettings": {"ReadCapacityUnits": 50}},
            {
                "Region": "us-east-1",
                "ReadProvisionedThroughputSettings": {"ReadCapacityAutoScalingSettings": dict(auto, MinCapacity=20)},
            },
        ],
        **props,
    }
    if write and billing == "PROVISIONED":
        body["WriteProvisionedThroughputSettings"] = {"WriteCapacityAutoScalingSettings": auto}
    return {"Resources": {"Carts": {"Type": "AWS::DynamoDB::GlobalTable", "Properties": body}}}


def test_a_provisioned_global_table_plans_the_least_read_replica_and_its_indexes_inherit_it(tmp_path):
    index = {
        "IndexName": "byG",
        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "KEYS_ONLY"},
        "WriteProvisionedThroughputSettings": {
            "WriteCapacityAutoScalingSettings": {
                "MinCapacity": 2,
                "MaxCapacity": 40,
                "TargetTrackingScalingPolicyConfiguration": {"TargetValue": 50},
            }
        },
    }
    (t,) = _read(tmp_path, _global(GlobalSecondaryIndexes=[index]))
    assert t.mode == "provisioned" and t.read_units is None
    assert t.read_scaling == hp.AutoScalingRange(20, 100, 0.7)  # us-east-1's minimum of 20 is below eu-west-1's 50
    assert any("2 replicas; the one planned is us-east-1" in n for n in t.notes)
    g = t.index("byG")
    assert g.read_scaling == t.read_scaling and g.write_scaling == hp.AutoScalingRange(2, 40, 0.5)


def test_an_on_demand_global_table_reads_its_maximums_and_plans_the_first_replica(tmp_path):
    reps = [{"Region": "ap-northeast-1", "ReadOnDemandThroughputSettings": {"MaxReadRequestUnits": 800}}, {"Region": "us-west-2"}]
    (t,) = _read(tmp_path, _global("PAY_PER_REQUEST", reps, WriteOnDemandThroughputSettings={"MaxWriteRequestUnits": 300}))
    assert (t.mode, t.max_read_units, t.max_write_units) == ("on-demand", 800, 300)
    assert any("the one planned is ap-northeast-1" in n for n in t.notes)


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        (
            _global(write=False),
            r"WriteProvisionedThroughputSettings\.WriteCapacityAutoScalingSettings: expected the write capacity's auto scaling",
        ),
        (_global(replicas=[]), r"Replicas: expected at least one replica"),
        (
            _global(replicas=[{"Region": "eu-west-1"}]),
            r"Replicas\[0\]\.ReadProvisionedThroughputSettings: expected the replica's read capacity",
        ),
        (
            _global(
                replicas=[
                    {
                        "Region": "eu-west-1",
                        "ReadProvisionedThroughputSettings": {
                            "ReadCapacityAutoScalingSettings": {
                                "MinCapacity": 50,
                                "MaxCapacity": 10,
                                "TargetTrackingScalingPolicyConfiguration": {"TargetValue": 70},
                            }
                        },
                    }
                ]
            ),
            r"ReadCapacityAutoScalingSettings: expected MinCapacity <= MaxCapacity, got \[50\.0, 10\.0\]",
        ),
        (
            _global(
                replicas=[
                    {
                        "Region": "eu-west-1",
                        "ReadProvisionedThroughputSettings": {
                            "ReadCapacityAutoScalingSettings": {
                                "MinCapacity": 5,
                                "MaxCapacity": 10,
                                "TargetTrackingScalingPolicyConfiguration": {"TargetValue": 95},
                            }
                        },
                    }
                ]
            ),
            r"TargetValue: expected a percentage from 20 to 90, got 95",
        ),
    ],
)
def test_a_global_table_missing_what_its_billing_mode_needs_is_refused(tmp_path, doc, expected):
    _refused(tmp_path, doc, expected)


# --- Application Auto Scaling ------------------------------------------------------------------------------------------


def _scaled(dimension, resource_id, lo=5, hi=50, target=None, namespace="dynamodb"):
    doc = _doc("orders", table={})
    doc["Resources"]["Orders"]["Properties"]["AttributeDefinitions"].append({"AttributeName": "g", "AttributeType": "S"})
    doc["Resources"]["Orders"]["Properties"]["GlobalSecondaryIndexes"] = [
        {
            "IndexName": "byG",
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
        }
    ]
    doc["Resources"]["Target"] = {
        "Type": "AWS::ApplicationAutoScaling::ScalableTarget",
        "Properties": {
            "ServiceNamespace": namespace,
            "ScalableDimension": dimension,
            "ResourceId": resource_id,
            "MinCapacity": lo,
            "MaxCapacity": hi,
        },
    }
    if target is not None:
        doc["Resources"]["Policy"] = {
            "Type": "AWS::ApplicationAutoScaling::ScalingPolicy",
            "Properties": {
                "PolicyType": "TargetTrackingScaling",
                "ScalingTargetId": {"Ref": "Target"},
                "TargetTrackingScalingPolicyConfiguration": {"TargetValue": target},
            },
        }
    return doc


def test_a_scalable_target_on_an_index_scales_that_index_at_its_policys_target(tmp_path):
    rid = {"Fn::Join": ["/", ["table", {"Ref": "Orders"}, "index", "byG"]]}
    (t,) = _read(tmp_path, _scaled("dynamodb:index:WriteCapacityUnits", rid, 3, 30, target=55))
    assert t.index("byG").write_scaling == hp.AutoScalingRange(3, 30, 0.55) and t.write_scaling is None
    assert any("write capacity of index byG: auto scaling from Resources.Target" in n for n in t.notes)
    (t,) = _read(tmp_path, _scaled("dynamodb:table:ReadCapacityUnits", "table/orders"))
    assert t.read_scaling == hp.AutoScalingRange(5, 50, 0.7)  # no policy: the target tracking default of 70%


def test_a_scalable_target_of_another_service_or_stack_is_left_alone(tmp_path):
    for doc in (
        _scaled("dynamodb:table:ReadCapacityUnits", "table/orders", namespace="ecs"),
        _scaled("dynamodb:table:ReadCapacityUnits", {"Fn::ImportValue": "other-table-id"}),
        _scaled("dynamodb:table:ReadCapacityUnits", "table/another-stacks-table"),
    ):
        (t,) = _read(tmp_path, doc)
        assert t.read_scaling is None and t.read_units == 5


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        (
            _scaled("dynamodb:table:ReadCapacityUnits", "table/orders", 60, 50),
            r"Resources\.Target\.Properties: expected MinCapacity <= MaxCapacity, got \[60\.0, 50\.0\]",
        ),
        (
            _scaled("dynamodb:table:ReadCapacityUnits", "table/orders", target=95),
            r"Resources\.Target: expected a scaling policy's TargetValue from 20 to 90 percent, got 95",
        ),
        (
            _scaled("dynamodb:index:ReadCapacityUnits", "table/orders/index/nope"),
            r"ResourceId: expected an index of table orders, got 'nope'",
        ),
        (_scaled("dynamodb:table:CapacityUnits", "table/orders"), r"ScalableDimension: expected one of"),
    ],
)
def test_a_scalable_target_out_of_range_is_refused(tmp_path, doc, expected):
    _refused(tmp_path, doc, expected)


# --- AWS::DynamoDB::Table's properties (the CreateTable API's shape): each documented rule, refused by property ----------


def _edited(edit):
    doc = _doc("orders")
    props = doc["Resources"]["Orders"]["Properties"]
    props["AttributeDefinitions"] += [{"AttributeName": "sk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}]
    props["GlobalSecondaryIndexes"] = [
        {
            "IndexName": "byG",
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]},
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
        }
    ]
    edit(props)
    return doc


def _set(key, value):
    return lambda props: props.__setitem__(key, value)


def _gsi(key, value):
    return lambda props: props["GlobalSecondaryIndexes"][0].__setitem__(key, value)


def _lsi(props):
    props["KeySchema"] = [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]
    props["LocalSecondaryIndexes"] = [
        {
            "IndexName": "byG",
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"},
        }
    ]
    props["GlobalSecondaryIndexes"][0]["IndexName"] = "byG2"


P = r"Resources\.Orders\.Properties"


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (_set("KeySchema", []), P + r"\.KeySchema: expected a non-empty list of \{AttributeName, KeyType\}"),
        (_set("KeySchema", ["pk"]), P + r"\.KeySchema\[0\]: expected an object, got 'pk'"),
        (_set("KeySchema", [{"KeyType": "HASH"}]), P + r"\.KeySchema\[0\]\.AttributeName: expected the field to be present"),
        (
            _set("KeySchema", [{"AttributeName": "", "KeyType": "HASH"}]),
            P + r"\.KeySchema\[0\]\.AttributeName: expected a string, got ''",
        ),
        (
            _set(
                "KeySchema",
                [
                    {"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"},
                    {"AttributeName": "g", "KeyType": "RANGE"},
                ],
            ),
            P + r"\.KeySchema: expected at most 1 RANGE attributes? in",
        ),
        (_set("AttributeDefinitions", {"pk": "S"}), P + r"\.AttributeDefinitions: expected a list"),
        (_set("BillingMode", "ON_DEMAND"), P + r"\.BillingMode: expected .*PROVISIONED.*PAY_PER_REQUEST.*got 'ON_DEMAND'"),
        (
            lambda p: p.pop("ProvisionedThroughput"),
            P + r"\.ProvisionedThroughput: expected ReadCapacityUnits and WriteCapacityUnits \(BillingMode PROVISIONED\)",
        ),
        (
            _set("ProvisionedThroughput", {"ReadCapacityUnits": "lots", "WriteCapacityUnits": 5}),
            P + r"\.ProvisionedThroughput\.ReadCapacityUnits: expected a number, got 'lots'",
        ),
        (
            _set("ProvisionedThroughput", {"ReadCapacityUnits": True, "WriteCapacityUnits": 5}),
            P + r"\.ProvisionedThroughput\.ReadCapacityUnits: expected a number, got True",
        ),
        (_gsi("Projection", None), P + r"\.GlobalSecondaryIndexes\[0\]\.Projection: expected the field to be present"),
        (
            _gsi("Projection", {"ProjectionType": "INCLUDE", "NonKeyAttributes": [7]}),
            r"Projection\.NonKeyAttributes: expected a list of attribute names, got \[7\]",
        ),
        (_gsi("ProvisionedThroughput", None), P + r"\.GlobalSecondaryIndexes\[0\]\.ProvisionedThroughput: expected"),
        (
            _gsi("IndexName", "byG")
            if False
            else lambda p: p["GlobalSecondaryIndexes"].append(dict(p["GlobalSecondaryIndexes"][0])),
            P
            + r": expected IndexDefinition objects with distinct names, got None$|"
            + P
            + r": expected IndexDefinition objects with distinct names$",
        ),
        (
            lambda p: (_lsi(p), p["LocalSecondaryIndexes"][0]["KeySchema"][0].__setitem__("AttributeName", "g")),
            P
            + r"\.LocalSecondaryIndexes\[0\]\.KeySchema: "
            + r"expected the table's partition key \(pk\) and one sort key, got \['g', 'sk'\]",
        ),
    ],
)
def test_a_table_property_against_the_create_table_rules_is_refused_by_name(tmp_path, edit, expected):
    _refused(tmp_path, _edited(edit), expected)


def test_a_local_index_on_the_tables_partition_key_is_read(tmp_path):
    doc = _edited(lambda p: (_lsi(p), p["LocalSecondaryIndexes"][0]["KeySchema"][0].__setitem__("AttributeName", "pk")))
    (t,) = _read(tmp_path, doc)
    (lsi,) = t.local_indexes
    assert (lsi.partition_key, lsi.sort_key, lsi.read_units) == (("pk",), ("sk",), None)
    assert repr(t) == "TableDefinition('orders': provisioned, pk / sk, 5 RCU/s and 5 WCU/s, 2 indexes)"
    assert repr(lsi) == "IndexDefinition('byG': local, pk / sk, KEYS_ONLY)"


# --- files: what the reader is given before it knows the format ----------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b'{"TableName": "\xff"}', r"\(file\): expected UTF-8 text; byte 15 is not"),
        (b"[1, 2]", r"\(document\): expected .*, got 'list'"),
    ],
)
def test_a_file_that_is_no_definition_is_refused_before_its_format_is_known(tmp_path, raw, expected):
    path = tmp_path / "def.json"
    path.write_bytes(raw)
    with pytest.raises(hp.ExportError, match=expected):
        hp.read_definition(path)


def test_describe_table_output_narrowed_to_its_table_is_read(tmp_path):
    # `aws dynamodb describe-table --query Table` prints the table description without its {"Table": ...} wrapper
    doc = {
        "TableName": "orders",
        "TableStatus": "ACTIVE",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
        "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
    }
    path = tmp_path / "table.json"
    path.write_text(json.dumps(doc))
    (t,), fmt = hp.read_definition(path)
    assert (fmt, t.name, t.mode) == ("describe-table", "orders", "on-demand")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: hp.TableDefinition("", "on-demand", "pk", (), {"pk": "S"}),
            r"name = '' is not allowed: must be a non-empty str",
        ),
        (
            lambda: hp.TableDefinition("t", "on-demand", ("a", "b"), (), {"a": "S"}),
            r"partition_key = \('a', 'b'\) is not allowed: must be at most 1",
        ),
        (
            lambda: hp.TableDefinition("t", "provisioned", "pk", (), {"pk": "S"}, write_units=5),
            r"read_units = None is not allowed in provisioned mode",
        ),
        (
            lambda: hp.TableDefinition("t", "on-demand", "pk", (), {"pk": "S"}, indexes=("g",)),
            r"indexes = \('g',\) is not allowed: must be a tuple of IndexDefinition",
        ),
        (
            lambda: hp.TableDefinition("t", "on-demand", "pk", (), {"pk": "X"}),
            r"attributes = \{'pk': 'X'\} is not allowed: must map attribute names to S, N or B",
        ),
        (lambda: hp.IndexDefinition("", "global", "g", (), "ALL"), r"name = '' is not allowed"),
        (
            lambda: hp.IndexDefinition("i", "global", (), (), "ALL"),
            r"partition_key = \(\) is not allowed: must name at least one attribute",
        ),
        (
            lambda: hp.IndexDefinition("i", "local", ("a", "b"), (), "ALL"),
            r"partition_key = \('a', 'b'\) is not allowed: must be at most 1 attribute names",
        ),
        (lambda: hp.IndexDefinition("i", "global", ("g", ""), (), "ALL"), r"partition_key = \('g', ''\) is not allowed"),
    ],
)
def test_definitions_built_in_code_refuse_bad_values_by_name(build, message):
    with pytest.raises(ValueError, match=message):
        build()
