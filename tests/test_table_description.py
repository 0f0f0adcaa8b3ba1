"""`aws dynamodb describe-table` output as the diagnosis reads it (hp.read_table_description): the capacity mode from
BillingModeSummary or, in an older output without it, from the provisioned units; an on-demand table's warm
throughput standing in for its capacity; and each malformed field refused in one line naming it."""

from __future__ import annotations

import pytest

import hotpart as hp


def _described(**table):
    doc = {"TableName": "orders", "TableStatus": "ACTIVE", "TableSizeBytes": 2_000_000_000, "ItemCount": 1_000_000}
    doc.update(table)
    return {"Table": doc}


def test_an_output_without_billing_mode_summary_and_zero_units_is_on_demand():
    d = hp.read_table_description(_described(ProvisionedThroughput={"ReadCapacityUnits": 0, "WriteCapacityUnits": 0}))
    assert (d.mode, d.mode_from) == ("on-demand", "ProvisionedThroughput of 0 (no BillingModeSummary)")


def test_an_on_demand_tables_warm_throughput_stands_in_for_its_capacity():
    d = hp.read_table_description(
        _described(
            BillingModeSummary={"BillingMode": "PAY_PER_REQUEST"},
            ProvisionedThroughput={"ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
            WarmThroughput={"ReadUnitsPerSecond": 12_000, "WriteUnitsPerSecond": 4_000, "Status": "ACTIVE"},
        )
    )
    assert (d.mode, d.warm_read_per_s, d.warm_write_per_s) == ("on-demand", 12_000, 4_000)
    # 12,000 / 3,000 + 4,000 / 1,000 = 8 partitions by throughput; 2 GB / 10 GB rounds up to 1: 8
    assert d.partitions_estimate == hp.estimate_partitions(12_000, 4_000, 2.0) == 8
    t = d.as_table()
    assert (t.partitions, t.wcu, t.rcu) == (8, 4_000, 12_000)
    assert "on-demand" in repr(d)


_RANGE = r"expected a number >= 0 \(or -1: no maximum\)"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            {"BillingModeSummary": {"BillingMode": "ON_DEMAND"}},
            r"Table\.BillingModeSummary\.BillingMode: expected 'PROVISIONED' or 'PAY_PER_REQUEST', got 'ON_DEMAND'",
        ),
        ({"OnDemandThroughput": {"MaxWriteRequestUnits": -5}}, r"Table\.OnDemandThroughput\.MaxWriteRequestUnits: " + _RANGE),
        ({"OnDemandThroughput": {"MaxReadRequestUnits": True}}, r"MaxReadRequestUnits: " + _RANGE + ", got True"),
        ({"TableSizeBytes": 2**60}, r"Table\.TableSizeBytes: expected a size and an item count up to 2\*\*53"),
        (
            {"GlobalSecondaryIndexes": [{"IndexName": "g", "IndexStatus": "BUILDING"}]},
            r"GlobalSecondaryIndexes\[0\]\.IndexStatus: expected 'CREATING' or",
        ),
    ],
)
def test_a_malformed_field_is_refused_in_one_line_naming_it(table, message):
    with pytest.raises(hp.ExportError, match=message) as e:
        hp.read_table_description(_described(**table))
    assert "\n" not in str(e.value)


def test_a_document_that_is_no_table_is_refused():
    with pytest.raises(hp.ExportError, match=r"description: Table: expected describe-table output \(a Table object\), got \[1\]"):
        hp.read_table_description([1])


def test_descriptions_built_in_code_refuse_bad_values_by_name():
    with pytest.raises(ValueError, match=r"backfilling = 'yes' is not allowed: must be True or False"):
        hp.IndexDescription("g", "ACTIVE", backfilling="yes")
    with pytest.raises(ValueError, match=r"name = 3 is not allowed: must be a string"):
        hp.IndexDescription(3)
    with pytest.raises(ValueError, match=r"indexes = \('g',\) is not allowed: must be IndexDescription objects"):
        hp.TableDescription("orders", "provisioned", "x", 5.0, 5.0, indexes=("g",))
    g = hp.IndexDescription("g", "ACTIVE", read_units=5.0, write_units=7.0)
    assert repr(g) == "IndexDescription('g', ACTIVE, 5 RCU, 7 WCU)"
