"""Chapters 21 and 22's cases (hotpart/figures/cross_shard.py, hotpart/figures/pitfalls.py), recomputed another way:
closed forms written out here, a Monte Carlo run, and the published transaction limits."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

# --- 21: scatter-gather ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "mean"), [(1, 10.0), (16, 10.0), (32, 8.0)])
def test_scatter_gather_p99_is_the_max_of_n_exponentials(n, mean):
    c = hp.scatter_gather_case(n, mean, size=20_000, seed=1)
    # P(max <= t) = (1 - exp(-t/mean))^n = 0.99  =>  t = -mean ln(1 - 0.99^(1/n))
    assert c["p99"] == pytest.approx(-mean * math.log1p(-(0.99 ** (1 / n))))
    assert c["p99_single"] == pytest.approx(-mean * math.log(0.01))
    assert c["p99_simulated"] == pytest.approx(c["p99"], rel=0.06)  # 20,000 draws: the 99th percentile within ~6 %


def test_scatter_gather_case_names_a_bad_parameter():
    with pytest.raises(ValueError, match="n_shards"):
        hp.scatter_gather_case(0, 10.0)
    with pytest.raises(ValueError, match="mean_ms"):
        hp.scatter_gather_case(4, 0.0)


# --- 21: two-phase commit ---------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(k=st.integers(1, 200), a=st.floats(0.9, 1.0), rate=st.floats(0, 1e4))
def test_two_phase_case_against_its_closed_forms(k, a, rate):
    month = 30 * 24 * 3600.0
    c = hp.two_phase_case(k, a, rtt_ms=1.0, log_ms=0.5, coordinator_mtbf_s=month, tx_per_s=rate)
    assert c["availability"] == pytest.approx(a ** (k + 1))  # k participants and the coordinator
    assert c["abort"] == pytest.approx(1 - a ** (k + 1), abs=1e-12)
    assert c["no_coordinator"] == pytest.approx(a**k)
    assert c["down_min_month"] == pytest.approx((1 - a ** (k + 1)) * 30 * 24 * 60, abs=1e-6)
    assert c["messages"] == 4 * k
    assert c["p_block_check"] == pytest.approx(c["blocking_window_ms"] / 1000 / month)
    assert c["p_block"] == pytest.approx(c["p_block_check"], rel=1e-6)  # a window of ms against a month
    assert c["blocks_per_mtbf"] == pytest.approx(c["p_block"] * rate * month)


def test_two_phase_case_names_a_bad_parameter():
    with pytest.raises(ValueError, match="availability"):
        hp.two_phase_case(4, 0.0)
    with pytest.raises(ValueError, match="coordinator_mtbf_s"):
        hp.two_phase_case(4, 0.999, coordinator_mtbf_s=0)


# --- 21: transaction limits -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "size"), [(250, 2_000), (100, 1_024), (101, 1_024), (1, 100 * 1024), (50, 400_000)])
def test_transaction_case_against_the_published_limits(n, size):
    c = hp.transaction_case(n, size)
    per_call = min(100, (4 * 1024 * 1024) // size)  # 100 actions and 4 MB per TransactWriteItems call
    assert c["per_call"] == per_call
    assert c["calls"] == math.ceil(n / per_call)
    assert c["wcu"] == n * 2 * math.ceil(size / 1024)  # a transactional write costs two units per KB


def test_transaction_case_of_chapter_20():
    assert hp.transaction_case(1, 100 * 1024)["per_call"] == 40
    assert hp.transaction_case(250, 2_000) == {"calls": 3.0, "per_call": 100.0, "wcu": 1_000.0}
    with pytest.raises(ValueError, match="item_bytes"):
        hp.transaction_case(1, 5 * 1024 * 1024)


# --- 22: ID collisions ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("p", "bits", "digits"), [(0.01, 64, 7), (0.001, 64, 6), (0.5, 32, 3)])
def test_collision_case_rounds_and_checks_itself(p, bits, digits):
    c = hp.collision_case(p, bits, digits)
    assert c["ids"] == pytest.approx(math.sqrt(-(2.0 ** (bits + 1)) * math.log1p(-p)))
    assert c["rounded"] % 10**digits == 0 and abs(c["rounded"] - c["ids"]) <= 10**digits / 2
    assert c["check"] == pytest.approx(p, rel=1e-4)  # int(ids) IDs and N(N - 1) for N^2: a hair below


def test_collision_case_agrees_with_a_monte_carlo_birthday_run():
    """16-bit IDs: draw the returned number of IDs 4,000 times; the share of draws with a repeat is the probability."""
    c = hp.collision_case(0.5, bits=16, digits=0)
    n = int(c["ids"])
    rng = np.random.default_rng(21)
    draws = rng.integers(0, 2**16, size=(4_000, n))
    sorted_draws = np.sort(draws, axis=1)
    repeated = (np.diff(sorted_draws, axis=1) == 0).any(axis=1).mean()
    assert repeated == pytest.approx(0.5, abs=0.03)


def test_collision_case_names_a_bad_parameter():
    with pytest.raises(ValueError, match="probability"):
        hp.collision_case(1.0)
    with pytest.raises(ValueError, match="digits"):
        hp.collision_case(0.5, digits=-1)


# --- 21: where the commit latency ends; 22: the suffixes as chapter 5 runs them -----------------------------


@pytest.mark.parametrize(("rtts", "log"), [([1.0] * 16, 0.5), ([1.0, 1.0, 1.0, 40.0], 0.5), ([2.0, 5.0], 0.0)])
def test_decision_latency_is_one_round_trip_and_two_logs_before_the_acknowledgements(rtts, log):
    t = hp.TwoPhaseCommit([0.999] * len(rtts), rtts, log_ms=log)
    assert t.decision_latency_ms == pytest.approx(max(rtts) + 2 * log) == pytest.approx(t.blocking_window_ms)
    assert t.latency_ms - t.decision_latency_ms == pytest.approx(max(rtts) + log)


def test_two_phase_case_of_chapter_20_reports_both_end_points():
    c = hp.two_phase_case(16, 0.999, 1.0, 0.5)
    assert (c["latency_ms"], c["decision_ms"]) == (3.5, 2.0)


def test_chapter_21_suffixes_are_chapter_5s_run():
    """Chapter 22 quotes the busiest suffix key from the same seeded hour as chapter 5: random above sequential, and
    sequential within a few writes of even on average (Poisson arrivals, ceil(X/N))."""
    w, n = hp.EXAMPLE_HOT_PARTITION["hot_wcu"], hp.EXAMPLE_SHARD_COUNT
    c = hp.write_sharding_case(w, n, seconds=3600, seed=5, utilization=hp.ASSUMPTIONS["SHARD_UTILIZATION"].value)
    assert c.even == w / n
    assert c.busiest_max >= c.busiest_mean > c.sequential_mean >= c.even
    assert c.sequential_max >= c.sequential_mean
    assert c.sequential_mean - c.even < 1.0
    counts = hp.simulate_shard_writes(w, n, 3600, seed=5)
    assert c.busiest_max == counts.max()
