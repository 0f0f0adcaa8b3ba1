"""Set-up paths a reader and an author take: `make book` from a checkout whose path has spaces in it, and the
author's loop (a prose edit rebuilds without executing the chapter again)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import one_chapter_copy

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.book


def test_make_book_from_a_checkout_path_with_spaces_then_a_prose_edit(tmp_path):
    """A one-chapter copy of the course, in a folder whose path has spaces, builds with `make book`; a prose edit
    then rebuilds from the cached execution."""
    root = one_chapter_copy(tmp_path / "my courses" / "hot part copy")
    (root / ".venv").symlink_to(ROOT / ".venv", target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k not in ("HOTPART_STATIC", "MAKEFLAGS", "MAKELEVEL")}
    # -o: the shared virtualenv counts as installed (this test checks the build's paths, not the install)
    make = ["make", "-o", ".venv/.installed", "book"]
    result = subprocess.run(make, cwd=root, env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"make book failed in {root}:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    html = root / "_build" / "html"
    assert (html / "notebooks" / "01_partitions.html").is_file()
    # HOTPART_STATIC reached the build intact: the chapter's explorable has frames under this path
    assert any(html.rglob("*.png")), "no static frames were written under the path with spaces"
    assert f"Book: {root}/_build/html/index.html" in result.stdout
    # the chapters ran before Sphinx, in parallel, under the key myst-nb looks up: it found each one cached
    assert "book: executed 01_partitions.ipynb" in result.stdout
    log = root / "_build" / "book.log"
    assert "Executing notebook" not in log.read_text(encoding="utf-8"), "myst-nb executed a chapter the build had run"
    # the terminal gets the book: lines and the paths, not Sphinx's chatter (issue 46)
    assert str(log) in result.stdout and "reading sources" not in result.stdout + result.stderr
    printed = [line for line in result.stdout.splitlines() if line.strip()]
    assert all(line.startswith(("book:", "Book:")) for line in printed), printed

    # the author's loop: a prose edit re-writes the page from the cached execution
    chapter = root / "notebooks" / "01_partitions.ipynb"
    nb = json.loads(chapter.read_text(encoding="utf-8"))
    first = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    first["source"] = "".join(first["source"]) + "\n\nA sentence an author just added."
    chapter.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    again = subprocess.run(make, cwd=root, env=env, capture_output=True, text=True, timeout=900)
    assert again.returncode == 0, f"the incremental make book failed:\n{again.stdout[-4000:]}\n{again.stderr[-4000:]}"
    assert "incremental build" in again.stdout
    assert "Using cached notebook" in log.read_text(encoding="utf-8"), "a prose edit must not execute the chapter again"
    assert "A sentence an author just added." in (html / "notebooks" / "01_partitions.html").read_text(encoding="utf-8")
