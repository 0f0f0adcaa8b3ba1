"""The survivors of ``make mutants`` on ``hotpart/models/findings.py`` in ``find_causes`` that are equivalent mutants
(no input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges every ``equivalent/findings_*.py``. The tests of ``find_causes``:
tests/test_findings_mutants_c.py (and tests/test_findings_mutants_a.py for the requests-only finding, the order by
share and the short spike's lowered confidence)."""

_THRESHOLDS = "th = _Thresholds(spike_minutes, small_key_space, one_key, few_keys, at_capacity, hot_key_share, MATERIAL_SHARE)"
_NOTES = "notes += n"

EQUIVALENT = {
    ("find_causes", f"{_THRESHOLDS} -> {_THRESHOLDS.replace('MATERIAL_SHARE)', 'None)')}"): (
        "equivalent: _Thresholds.material is never read (no reading in _readings.py, _scopes.py or findings.py looks "
        "at th.material; the diagnosis splits material from minor findings with MATERIAL_SHARE itself), so None in "
        "its place changes nothing"
    ),
    ("find_causes", f"{_NOTES} -> notes = n"): (
        "equivalent: _scope_findings always returns an empty notes list (it starts notes = [] and never adds to it), "
        "so notes is [] after every scope whether the lists are added or the last one taken"
    ),
}
