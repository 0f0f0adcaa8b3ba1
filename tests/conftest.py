"""Shared fixtures: the repository's paths, the built book, a local web server and headless Chromium."""

from __future__ import annotations

import functools
import http.server
import os
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


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def built_book() -> Path:
    """Build the book exactly as `make book` does (-W, every page re-executed) and return _build/html."""
    shutil.rmtree(BUILD, ignore_errors=True)  # no stale page or frame survives; the frame cache sits outside
    env = dict(os.environ, HOTPART_STATIC=str(BUILD))
    jb = Path(sys.executable).parent / "jupyter-book"
    result = subprocess.run(
        [str(jb), "build", str(ROOT), "--all", "-W", "--keep-going"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if result.returncode != 0:
        pytest.fail(f"jupyter-book build -W failed (exit {result.returncode}):\n{result.stdout[-6000:]}\n{result.stderr[-3000:]}")
    # as `make book` does: the reader's edition behind the download buttons
    downloads = subprocess.run(
        [sys.executable, "-m", "hotpart.book._reader", "--downloads", str(BUILD), "--executed", str(EXECUTED)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if downloads.returncode != 0:
        pytest.fail(f"the download buttons' reader's edition failed:\n{downloads.stdout[-3000:]}\n{downloads.stderr[-3000:]}")
    return BUILD


WIDGET_BUILD = ROOT / "_build" / "widgets"


@pytest.fixture(scope="session")
def widget_book() -> Path:
    """Chapter 1 built without HOTPART_STATIC: the live widget's first frame, embedded with the offline JS."""
    shutil.rmtree(WIDGET_BUILD, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "HOTPART_STATIC"}
    jb = Path(sys.executable).parent / "jupyter-book"
    result = subprocess.run(
        [
            str(jb),
            "build",
            str(ROOT),
            "--all",
            "-W",
            "--keep-going",
            "--toc",
            str(ROOT / "tests/fixtures/_toc_widgets.yml"),
            "--path-output",
            str(WIDGET_BUILD),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if result.returncode != 0:
        pytest.fail(f"widget-mode build failed (exit {result.returncode}):\n{result.stdout[-6000:]}\n{result.stderr[-3000:]}")
    return WIDGET_BUILD / "_build" / "html"


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
