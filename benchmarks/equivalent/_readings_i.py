"""The survivors of ``make mutants`` on ``hotpart/models/_readings.py`` in ``_read_keys`` and ``_key_reading`` (batch i:
Contributor Insights' reading of one scope, split today into ``_key_reading``, which handles an index's writes, and
``_read_keys``, which reads the reports it is given) that are equivalent mutants (no input can tell them apart), each
with the reason: (function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges every
``_readings_*.py`` here. The rest of batch i's survivors are killed by ``tests/test__readings_mutants_i.py``.

Five of these (``mixed``, ``continue``, the two ``share`` lines and ``weight > 2``) were explained under
``_key_reading`` in ``_readings_key.py`` before the split moved their lines into ``_read_keys``; the reasons are the
same, checked again on the present code. Every entry rests on the function's own code alone."""

_SHARE = "share = float(np.mean(shares[key])) if shares.get(key) else 0.0"
_ALWAYS_LISTED = (
    "equivalent: the named key is the best of the loop over the listed keys, which appends the key's share to "
    "shares[key] in the same step it compares the key's rate with the best (best starts at (0.0, ''), and an unnamed "
    "key, '', returns before this line), so shares[key] is never missing or empty here and the else branch is never "
    "taken"
)
_SUFFIX = '+ (" (AWS\'s units divided by 3: its traffic taken to be writes)" if weight > 1 else "")'
_CERTAIN = "certain = not both or floor.get(key, 0.0) >= th.at_cap * ceiling"
_FLOOR_WORDS = 'f"{_rate(floor.get(key, 0.0))} {_UNIT[s.kind]}"'
_FLOOR_SET = (
    "the loop over the listed keys sets floor[key] for every key it sees whenever other is not None, in the same "
    "step it compares the key with the best, and the named key is that best (an unnamed key returns earlier); both is "
    "true only when other is not None, so whenever floor.get(key, ...) is evaluated the key is in floor and the "
    "default is never used"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_read_keys", "mixed = False -> mixed = None"): "equivalent: mixed is read only for its truth (the alternatives' "
    "'small is None or mixed', 'if mixed:', the confidence's and the why's 'if mixed else'), where None and False are "
    "alike; it is never stored or returned, and the branch that rereads the count sets it to True",
    ("_read_keys", "continue -> break"): "equivalent: np.flatnonzero gives the throttled minutes in ascending order, so "
    "once a minute is at or past len(rep.top) every later minute is too: stopping skips exactly the minutes continuing "
    "would skip",
    ("_read_keys", f"{_SHARE} -> {_SHARE.replace('if shares.get(key)', 'if (shares.get(key)) or True')}"): _ALWAYS_LISTED,
    ("_read_keys", f"{_SHARE} -> {_SHARE.replace('else 0.0', 'else 1.0')}"): _ALWAYS_LISTED,
    ("_read_keys", f"{_SUFFIX} -> {_SUFFIX.replace('weight > 1', 'weight > 2')}"): "equivalent: the weight is either "
    "1.0 or _WRITE_WEIGHT, 3.0 (set a few lines above), so weight > 2 and weight > 1 agree on both",
    ("_read_keys", f"{_CERTAIN} -> {_CERTAIN.replace('0.0)', 'None)')}"): f"equivalent: when both is false the "
    f"'not both' short-circuits and floor.get is not evaluated; otherwise {_FLOOR_SET}",
    ("_read_keys", f"{_CERTAIN} -> {_CERTAIN.replace('0.0)', ')')}"): "equivalent: floor.get(key, ) is floor.get(key), "
    f"a default of None; when both is false the 'not both' short-circuits and floor.get is not evaluated; otherwise "
    f"{_FLOOR_SET}",
    ("_read_keys", f"{_CERTAIN} -> {_CERTAIN.replace('0.0)', '1.0)')}"): f"equivalent: when both is false the 'not "
    f"both' short-circuits and floor.get is not evaluated; otherwise {_FLOOR_SET}",
    ("_read_keys", f"{_FLOOR_WORDS} -> {_FLOOR_WORDS.replace('0.0)', 'None)')}"): "equivalent: the line is written only "
    f"under 'if both:'; {_FLOOR_SET}",
    ("_read_keys", f"{_FLOOR_WORDS} -> {_FLOOR_WORDS.replace('0.0)', ')')}"): "equivalent: floor.get(key, ) is "
    f"floor.get(key), a default of None; the line is written only under 'if both:'; {_FLOOR_SET}",
    ("_read_keys", f"{_FLOOR_WORDS} -> {_FLOOR_WORDS.replace('0.0)', '1.0)')}"): "equivalent: the line is written only "
    f"under 'if both:'; {_FLOOR_SET}",
    (
        "_key_reading",
        "r = _read_keys(s, ev, minutes, th, replace(rep, throttled=False)) -> "
        "r = _read_keys(s, ev, minutes, th, replace(rep, throttled=None))",
    ): "equivalent: KeyReport's __post_init__ does not check throttled, and _read_keys reads the report's throttled "
    "only for its truth ('not (rep.accessed or rep.throttled)', where accessed is already true, and 'if "
    "rep.throttled:'), where None and False are alike; the functions it calls take the report from ev.key_reports "
    "(_small_space) or read no throttled (key_space_listed, _accessed_total, _other_kind_units), and the reading it "
    "returns does not hold the report; _key_reading's own 'if rep.throttled' reads the unreplaced report",
}
