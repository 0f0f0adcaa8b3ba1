"""The workload file: its JSON Schema (the MCP calculator's records are workloads once a spread is added), the
one-line refusals, each spread's key popularity, and each operation's units against chapter 1's rules and the
MCP calculator's own formulas."""

from __future__ import annotations

import copy
import json
import math

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from conftest import ROOT

FIX = ROOT / "tests" / "fixtures" / "plan"
DATA = ROOT / "notebooks" / "data" / "plan"


def _doc(**pattern):
    base = {"pattern": "1", "table": "t", "operation": "PutItem", "rps": 100, "item_size_bytes": 500, "spread": {"keys": 10}}
    base.update(pattern)
    return {"access_pattern_list": [base]}


def test_the_schema_is_a_valid_draft_2020_12_schema_and_accepts_every_example():
    schema = hp.workload_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    import yaml

    for path in [FIX / "mcp-calculator-workload.json", DATA / "sessions-workload.json"]:
        jsonschema.validate(json.loads(path.read_text()), schema)
    for path in [DATA / "orders-workload.yaml", DATA / "catalog-workload.yaml"]:
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)
    assert hp.workload_schema() is not hp.workload_schema()  # a copy: the reader's own cannot be changed


def test_the_mcp_calculators_records_are_read_as_they_are_with_a_spread():
    w = hp.read_workload(FIX / "mcp-calculator-workload.json")
    get, query, put, batch = w.patterns
    assert (get.operation, get.kind, get.consistency, get.index) == ("GetItem", "read", "eventual", None)
    assert (query.index, query.item_count) == ("GSI1", 20)  # the calculator's "gsi" is the index
    assert put.gsi_list == ("GSI1",) and batch.item_count == 25
    stats = w.stats("DealsTable")
    assert (stats.item_count, stats.item_size_bytes, stats.index_item_size_bytes) == (50000, 900, {"GSI1": 300.0})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rps": "fast"}, r"workload: access_pattern_list\[0\]\.rps: expected a number, got 'fast'"),
        ({"rps": 0}, r"access_pattern_list\[0\]\.rps: expected a number > 0, got 0"),
        ({"operation": "Upsert"}, r"access_pattern_list\[0\]\.operation: expected one of GetItem, "),
        ({"spread": None}, r"access_pattern_list\[0\]\.spread: expected an object"),
        ({"item_size_bytes": 500_000}, r"item_size_bytes: expected a number <= 409600"),
        ({"spread": {"keys": 10, "zipf": 1, "top_share": 0.5}}, r"spread\.top_share: expected zipf or top_share, not both"),
        ({"spread": {"zipf": 1}}, r"spread\.keys: expected the number of keys the skew spreads over"),
        ({"spread": {"keys": 10, "colour": "red"}}, r"spread\.colour: expected one of the known fields"),
        ({"spread": {"keys": 100, "top_share": 0.001}}, r"spread\.top_share: expected at least 1/keys = 0\.01"),
        ({"index": "g"}, r"access_pattern_list\[0\]\.index: expected no index on a write"),
        ({"shape": {"kind": "launch", "from_rps": 500}}, r"shape\.from_rps: expected a rate below the peak rps \(100\)"),
    ],
)
def test_bad_workloads_get_one_line_naming_the_field(change, message):
    doc = _doc()
    doc["access_pattern_list"][0].update(change)
    if change.get("spread", 0) is None:
        del doc["access_pattern_list"][0]["spread"]
        message = r"access_pattern_list\[0\]\.spread: expected the field to be present"
    with pytest.raises(hp.ExportError, match=message) as e:
        hp.read_workload(doc)
    assert "\n" not in str(e.value)


def test_a_yaml_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "w.yaml"
    path.write_text("access_pattern_list:\n  - pattern: 1\n    rps: [\n")
    with pytest.raises(hp.ExportError, match=r"w\.yaml: \(line \d+\): expected valid YAML"):
        hp.read_workload(path)


def test_spreads_are_the_courses_key_popularities():
    assert hp.Spread(keys=10**6, zipf=1.0).distribution("u#") == hp.Zipf(10**6, 1.0, prefix="u#")
    assert hp.Spread(keys=500).distribution("u#") == hp.Uniform(500, prefix="u#")
    assert hp.Spread(design="status", hot_share=0.9).distribution() == hp.key_design("status", hot_share=0.9)
    date = hp.Spread(design="date", hot_share=0.95, days=7).distribution()
    assert date.n_keys == 7 and math.isclose(date.top_share(1), 0.95)
    sale = hp.Spread(design="popular item", items=1000, multiplier=50, s=0.8).distribution()
    assert math.isclose(sale.top_share(1), hp.FlashSale(1000, 50, 1.0, 44.0, s=0.8).top_share(1))
    assert hp.Spread(sample_items=True).distribution(samples={"A": 3, "B": 1}).top_share(1) == 0.75


@settings(deadline=None, max_examples=60)
@given(st.integers(2, 10**9), st.floats(0.0, 1.0, exclude_min=True))
def test_top_share_gives_the_hottest_key_exactly_that_share(n, q):
    q = max(q, 1.0 / n)
    try:
        d = hp.Spread(keys=n, top_share=q).distribution("k#")
    except ValueError:  # beyond the boost's range with too many keys to list: refused by name
        return
    assert math.isclose(d.top_share(1), q, rel_tol=1e-9, abs_tol=1e-12)


def test_multi_attribute_key_counts_multiply():
    w = hp.read_workload(DATA / "sessions-workload.json")
    sp = w.patterns[2].spread
    assert sp.keys == 1200 * 4 and sp.key_counts == {"tenantId": 1200, "region": 4}


# units per request: chapter 1's rules, and the MCP calculator's own formulas (calculate_rcus / calculate_wcus)
@pytest.mark.parametrize(
    ("op", "size", "count", "consistency", "units"),
    [
        ("PutItem", 1024, 1, "eventual", 1.0),
        ("PutItem", 1025, 1, "eventual", 2.0),
        ("UpdateItem", 3000, 1, "eventual", 3.0),
        ("BatchWriteItem", 900, 25, "eventual", 25.0),  # each item rounded on its own
        ("TransactWriteItems", 500, 4, "eventual", 8.0),  # 2 x per item
        ("GetItem", 4096, 1, "strong", 1.0),
        ("GetItem", 4097, 1, "eventual", 1.0),  # 2 blocks x 0.5
        ("BatchGetItem", 900, 10, "eventual", 5.0),
        ("TransactGetItems", 900, 3, "eventual", 6.0),
        ("Query", 300, 20, "eventual", 1.0),  # 6,000 bytes summed: 2 blocks x 0.5
        ("Query", 1000, 3, "strong", 1.0),
    ],
)
def test_units_per_request(op, size, count, consistency, units):
    p = hp.AccessPattern("1", "", "t", None, op, 10.0, float(size), count, consistency)
    assert p.units_per_request == units
    # the MCP calculator's formula for the same record: ceil(size x items / 4096) x 0.5 for an eventual Query, ...
    if op == "Query":
        assert units == math.ceil(size * count / 4096) * (1.0 if consistency == "strong" else 0.5)
    if op in ("BatchWriteItem",):
        assert units == math.ceil(size / 1024) * count


def test_a_pattern_id_used_twice_for_one_operation_is_refused():
    doc = _doc()
    doc["access_pattern_list"].append(copy.deepcopy(doc["access_pattern_list"][0]))
    with pytest.raises(hp.ExportError, match=r"access_pattern_list\[1\]\.pattern: expected a pattern ID used once per operation"):
        hp.read_workload(doc)
