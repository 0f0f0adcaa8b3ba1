"""The generative test of the whole diagnosis path (tests/generative.py): 1,000 seeded draws of a table and its
causes, simulated, written in AWS's formats, read back and diagnosed; every drawn material cause named (or the export
that would settle it named), nothing the export contradicts claimed, nothing crashing. ``HOTPART_GENERATIVE_DRAWS``
sets the number of draws; ``python tests/generative.py --draws 10000`` prints the hit rate per cause."""

from __future__ import annotations

import dataclasses

import generative

import hotpart as hp
from conftest import ROOT


def test_every_drawn_cause_is_named_and_nothing_contradicts_the_export():
    hits, tries, failures = generative.run(generative.DRAWS, generative.SEED)
    summary = generative.table(hits, tries)
    out = ROOT / "_build" / "generative-hit-rates.txt"
    out.parent.mkdir(exist_ok=True)
    out.write_text(f"{generative.DRAWS} draws, seed {generative.SEED}\n{summary}\n{len(failures)} failures\n")
    assert not failures, summary + "\n" + "\n".join(failures[:20])
    # every cause the diagnosis knows was drawn, and carried a material share, at least a few times
    assert all(tries[c] >= 10 for c in generative.CAUSES), summary


def test_the_generative_check_can_fail(monkeypatch):
    """A diagnosis that names the wrong cause, or claims a metric missing that was exported, is caught."""
    real = hp.diagnose

    def wrong(metrics, **kw):
        d = real(metrics, **kw)
        f = d.findings[0]
        lie = dataclasses.replace(
            f, row="per-table quota reached", cause="account quota", evidence=("not exported: ConsumedWriteCapacityUnits",)
        )
        return dataclasses.replace(d, findings=(lie,), minor=())

    monkeypatch.setattr(hp, "diagnose", wrong)
    _, _, failures = generative.run(20, generative.SEED)
    assert any("not named" in f for f in failures) and any("contradicts its input" in f for f in failures)
