"""Chapter 1's evidence boxes and self-check as a reader opens the downloaded notebook in JupyterLab, before running
anything: the saved outputs, which JupyterLab does not trust and so passes through its HTML sanitizer.

What survives the sanitizer is what the book layer relies on outside the book (hotpart/book/evidence.py,
selfcheck.py): each box a closed ``<details>`` with its number in its title, each citation that number (the
sanitizer drops the boxes' ids, so there a citation names its box by number rather than jumping to it); every
self-check choice a closed ``<details>`` that, opened, says right or wrong and why; a number question without a
field (no script runs there to build one) and its answer folded under it.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import labdriver
from conftest import ROOT

pytestmark = [pytest.mark.book, pytest.mark.browser]

CHAPTER = "01_partitions.ipynb"


@pytest.fixture(scope="module")
def downloaded(built_book: Path, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """The download button's copy of chapter 1, alone in a folder, served by JupyterLab."""
    folder = tmp_path_factory.mktemp("downloaded")
    shutil.copy(built_book / "_sources" / "notebooks" / CHAPTER, folder / CHAPTER)
    with labdriver.lab_server(folder, tmp_path_factory.mktemp("lab-home")) as server:
        yield server


def _boxes_in(chapter: str) -> int:
    """The evidence boxes a chapter shows: its source_box and assumption_box calls."""
    text = (ROOT / "notebooks" / chapter).read_text(encoding="utf-8")
    return text.count("hp.source_box(") + text.count("hp.assumption_box(")


def test_boxes_and_self_check_read_in_jupyterlab_without_running(browser, downloaded):
    base, token = downloaded
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        panel = labdriver.open_notebook(page, base, token, CHAPTER)
        boxes = panel.locator(".jp-OutputArea-output details.hp-evidence")
        shown = _boxes_in(CHAPTER)
        page.wait_for_function("n => document.querySelectorAll('details.hp-evidence').length >= n", arg=shown)
        assert boxes.count() == shown
        states = boxes.evaluate_all("els => els.map(e => [e.open, e.querySelector('summary').textContent])")
        assert not any(opened for opened, _ in states), states
        assert [title.split("]")[0] for _, title in states] == [f"[{i}" for i in range(1, shown + 1)], states
        citation = panel.locator(".jp-RenderedMarkdown a", has_text="[1]")
        assert citation.count() >= 1 and citation.first.get_attribute("href").endswith("#ev-ceiling")

        check = panel.locator("section.hp-selfcheck")
        assert check.count() == 1
        options = check.locator("details.hp-sc-option")
        assert options.count() >= 6 and not any(options.evaluate_all("els => els.map(e => e.open)"))
        option = options.first
        option.scroll_into_view_if_needed()
        option.locator("summary").click()
        why = option.locator(".hp-sc-why")
        assert why.is_visible() and why.inner_text().startswith(("Right.", "Not this one."))
        assert check.locator(".hp-sc-entry input").count() == 0, "a field no script answers is shown"
        answer = check.locator("details.hp-sc-answer").first
        answer.locator("summary").click()
        assert "Common slips" in answer.inner_text()
    finally:
        page.close()
        labdriver.shut_down_kernels(base, token)
