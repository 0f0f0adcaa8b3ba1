"""The notebooks as a reader runs them: the reader's edition in a real JupyterLab server, driven in Chromium.

A session-scoped fixture writes the edition to ``_lab/`` exactly as ``make lab-build`` does and starts
JupyterLab on 127.0.0.1 with the ``make lab`` settings (tests/labdriver.py). Each chapter is opened, every
cell run, and the rendered page checked: no error, no MyST markup or bare glue key in the prose, every
explorable with its controls, and a control that changes its figure. Under CI=true none of this may skip.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

import hotpart as hp
import labdriver
from conftest import EXECUTED, NOTEBOOKS, ROOT, build_lock
from hotpart.book import _reader as reader
from test_notebooks import explorables_in

LAB = ROOT / "_lab"
#: Markup that only the book understands; none of it may reach the rendered page.
LEFTOVERS = ("{glue", "{cite", ":class:", "{doc}", "```{")


def _git_status(path: str) -> str:
    args = ["git", "status", "--porcelain", "--untracked-files=all", "--", path]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="session")
def lab_edition(built_book: Path) -> Iterator[Path]:
    """The reader's edition in _lab/, as `make lab-build` writes it after `make book`: from the book's executed
    chapters (this run's build, whichever worker made it); the sources' git status is unchanged after."""
    before = _git_status("notebooks")
    with build_lock():  # the book's executed notebooks are complete, not being written by a build
        reader.build_reader_edition(ROOT, LAB, executed=EXECUTED)
    yield LAB
    assert _git_status("notebooks") == before, "running the reader's edition changed notebooks/"


@pytest.fixture(scope="session")
def lab_server(lab_edition: Path, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """JupyterLab on 127.0.0.1 over the edition, with `make lab`'s flags; returns (base URL, token)."""
    with labdriver.lab_server(lab_edition, tmp_path_factory.mktemp("lab-home")) as server:
        yield server


@pytest.fixture(scope="module")
def lab_page(browser) -> Iterator[object]:
    """One page for every chapter: JupyterLab loads once, and each chapter opens from its file browser
    (:func:`labdriver.open_notebook`)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    yield page
    page.close()


def _glue_keys(notebook: Path) -> set[str]:
    keys = set()
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type == "code":
            keys |= set(re.findall(r"""glue\(\s*["']([\w-]+)["']""", cell.source))
    return keys


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_runs_and_reads_well_in_jupyterlab(lab_page, lab_server, notebook):
    base, token = lab_server
    page = lab_page
    errors: list[str] = []

    def on_error(e):
        errors.append(str(e))

    page.on("pageerror", on_error)
    try:
        panel = labdriver.open_notebook(page, base, token, notebook.name)
        labdriver.run_all(page, panel, base, token)
        n_code = len([c for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code"])
        numbered = panel.locator(".jp-CodeCell .jp-InputPrompt", has_text=re.compile(r"\[\d+\]")).count()
        assert 1 <= numbered <= n_code, f"{numbered} cells ran of {n_code}"

        failed = panel.locator('[data-mime-type="application/vnd.jupyter.error"]')
        assert failed.count() == 0, f"{notebook.name}: error output:\n{failed.first.inner_text()[:2000]}"

        prose = "\n".join(panel.locator(".jp-MarkdownCell .jp-RenderedMarkdown").all_inner_texts())
        assert len(prose) > 2000, f"{notebook.name}: the prose did not render"
        left = [m for m in LEFTOVERS if m in prose]
        assert not left, f"{notebook.name}: rendered prose shows {left}"
        # a glue key left as a bare word (a parameter of the same name in `code` is legitimate prose)
        words = "\n".join(
            panel.locator(".jp-MarkdownCell .jp-RenderedMarkdown").evaluate_all(
                "els => els.map(e => { const c = e.cloneNode(true);"
                " c.querySelectorAll('code, pre').forEach(x => x.remove()); return c.textContent; })"
            )
        )
        bare = sorted(k for k in _glue_keys(notebook) if "_" in k and re.search(rf"\b{re.escape(k)}\b", words))
        assert not bare, f"{notebook.name}: rendered prose shows glue keys {bare}"
        assert panel.locator(".jp-RenderedMarkdown details summary").count() >= 2, "solutions do not fold"

        for name in explorables_in(notebook):
            e = hp.EXPLORABLES[name]
            box = labdriver.explorable_box(page, panel, name)
            sliders = box.locator(".widget-slider, .widget-hslider")
            assert sliders.count() == len(e.controls), f"{name}: {sliders.count()} controls shown, {len(e.controls)} declared"
            (ms,) = labdriver.step_latencies_ms(box, steps=1).ms
            assert ms > 0, f"{name}: moving a control did not change the figure"
            caption = box.locator(".widget-html").last.inner_text()
            assert caption and "nan" not in caption.lower(), f"{name}: bad caption after a move: {caption!r}"
        assert not errors, f"{notebook.name}: JavaScript errors {errors}"
    finally:
        page.remove_listener("pageerror", on_error)
        labdriver.shut_down_kernels(base, token)


def test_the_edition_is_ignored_by_git(lab_edition):
    result = subprocess.run(["git", "check-ignore", "-q", str(lab_edition / NOTEBOOKS[0].name)], cwd=ROOT)
    assert result.returncode == 0, "_lab/ is not ignored by git"


@pytest.mark.browser
def test_an_edit_in_jupyterlab_survives_make_lab(browser, built_book, tmp_path_factory):
    """A reader edits a chapter in JupyterLab and saves it; `make lab` runs again (its lab-build command); the edit
    is still there, in the file and in JupyterLab, while the other chapters are refreshed; `make lab-reset` brings
    the edition back. No news toast covers the notebook."""
    lab = tmp_path_factory.mktemp("edited-lab") / "_lab"
    build = [sys.executable, "-m", "hotpart.book._reader", "--root", str(ROOT), "--out", str(lab)]
    build += ["--executed", str(EXECUTED)]
    with build_lock():
        subprocess.run(build, check=True, capture_output=True, text=True, timeout=900)
    name = NOTEBOOKS[0].name
    marker = "my_own_partitions = 12"
    with labdriver.lab_server(lab, tmp_path_factory.mktemp("edit-home")) as (base, token):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            panel = labdriver.open_notebook(page, base, token, name)
            panel.locator(".jp-Cell").first.click()
            page.keyboard.press("Escape")  # command mode
            page.keyboard.press("b")  # a new code cell below the first
            page.keyboard.press("Enter")  # edit it
            page.keyboard.type(marker)
            page.keyboard.press("Escape")
            page.keyboard.press("Control+s")
            labdriver._until(lambda: marker in (lab / name).read_text(encoding="utf-8"), 30, "the edit was not saved")
            toasts = page.locator(".jp-Notification-Toast, .Toastify__toast").all_inner_texts()
            assert not [t for t in toasts if "news" in t.lower()], f"a news toast covers the notebook: {toasts}"

            again = subprocess.run(build, check=True, capture_output=True, text=True, timeout=900)
            assert f"kept your edited {name}" in again.stdout
            assert marker in (lab / name).read_text(encoding="utf-8")  # the rebuild did not overwrite it

            labdriver.close_all_tabs(page)
            panel = labdriver.open_notebook(page, base, token, name)
            shown = "\n".join(panel.locator(".jp-CodeCell .jp-InputArea-editor").all_inner_texts())
            assert marker in shown, "JupyterLab does not show the edit after make lab"
        finally:
            page.close()
            labdriver.shut_down_kernels(base, token)
    subprocess.run([*build, "--reset"], check=True, capture_output=True, text=True, timeout=900)
    assert marker not in (lab / name).read_text(encoding="utf-8")  # make lab-reset: the edition as built
