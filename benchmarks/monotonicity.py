"""Monotonicity of the simulators, measured on random cases (issue 49, part 5): not a benchmark of speed.

For every capacity mode (provisioned, auto scaling, on-demand), with splits for heat and with global secondary
indexes, draw random tables, demands and settings, and check two properties the course states:

* **more capacity never throttles more**: the same case with 1.5 times the capacity (the table's, its bounds or
  its on-demand ceilings, and every index's) refuses no more units in all;
* **more demand never serves less**: the same case with each cell's demand raised by a random share (some cells
  left as they were) serves no fewer units in all.

A violation is named by the mode, the property and the case's seed, and classed by its cause where the model states
one (:func:`hotpart.models.split_for_heat.split_cost`, the property chapter 10 shows). Run::

    .venv/bin/python benchmarks/monotonicity.py --cases 10000            # every mode, 10,000 cases each
    .venv/bin/python benchmarks/monotonicity.py --cases 200 --mode indexes

and it prints one line per mode (cases, violations of each property, the worst, the seconds taken) and writes the
table to ``benchmarks/results/monotonicity.md`` with ``--write``. ``tests/test_monotonicity.py`` draws its Hypothesis
cases from the same generator.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hotpart as hp

#: The capacity factor and the relative tolerance of a comparison (float sums over different orders).
CAPACITY_FACTOR = 1.5
RTOL, ATOL = 1e-9, 1e-6
MODES = ("provisioned", "auto scaling", "on-demand", "split for heat", "indexes")
RESULTS = Path(__file__).resolve().parent / "results" / "monotonicity.md"


@dataclass
class Case:
    """One random case: ``run(factor, demand, **what_if)`` gives the (offered, served, throttled) totals with
    ``factor`` times the capacity, on ``demand``; ``what_if`` neutralises one mechanism to find a violation's cause:
    ``instant=True`` makes every adaptive capacity instant, ``lend=True`` turns adaptive capacity on and instant,
    ``bankless=True`` banks no burst (none at the start, next to none of the unused units), ``indexes=[i]`` keeps only
    those indexes. ``capacity(factor, demand)`` is auto scaling's capacity each second, ``splits(factor, demand)`` a
    split-for-heat run's splits, ``results(factor, demand)`` an index run's :class:`hotpart.IndexedResult`."""

    mode: str
    seed: int
    demand: np.ndarray
    run: Callable[..., tuple[float, float, float]]
    detail: dict[str, Any] = field(default_factory=dict)
    capacity: Callable[[float, np.ndarray], np.ndarray] | None = None
    splits: Callable[[float, np.ndarray], tuple] | None = None
    results: Callable[[float, np.ndarray], Any] | None = None


def _demand(rng: np.random.Generator, seconds: int, width: int, scale: float) -> np.ndarray:
    """A demand of one of four shapes: flat, steps, spikes, or noise; skewed across the columns."""
    weights = rng.dirichlet(np.full(width, rng.choice([0.3, 1.0, 5.0])))
    shape = rng.integers(4)
    t = np.arange(seconds)
    if shape == 0:
        level = np.ones(seconds)
    elif shape == 1:
        cuts = np.sort(rng.integers(0, seconds, size=3))
        level = np.select([t < cuts[0], t < cuts[1], t < cuts[2]], rng.uniform(0, 2, 3), rng.uniform(0, 2))
    elif shape == 2:
        level = np.where(rng.random(seconds) < 0.1, rng.uniform(1, 4), rng.uniform(0, 0.5))
    else:
        level = rng.uniform(0, 2, seconds)
    return np.outer(level, weights) * scale


def _more_demand(rng: np.random.Generator, demand: np.ndarray) -> np.ndarray:
    """Each cell raised by a random share up to doubled, a random part of the cells left as they were."""
    keep = rng.random(demand.shape) < rng.uniform(0, 0.9)
    raised = demand * (1.0 + rng.uniform(0, 1, demand.shape))
    if rng.random() < 0.3:  # now and then a cell that was idle gets some demand
        raised = raised + np.where(rng.random(demand.shape) < 0.05, rng.uniform(0, demand.max() + 1.0), 0.0)
    return np.where(keep, demand, raised)


def _provisioned(rng: np.random.Generator, auto: bool = False) -> hp.Provisioned:
    common = dict(
        adaptive=bool(rng.random() < 0.7),
        adaptive_delay_s=float(rng.choice([0.0, 3.0, 30.0])),
        initial_burst_s=float(rng.choice([0.0, 30.0, 300.0])),
        burst_reading=str(rng.choice(["bank", "window"])),
        burst_portion=float(rng.choice([1.0, 0.5])),
    )
    if not auto:
        return hp.Provisioned(**common)
    low = float(rng.choice([1.0, 50.0, 400.0]))
    return hp.AutoScaling(
        target=float(rng.choice([0.2, 0.5, 0.7, 0.9])),
        min_capacity=low,
        max_capacity=low * float(rng.choice([4.0, 40.0])),
        scale_up_minutes=int(rng.choice([1, 2])),
        scale_down_points=int(rng.choice([1, 3, 15])),
        lag_s=float(rng.choice([0.0, 30.0, 120.0])),
        scale_down_margin=float(rng.choice([0.0, 0.2])),
        decrease_quota=bool(rng.random() < 0.5),
        **common,
    )


#: The share of a second's unused units a ``bankless`` run banks (``burst_portion`` must be above 0).
BANKLESS_PORTION = 1e-12


def _scaled_mode(mode: Any, factor: float, instant: bool = False, lend: bool = False, bankless: bool = False) -> Any:
    """The same capacity mode with ``factor`` times its capacity: auto scaling's bounds, on-demand's ceilings; with
    ``instant`` its adaptive capacity instant, with ``lend`` on and instant, ``bankless`` without burst (nothing banked
    at the start, :data:`BANKLESS_PORTION` of the unused units)."""
    if isinstance(mode, hp.Provisioned) and (instant or lend):
        mode = dataclasses.replace(mode, adaptive_delay_s=0.0, adaptive=mode.adaptive or lend)
    if isinstance(mode, hp.Provisioned) and bankless:
        mode = dataclasses.replace(mode, initial_burst_s=0.0, burst_portion=BANKLESS_PORTION)
    if isinstance(mode, hp.AutoScaling):
        return dataclasses.replace(mode, min_capacity=mode.min_capacity * factor, max_capacity=mode.max_capacity * factor)
    if isinstance(mode, hp.OnDemand):
        up = {
            name: getattr(mode, name) * factor
            for name in ("previous_peak", "max_throughput", "quota", "warm_throughput")
            if getattr(mode, name) is not None
        }
        return dataclasses.replace(mode, **up)
    return mode


def _on_demand(rng: np.random.Generator) -> hp.OnDemand:
    return hp.OnDemand(
        previous_peak=float(rng.choice([50.0, 500.0, 3_000.0])),
        max_throughput=None if rng.random() < 0.5 else float(rng.choice([300.0, 2_000.0])),
        quota=None if rng.random() < 0.6 else float(rng.choice([1_000.0, 8_000.0])),
        doubling_s=float(rng.choice([5.0, 30.0, 1_800.0])),
        warm_throughput=None if rng.random() < 0.7 else float(rng.choice([1_000.0, 5_000.0])),
        over_peak_refused=float(rng.choice([1.0, 0.5, 0.0])),
    )


def _totals(res: Any) -> tuple[float, float, float]:
    return float(res.offered.sum()), float(res.served.sum()), float(res.throttled.sum())


def draw(mode: str, seed: int) -> Case:
    """A random case of ``mode`` from ``seed`` (the same case for the same seed)."""
    rng = np.random.default_rng([seed, MODES.index(mode)])
    if mode in ("provisioned", "auto scaling", "on-demand"):
        n = int(rng.integers(1, 9))
        seconds = int(rng.integers(20, 200 if mode != "auto scaling" else 1_200))
        wcu = float(rng.choice([0.0, 100.0, 400.0, 2_000.0, 6_000.0]))
        cap = mode_obj = _provisioned(rng, auto=mode == "auto scaling") if mode != "on-demand" else _on_demand(rng)
        demand = _demand(rng, seconds, n, float(rng.choice([100.0, 1_000.0, 5_000.0])))

        def sim(factor: float, d: np.ndarray, **what_if: Any) -> Any:
            return hp.simulate(hp.Table(n, wcu=wcu * factor), d, seconds, mode=_scaled_mode(cap, factor, **what_if))

        def run(factor: float, d: np.ndarray, **what_if: Any) -> tuple[float, float, float]:
            return _totals(sim(factor, d, **what_if))

        def capacity(factor: float, d: np.ndarray) -> np.ndarray:
            return np.asarray(sim(factor, d).capacity)

        detail = {"partitions": n, "seconds": seconds, "wcu": wcu, "mode": mode_obj}
        return Case(mode, seed, demand, run, detail, capacity if mode == "auto scaling" else None)
    if mode == "split for heat":
        k = int(rng.integers(2, 30))
        n = int(rng.integers(1, 5))
        seconds = int(rng.integers(60, 400))
        wcu = float(rng.choice([400.0, 2_000.0, 6_000.0]))
        keys = [f"k{i}" for i in range(k)]
        split = hp.SplitForHeat(
            threshold=float(rng.choice([0.3, 0.5, 0.8])),
            minutes=float(rng.choice([0.25, 0.5, 1.0])),
            monotonic_sort_key=bool(rng.random() < 0.2),
        )
        table_kw = dict(items_per_key=int(rng.choice([1, 1, 10, 200])), has_lsi=bool(rng.random() < 0.2))
        cap = _provisioned(rng) if rng.random() < 0.7 else _on_demand(rng)
        demand = _demand(rng, seconds, k, float(rng.choice([500.0, 2_000.0, 6_000.0])))

        def sim(factor: float, d: np.ndarray, **what_if: Any) -> Any:
            table = hp.Table(n, wcu=wcu * factor, **table_kw)
            return hp.simulate(table, d, seconds, keys=keys, mode=_scaled_mode(cap, factor, **what_if), split=split)

        def run(factor: float, d: np.ndarray, **what_if: Any) -> tuple[float, float, float]:
            return _totals(sim(factor, d, **what_if))

        detail = {"keys": k, "partitions": n, "wcu": wcu, "split": split, "mode": cap, **table_kw}
        return Case(mode, seed, demand, run, detail, splits=lambda factor, d: sim(factor, d).splits)
    if mode == "indexes":
        k = int(rng.integers(2, 20))
        n = int(rng.integers(1, 5))
        seconds = int(rng.integers(20, 120))
        wcu = float(rng.choice([400.0, 2_000.0, 6_000.0]))
        keys = [f"k{i}" for i in range(k)]
        values = [f"v{i}" for i in range(int(rng.integers(1, 5)))]
        gsis = []
        for g in range(int(rng.integers(1, 3))):
            mapping = [None if rng.random() < 0.15 else str(rng.choice(values)) for _ in keys]
            gsis.append(
                hp.GlobalSecondaryIndex(
                    f"gsi{g}",
                    mapping,
                    partitions=int(rng.integers(1, 4)),
                    wcu=float(rng.choice([100.0, 500.0, 2_000.0])),
                    fraction=float(rng.choice([1.0, 0.5])),
                    units_per_write=float(rng.choice([1.0, 2.0, 0.5])),
                    mode=_provisioned(rng),
                )
            )
        cap = _provisioned(rng)
        demand = _demand(rng, seconds, k, float(rng.choice([300.0, 1_500.0, 5_000.0])))

        def indexed(factor: float, d: np.ndarray, indexes: list[int] | None = None, **what_if: Any) -> Any:
            kept = gsis if indexes is None else [gsis[i] for i in indexes]
            scaled = [dataclasses.replace(g, wcu=g.wcu * factor, mode=_scaled_mode(g.mode, 1.0, **what_if)) for g in kept]
            base = _scaled_mode(cap, 1.0, **what_if)
            return hp.simulate_with_indexes(hp.Table(n, wcu=wcu * factor), d, seconds, keys, scaled, mode=base)

        def run(factor: float, d: np.ndarray, **what_if: Any) -> tuple[float, float, float]:
            return _totals(indexed(factor, d, **what_if).table)

        detail = {"keys": k, "partitions": n, "wcu": wcu, "indexes": gsis, "mode": cap}
        return Case(mode, seed, demand, run, detail, results=lambda factor, d: indexed(factor, d))
    raise ValueError(f"mode = {mode!r} is not allowed: must be one of {', '.join(map(repr, MODES))}")


#: The named causes of a violation, each found by rerunning the pair of runs with one mechanism neutralised (the
#: violation is explained when it disappears), tried in this order.
CAUSES = {
    "adaptive delay": "adaptive capacity's delay (adaptive_delay_s > 0; AWS's is instant): a partition short for "
    "fewer whole seconds in a row, or whose bank runs out with more left in its last second, waits again",
    "split halves the share": "a split for heat divides its partition's provisioned share between the halves: without "
    "adaptive capacity (or before it lends) the hot half serves less than the whole did, and more capacity or more "
    "demand makes a split happen",
    "split cut follows its second": "a split cuts its keys at the traffic median of the second it happens: more demand "
    "moves the cut, and a cut drawn from one second can divide the later seconds' traffic less evenly (both runs split "
    "at the same seconds, their keys cut at other places)",
    "split no longer triggers": "a split triggers on the units a partition serves: where the table's own limit (on-demand's "
    "maximum throughput or peak) scales every partition back, more demand can keep a partition under the trigger, and "
    "the split that relieved it in the other run never happens",
    "index charge order": "INDEX_CHARGE_ORDER: an index listed first is charged for writes a later index refuses",
    "bank spent on another mix": "two limits in series, the base partitions and the index partitions, each with its "
    "own burst bank: in the seconds where one of them fixes how many writes succeed, more demand changes whose writes "
    "those are, so a partition of the other spends more of its bank (or banks less) on them and runs short sooner "
    "(every second before the first that serves less served the same total, some partition a different share of it, "
    "or, where a bank moved units between seconds, the seconds before the run with more demand first falls behind in "
    "its running total served the same sum, some partition a different part of it; without burst banks the violation "
    "is gone)",
    "two limits in one second": "a base partition and an index partition (or two index partitions) refusing in the "
    "same second: each refuses the same share of every write that reaches it, so more demand for a key whose base "
    "partition is at its limit takes index capacity from keys of another base partition, while the partition at its "
    "limit serves the same total with more indexed writes and fewer others (shown by raising that one second's "
    "demand alone: it serves less in that very second, from the same state)",
    "auto scaling sized from consumption": "auto scaling sizes the capacity from the units served in its last minutes: "
    "the run with more demand or capacity was given less capacity in some second",
}


@dataclass
class Violation:
    mode: str
    seed: int
    prop: str  # "capacity" or "demand"
    before: float
    after: float
    offered: float
    cause: str = "unexplained"

    @property
    def share(self) -> float:
        """The change against the property, as a share of the offered units."""
        return abs(self.after - self.before) / self.offered if self.offered else 0.0


def _violates(case: Case, prop: str, more: np.ndarray, **what_if: Any) -> tuple[bool, float, float]:
    """Whether the pair of runs of ``prop`` violates it (with ``what_if``), and the two figures compared."""
    if prop == "capacity":
        before, after = case.run(1.0, case.demand, **what_if)[2], case.run(CAPACITY_FACTOR, case.demand, **what_if)[2]
        return after > before * (1 + RTOL) + ATOL, before, after
    before, after = case.run(1.0, case.demand, **what_if)[1], case.run(1.0, more, **what_if)[1]
    return after < before * (1 - RTOL) - ATOL, before, after


def cause(case: Case, prop: str, more: np.ndarray) -> str:
    """The named cause of a violation (:data:`CAUSES`): the first mechanism whose neutralising removes it."""
    if case.capacity is not None:  # auto scaling: did the run with more get less capacity somewhere?
        base = case.capacity(1.0, case.demand)
        other = case.capacity(CAPACITY_FACTOR, case.demand) if prop == "capacity" else case.capacity(1.0, more)
        if (other < base * (1 - 1e-12)).any():
            return "auto scaling sized from consumption"
    if case.mode == "split for heat":
        (splits_a, cuts_a), (splits_b, cuts_b) = (
            _splits(case, 1.0, case.demand),
            _splits(case, CAPACITY_FACTOR, case.demand) if prop == "capacity" else _splits(case, 1.0, more),
        )
        if splits_a != splits_b and not _violates(case, prop, more, lend=True)[0]:
            return "split halves the share"  # other splits, harmless once the halves lend to each other at once
        if _first_difference(cuts_a, cuts_b) < _first_difference([c[:2] for c in cuts_a], [c[:2] for c in cuts_b]):
            return "split cut follows its second"  # the same split, cut elsewhere, before any split differs
        if len(splits_b) < len(splits_a) and set(splits_b) < set(splits_a) and isinstance(case.detail["mode"], hp.OnDemand):
            return "split no longer triggers"  # the run with more lost splits the other made, and nothing else
    if not _violates(case, prop, more, instant=True)[0]:
        return "adaptive delay"
    if case.mode == "indexes" and len(case.detail["indexes"]) > 1:
        if all(not _violates(case, prop, more, indexes=[i])[0] for i in range(len(case.detail["indexes"]))):
            return "index charge order"
    if case.results is not None and prop == "demand":
        return _two_limits(case, more) or "unexplained"
    return "unexplained"


#: The most seconds :func:`_two_limits` raises one at a time (each a run of the case).
MAX_SECONDS_TRIED = 30


def _two_limits(case: Case, more: np.ndarray) -> str | None:
    """The cause of an index case's "more demand served less" found in its seconds: "bank spent on another mix" when
    every second before the first that serves less served the same total while some base or index partition served
    a different amount of it (or, where a bank moved units between seconds, the running totals: the same sum up to the
    first second where the run with more demand falls behind, some partition a different part of it), and banking no
    burst removes the violation; "two limits in one second" when raising the demand of one second alone (the state
    entering it unchanged) serves less in that second, with two limits refusing in it. ``None`` when neither holds."""
    a, b = case.results(1.0, case.demand), case.results(1.0, more)
    sa, sb = a.table.served.sum(axis=1), b.table.served.sum(axis=1)
    less = np.flatnonzero(sb < sa * (1 - RTOL) - ATOL)
    if less.size == 0:
        return None
    first = int(less[0])
    parts_a = [a.own.served, *(r.served for r in a.indexes.values())]
    parts_b = [b.own.served, *(r.served for r in b.indexes.values())]
    same_total = np.allclose(sa[:first], sb[:first], rtol=RTOL, atol=ATOL)
    other_mix = any(not np.allclose(x[:first], y[:first], rtol=RTOL, atol=ATOL) for x, y in zip(parts_a, parts_b, strict=True))
    if same_total and other_mix and not _violates(case, "demand", more, bankless=True)[0]:
        return "bank spent on another mix"
    for t in less[:MAX_SECONDS_TRIED]:
        one = case.demand.copy()
        one[t] = more[t]
        r = case.results(1.0, one)
        limits = int(r.own.throttled[t].sum() > ATOL) + sum(int(x.throttled[t].sum() > ATOL) for x in r.indexes.values())
        if limits >= 2 and r.table.served[t].sum() < sa[t] * (1 - RTOL) - ATOL:
            return "two limits in one second"
    # a bank moved units between seconds: the sums up to the first second where the run with more demand falls behind
    ca, cb = np.cumsum(sa), np.cumsum(sb)
    behind = np.flatnonzero(cb < ca * (1 - RTOL) - ATOL)
    first = int(behind[0]) if behind.size else 0
    same_sum = first > 0 and bool(np.isclose(cb[first - 1], ca[first - 1], rtol=RTOL, atol=ATOL))
    other_part = any(
        not np.isclose(x[:first].sum(), y[:first].sum(), rtol=RTOL, atol=ATOL) for x, y in zip(parts_a, parts_b, strict=True)
    )
    if same_sum and other_part and not _violates(case, "demand", more, bankless=True)[0]:
        return "bank spent on another mix"
    return None


def _first_difference(a: list, b: list) -> float:
    """The index of the first entry where two lists differ (``inf`` when they are the same)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return float("inf") if len(a) == len(b) else min(len(a), len(b))


def _splits(case: Case, factor: float, demand: np.ndarray) -> tuple[tuple, list]:
    """A split-for-heat run's splits ``(second, parent, child)`` and where each cut its keys (the segments' keys, items
    and partitions after each split), recorded from the model's own ``_split_partition``."""
    from hotpart.models import split_for_heat

    cuts: list = []
    original = split_for_heat._split_partition

    def recorded(seg: Any, p: int, new: int, *args: Any, **kwargs: Any) -> str:
        why = original(seg, p, new, *args, **kwargs)
        cuts.append((p, new, why, seg.key.tolist(), seg.items.tolist(), seg.part.tolist()))
        return why

    split_for_heat._split_partition = recorded
    try:
        splits = case.splits(factor, demand)
    finally:
        split_for_heat._split_partition = original
    return splits, cuts


def check(case: Case, rng: np.random.Generator | None = None) -> list[Violation]:
    """Both properties on one case; the violations found (none when the model is monotone there), with their cause."""
    rng = np.random.default_rng([case.seed, 99]) if rng is None else rng
    more = _more_demand(rng, case.demand)
    offered = case.run(1.0, case.demand)[0]
    out = []
    for prop in ("capacity", "demand"):
        bad, before, after = _violates(case, prop, more)
        if bad:
            out.append(Violation(case.mode, case.seed, prop, before, after, offered, cause(case, prop, more)))
    return out


def measure(mode: str, cases: int, first_seed: int = 0) -> tuple[list[Violation], float]:
    t0 = time.perf_counter()
    found: list[Violation] = []
    for seed in range(first_seed, first_seed + cases):
        found += check(draw(mode, seed))
    return found, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=10_000, help="random cases per mode (default 10,000)")
    ap.add_argument("--mode", action="append", choices=MODES, help="a mode (repeat; default: every mode)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help=f"write the table to {RESULTS.relative_to(RESULTS.parents[2])}")
    args = ap.parse_args(argv)
    rows = []
    for mode in args.mode or MODES:
        found, seconds = measure(mode, args.cases, args.first_seed)
        cap = [v for v in found if v.prop == "capacity"]
        dem = [v for v in found if v.prop == "demand"]
        worst = max(found, key=lambda v: v.share, default=None)
        line = (
            f"{mode}: {args.cases:,} cases, {len(cap)} more-capacity-throttled-more, {len(dem)} more-demand-served-less"
            + (f" (worst: seed {worst.seed}, {worst.prop}, {worst.share:.2%} of offered)" if worst else "")
            + f", {seconds:.0f} s"
        )
        print(line, flush=True)
        for v in found:
            change = f"{v.before:,.1f} -> {v.after:,.1f} ({v.share:.3%} of offered)"
            print(f"  seed {v.seed} {v.prop}: {change}: {v.cause}", flush=True)
        by_cause = {c: sum(v.cause == c for v in found) for c in [*CAUSES, "unexplained"]}
        print("  by cause: " + "; ".join(f"{n} {c}" for c, n in by_cause.items() if n), flush=True)
        rows.append((mode, args.cases, len(cap), len(dem), worst, seconds, found))
    if args.write:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(_table(rows, args))
    return 0


def _table(rows: list[tuple], args: argparse.Namespace) -> str:
    lines = [
        "# Monotonicity of the simulators on random cases",
        "",
        f"`.venv/bin/python benchmarks/monotonicity.py --cases {args.cases} --write` ({time.strftime('%Y-%m-%d')}): "
        f"each case once as drawn, once with {CAPACITY_FACTOR:g} times the capacity, once with more demand.",
        "",
        "| mode | cases | more capacity throttled more | more demand served less | worst | seconds |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for mode, n, cap, dem, worst, seconds, _ in rows:
        w = f"seed {worst.seed}, {worst.prop}, {worst.share:.2%} of offered" if worst else "none"
        lines.append(f"| {mode} | {n:,} | {cap} | {dem} | {w} | {seconds:.0f} |")
    lines += ["", "## Every violation, with its cause", ""]
    lines += [f"* **{c}**: {why}" for c, why in CAUSES.items()]
    lines += ["", "| mode | seed | property | before | after | share of offered | cause |"]
    lines += ["| --- | --- | --- | --- | --- | --- | --- |"]
    for mode, *_, found in rows:
        for v in found:
            lines.append(f"| {mode} | {v.seed} | {v.prop} | {v.before:,.1f} | {v.after:,.1f} | {v.share:.3%} | {v.cause} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
