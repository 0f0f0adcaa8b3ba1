"""The workload file: its JSON Schema (the MCP calculator's records are workloads once a spread is added), the
one-line refusals, each spread's key popularity, and each operation's units against chapter 1's rules and the
MCP calculator's own formulas."""

from __future__ import annotations

import copy
import json
import math
import re

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
        (
            {"shape": {"kind": "launch", "from_rps": 5, "duration_s": 60}},
            r"shape\.duration_s: expected a duration only for kind: spike",
        ),
        (
            {"spread": {"keys": 10, "shares": {"a": 1}}},
            r"spread\.keys: expected None \(the shares name every key\)",
        ),
        ({"spread": {"shares": {"a": 0, "b": 0}}}, r"spread\.shares: expected weights with a positive total"),
        (
            {"spread": {"keys": {"region": 10**9, "user": 10**9}}},
            r"spread\.keys: expected at most .* combinations, got 1000000000000000000",
        ),
        (
            {"spread": {"design": "status", "multiplier": 5}},
            r"spread: expected multiplier, items and s only with design: popular item",
        ),
        ({"spread": {"design": "status", "days": 7}}, r"spread\.days: expected days only with design: date"),
        ({"spread": {}}, r"spread\.keys: expected keys \(with zipf or top_share\), shares, design or sample_items"),
        (
            {"operation": "Query", "index": "g", "gsi": "h"},
            r"access_pattern_list\[0\]\.gsi: expected the same index as index \('g'\), got 'h'",
        ),
        (
            {"strongly_consistent": True},
            r"access_pattern_list\[0\]\.consistency: expected a read's consistency only on a read, got True",
        ),
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


def test_a_table_listed_twice_is_refused_naming_the_second(tmp_path):
    doc = _doc()
    doc["table_list"] = [{"name": "t", "item_count": 10}, {"name": "t", "item_count": 20}]
    with pytest.raises(hp.ExportError, match=r"table_list\[0\]\.name: expected each table once, got 't'"):
        hp.read_workload(doc)


@pytest.mark.parametrize(
    ("text", "message"),
    [("  \n", r"w\.json: \(file\): expected a workload \(YAML or JSON\), not an empty file"), ("{ nope", r"w\.json: \(line 1\)")],
)
def test_an_empty_or_broken_workload_file_is_refused_in_one_line(tmp_path, text, message):
    path = tmp_path / "w.json"
    path.write_text(text)
    with pytest.raises(hp.ExportError, match=message):
        hp.read_workload(path)
    with pytest.raises(hp.ExportError, match=r"nope\.json: \(file\): expected a readable file"):
        hp.read_workload(tmp_path / "nope.json")


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


# --- the workload's records, as a caller builds them (issue 49's API walk): the schema's ranges, by name -------------


def _pattern(**kw):
    args = {"pattern": "1", "description": "", "table": "t", "index": None, "operation": "PutItem", "rps": 100.0}
    return hp.AccessPattern(**(args | {"item_size_bytes": 500.0} | kw))


def test_an_access_pattern_takes_the_schemas_ranges_and_refuses_past_them_by_name():
    edge = _pattern(rps=1e9, item_size_bytes=hp.ITEM_MAX_BYTES, item_count=1000, operation="BatchWriteItem")
    assert (edge.rps, edge.item_size_bytes, edge.item_count) == (1e9, 409600.0, 1000)
    assert _pattern(rps=5e-324, item_size_bytes=1).rps == 5e-324  # (0, 1e9]: any positive rate
    bad = [
        ("rps", 0), ("rps", 1e9 * (1 + 1e-15)), ("rps", None), ("rps", "3"),
        ("item_size_bytes", 0.5), ("item_size_bytes", hp.ITEM_MAX_BYTES + 1),
        ("item_count", 0), ("item_count", 1001), ("item_count", 2.5), ("item_count", True),
        ("operation", "Upsert"), ("consistency", "transactional"),
    ]  # fmt: skip
    for name, value in bad:
        with pytest.raises(ValueError, match=rf"^{name} = "):
            _pattern(**{name: value})
    with pytest.raises(ValueError, match=r"^index = 'g' is not allowed on a write"):
        _pattern(index="g")


def test_a_launch_or_a_spike_rises_from_below_the_peak():
    assert _pattern(shape=hp.Shape("spike", from_rps=99.9, duration_s=86_400)).shape.duration_s == 86_400.0
    with pytest.raises(ValueError, match=r"^shape\.from_rps = 100\.0 is out of range: must be below rps = 100\.0"):
        _pattern(shape=hp.Shape("launch", from_rps=100))
    assert _pattern(shape=hp.Shape("daily", from_rps=500, trough_share=0)).shape.trough_share == 0.0  # not a rise
    for name, value in [("duration_s", 0), ("duration_s", 86_401), ("from_rps", -1), ("trough_share", 1.01), ("kind", "x")]:
        with pytest.raises(ValueError, match=rf"^{name} = "):
            hp.Shape(**{name: value})


def test_a_spread_takes_the_schemas_ranges_and_stores_what_it_checked():
    from decimal import Decimal
    from fractions import Fraction

    sp = hp.Spread(keys=Decimal(10**15), zipf=Fraction(1, 2), suffixes=1000, items_per_key=2**53)
    assert (sp.keys, sp.zipf, sp.suffixes, sp.items_per_key) == (10**15, 0.5, 1000, 2**53)
    assert type(sp.keys) is int and type(sp.zipf) is float
    assert hp.Spread(keys=100, top_share=0.01).top_share == 0.01  # 1/keys: the hottest key's even share
    bad = [
        ("keys", 10**15 + 1), ("keys", 0), ("zipf", 20.5), ("suffixes", 1001), ("items_per_key", 0),
        ("sort_key", "newest"), ("suffix", "hashed"), ("design", "email"),
    ]  # fmt: skip
    for name, value in bad:
        with pytest.raises(ValueError, match=rf"^{name} = "):
            hp.Spread(**({"keys": 10} | {name: value}))
    with pytest.raises(ValueError, match=r"^top_share = 0\.0099 is out of range: must be in \[0\.01, 1\]"):
        hp.Spread(keys=100, top_share=0.0099)
    with pytest.raises(ValueError, match=r"^shares\['B'\] = -1"):
        hp.Spread(shares={"A": 1, "B": -1})
    with pytest.raises(ValueError, match=r"^shares = .* must be weights with a positive total"):
        hp.Spread(shares={"A": 0})


def test_a_spread_refuses_what_it_would_silently_ignore():
    with pytest.raises(ValueError, match=r"^top_share = 0\.5 is not allowed with zipf = 1\.0"):
        hp.Spread(keys=10, zipf=1.0, top_share=0.5)
    with pytest.raises(ValueError, match=r"^keys = None is not allowed with zipf"):
        hp.Spread(zipf=1.0)
    with pytest.raises(ValueError, match=r"^design = 'status' is not allowed with shares: must be one description"):
        hp.Spread(shares={"A": 1}, design="status")
    with pytest.raises(ValueError, match=r"^multiplier = 5\.0 is not allowed with design = 'status'"):
        hp.Spread(design="status", multiplier=5)
    with pytest.raises(ValueError, match=r"^days = 7 is not allowed with design = None"):
        hp.Spread(keys=10, days=7)
    assert hp.Spread(key_counts={"a": 3, "b": 4}).keys == 12  # a multi-attribute key's count: their product
    with pytest.raises(ValueError, match=r"^keys = 10 is not allowed: must be the product of key_counts"):
        hp.Spread(keys=10, key_counts={"a": 3, "b": 4})


def test_table_stats_take_the_schemas_ranges():
    s = hp.TableStats("t", 0, hp.ITEM_MAX_BYTES, {"g": 1}, previous_peak_write_units=1e9)
    assert (s.item_count, s.size_gb, s.index_item_size_bytes) == (0, 0.0, {"g": 1.0})
    bad = [
        ("item_count", -1), ("item_count", 2**53 + 1), ("item_size_bytes", 0), ("previous_peak_read_units", 0),
        ("previous_peak_write_units", 1e9 * (1 + 1e-15)), ("index_item_size_bytes", {"g": 409601}),
    ]  # fmt: skip
    for name, value in bad:
        with pytest.raises(ValueError, match=rf"^{re.escape(name)}(\['g'\])? = "):
            hp.TableStats("t", **{name: value})


def test_a_models_refusal_inside_a_workload_is_one_line_naming_the_field():
    doc = _doc(spread={"keys": 10, "multiplier": 5})
    with pytest.raises(hp.ExportError, match=r"^workload: access_pattern_list\[0\]\.spread\.multiplier: expected only with") as e:
        hp.read_workload(doc)
    assert "\n" not in str(e.value)
    doc = _doc(shape={"kind": "spike", "duration_s": 86_401})
    with pytest.raises(hp.ExportError, match=r"access_pattern_list\[0\]\.shape\.duration_s: expected a number <= 86400"):
        hp.read_workload(doc)


@pytest.mark.parametrize(
    ("spread", "message"),
    [
        ({"design": "popular item", "hot_share": 0.9}, r"spread\.hot_share: expected hot_share only with design: date, "
         r"status or user_type \(design popular item takes multiplier, items, s\), got 0\.9"),
        ({"keys": 100, "hot_share": 0.5}, r"spread\.hot_share: expected hot_share only with design"),
    ],
)  # fmt: skip
def test_hot_share_where_no_design_reads_it_is_refused_not_ignored(spread, message):
    # before: popular item with hot_share 0.4, 0.9 or none planned the same hottest key, the knob silently ignored
    w = {"access_pattern_list": [{"pattern": "p", "table": "t", "operation": "PutItem", "rps": 10, "item_size_bytes": 100,
                                 "spread": spread}]}  # fmt: skip
    with pytest.raises(hp.ExportError, match=message):
        hp.read_workload(w)
    ok = {"pattern": "p", "table": "t", "operation": "PutItem", "rps": 10, "item_size_bytes": 100,
          "spread": {"design": "status", "hot_share": 0.34}}  # fmt: skip
    assert hp.read_workload({"access_pattern_list": [ok]}).patterns[0].spread.hot_share == 0.34
