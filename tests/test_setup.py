"""Set-up paths a reader takes: `make book` from a checkout whose path has spaces in it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.book


def test_make_book_from_a_checkout_path_with_spaces(tmp_path):
    """A one-chapter copy of the course, in a folder whose path has spaces, builds with `make book`."""
    root = tmp_path / "my courses" / "hot part copy"
    root.mkdir(parents=True)
    for name in ("Makefile", "requirements.txt", "pyproject.toml", "_config.yml"):
        shutil.copy2(ROOT / name, root / name)
    shutil.copytree(ROOT / "etc", root / "etc", copy_function=shutil.copy2)
    shutil.copytree(ROOT / "book", root / "book", copy_function=shutil.copy2)
    (root / "notebooks").mkdir()
    shutil.copy2(ROOT / "notebooks" / "01_partitions.ipynb", root / "notebooks" / "01_partitions.ipynb")
    shutil.copy2(ROOT / "tests" / "fixtures" / "_toc_widgets.yml", root / "_toc.yml")
    (root / ".venv").symlink_to(ROOT / ".venv", target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k not in ("HOTPART_STATIC", "MAKEFLAGS", "MAKELEVEL")}
    # -o: the shared virtualenv counts as installed (this test checks the build's paths, not the install)
    result = subprocess.run(["make", "-o", ".venv/.installed", "book"], cwd=root, env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"make book failed in {root}:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    html = root / "_build" / "html"
    assert (html / "notebooks" / "01_partitions.html").is_file()
    # HOTPART_STATIC reached the build intact: the chapter's explorable has frames under this path
    assert any(html.rglob("*.png")), "no static frames were written under the path with spaces"
    assert f"Book: {root}/_build/html/index.html" in result.stdout
