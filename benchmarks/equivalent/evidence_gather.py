"""The survivors of ``make mutants`` on ``hotpart/models/evidence.py`` in :func:`gather_evidence` that are equivalent
mutants (no behaviour can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) ->
why. ``benchmarks/mutants.py`` reads ``EQUIVALENT`` from this folder's files named after the module."""

_ONLINE = 'known = {name for name in metrics.indexes} | set(getattr(metrics, "online", {}) or {})'
_REPORTS = 'reports = dict(getattr(metrics, "key_reports", {}) or {})'
EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "gather_evidence",
        f"{_ONLINE} -> {_ONLINE.replace('{}) or', 'None) or')}",
    ): "equivalent: the default is read only when the Metrics has no `online` (a simulation's), and `None or {}` and "
    "`{} or {}` are the same empty dict",
    (
        "gather_evidence",
        f"{_REPORTS} -> {_REPORTS.replace('{}) or', 'None) or')}",
    ): "equivalent: `key_reports` is a field of every Metrics (the isinstance check above refuses anything else), so "
    "the default is never read; were it read, `None or {}` and `{} or {}` are the same empty dict",
    (
        "gather_evidence",
        f"{_REPORTS} -> {_REPORTS.replace(', {}) or', ', ) or')}",
    ): "equivalent: `key_reports` is a field of every Metrics (a frozen dataclass, always set by its __init__; the "
    "isinstance check above refuses anything else), so getattr without a default never raises",
    (
        "gather_evidence",
        'requests_exported=has("ThrottledRequests", ""), -> requests_exported=has("ThrottledRequests", None),',
    ): 'equivalent: `has` reads its scope only as a truth value (`f"{scope} {name}" if scope else name`), and `None` '
    'and `""` are both false: the table\'s own metric name either way',
}
