"""hotpart.models._memo: a remembered simulation is the same as a fresh run, and only an identical call finds it."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import hotpart as hp
from hotpart.models import _memo
from hotpart.models._memo import MAX_ENTRIES, cache_clear, cache_info, simulate_once


@pytest.fixture(autouse=True)
def _empty_memo():
    cache_clear()
    yield
    cache_clear()


def _assert_same_result(a: hp.SimulationResult, b: hp.SimulationResult) -> None:
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            assert x.dtype == y.dtype and np.array_equal(x, y), f.name
        else:
            assert x == y, f.name


CALLS = [
    (hp.Table(4, wcu=400), [50, 50, 50, 150], 120, {}),
    (hp.Table(4, wcu=400), [50, 50, 50, 150], 120, {"mode": hp.Provisioned(adaptive=False)}),
    (hp.Table(2), np.array([[300.0, 900.0]] * 90), 90, {"mode": hp.OnDemand(previous_peak=500.0)}),
    (hp.Table(2), [1_200.0, 10.0, 10.0], 300, {"keys": ["a", "b", "c"], "split": hp.SplitForHeat(minutes=1)}),
    (hp.Table(1, rcu=100), [80.0], 60, {"kind": "read", "mode": hp.AutoScaling()}),
]


@pytest.mark.parametrize("table, demand, seconds, kwargs", CALLS)
def test_a_remembered_result_is_a_fresh_runs_result(table, demand, seconds, kwargs):
    first = simulate_once(table, demand, seconds, **kwargs)
    again = simulate_once(table, np.array(demand, dtype=float), seconds, **kwargs)
    assert again is first
    assert {k: v for k, v in cache_info().items() if k != "bytes"} == {"hits": 1, "misses": 1, "entries": 1}
    _assert_same_result(first, hp.simulate(table, demand, seconds, **kwargs))


def test_every_argument_is_part_of_the_key():
    """Change any one argument and the call runs again, with that argument's result."""
    table, demand = hp.Table(4, wcu=400), [50.0, 50.0, 50.0, 150.0]
    base = simulate_once(table, demand, 60)
    variants = [
        (hp.Table(4, wcu=500), demand, 60, {}),
        (table, [50.0, 50.0, 50.0, 151.0], 60, {}),
        (table, [[50.0, 50.0, 50.0, 150.0]] * 60, 60, {}),  # same values per second, another shape
        (table, demand, 61, {}),
        (table, demand, 60, {"mode": hp.Provisioned(adaptive=False)}),
        (table, demand, 60, {"keys": ["a", "b", "c", "d"]}),
        (hp.Table(4, rcu=400), demand, 60, {"kind": "read"}),
    ]
    for t, d, s, kw in variants:
        got = simulate_once(t, d, s, **kw)
        assert got is not base
        _assert_same_result(got, hp.simulate(t, d, s, **kw))
    assert cache_info()["misses"] == 1 + len(variants)
    assert cache_info()["hits"] == 0


def test_the_least_recently_used_result_goes_first():
    table = hp.Table(1, wcu=100)
    first = simulate_once(table, [0.0], 10)
    for i in range(1, MAX_ENTRIES):
        simulate_once(table, [float(i)], 10)
    assert simulate_once(table, [0.0], 10) is first  # a hit makes it the most recent
    simulate_once(table, [float(MAX_ENTRIES)], 10)  # one too many: [1.0] is now the oldest and goes
    assert cache_info()["entries"] == MAX_ENTRIES
    assert simulate_once(table, [0.0], 10) is first
    misses = cache_info()["misses"]
    simulate_once(table, [1.0], 10)
    assert cache_info()["misses"] == misses + 1


@pytest.mark.parametrize(
    "demand, message",
    [([float("nan")], "demand"), ([-1.0], "demand"), ("many", "demand"), ([[1.0], [2.0, 3.0]], "demand")],
)
def test_invalid_arguments_raise_simulates_error_and_are_not_remembered(demand, message):
    with pytest.raises(ValueError, match=message):
        simulate_once(hp.Table(1, wcu=100), demand, 10)
    assert cache_info()["entries"] == 0


def test_an_unhashable_argument_is_passed_to_simulate():
    with pytest.raises((ValueError, TypeError)):
        simulate_once(hp.Table(1, wcu=100), [1.0], 10, mode=[1])
    assert cache_info()["entries"] == 0


def test_what_if_reruns_only_the_replay_a_control_changes():
    profile = [[1_500.0, 100.0]] * 3
    table = hp.Table(2, wcu=2_000)
    first = hp.what_if(profile, table, shards=4)
    assert cache_info()["misses"] == 5
    second = hp.what_if(profile, table, shards=8)  # only the sharded replay depends on the shard count
    assert cache_info()["misses"] == 6
    hp.what_if(profile, table, shards=8, capacity_factor=3.0)  # and only "more capacity" on the factor
    assert cache_info()["misses"] == 7
    cache_clear()
    fresh = hp.what_if(profile, table, shards=8)
    assert np.array_equal(second.refused, fresh.refused)
    assert np.array_equal(second.refused_per_minute, fresh.refused_per_minute)
    assert first.refused[0] == fresh.refused[0]


def test_results_cannot_be_changed_by_a_caller():
    res = simulate_once(hp.Table(1, wcu=100), [150.0], 10)
    with pytest.raises(ValueError):
        res.served[0, 0] = 0.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.ceiling = 0.0  # type: ignore[misc]
    assert _memo.MAX_ENTRIES >= 8  # an explorable's few runs per setting fit


def test_memory_is_bounded_in_bytes():
    """A result over a quarter of MAX_BYTES is returned but not kept; the kept ones never hold more than MAX_BYTES."""
    seconds = 3_600
    parts = (_memo.MAX_BYTES // 4) // (seconds * 33) + 1  # 33 bytes a cell (5 float64/32 arrays and the int8 reason)
    big = simulate_once(hp.Table(parts, wcu=100.0 * parts), [1.0] * parts, seconds)
    assert _memo._nbytes(big) > _memo.MAX_BYTES // 4
    assert cache_info()["entries"] == 0 and cache_info()["bytes"] == 0
    small_parts = parts // 2
    kept = [simulate_once(hp.Table(small_parts, wcu=float(i + 1)), [1.0] * small_parts, seconds) for i in range(9)]
    assert _memo._nbytes(kept[0]) <= _memo.MAX_BYTES // 4
    info = cache_info()
    assert info["bytes"] == sum(_memo._nbytes(r) for r, _ in _memo._RESULTS.values()) <= _memo.MAX_BYTES
    assert info["entries"] < 9  # the oldest went to make room
    assert simulate_once(hp.Table(small_parts, wcu=9.0), [1.0] * small_parts, seconds) is kept[-1]
