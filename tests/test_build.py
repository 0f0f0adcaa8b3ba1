"""The author's build loop: what invalidates cached executions (hotpart/book/_build.py)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from hotpart.book import _build

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def book(tmp_path: Path) -> Path:
    root = tmp_path / "book"
    shutil.copytree(ROOT / "hotpart", root / "hotpart", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("_config.yml", "requirements.txt", "pyproject.toml"):
        shutil.copy2(ROOT / name, root / name)
    return root


def _derived(root: Path) -> list[Path]:
    paths = [root / "_build/html/notebooks/01_partitions.html", root / "_build/.jupyter_cache/global.db"]
    paths += [root / "_build/jupyter_execute/notebooks/01_partitions.ipynb", root / "_build/.doctrees/environment.pickle"]
    for p in paths:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("x")
    return paths


@pytest.mark.parametrize(
    "change",
    [
        "hotpart/models/skew.py",
        "hotpart/models/sql/new_query.sql",
        "hotpart/models/new_module.py",
        "_config.yml",
        "requirements.txt",
    ],
)
def test_any_change_to_the_models_or_settings_changes_the_key(book, change):
    before = _build.book_key(book)
    path = book / change
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text((path.read_text() if path.exists() else "") + "\n# edited\n")
    assert _build.book_key(book) != before


def test_a_notebook_edit_keeps_the_key(book):
    before = _build.book_key(book)
    (book / "notebooks").mkdir()
    (book / "notebooks" / "01_partitions.ipynb").write_text("{}")
    assert _build.book_key(book) == before


def test_prepare_keeps_caches_while_the_key_holds_and_wipes_all_when_it_changes(book):
    derived = _derived(book)
    assert _build.prepare(book) is True  # no key yet: a first build is a full one
    derived = _derived(book)
    (book / _build.KEY_FILE).write_text(_build.book_key(book))
    assert _build.prepare(book) is False
    assert all(p.exists() for p in derived)
    (book / "hotpart" / "_simulator.py").write_text("# changed\n", encoding="utf-8")
    assert _build.prepare(book) is True
    assert not any(p.exists() for p in derived), "a model change must invalidate every cached execution and page"
    assert not (book / _build.KEY_FILE).exists()


def test_prepare_clean_wipes_even_when_current(book):
    derived = _derived(book)
    (book / _build.KEY_FILE).write_text(_build.book_key(book))
    assert _build.prepare(book, clean=True) is True
    assert not any(p.exists() for p in derived)


def test_edit_config_caches_instead_of_forcing(book):
    out = _build.edit_config(book)
    text = out.read_text()
    assert "execute_notebooks: cache" in text and "execute_notebooks: force" not in text
    (book / "_config.yml").write_text("title: x\n")
    with pytest.raises(ValueError, match="execute_notebooks: force"):
        _build.edit_config(book)


def test_frames_follow_every_file_of_the_package(monkeypatch, tmp_path):
    """The frame cache's key hashes the same digest as the book key: a change anywhere in hotpart renders again."""
    import hotpart as hp
    from hotpart.book import _frames as _static

    explorable = hp.EXPLORABLES["partition_ceiling"]
    grid = explorable.frame_grid()
    before = _static.frame_key(explorable, grid)
    package = tmp_path / "hotpart"
    shutil.copytree(ROOT / "hotpart", package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(_static, "source_digest", lambda: _build.source_digest(package))
    assert _static.frame_key(explorable, grid) == before
    (package / "figures" / "new_module.py").write_text("X = 1\n")
    assert _static.frame_key(explorable, grid) != before


def _tiny_book(root: Path, cells: list[str]) -> Path:
    """A book with one ``.ipynb`` chapter (``cells`` its code) and one MyST Markdown notebook page."""
    import nbformat

    root.mkdir(parents=True, exist_ok=True)
    (root / "_config.yml").write_text("execute:\n  execute_notebooks: force\n  timeout: 60\n", encoding="utf-8")
    toc = "format: jb-book\nroot: intro\nchapters:\n  - file: chapter\n  - file: plain\n"
    (root / "_toc.yml").write_text(toc, encoding="utf-8")
    kernel = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    nb = nbformat.v4.new_notebook(metadata=kernel, cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nbformat.write(nb, root / "chapter.ipynb")
    (root / "intro.md").write_text(
        "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\n"
        "  display_name: Python 3\n---\n# Intro\n\n```{code-cell}\nprint(6 * 7)\n```\n",
        encoding="utf-8",
    )
    (root / "plain.md").write_text("# Not a notebook\n", encoding="utf-8")
    return root


def test_toc_notebooks_lists_what_myst_nb_executes(tmp_path):
    book = _tiny_book(tmp_path / "b", ["1 + 1"])
    assert [p.name for p in _build.toc_notebooks(book)] == ["intro.md", "chapter.ipynb"]
    # with their suffixes named, the same pages; a plain Markdown page is not a notebook either way
    toc = "format: jb-book\nroot: intro.md\nchapters:\n  - file: chapter.ipynb\n  - file: plain.md\n"
    (book / "_toc.yml").write_text(toc, encoding="utf-8")
    assert [p.name for p in _build.toc_notebooks(book)] == ["intro.md", "chapter.ipynb"]


def test_execute_notebooks_fills_the_cache_myst_nb_reads_and_reports_failures(tmp_path):
    from jupyter_cache import get_cache

    book = _tiny_book(tmp_path / "b", ["import os\nx = 6 * 7", "print(x, os.environ['HOTPART_FRAME_WORKERS'])"])
    lines: list[str] = []
    assert "HOTPART_FRAME_WORKERS" not in os.environ
    assert _build.execute_notebooks(book, workers=2, log=lines.append) == []
    assert "HOTPART_FRAME_WORKERS" not in os.environ  # set for the kernels only
    assert lines[0] == "book: executing 2 notebooks, 2 at a time"
    cache = get_cache(str(book / "_build" / ".jupyter_cache"))
    for page in _build.toc_notebooks(book):  # read as myst-nb reads them: each one matches, with its outputs
        record = cache.match_cache_notebook(_build._read_as_myst_nb(page, []))
        _, merged = cache.merge_match_into_notebook(_build._read_as_myst_nb(page, []))
        assert record.data["execution_seconds"] > 0
        outputs = str([c.get("outputs") for c in merged.cells if c.cell_type == "code"])
        assert "42" in outputs
        if page.suffix == ".ipynb":  # two kernels at once: each renders frames on its half of the cores
            assert f"42 {max(1, (os.cpu_count() or 1) // 2)}" in outputs
    times = (book / _build.TIMES_FILE).read_text(encoding="utf-8")
    assert "chapter.ipynb" in times and "intro.md" in times
    lines.clear()
    assert _build.execute_notebooks(book, log=lines.append) == []  # all current: nothing runs
    assert lines == []
    # a code edit is a new key; a failing cell is reported with its traceback, and not cached
    _tiny_book(book, ["raise RuntimeError('a broken chapter')"])
    failures = _build.execute_notebooks(book, workers=1, log=lines.append)
    assert len(failures) == 1 and failures[0].startswith("chapter.ipynb: CellExecutionError")
    assert "a broken chapter" in failures[0]
    with pytest.raises(KeyError):
        cache.match_cache_notebook(_build._read_as_myst_nb(book / "chapter.ipynb", []))


def test_kernels_share_the_cores_for_frames_unless_the_caller_chose(monkeypatch):
    cores = os.cpu_count() or 1
    monkeypatch.delenv("HOTPART_FRAME_WORKERS", raising=False)
    for kernels, expected in ((1, cores), (2, max(1, cores // 2)), (cores + 1, 1)):
        with _build._frame_workers_per_kernel(kernels):
            assert os.environ["HOTPART_FRAME_WORKERS"] == str(expected)
        assert "HOTPART_FRAME_WORKERS" not in os.environ
    monkeypatch.setenv("HOTPART_FRAME_WORKERS", "3")
    with _build._frame_workers_per_kernel(2):
        assert os.environ["HOTPART_FRAME_WORKERS"] == "3"
    assert os.environ["HOTPART_FRAME_WORKERS"] == "3"


def test_frame_workers_reads_the_environment_as_a_whole_number(monkeypatch):
    from hotpart.book._frames import frame_workers

    for text, expected in (("1", 1), (" 2 ", 2), ("64", 64)):
        monkeypatch.setenv("HOTPART_FRAME_WORKERS", text)
        assert frame_workers() == expected
    for text in ("0", "65", "x", "1.5"):
        monkeypatch.setenv("HOTPART_FRAME_WORKERS", text)
        with pytest.raises(ValueError, match=r"HOTPART_FRAME_WORKERS = .*\[1, 64\]"):
            frame_workers()


@pytest.mark.parametrize("workers", [0, 65, -1])
def test_execute_notebooks_rejects_workers_outside_1_to_64(tmp_path, workers):
    with pytest.raises(ValueError, match=f"workers={workers}.*1 to 64"):
        _build.execute_notebooks(_tiny_book(tmp_path / "b", ["1"]), workers=workers)


@pytest.mark.parametrize("broken", [False, True], ids=["builds", "a warning fails it"])
def test_run_jupyter_book_returns_the_builds_exit_status(tmp_path, broken):
    """jupyter-book runs in the build's own process; a build that -W fails comes back as a non-zero status, not as
    an exception or an exit of the caller."""
    import subprocess
    import sys

    root = tmp_path / "b"
    root.mkdir()
    (root / "_config.yml").write_text("title: t\nexecute:\n  execute_notebooks: 'off'\n", encoding="utf-8")
    (root / "_toc.yml").write_text("format: jb-book\nroot: intro\n", encoding="utf-8")
    body = "# Intro\n\nSee {doc}`nowhere`.\n" if broken else "# Intro\n\nA page.\n"
    (root / "intro.md").write_text(body, encoding="utf-8")
    code = (
        "import sys; from pathlib import Path; from hotpart.book._build import run_jupyter_book as r; "
        f"status = r(['build', {str(root)!r}, '-W', '--keep-going'], Path({str(root)!r})); print('status', status)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]  # the caller carried on
    assert result.stdout.strip().endswith("status 1" if broken else "status 0"), result.stdout[-3000:]
    if not broken:
        assert (root / "_build" / "html" / "intro.html").is_file()


def test_the_reader_gets_the_cached_executions_with_their_outputs(tmp_path):
    """myst-nb's copy in _build/jupyter_execute has no outputs in cache mode; export_executed writes the cached
    execution over it, outputs included, so that the reader's edition shows every box, table and printed value."""
    import nbformat

    book = _tiny_book(tmp_path / "b", ["print(6 * 7)"])
    copy = book / "_build" / "jupyter_execute" / "chapter.ipynb"
    copy.parent.mkdir(parents=True)
    copy.write_text("stale, without outputs", encoding="utf-8")
    assert _build.export_executed(book) == []  # nothing executed yet: nothing to write, the copy is left alone
    assert copy.read_text(encoding="utf-8") == "stale, without outputs"
    assert _build.execute_notebooks(book, workers=1, log=lambda line: None) == []
    assert _build.export_executed(book) == [copy]  # only the .ipynb chapter: a Markdown page has no reader's edition
    cells = nbformat.read(copy, as_version=4).cells
    assert cells[0].outputs[0]["text"] == "42\n"


def test_a_failed_build_prints_what_went_wrong_and_where_the_log_is(tmp_path, capsys):
    log = tmp_path / "book.log"
    log.write_text("reading sources... [100%] chapter\n/b/chapter.ipynb:4: WARNING: undefined label: 'x'\nok\n")
    _build._report_failure(log)
    err = capsys.readouterr().err.splitlines()
    assert err == ["/b/chapter.ipynb:4: WARNING: undefined label: 'x'", f"book: the build failed; its whole output is in {log}"]
