"""Checking a design before it ships (chapter 17): the plan of a large design, its rehearsal, and the command.

* The plan: a CloudFormation template of 20 tables (each with a global index) and a workload of 10 access patterns
  per table (200 in all, reads and writes, Zipf and low-cardinality spreads, index spreads), read and planned by
  :func:`hotpart.read_plan`. Its floor is reading the same two files into their shapes (:func:`hotpart.read_definition`
  and :func:`hotpart.read_workload`: parsing and schema validation), which any check must do; the target is the
  plan within 1 s of CPU and within 10x its floor.
* The rehearsal: each of those tables' peak hour simulated second by second (:func:`hotpart.simulate_plan`, the
  table's writes with its index). Its floor is the simulator's run alone (:func:`hotpart.simulate_with_indexes` with
  the keys, demand and index already built); the target is 3x (the plan's contributions rebuilt, each pattern's
  256 hottest keys and each partition's stand-ins named by hash, then the same run) and the issue's 2 s.
* The command: ``python -m hotpart plan`` on the orders example, wall time, against loading the package's models
  (``python -c "import hotpart; hotpart.Table"``: ``import hotpart`` alone loads nothing since the layers load on
  first use, and every command that models pays for the models); the target is 2x.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _timing import time_call

import hotpart as hp
from hotpart.models.rehearsal import _simulation

TITLE = "Before you deploy: a 20-table plan, a peak hour rehearsed, the command"
TABLES = 20
PATTERNS = 10
PLAN_CPU_TARGET_S = 1.0
PLAN_RATIO_TARGET = 10.0
HOUR_TARGET_S = 2.0
HOUR_RATIO_TARGET = 3.0  # the inputs: the plan's contributions rebuilt, 256 keys a pattern and stand-ins named by hash
CLI_RATIO_TARGET = 2.0
ROOT = Path(__file__).resolve().parent.parent


def _template() -> dict:
    resources = {}
    for i in range(TABLES):
        resources[f"Table{i:02d}"] = {
            "Type": "AWS::DynamoDB::Table",
            "Properties": {
                "TableName": f"t{i:02d}",
                "AttributeDefinitions": [
                    {"AttributeName": "pk", "AttributeType": "S"},
                    {"AttributeName": "sk", "AttributeType": "S"},
                    {"AttributeName": "status", "AttributeType": "S"},
                ],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": "12000", "WriteCapacityUnits": "4000"},
                "GlobalSecondaryIndexes": [
                    {
                        "IndexName": "by-status",
                        "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                        "Projection": {"ProjectionType": "KEYS_ONLY"},
                        "ProvisionedThroughput": {"ReadCapacityUnits": "3000", "WriteCapacityUnits": "4000"},
                    }
                ],
            },
        }
    return {"AWSTemplateFormatVersion": "2010-09-09", "Resources": resources}


def _workload() -> dict:
    patterns = []
    for i in range(TABLES):
        for j in range(PATTERNS):
            write = j % 2 == 0
            p = {
                "pattern": f"{i:02d}-{j}",
                "table": f"t{i:02d}",
                "operation": "PutItem" if write else ("Query" if j % 3 == 0 else "GetItem"),
                "rps": 100 + 37 * j,
                "item_size_bytes": 800 + 100 * j,
                "spread": {"keys": 10 ** (3 + j % 4), "zipf": 0.6 + 0.1 * j},
            }
            if write:
                p["index_spread"] = {"by-status": {"shares": {"OPEN": 0.5, "PAID": 0.3, "SHIPPED": 0.2}}}
            if j == 9:
                p["gsi"] = "by-status"
                p["spread"] = {"shares": {"OPEN": 0.7, "PAID": 0.3}}
            patterns.append(p)
    return {"access_pattern_list": patterns}


def _cpu(fn, repeats: int) -> float:
    """CPU seconds of one call (the median of ``repeats``): the machine is shared, wall time is not the cost."""
    times = []
    for _ in range(max(1, repeats)):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return float(np.median(times))


def _wall(cmd: list[str], repeats: int) -> float:
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def run(repeats: int) -> list[str]:
    folder = Path(tempfile.mkdtemp(prefix="hotpart-bench-plan-"))
    definition, workload = folder / "template.json", folder / "workload.json"
    definition.write_text(json.dumps(_template()))
    workload.write_text(json.dumps(_workload()))
    hp.read_plan(definition, workload)  # warm: imports (jsonschema, the readers) are not the plan's cost

    floor = _cpu(lambda: (hp.read_definition(definition), hp.read_workload(workload)), repeats)
    t_plan = _cpu(lambda: hp.read_plan(definition, workload), repeats)
    p = hp.read_plan(definition, workload)
    n_patterns = len(p.patterns)

    # each table's peak hour; the floor is the same simulator call with its inputs already built
    hours = []
    for i in range(TABLES):
        name = f"t{i:02d}"
        t_h, _ = time_call(lambda name=name: hp.simulate_plan(p, name, "write", 3600), repeats)
        sim, args, kwargs = _simulation(p, name, "write", 3600)
        t_f, _ = time_call(lambda sim=sim, args=args, kwargs=kwargs: sim(*args, **kwargs), repeats)
        hours.append((t_h, t_f))
    t_hour, t_floor_hour = max(hours)  # the slowest table's

    example = [str(x) for x in (ROOT / "notebooks/data/plan/orders-cdk.template.json", "--workload",
                                ROOT / "notebooks/data/plan/orders-workload.yaml")]  # fmt: skip
    t_cli = _wall([sys.executable, "-m", "hotpart", "plan", *example], repeats)
    t_import = _wall([sys.executable, "-c", "import hotpart; hotpart.Table"], repeats)

    plan_ratio, hour_ratio, cli_ratio = t_plan / floor, t_hour / t_floor_hour, t_cli / t_import
    ok = {
        "plan": t_plan <= PLAN_CPU_TARGET_S and plan_ratio <= PLAN_RATIO_TARGET,
        "hour": t_hour <= HOUR_TARGET_S and hour_ratio <= HOUR_RATIO_TARGET,
        "cli": cli_ratio <= CLI_RATIO_TARGET,
    }
    yes = {k: "yes" if v else "NO" for k, v in ok.items()}
    return [
        "| measure | value | floor | ratio | target | met |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| plan of {TABLES} tables x {PATTERNS} patterns ({n_patterns} verdicts), CPU s (floor: reading both files) | "
        f"{t_plan:.3f} | {floor:.3f} | {plan_ratio:.1f}x | <= {PLAN_CPU_TARGET_S:g} s, <= {PLAN_RATIO_TARGET:g}x | "
        f"{yes['plan']} |",
        f"| the slowest of the {TABLES} tables' peak hours simulated, s (floor: its simulator run alone) | {t_hour:.2f} | "
        f"{t_floor_hour:.2f} | {hour_ratio:.2f}x | <= {HOUR_TARGET_S:g} s, <= {HOUR_RATIO_TARGET:g}x | {yes['hour']} |",
        f"| python -m hotpart plan (orders example), wall s (floor: loading the models) | {t_cli:.2f} | "
        f"{t_import:.2f} | {cli_ratio:.2f}x | <= {CLI_RATIO_TARGET:g}x | {yes['cli']} |",
    ]


if __name__ == "__main__":
    print("\n".join(run(3)))
