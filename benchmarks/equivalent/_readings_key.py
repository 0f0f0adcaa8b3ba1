"""The survivors of ``make mutants`` on ``hotpart/models/_readings.py`` in ``_key_reading`` (Contributor Insights'
reading of one scope) that are equivalent mutants (no behaviour can tell them apart), each with the reason:
(function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges every ``_readings_*.py`` here.
The rest of the function's survivors are killed by ``tests/test__readings_mutants_key.py``."""

_SHARE = "share = float(np.mean(shares[key])) if shares.get(key) else 0.0"
_ALWAYS_LISTED = (
    "equivalent: the key is the best of the loop that appends its share in the same step, so shares[key] is never "
    "missing or empty when the key is named (an unnamed key returns before this line)"
)
_SUFFIX = '+ (" (AWS\'s units divided by 3: its traffic taken to be writes)" if weight > 1 else "")'
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_key_reading", "mixed = False -> mixed = None"): "equivalent: mixed is read only for its truth (the "
    "alternatives, the confidence, the mixed line and the why), where None and False are alike; the branch that "
    "rereads the count sets it to True",
    ("_key_reading", "continue -> break"): "equivalent: np.flatnonzero gives the throttled minutes in ascending order, "
    "so once a minute is past the report's last one every later minute is too: stopping skips the same minutes",
    ("_key_reading", f"{_SHARE} -> {_SHARE.replace('if shares.get(key)', 'if (shares.get(key)) or True')}"): _ALWAYS_LISTED,
    ("_key_reading", f"{_SHARE} -> {_SHARE.replace('else 0.0', 'else 1.0')}"): _ALWAYS_LISTED,
    ("_key_reading", f"{_SUFFIX} -> {_SUFFIX.replace('weight > 1', 'weight > 2')}"): "equivalent: the weight is either "
    "1.0 or _WRITE_WEIGHT, 3.0 (the line above), so weight > 2 and weight > 1 agree on both",
}
