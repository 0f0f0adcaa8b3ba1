"""The survivors of ``make mutants`` on ``hotpart/models/findings.py`` in ``_backfill_findings``, ``_requests_only``,
``_finding`` and ``_row`` that are equivalent mutants (no input can tell them apart), each with the reason: (function,
the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges every ``equivalent/findings_*.py``.
The tests of these functions: tests/test_findings_mutants_a.py."""

_SHARE = "min(events / total, 1.0) if total > 0 else 0.0,"
_TOTAL = (
    "equivalent: total > 0 whenever _finding runs: find_causes returns before any scope is read when total <= 0 "
    "(the requests-only or no-throttling finding), and total is a sum of counts the readers keep in [0, 1e15] (no NaN: "
    "metric_data._number refuses it; simulations never go negative), so the test is always true"
)


def _changed(line: str, old: str, new: str) -> str:
    """A mutated line as mutmut shows it: the line, then the line with ``old`` replaced by ``new``."""
    return f"{line} -> {line.replace(old, new)}"


EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_backfill_findings",
        "peak = float(rate.max(initial=0.0)) -> peak = float(rate.max(initial=None))",
    ): "equivalent: initial=None is numpy's no initial value (ufunc.reduce: 'If None is given, the first element of the "
    "reduction is used'); rate has one value per minute (at least one) and none is negative (consumed capacity and "
    "throttle counts are >= 0, item_units and seconds > 0), so its maximum with or without the floor 0.0 is the same",
    ("_backfill_findings", "min(v / total, 1.0), -> min(v / total, 2.0),"): "equivalent: v / total <= 1 always: total "
    "(Evidence.total_events) is a float sum of non-negative counts that includes this backfill's own sum v, and rounded "
    "addition of non-negative terms never falls below a term, so v <= total and the cap 1.0 or 2.0 is never reached "
    "(an overflow to inf gives NaN or 0.0 under both)",
    ("_finding", _changed(_SHARE, "if total > 0", "if (total > 0) or True")): _TOTAL,
    ("_finding", _changed(_SHARE, "total > 0", "total >= 0")): _TOTAL,
    ("_finding", _changed(_SHARE, "else 0.0", "else 1.0")): _TOTAL,
}
