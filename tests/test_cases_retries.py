"""Chapter 14's numbers as package functions (hotpart/figures/retries.py), each recomputed another way.

A closed form, a direct model call, a Monte Carlo draw or the runs themselves check what the chapter's functions
return, so that the chapter's hidden cells only call and glue. The regime claims the chapter's prose makes are
checked at the chapter's own settings, and shown to fail when the runs do not bear them out.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

CEILING = hp.PARTITION_MAX_WCU
BROOKER_DELAY_S = hp.BROOKER_2015["network_delay_mean_ms"] / 1000


# --- the expected sleeps --------------------------------------------------------------------------------------


def test_sleep_table_formats_every_row_of_the_check() -> None:
    check = hp.sleep_check(7, 0.05, 1.0, size=2_000, seed=14)
    header, rows = hp.sleep_table(check)
    assert len(header) == 5 and len(rows) == 4 * 6  # four strategies, six retries
    for (jitter, n, _closed, mean, gap), row in zip(check["rows"], rows, strict=True):
        assert row[:2] == (jitter, n) and row[3] == f"{mean:.4f}"
        share = {"none": 1.0, "full": 0.5, "equal": 0.75, "decorrelated": None}[jitter]
        assert row[2] == ("-" if share is None else f"{min(1.0, 0.05 * 2**n) * share:.4f}")  # v_n, 3 v_n / 4, v_n / 2
        assert (row[4] == "-") == (gap is None)
    with pytest.raises(ValueError, match="check"):
        hp.sleep_table({"worst_gap": 0.0})


def test_sleep_budget_is_the_geometric_series_and_the_monte_carlo_mean() -> None:
    boto3 = hp.SDK_BOTO3_LEGACY
    out = hp.sleep_budget(boto3)
    r = boto3.retries
    assert out["retries"] == r == boto3.attempts - 1
    # no jitter and no cap reached: base (2^r - 1), and the mean is the maximum
    assert out["max_s"] == pytest.approx(hp.SDK_BOTO3_LEGACY_BASE_S * (2**r - 1), rel=1e-12)
    assert out["expected_s"] == pytest.approx(out["max_s"])
    std = hp.sleep_budget(hp.SDK_STANDARD)
    v = [min(hp.SDK_STANDARD_MAX_BACKOFF_S, hp.SDK_STANDARD_BASE_S * 2**n) for n in range(hp.SDK_STANDARD.retries)]
    assert std["max_s"] == pytest.approx(sum(v)) and std["expected_s"] == pytest.approx(sum(v) / 2)  # Full Jitter
    # against a seeded draw of whole requests' sleeps
    totals = hp.SDK_STANDARD.sample_sleeps(40_000, seed=3).sum(axis=1)
    se = totals.std() / np.sqrt(totals.size)
    assert abs(totals.mean() - std["expected_s"]) < 5 * se and totals.max() <= std["max_s"] + 1e-12
    assert hp.sleep_budget(hp.Backoff(4, 0.1, 1.0, "decorrelated"))["expected_s"] is None
    with pytest.raises(ValueError, match="policy"):
        hp.sleep_budget("full")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    attempts=st.integers(1, 12),
    base_s=st.floats(0.001, 2.0),
    cap_factor=st.floats(1.0, 100.0),
    jitter=st.sampled_from(["none", "full", "equal"]),
)
def test_sleep_budget_mean_never_exceeds_the_maximum(attempts: int, base_s: float, cap_factor: float, jitter: str) -> None:
    cap_s = min(3_600.0, base_s * cap_factor)
    out = hp.sleep_budget(hp.Backoff(attempts, base_s, cap_s, jitter))
    share = {"none": 1.0, "full": 0.5, "equal": 0.75}[jitter]
    assert out["expected_s"] == pytest.approx(share * out["max_s"], rel=1e-9)
    assert out["max_s"] <= (attempts - 1) * cap_s * (1 + 1e-12)


# --- the short spike ------------------------------------------------------------------------------------------


def test_retry_summary_recomputes_the_ratios() -> None:
    res = hp.simulate_retries(hp.DYNAMODB_JAVA_V1, hp.spike_demand(400, 2_000, 8, 2), CEILING, seed=14)
    s = hp.retry_summary(res)
    assert s["calls"] == s["requests"] + s["extra_calls"]  # every call is a first attempt or a retry
    assert s["throttle_events"] == s["calls"] - (s["requests"] - s["gave_up"])  # refused calls = calls - successes
    assert s["consumed_units"] == s["requests"] - s["gave_up"]  # one unit per successful write
    assert s["events_per_request"] == pytest.approx(s["throttle_events"] / 5_200)  # 400 x 8 + 2,000 requests
    assert s["calls_per_request"] == pytest.approx(s["calls"] / 5_200)
    assert s["p50_s"] == pytest.approx(np.percentile(res.latency, 50)) and s["p99_s"] >= s["p50_s"]
    with pytest.raises(ValueError, match="result"):
        hp.retry_summary(None)  # type: ignore[arg-type]


def test_retry_spike_case_matches_direct_runs_and_stays_under_the_ceiling() -> None:
    spike = hp.spike_demand(400, 2_000, 8, 2)
    case = hp.retry_spike_case(spike, CEILING, seed=14)
    names = list(hp.spike_policies())
    assert list(case["summaries"]) == [*names[:2], hp.ONE_CLIENT_LABEL, *names[2:]] and len(case["rows"]) == 8
    for name, policy in hp.spike_policies().items():
        direct = hp.simulate_retries(policy, spike, CEILING, seed=14)
        assert case["summaries"][name]["throttle_events"] == direct.throttle_events
        assert case["summaries"][name]["success_rate"] == direct.success_rate
    # the one-client row: Boto3's default with botocore's retry quota shared by every request; it fails fast
    shared = hp.simulate_retries(hp.SDK_STANDARD, spike, CEILING, seed=14, retry_quota=hp.SDK_STANDARD_RETRY_QUOTA)
    assert case["summaries"][hp.ONE_CLIENT_LABEL]["success_rate"] == shared.success_rate
    assert shared.quota_denied > 0 and shared.success_rate < case["summaries"][names[1]]["success_rate"]
    none = case["summaries"]["no retries"]
    assert none["calls"] == none["requests"] and none["extra_calls"] == 0  # one attempt: no retries at all
    # the partition serves at most its rate plus a full bucket in any second, retries or not
    assert case["max_allowed"] == CEILING * (1 + hp.DEFAULT_BURST_S)
    assert case["max_served"] == max(int(r.served.max()) for r in case["results"].values()) <= case["max_allowed"]
    assert case["summaries"]["Java 1.x DynamoDB default (2015 code)"]["success_rate"] > none["success_rate"]
    with pytest.raises(ValueError, match="spike"):
        hp.retry_spike_case([1.5, 2.0])
    with pytest.raises(ValueError, match="capacity"):
        hp.retry_spike_case(spike, 0)


def test_capacity_ahead_sweep_banked_burst_leaves_only_the_ceiling() -> None:
    spike = hp.spike_demand(400, 2_000, 8, 2)
    out = hp.capacity_ahead_sweep([250.0, 500.0, 1_000.0, 2_000.0], spike, hp.SDK_STANDARD, seed=14)
    assert out["banked_same"]
    assert out["banked_refused"] == float(spike[2] - CEILING)  # the spike second above the ceiling, closed form
    assert [c["rate"] for c in out["cases"]] == [250.0, 500.0, 1_000.0, 1_000.0]
    assert out["cases"][1]["success"] == hp.capacity_ahead(500.0, spike, hp.SDK_STANDARD)["success"]
    assert out["rows"][2][:2] == ("1,000", "1,000") and out["header"][-1].endswith("300 s banked")
    # a share whose 300 s bank cannot carry the spike refuses more: the claim can fail
    assert not hp.capacity_ahead_sweep([1.0, 2_000.0], spike, hp.SDK_STANDARD)["banked_same"]
    with pytest.raises(ValueError, match="shares"):
        hp.capacity_ahead_sweep([], spike, hp.SDK_STANDARD)


# --- the lockstep herd (exercise 2) ------------------------------------------------------------------------------


def test_lockstep_case_formula_equals_the_simulation() -> None:
    java = hp.DYNAMODB_JAVA_V1
    out = hp.lockstep_case(java, 2_000, CEILING, seed=0)
    b = CEILING * hp.DEFAULT_BURST_S
    v = [min(java.cap_s, java.base_s * 2**n) for n in range(java.retries)]
    assert out["bucket"] == b
    assert out["admitted"] == pytest.approx(b + sum(min(b, CEILING * g) for g in v))  # the closed form
    assert out["successes"] == out["admitted"]  # no jitter: the simulation is exact
    assert out["success_rate"] == pytest.approx(out["admitted"] / 2_000)
    assert out["full_waves"] == sum(CEILING * g >= b for g in v)
    # the waves the bucket has not refilled in time are listed, the full ones counted: no gap in both
    partial = [g for g in v if CEILING * g < b]
    assert out["first_gaps_ms"] == ", ".join(f"{g * 1000:g}" for g in partial) == "25, 50"
    assert out["first_admits"] == "25, 50" and len(partial) + out["full_waves"] == java.retries
    with pytest.raises(ValueError, match="herd"):
        hp.lockstep_case(java, 0, CEILING)


# --- Brooker's comparison across regimes ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chapter_regimes() -> tuple[hp.JitterRegimes, hp.JitterRegimes]:
    """The chapter's runs: his 100 clients and 300 in his model, 500 and 2,000 on the bucket, 5 seeds."""
    delays = [0.0, BROOKER_DELAY_S]
    occ = hp.jitter_regimes([hp.BROOKER_2015["clients_quoted"], 300], delays, models=("occ",), runs=5, seed=0)
    bucket = hp.jitter_regimes([500, 2000], delays, models=("bucket",), capacity=CEILING, runs=5, seed=0)
    return occ, bucket


def test_regime_findings_at_the_chapters_settings(chapter_regimes) -> None:
    occ, bucket = chapter_regimes
    f = hp.regime_findings(occ, bucket)
    assert f["failed"] == () and all(f["checks"].values())  # every claim of the chapter's prose holds
    assert f["r1_order"] == tuple(hp.BROOKER_2015["calls_order"]) and f["texts"]["r1_agrees"] == "the same as"
    assert f["texts"]["fd_verdict"] == "Holds in his set-up."
    # recomputed from the runs themselves
    calls = {j: np.median(occ.runs[("occ", 100, BROOKER_DELAY_S, j)][0]) for j in hp.JITTERS}
    assert f["r1_calls"] == pytest.approx(calls) and f["r1_per_client"] == pytest.approx(calls["full"] / 100)
    assert f["r3_calls"]["none"] == 100 * 101 / 2 and f["r3_none_large"] == 300 * 301 / 2  # N (N + 1) / 2
    assert f["cap_retry"] == 9 and f["r1_per_client"] < 9 < f["r2_per_client"]
    b2 = {j: np.median(bucket.runs[("bucket", 2000, 0.0, j)][0]) for j in hp.JITTERS}
    assert f["b2_fewer"] == pytest.approx(1 - b2["equal"] / b2["full"])
    assert f["rate_bound"] == pytest.approx((2000 - CEILING * hp.DEFAULT_BURST_S) / CEILING)  # 1.9 s
    small = {j: np.median(bucket.runs[("bucket", 500, 0.0, j)][0]) for j in hp.JITTERS}
    rank = sorted(hp.JITTERS, key=small.get).index("none")
    assert f["none_rank_small"] == ("first", "second", "third", "fourth")[rank]
    eq = bucket.runs[("bucket", 2000, 0.0, "equal")][1]
    assert f["b2_equal_times"] == pytest.approx((eq.min(), eq.max(), eq.mean()))
    assert f["none_x"] == pytest.approx(np.median(bucket.runs[("bucket", 2000, 0.0, "none")][1]) / f["rate_bound"])


def test_regime_findings_reports_a_claim_the_runs_do_not_bear_out(chapter_regimes) -> None:
    occ, bucket = chapter_regimes
    runs = dict(bucket.runs)
    for d in (0.0, BROOKER_DELAY_S):  # swap Equal and Full Jitter on the small bucket herd
        runs[("bucket", 500, d, "equal")], runs[("bucket", 500, d, "full")] = (
            runs[("bucket", 500, d, "full")],
            runs[("bucket", 500, d, "equal")],
        )
    f = hp.regime_findings(occ, dataclasses.replace(bucket, runs=runs))
    assert "bucket_equal_fewer_than_full" in f["failed"] and not f["checks"]["bucket_equal_fewer_than_full"]


def test_regime_findings_refuses_runs_it_cannot_read() -> None:
    occ = hp.jitter_regimes([20, 40], [0.0, 0.01], models=("occ",), runs=1)
    bucket = hp.jitter_regimes([150, 300], [0.0, 0.01], models=("bucket",), runs=1)
    with pytest.raises(ValueError, match="occ"):
        hp.regime_findings(bucket, bucket)
    with pytest.raises(ValueError, match="bucket"):
        hp.regime_findings(occ, hp.jitter_regimes([150, 300], [0.0, 0.02], models=("bucket",), runs=1))
    with pytest.raises(ValueError, match="occ"):
        hp.regime_findings(hp.jitter_regimes([20, 40], [0.0], models=("occ",), runs=1), bucket)
    with pytest.raises(ValueError, match="bucket"):
        hp.regime_findings(occ, "runs")  # type: ignore[arg-type]


def test_herd_sweep_matches_herd_comparison_and_can_report_failures() -> None:
    out = hp.herd_sweep([250, 1_000], CEILING, attempts=50, runs=2, seed=0)
    b = hp.BROOKER_2015
    direct = hp.herd_comparison(1_000, CEILING, attempts=50, base_s=b["base_ms"] / 1000, cap_s=b["cap_ms"] / 1000, runs=2)
    assert out["comparisons"][1].calls == direct.calls and out["all_succeed"]
    assert out["sizes_text"] == "250, 1,000"
    # one attempt each: only the bucket's 100 of a 500 herd succeed
    assert not hp.herd_sweep([500], CEILING, attempts=1, runs=1)["all_succeed"]
    with pytest.raises(ValueError, match="sizes"):
        hp.herd_sweep([0])


# --- the explorable's update ----------------------------------------------------------------------------------------


def test_retry_storm_update_changes_the_title_and_the_data() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    e = hp.EXPLORABLES["retry_storm"]
    fig = e.draw(e.data(jitter=0, spike=0))
    before = fig.axes[0].lines[0].get_ydata().copy()
    e.redraw(fig, e.data(jitter=1, spike=3000))
    ax = fig.axes[0]
    assert ax.get_title().startswith("3,000 requests at once") and "full jitter" in ax.get_title()
    assert not np.array_equal(before, ax.lines[0].get_ydata())
    assert len(ax.lines) == 3 and len(ax.collections) == 1  # updated in place, nothing added
    plt.close(fig)


def test_quota_retries_is_the_quota_over_the_cost() -> None:
    # 500 tokens, 5 per retry after throttling
    assert hp.quota_retries() == hp.SDK_STANDARD_RETRY_QUOTA // hp.SDK_STANDARD_THROTTLING_RETRY_COST == 100
    assert hp.quota_retries(9, 10) == 0 and hp.quota_retries(10, 10) == 1
    with pytest.raises(ValueError, match="cost"):
        hp.quota_retries(500, 0)
