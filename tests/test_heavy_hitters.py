"""Chapter 13's heavy-hitter estimators: Space-Saving and Count-Min against exact counts."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.models.heavy_hitters import _P, _hash_row

# --- a naive reference: Space-Saving as the paper states it, min found by a linear scan ----------


def naive_space_saving(keys, weights, k):
    counts, errors = {}, {}
    for key, w in zip(keys, weights, strict=True):
        if w == 0:
            continue
        if key in counts:
            counts[key] += w
        elif len(counts) < k:
            counts[key], errors[key] = w, 0
        else:
            m = min(counts.values())
            # take over the smallest counter; among equals, pick the one the heap would (any is valid)
            victim = next(v for v in counts if counts[v] == m)
            counts.pop(victim)
            errors.pop(victim)
            counts[key], errors[key] = m + w, m
    return counts, errors


streams = st.lists(st.integers(0, 40), min_size=0, max_size=300)
weighted = st.lists(
    st.tuples(st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]), st.integers(0, 9)), max_size=200
)


@settings(max_examples=150, deadline=None)
@given(stream=streams, k=st.integers(1, 12))
def test_space_saving_bounds_hold_against_exact_counts(stream, k):
    ss = hp.SpaceSaving(k)
    ss.update_many(stream)
    exact = hp.exact_counts(stream)
    n_total = len(stream)
    assert ss.total_weight == n_total
    assert sum(h.estimate for h in ss.top()) == n_total  # the counts always sum to N
    for h in ss.top():
        true = exact[h.key]
        assert true <= h.estimate <= true + h.error
        assert h.error <= n_total / k
        assert h.guaranteed <= true
    # every key heavier than N/k is monitored, and no estimate, monitored or not, is off by more than N/k
    for key, true in exact.items():
        if true > n_total / k:
            assert key in ss
    if exact:
        est = ss.estimate(list(exact))
        true = np.array(list(exact.values()))
        assert np.all(est >= true) and np.all(est - true <= n_total / k)


@settings(max_examples=100, deadline=None)
@given(events=weighted, k=st.integers(1, 6))
def test_weighted_space_saving_matches_the_naive_reference_and_its_bounds(events, k):
    keys = [e[0] for e in events]
    weights = [e[1] for e in events]
    ss = hp.SpaceSaving(k)
    ss.update_many(keys, weights)
    counts, _ = naive_space_saving(keys, weights, k)
    # the counts always sum to N and the smallest follows the same path, whichever of equal counters is taken
    assert sum(h.estimate for h in ss.top()) == sum(counts.values()) == sum(weights)
    assert ss.min_count == (min(counts.values()) if len(counts) == k else 0)
    exact = hp.exact_counts(keys, weights)
    total = sum(weights)
    for h in ss.top():
        assert exact[h.key] <= h.estimate <= exact[h.key] + h.error <= exact[h.key] + total / k


@settings(max_examples=100, deadline=None)
@given(events=weighted, k=st.integers(1, 6), cut=st.integers(0, 200))
def test_pre_aggregated_batches_keep_every_guarantee(events, k, cut):
    keys = [e[0] for e in events]
    weights = [e[1] for e in events]
    ss = hp.SpaceSaving(k)
    ss.update_many(keys[:cut], weights[:cut], aggregate=True)
    ss.update_many(keys[cut:], weights[cut:], aggregate=True)
    exact = hp.exact_counts(keys, weights)
    total = float(sum(weights))
    assert ss.total_weight == pytest.approx(total)
    for h in ss.top():
        assert exact[h.key] <= h.estimate <= exact[h.key] + h.error
        assert h.error <= total / k
    for key, true in exact.items():
        if true > total / k:
            assert key in ss


def test_space_saving_single_updates_equal_update_many():
    stream = hp.Zipf(500, 1.0).sample(3_000, seed=3).tolist()
    a, b = hp.SpaceSaving(20), hp.SpaceSaving(20)
    a.update_many(stream)
    for key in stream:
        b.update(key)
    assert a.top() == b.top()
    assert repr(a) == repr(b)


def test_space_saving_on_a_zipf_stream_finds_the_heavy_keys_and_the_top_ten():
    stream = hp.Zipf(10**5, 1.1).sample(50_000, seed=7)
    ss = hp.SpaceSaving(200)
    ss.update_many(stream)
    check = hp.compare_to_exact(ss, stream, n=10)
    assert check.within_bound and check.max_underestimate == 0
    assert check.heavy_keys > 10 and check.heavy_missed == 0
    assert check.recall == 1.0
    # with a skewed stream the head is nearly exact: far inside the worst-case bound
    assert check.rows[0].estimate - check.rows[0].true < 0.1 * check.bound


def test_space_saving_worst_case_bound_is_reached():
    # k distinct keys fill the counters, then each new key takes over the smallest: error grows to N/k
    k = 4
    stream = [0, 1, 2, 3, *range(100, 112)]
    ss = hp.SpaceSaving(k)
    ss.update_many(stream)
    assert max(h.error for h in ss.top()) == pytest.approx(ss.bound - 1)
    assert ss.min_count == pytest.approx(ss.bound)


# --- Count-Min ---------------------------------------------------------------------------------


def test_row_hash_matches_python_integers():
    rng = np.random.default_rng(0)
    x = rng.integers(0, _P, size=2_000, dtype=np.int64).astype(np.uint64)
    x[:3] = [0, 1, _P - 1]
    for a, b, width in [(_P - 1, _P - 1, 1_000), (1, 0, 2**20), (123456789012345, 987, 7)]:
        expected = [((a * int(v) + b) % _P) % width for v in x.tolist()]
        assert _hash_row(x, a, b, width).tolist() == expected


@settings(max_examples=60, deadline=None)
@given(
    stream=st.lists(st.one_of(st.integers(-(10**20), 10**20), st.text(max_size=4)), max_size=200),
    width=st.integers(1, 50),
    depth=st.integers(1, 5),
    seed=st.integers(0, 2**32),
)
def test_count_min_never_underestimates(stream, width, depth, seed):
    cm = hp.CountMin(width, depth, seed)
    cm.update_many(stream)
    exact = hp.exact_counts(stream)
    if exact:
        est = cm.estimate(list(exact))
        assert np.all(est >= np.array(list(exact.values())))
    assert cm.total_weight == len(stream)


def test_count_min_eps_bound_holds_with_probability_at_least_one_minus_delta():
    # one fixed stream, 300 seeds: for every key, the share of seeds whose estimate exceeds true + eps N
    stream = hp.Zipf(2_000, 0.8).sample(20_000, seed=11)
    exact = hp.exact_counts(stream)
    keys = np.array(list(exact))
    true = np.array(list(exact.values()))
    trials = 300
    width, depth = 40, 2  # eps = e/40, delta = e**-2 = 13.5%
    over = np.zeros(keys.size)
    for seed in range(trials):
        cm = hp.CountMin(width, depth, seed)
        cm.update_many(stream)
        est = cm.estimate(keys)
        assert np.all(est >= true)
        over += est - true > cm.bound
    worst = over.max() / trials
    delta = math.exp(-depth)
    # three binomial standard errors above delta
    assert worst <= delta + 3 * math.sqrt(delta * (1 - delta) / trials), worst


def test_count_min_from_error_meets_the_requested_eps_and_delta():
    cm = hp.CountMin.from_error(eps=0.01, delta=0.001, seed=4)
    assert cm.width == math.ceil(math.e / 0.01) and cm.depth == math.ceil(math.log(1000))
    assert cm.eps <= 0.01 and cm.delta <= 0.001
    assert hp.CountMin.from_error(0.5, 0.9).depth == 1


def test_count_min_is_reproducible_and_seeded():
    stream = [f"USER#{i % 97}" for i in range(5_000)]
    a, b, c = hp.CountMin(16, 3, 5), hp.CountMin(16, 3, 5), hp.CountMin(16, 3, 6)
    for cm in (a, b, c):
        cm.update_many(stream)
    keys = [f"USER#{i}" for i in range(97)]
    assert np.array_equal(a.estimate(keys), b.estimate(keys))
    assert not np.array_equal(a.estimate(keys), c.estimate(keys))


def test_count_min_weights_and_single_updates_add_up():
    a, b = hp.CountMin(64, 4, 0), hp.CountMin(64, 4, 0)
    a.update_many(["x", "y", "x"], [2.5, 1.0, 0.5])
    b.update("x", 3.0)
    b.update("y")
    assert np.array_equal(a.estimate(["x", "y"]), b.estimate(["x", "y"]))
    assert a.total_weight == b.total_weight == 4.0


def test_count_min_merge_equals_one_sketch_of_both_streams():
    stream = hp.Zipf(3_000, 1.0).sample(8_000, seed=9)
    whole, left, right = hp.CountMin(50, 3, 1), hp.CountMin(50, 3, 1), hp.CountMin(50, 3, 1)
    whole.update_many(stream)
    left.update_many(stream[:3_000])
    right.update_many(stream[3_000:])
    merged = left.merge(right)
    keys = np.unique(stream)
    assert np.array_equal(merged.estimate(keys), whole.estimate(keys))
    assert merged.total_weight == whole.total_weight == 8_000
    with pytest.raises(ValueError, match=r"^other = .* must be a CountMin with width=50, depth=3, seed=1"):
        left.merge(hp.CountMin(50, 3, 2))


def test_count_min_with_ample_width_is_exact_on_few_keys():
    stream = hp.Zipf(50, 1.0).sample(10_000, seed=2)
    cm = hp.CountMin.from_error(1e-4, 1e-3, seed=0)
    cm.update_many(stream)
    check = hp.compare_to_exact(cm, stream, n=5)
    assert check.max_error == 0 and check.recall == 1.0 and check.heavy_missed == 0


# --- exact counts, the comparison --------------------------------------------------------------


def test_exact_top_counts_and_orders():
    keys = np.array(["b", "a", "b", "c", "a", "b"])
    assert hp.exact_top(keys, n=2) == [("b", 3.0), ("a", 2.0)]
    assert hp.exact_top(keys, [1, 10, 1, 1, 1, 1], n=1) == [("a", 11.0)]
    assert hp.exact_top([("t", 1), ("t", 1), 5], n=5) == [(("t", 1), 2.0), (5, 1.0)]
    assert hp.exact_top([], n=3) == []
    # ties: first appearance first
    assert hp.exact_top([3, 1, 2, 1, 2, 3], n=3) == [(3, 2.0), (1, 2.0), (2, 2.0)]


def test_compare_to_exact_reports_errors_bound_and_recall():
    stream = hp.Zipf(10**4, 1.0).sample(20_000, seed=5)
    ss = hp.SpaceSaving(10)
    ss.update_many(stream)
    check = hp.compare_to_exact(ss, stream, n=10)
    exact = hp.exact_top(stream, n=10)
    assert [r.key for r in check.rows] == [k for k, _ in exact]
    assert [r.true for r in check.rows] == [c for _, c in exact]
    assert check.bound == pytest.approx(2_000) and check.within_bound
    assert 0 < check.recall < 1  # ten counters cannot hold the whole top ten of a Zipf(1) stream
    assert check.recall == sum(r.found for r in check.rows) / 10
    assert "recall" in repr(check) and "within" in repr(check)
    cm = hp.CountMin(10, 3, 0)
    cm.update_many(stream)
    check_cm = hp.compare_to_exact(cm, stream, n=10)
    assert check_cm.max_underestimate == 0 and check_cm.heavy_missed == 0
    assert check_cm.bound == pytest.approx(math.e / 10 * 20_000)


def _check_by_loop(estimator, stream, n):
    """The check as compare_to_exact made it before its lookups were vectorised: one key at a time, a full sort."""
    distinct = list(dict.fromkeys(stream))
    true = np.array([sum(1 for x in stream if x == key) for key in distinct], dtype=float)
    est = np.array([estimator.estimate([key])[0] for key in distinct])
    order = np.argsort(-true, kind="stable")[:n]
    if isinstance(estimator, hp.SpaceSaving):
        listed = {h.key for h in estimator.top(n)}
        found = [key in listed for key in distinct]
    else:
        found = np.zeros(len(distinct), dtype=bool)
        found[np.argsort(-est, kind="stable")[:n]] = True
    return [(distinct[i], true[i], est[i], bool(found[i])) for i in order], float((est - true).max())


@settings(max_examples=80, deadline=None)
@given(stream=st.lists(st.integers(-5, 30), min_size=1, max_size=200), k=st.integers(1, 12), n=st.integers(1, 15))
def test_vectorised_checks_equal_the_key_by_key_check(stream, k, n):
    ss, cm = hp.SpaceSaving(k), hp.CountMin(8, 2, seed=1)
    ss.update_many(np.array(stream)), cm.update_many(stream)
    arr = np.array(stream)
    assert ss.estimate(arr).tolist() == ss.estimate(stream).tolist()  # numpy lookup = one key at a time
    assert ss.monitored(arr).tolist() == ss.monitored(stream).tolist()
    for estimator, check in zip((ss, cm), hp.compare_each_to_exact([ss, cm], arr, n=n), strict=True):
        rows, max_error = _check_by_loop(estimator, stream, n)
        assert [tuple(r) for r in check.rows] == rows
        assert check.max_error == max_error
        assert check == hp.compare_to_exact(estimator, stream, n=n)


def test_compare_each_refuses_a_bare_estimator_and_names_the_bad_one():
    ss = hp.SpaceSaving(2)
    ss.update_many([1, 2])
    with pytest.raises(ValueError, match=r"^estimators = SpaceSaving"):
        hp.compare_each_to_exact(ss, [1, 2])
    with pytest.raises(ValueError, match=r"^estimators\[1\] = 'sketch' is not allowed"):
        hp.compare_each_to_exact([ss, "sketch"], [1, 2])


def test_keys_of_different_types_stay_distinct():
    assert hp.exact_counts([1, "1", 1]) == {1: 2.0, "1": 1.0}
    ss = hp.SpaceSaving(5)
    ss.update_many([1, "1", 1])
    assert ss.estimate([1, "1"]).tolist() == [2.0, 1.0]
    cm = hp.CountMin(2**20, 4, 0)
    cm.update_many([1, "1", 1])
    assert cm.estimate([1, "1"]).tolist() == [2.0, 1.0]


def test_heavy_hitter_stream_is_seeded_and_checked():
    a = hp.heavy_hitter_stream(1.0, 1_000, n_keys=50, seed=3)
    assert np.array_equal(a, hp.heavy_hitter_stream(1.0, 1_000, n_keys=50, seed=3))
    assert a.min() >= 1 and a.max() <= 50 and not a.flags.writeable
    with pytest.raises(ValueError, match=r"^n_events = -1 is out of range"):
        hp.heavy_hitter_stream(1.0, -1)


def test_compare_to_exact_refuses_another_stream():
    ss = hp.SpaceSaving(3)
    ss.update_many([1, 2, 3])
    with pytest.raises(ValueError, match="estimator has seen 3"):
        hp.compare_to_exact(ss, [1, 2])


# --- validation and repr -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.SpaceSaving(0), r"^k = 0 is out of range: must be in \[1, 1e\+07\]"),
        (lambda: hp.SpaceSaving(2.5), r"^k = 2.5 is not a whole number"),
        (lambda: hp.SpaceSaving(3).update("a", -1), r"^weight = -1 is out of range: must be in \[0, inf\)"),
        (lambda: hp.SpaceSaving(3).update(["unhashable"]), r"^key = \['unhashable'\] is not hashable"),
        (lambda: hp.SpaceSaving(3).update_many([[1]]), r"^keys\[0\] = \[1\] is not hashable"),
        (lambda: hp.SpaceSaving(3).update_many("abc"), r"^keys = 'abc' is not a sequence"),
        (lambda: hp.SpaceSaving(3).update_many([1, 2], [1, math.nan]), r"^weights\[1\] = nan"),
        (lambda: hp.SpaceSaving(3).update_many([1, 2], [1]), r"^weights has shape \(1,\): must be \(2,\)"),
        (lambda: hp.SpaceSaving(3).top(-1), r"^n = -1 is out of range"),
        (lambda: hp.CountMin(0, 3), r"^width = 0 is out of range"),
        (lambda: hp.CountMin(10, 65), r"^depth = 65 is out of range: must be in \[1, 64\]"),
        (lambda: hp.CountMin(10, 3, seed=-1), r"^seed = -1 is out of range"),
        (lambda: hp.CountMin.from_error(0, 0.1), r"^eps = 0 is out of range: must be in \(0, 1\]"),
        (lambda: hp.CountMin.from_error(0.1, 1), r"^delta = 1 is out of range: must be in \(0, 1\)"),
        (lambda: hp.CountMin(10, 3).update_many([1.5]), r"^keys\[0\] = 1.5 is not allowed: Count-Min keys must be int or str"),
        (lambda: hp.CountMin(10, 3).update("a", math.inf), r"^weight = inf is out of range"),
        (lambda: hp.exact_top([1], n=-2), r"^n = -2 is out of range"),
        (lambda: hp.compare_to_exact("sketch", [1]), r"^estimator = 'sketch' is not allowed"),
    ],
)
def test_bad_inputs_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_zero_weights_change_nothing():
    ss = hp.SpaceSaving(1)
    ss.update_many(["a", "b"], [1, 0])
    ss.update("c", 0)
    assert ss.top() == [hp.HeavyHitter("a", 1.0, 0)] and ss.total_weight == 1


def test_reprs_are_informative():
    ss = hp.SpaceSaving(4)
    ss.update_many([1, 1, 2])
    assert repr(ss) == "SpaceSaving(k=4: 2 keys monitored, N=3, bound N/k=0.75)"
    assert repr(hp.CountMin(100, 2, 9)).startswith("CountMin(width=100, depth=2, seed=9: eps=2.72%, delta=13.5%")


# --- the explorable ----------------------------------------------------------------------------


def test_explorable_data_checks_out():
    e = hp.EXPLORABLES["heavy_hitters"]
    data = e.data()
    ss, cm = data["ss"], data["cm"]
    assert ss.within_bound and ss.heavy_missed == 0 and cm.max_underestimate == 0
    assert ss.total_weight == cm.total_weight == e.defaults()["n_events"]
    # same controls, same stream: reproducible
    again = e.data()
    assert again["ss"] == ss and again["cm"] == cm


def test_explorable_axis_limits_do_not_depend_on_static_controls():
    e = hp.EXPLORABLES["heavy_hitters"]
    limits = set()
    for k in (e.control("k").low, e.control("k").high):
        for s in (e.control("s").low, e.control("s").high):
            fig = e.draw(e.data(k=k, s=s))
            limits.add((fig.axes[0].get_xlim(), fig.axes[0].get_ylim()))
    assert len(limits) == 1


def test_plain_plot_function_draws_a_finished_figure():
    stream = hp.Zipf(1_000, 1.0).sample(5_000, seed=0)
    ss = hp.SpaceSaving(20)
    ss.update_many(stream)
    _, (ax,) = hp.new_figure()
    hp.plot_heavy_hitters(ax, hp.compare_to_exact(ss, stream, n=10))
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel() and ax.get_legend() is not None


# --- hard edges (issue 15) ---------------------------------------------------------------------


@pytest.mark.parametrize("bad", [None, -1, "abc", math.nan, 2**64])
def test_edge_count_min_checks_its_seed(bad):
    with pytest.raises(ValueError, match=r"^seed = "):
        hp.CountMin(16, 2, seed=bad)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.HeavyHitter("a", math.nan, 0.0), r"^estimate = nan"),
        (lambda: hp.HeavyHitter("a", 2.0, 3.0), r"^error = 3.0 is out of range"),
        (lambda: hp.CheckRow("a", -1.0, 0.0, True), r"^true = -1.0 is out of range"),
        (lambda: hp.SpaceSaving(1e300), r"^k = 1e\+300 is out of range"),
    ],
)
def test_edge_records_refuse_bad_values_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_edge_records_stay_tuples():
    hit = hp.HeavyHitter("a", 3, 1)
    key, estimate, error = hit
    assert (key, estimate, error, hit.guaranteed) == ("a", 3, 1, 2)
    assert repr(hit) == "HeavyHitter(key='a', estimate=3, error=1)"
