"""Shared fixtures: the repository's paths, the built book, a local web server and headless Chromium."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from labdriver import CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "_build" / "html"
#: Where myst-nb keeps the notebooks the book build executed (with their glue values in NAME.glue.json).
EXECUTED = ROOT / "_build" / "jupyter_execute" / "notebooks"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SEEDS = ROOT.parent / "shared" / "seeds"
CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def _stop_tracing_in_forked_child() -> None:
    """A process forked by a test (a multiprocessing pool's worker, the frame renderer's workers) inherits the
    coverage tracer of ``make test`` but never saves what it measures (coverage is not set up for fork: a line run
    only in a forked child counts as missed), so the child only paid for it, several times over in pure-Python
    models. The child stops tracing instead (``tests/test_harness.py``)."""
    sys.settrace(None)
    threading.settrace(None)


os.register_at_fork(after_in_child=_stop_tracing_in_forked_child)


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[int]:
    """Count calls of the method ``owner.name`` for the rest of the test: a one-element list the wrapper
    increments (reset it with ``calls[0] = 0``); the method itself still runs."""
    calls = [0]
    original = getattr(owner, name)

    @functools.wraps(original)
    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


@contextlib.contextmanager
def coverage_paused() -> Iterator[None]:
    """Pause ``make test``'s coverage measurement for the block, as pytest-cov's ``no_cover`` marker does for a
    test's call: for a fixture of a ``no_cover`` module, whose work no line count needs. Outside coverage, nothing."""
    try:
        import coverage
    except ImportError:  # pragma: no cover - coverage is in requirements.txt
        yield
        return
    cov = coverage.Coverage.current()
    if cov is None:
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        cov.start()


#: Held while a test builds into or reads from ``_build/`` (the book, its executed notebooks, the widget build):
#: `make test` runs on two pytest-xdist workers with ``--dist loadfile``, so all of ``test_book.py`` runs in one
#: worker and all of ``test_lab.py`` in one, maybe the other; the reader's edition that ``test_lab.py`` builds
#: reads the book's executed notebooks, which must not be half-written when it does.
BUILD_LOCK = ROOT / "_build" / ".tests.lock"


@contextlib.contextmanager
def build_lock() -> Iterator[None]:
    """An exclusive lock on ``_build/`` between test processes (see :data:`BUILD_LOCK`)."""
    BUILD_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD_LOCK, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


#: Written beside the book once this test run has built it: the run's id (pytest-xdist's ``testrun_uid``, shared
#: by its workers), so that the first worker to need the book builds it and the other one reuses it.
BUILT_MARK = ROOT / "_build" / ".tests-built"


@pytest.fixture(scope="session")
def built_book(testrun_uid: str) -> Path:
    """Build the book as `make book-clean` does, once per test run, and return _build/html.

    Every cached execution, page and doctree is wiped first, every chapter executes (``-W``: a warning fails),
    and the reader's edition behind the download buttons is written; the frame cache, keyed by the package's
    digest, sits outside what is wiped. ``tests/test_book.py`` and ``tests/test_lab.py`` both need it and start
    together on the two workers (:func:`pytest_collection_modifyitems`): whichever takes the lock first builds,
    the other waits and finds :data:`BUILT_MARK` naming this run.
    """
    with build_lock():
        if BUILT_MARK.is_file() and BUILT_MARK.read_text(encoding="utf-8") == testrun_uid and BUILD.is_dir():
            return BUILD
        BUILT_MARK.unlink(missing_ok=True)
        built = _build_book()
        BUILT_MARK.write_text(testrun_uid, encoding="utf-8")
        return built


def _build_book() -> Path:
    env = {k: v for k, v in os.environ.items() if k != "HOTPART_STATIC"}  # the build sets it to its own _build/html
    result = subprocess.run(
        [sys.executable, "-m", "hotpart.book._build", "--clean", "--root", str(ROOT)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if result.returncode != 0:
        pytest.fail(f"make book-clean failed (exit {result.returncode}):\n{result.stdout[-6000:]}\n{result.stderr[-6000:]}")
    # the chapters ran before Sphinx read them, in parallel; myst-nb found every one in the cache (Sphinx's output,
    # myst-nb's included, is in the build's log, which the terminal's last lines name)
    log = (ROOT / "_build" / "book.log").read_text(encoding="utf-8")
    assert str(ROOT / "_build" / "book.log") in result.stdout, "make book does not say where Sphinx's output is"
    assert "Executing notebook" not in log + result.stdout + result.stderr, "myst-nb executed a chapter the build had run"
    return BUILD


WIDGET_BUILD = ROOT / "_build" / "widgets"


@pytest.fixture(scope="session")
def widget_book() -> Path:
    """Chapter 1 built without HOTPART_STATIC: the live widget's first frame, embedded with the offline JS."""
    with build_lock():
        return _build_widget_book()


def _build_widget_book() -> Path:
    shutil.rmtree(WIDGET_BUILD, ignore_errors=True)
    source = one_chapter_copy(WIDGET_BUILD.parent / "widgets-source")
    env = {k: v for k, v in os.environ.items() if k != "HOTPART_STATIC"}
    jb = Path(sys.executable).parent / "jupyter-book"
    result = subprocess.run(
        [
            str(jb),
            "build",
            str(source),
            "--all",
            "-W",
            "--keep-going",
            "--toc",
            str(source / "_toc.yml"),
            "--path-output",
            str(WIDGET_BUILD),
        ],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if result.returncode != 0:
        pytest.fail(f"widget-mode build failed (exit {result.returncode}):\n{result.stdout[-6000:]}\n{result.stderr[-3000:]}")
    return WIDGET_BUILD / "_build" / "html"


_DOC_ROLE = re.compile(r"\{doc\}`([^`<]*?)\s*(?:<([^`>]+)>)?`")


def one_chapter_copy(root: Path, chapter: str = "01_partitions") -> Path:
    """A copy of the course holding one chapter, under ``root`` (which may have spaces in its path).

    It has what ``make book`` needs (the Makefile, the settings, ``etc/``, the book's pages), the chapter and the
    one-chapter table of contents ``tests/fixtures/_toc_widgets.yml``. The chapter's ``{doc}`` links to pages the
    copy does not build become plain text: the whole book's ``-W`` build checks every link, and a one-chapter
    build has nothing to link them to.
    """
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    for name in ("Makefile", "requirements.txt", "pyproject.toml", "_config.yml"):
        shutil.copy2(ROOT / name, root / name)
    shutil.copytree(ROOT / "etc", root / "etc", copy_function=shutil.copy2)
    shutil.copytree(ROOT / "book", root / "book", copy_function=shutil.copy2)
    toc = (ROOT / "tests" / "fixtures" / "_toc_widgets.yml").read_text(encoding="utf-8")
    (root / "_toc.yml").write_text(toc, encoding="utf-8")
    built = set(re.findall(r"(?:root|file): (\S+)", toc))

    def unlink(match: re.Match[str]) -> str:
        label, target = match.group(1).strip(), (match.group(2) or match.group(1)).strip()
        if posixpath.normpath(posixpath.join("notebooks", target)) in built:
            return match.group(0)
        return label or target

    notebook = json.loads((ROOT / "notebooks" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = [_DOC_ROLE.sub(unlink, line) for line in cell["source"]]
    (root / "notebooks").mkdir()
    text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
    (root / "notebooks" / f"{chapter}.ipynb").write_text(text, encoding="utf-8")
    return root


def chromium_path() -> str | None:
    for name in CHROMIUM_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Debian Chromium driven by Playwright; skipped without it, except under CI."""
    path = chromium_path()
    if path is None:
        message = "no Chromium on this machine (apt-get install chromium); browser tests need it"
        if under_ci():
            pytest.fail(message + " and CI=true, so a missing browser is a failure")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def book_server(built_book: Path) -> Iterator[str]:
    """Serve _build/html on 127.0.0.1 and return its base URL."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built_book))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


#: The test that executes a chapter live (no ``HOTPART_STATIC``) with nbclient, and the one that runs the same chapter
#: live in JupyterLab: the second executes every code cell of the first, in the client readers use.
LIVE_EXECUTION = "tests/test_notebooks.py::test_notebook_executes"
LIVE_IN_LAB = "tests/test_lab.py::test_chapter_runs_and_reads_well_in_jupyterlab"


#: The test files that start the run, in this order, one to a worker (``make test`` runs pytest-xdist with
#: ``--dist loadfile --no-loadscope-reorder``, which hands files out in the order collected). The first two need the
#: book: one worker builds it (two kernels and their frame workers keep both cores busy), the other waits for it,
#: then the JupyterLab chapters (mostly waiting on a kernel and the page) run beside the book's Chromium checks. The
#: heaviest files in-process follow, largest first, so that small ones fill the end (their seconds in a `make test`
#: of 2026-12-02: 166, 65, 36, 26, 19, 14, 14); every other file keeps its place after them.
FIRST_FILES = (
    "tests/test_book.py",
    "tests/test_lab.py",
    "tests/test_explorables_pixels.py",
    "tests/test_explorables.py",
    "tests/test_reader.py",
    "tests/test_api_walk.py",
    "tests/test_setup.py",
    "tests/test_build.py",
    "tests/test_retries.py",
)


def _order_files(items: list[pytest.Item]) -> None:
    """Put the files of :data:`FIRST_FILES` first, in its order; each file's tests keep their order."""
    rank = {name: i for i, name in enumerate(FIRST_FILES)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(FIRST_FILES)))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Order the files (:func:`_order_files`), and execute each chapter live once, not twice: where Chromium is here
    and a chapter's JupyterLab test is selected, that test runs the chapter's cells in a live kernel, so its nbclient
    execution is deselected. (A glue reference without a glued value fails there too: the reader's edition the lab
    opens refuses to fill it in.) Without Chromium, or with the lab test deselected, nbclient executes the chapter
    as before."""
    _order_files(items)
    if chromium_path() is None:
        return
    in_lab = {item.nodeid.removeprefix(LIVE_IN_LAB) for item in items if item.nodeid.startswith(LIVE_IN_LAB + "[")}
    covered = [
        item
        for item in items
        if item.nodeid.startswith(LIVE_EXECUTION + "[") and item.nodeid.removeprefix(LIVE_EXECUTION) in in_lab
    ]
    if covered:
        config.hook.pytest_deselected(items=covered)
        items[:] = [item for item in items if item not in covered]
