"""The survivors of ``make mutants`` on ``hotpart/models/diagnosis.py`` in ``diagnose`` that are equivalent mutants
(no input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges every ``equivalent/diagnosis_*.py``. The tests of ``diagnose``:
tests/test_diagnosis_mutants_a.py."""

_MATERIAL = 'material = tuple(f for f in found if f.share >= MATERIAL_SHARE or f.cause in ("short spike", "no throttling"))'
_SPIKE = (
    "equivalent: a short spike finding's share is 1.0 whenever it exists (find_causes builds it only after its early "
    "returns, when the total of throttle events is above 0, and _spike gives it share 1.0 if events > 0), so it is "
    "material by its share whether or not its cause is named"
)
_NONE = (
    "equivalent: a no-throttling finding is always find_causes's only finding (it returns it alone when no minute is "
    "hit) and has share 0.0; unnamed, it is the largest of the minor findings and the fallback (`material, minor = "
    "minor[:1], minor[1:]`) makes it the one material finding with no minor ones: the same diagnosis"
)


def _mutant(old: str, new: str) -> tuple[str, str]:
    return ("diagnose", f"{_MATERIAL} -> {_MATERIAL.replace(old, new)}")


EQUIVALENT = {
    _mutant('("short spike"', '("XXshort spikeXX"'): _SPIKE,
    _mutant('("short spike"', '("SHORT SPIKE"'): _SPIKE,
    _mutant('"no throttling")', '"XXno throttlingXX")'): _NONE,
    _mutant('"no throttling")', '"NO THROTTLING")'): _NONE,
}

_BATCH_NOTE = "if metrics.batch_size > 1 and events > 0 and float(ev.requests.sum()) < 0.01 * events:"
EQUIVALENT[("diagnose", f"{_BATCH_NOTE} -> {_BATCH_NOTE.replace('events > 0', 'events >= 0')}")] = (
    "equivalent: at events == 0 the last test reads requests < 0, and no Metrics holds a negative ThrottledRequests "
    "(Metrics refuses a negative value in any series, tests/test_metrics.py), so both conditions are false there"
)
