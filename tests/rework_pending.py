"""The chapters issue 46's per-chapter checks do not hold yet: the one place that lists them.

Issue 46 reworks the chapters one at a time. Until a chapter's pass, it is listed here with its main line's word
count as ``hotpart.main_line_words`` measured it on the built book when the list was made (2026-12-06), and the
checks that need a chapter's own work skip it:

* its main line holds at most ``hotpart.MAIN_LINE_MAX_WORDS`` words (tests/test_reading.py);
* it ends with a *Check yourself* section holding ``hp.self_check(...)`` (tests/test_template.py, test_reading.py);
* every evidence box it shows is cited by a sentence (``{evidence}``) on the page (tests/test_reading.py).

A chapter's rework removes its line; nothing else changes. The checks that hold by construction (every box
collapsed and titled, glossary links, reading times) run on every chapter already. Chapters are named by their
slug (the notebook's name after ``NN_``), so that renumbering keeps the list.
"""

from __future__ import annotations

from pathlib import Path

#: Chapters not yet reworked, by slug: their main-line words on 2026-12-06 (at most 4,000 once reworked).
NOT_REWORKED: dict[str, int] = {}


def slug(notebook: Path | str) -> str:
    """A chapter's slug: ``"partitions"`` for ``notebooks/01_partitions.ipynb``."""
    return Path(notebook).stem.split("_", 1)[1]


def reworked(notebook: Path | str) -> bool:
    """Whether the chapter has had its issue-46 pass (it is not in :data:`NOT_REWORKED`)."""
    return slug(notebook) not in NOT_REWORKED
