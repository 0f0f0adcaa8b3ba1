"""Closing the loop (issue 48, item 5): each planned table of the chapter's examples, simulated at its peak, exported
in AWS's formats, read back and diagnosed; the diagnosis picks the cause the plan predicts, and the simulation
refuses the units per second the plan predicts."""

from __future__ import annotations

import pytest

import hotpart as hp
from conftest import ROOT

DATA = ROOT / "notebooks" / "data" / "plan"
EXAMPLES = {
    "orders": ("orders-cdk.template.json", "orders-workload.yaml", "GSI-only throttling"),
    "daily-stats": ("orders-cdk.template.json", "orders-workload.yaml", "low-cardinality key"),
    "sessions-prod": ("sessions-plan.json", "sessions-workload.json", "single-key write concentration"),
    "Catalog": ("catalog-workbench.json", "catalog-workload.yaml", "single-key read concentration"),
}


@pytest.mark.parametrize("table", sorted(EXAMPLES))
def test_the_diagnosis_of_the_rehearsed_peak_is_the_plans_cause(table):
    definition, workload, cause = EXAMPLES[table]
    p = hp.read_plan(DATA / definition, DATA / workload)
    r = hp.rehearse(p, table)
    assert r.expected == cause and r.diagnosis.symptom == cause and r.agrees, r
    # the diagnosis's remedy row is the one the plan's verdict names
    assert r.diagnosis.symptom in hp.REMEDIES


def test_the_rehearsal_refuses_what_the_plan_refuses():
    """The orders table's status index: the plan's refused units per second and the simulation's agree once
    burst capacity is spent (the simulation's last minute)."""
    p = hp.read_plan(DATA / "orders-cdk.template.json", DATA / "orders-workload.yaml")
    res = hp.simulate_plan(p, "orders", "write", 900)
    worst = max((v for v in p.patterns if v.table == "orders"), key=lambda v: v.refused)
    assert worst.refused == pytest.approx(1_400)
    assert float(res.indexes["by-status"].throttled[-60:].sum(axis=1).mean()) == pytest.approx(worst.refused, rel=1e-9)
    # the index refuses, and the table's writes are refused with it (back-pressure); the table's own partitions do not
    assert float(res.table.throttled[-60:].sum(axis=1).mean()) == pytest.approx(worst.refused, rel=1e-9)
    assert float(res.own.throttled.sum()) == 0


def test_a_design_that_fits_rehearses_without_throttling():
    t = hp.TableDefinition("t", "provisioned", ("userId",), read_units=1_000, write_units=4_000)
    w = {"access_pattern_list": [{"pattern": "put", "table": "t", "operation": "PutItem", "rps": 1_000,
                                  "item_size_bytes": 800, "spread": {"keys": 1_000_000}}]}  # fmt: skip
    p = hp.plan(t, w)
    assert p.worst == "fits"
    r = hp.rehearse(p, "t", seconds=300)
    assert r.diagnosis.symptom == "no throttling"


def test_the_rehearsal_refuses_tables_the_plan_did_not_plan_and_odd_durations():
    p = hp.read_plan(DATA / "sessions-plan.json", DATA / "sessions-workload.json")
    with pytest.raises(ValueError, match="must be a table the plan planned"):
        hp.rehearse(p, "nope")
    with pytest.raises(ValueError, match="whole number of minutes"):
        hp.rehearse(p, "sessions-prod", seconds=330)


def test_plan_and_its_simulation_refuse_bad_arguments_by_name_before_any_work(tmp_path):
    t = hp.TableDefinition("t", "provisioned", ("userId",), read_units=1_000, write_units=4_000)
    w = {"access_pattern_list": [{"pattern": "put", "table": "t", "operation": "PutItem", "rps": 1_000,
                                  "item_size_bytes": 800, "spread": {"keys": 1_000_000}}]}  # fmt: skip
    from decimal import Decimal

    p = hp.plan(t, w, seed=Decimal(7))
    assert p.seed == 7 and type(p.seed) is int  # converted, never stored as it came
    assert hp.plan(t, w, seed=2**64 - 1).seed == 2**64 - 1  # the largest seed
    missing = tmp_path / "no-such-definition.json"  # the seed is checked before a file is read
    for bad in (-1, 2**64, 0.5, None, "3", True):
        with pytest.raises(ValueError, match=r"^seed = "):
            hp.plan(t, w, seed=bad)
        with pytest.raises(ValueError, match=r"^seed = "):
            hp.read_plan(missing, w, seed=bad)
    with pytest.raises(ValueError, match=r"^tables = \['t'\] is not allowed: must be a TableDefinition"):
        hp.plan(["t"], w)
    with pytest.raises(ValueError, match=r"^plan = 'p' is not a Plan"):
        hp.simulate_plan("p", "t")
    for bad in (59, 7201, 60.5):
        with pytest.raises(ValueError, match=r"^seconds = "):
            hp.simulate_plan(p, "t", "write", bad)
    assert hp.simulate_plan(p, "t", "write", 60).seconds == 60  # the least, a minute
