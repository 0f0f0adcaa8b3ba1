"""`make bench`'s issue-17 report: each measure against its target, and the bounds computed from the run's numbers."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

RUN = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


@pytest.fixture()
def bench(monkeypatch: pytest.MonkeyPatch):
    spec = importlib.util.spec_from_file_location("bench_run", RUN)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "SUMMARY", {})
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    return module


def test_a_measure_over_its_target_is_marked_missed_and_one_under_met(bench) -> None:
    bench.SUMMARY.update(cold=80.0, edit=16.0, fresh_test=460.0)
    rows = {row.split(" | ")[0].lstrip("| "): row for row in bench.issue17_table()}
    assert rows["cold `make book`, virtualenv present"].endswith("| yes |")
    assert rows["one-chapter prose edit, then `make book`"].endswith("| NO |")
    fresh = rows["fresh-clone `make test` (`--fresh-clone-test`)"]
    assert fresh.split(" | ")[1:] == ["460 s", "<= 300 s", "NO |"]
    assert "not measured in this run" in rows["frame render, per frame (median)"]


def test_the_fresh_clone_bound_is_the_set_up_plus_cpu_over_cores(bench) -> None:
    bench.SUMMARY.update(
        fresh_test=500.0,
        fresh_test_venv=90.0,
        fresh_test_venv_cpu=60.0,
        fresh_test_run=410.0,
        fresh_test_run_cpu=700.0,
        fresh_test_pytest=400.0,
    )
    (line,) = [line for line in bench.issue17_bounds() if "Fresh-clone" in line]
    assert "the set-up (virtualenv and requirements) 90 s, then the tests 410 s (pytest's session 400 s)" in line
    assert "700 CPU s, 1.71 of 2 cores busy" in line
    assert "finishes under 350 s" in line
    assert "440 s, is this suite's floor here" in line
