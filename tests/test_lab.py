"""The notebooks as a reader runs them: the reader's edition in a real JupyterLab server, driven in Chromium.

A session-scoped fixture writes the edition to ``_lab/`` exactly as ``make lab-build`` does and starts
JupyterLab on 127.0.0.1 with the ``make lab`` settings. Each chapter is opened, every cell run, and the
rendered page checked: no error, no MyST markup or bare glue key in the prose, every explorable with its
controls, and a control that changes its figure. Under CI=true none of this may skip.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import hotpart as hp
from conftest import NOTEBOOKS, ROOT
from hotpart import _reader as reader
from test_notebooks import explorables_in

LAB = ROOT / "_lab"
RUN_TIMEOUT_S = 300
#: Markup that only the book understands; none of it may reach the rendered page.
LEFTOVERS = ("{glue", "{cite", ":class:", "{doc}", "```{")


def _git_status(path: str) -> str:
    args = ["git", "status", "--porcelain", "--untracked-files=all", "--", path]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="session")
def lab_edition() -> Iterator[Path]:
    """The reader's edition in _lab/, as `make lab-build` writes it; the sources' git status is unchanged after."""
    before = _git_status("notebooks")
    reader.build_reader_edition(ROOT, LAB, executed=ROOT / "_build" / "jupyter_execute" / "notebooks")
    yield LAB
    assert _git_status("notebooks") == before, "running the reader's edition changed notebooks/"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab_server(lab_edition: Path, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """JupyterLab on 127.0.0.1 over the edition, with `make lab`'s flags; returns (base URL, token)."""
    home = tmp_path_factory.mktemp("lab-home")
    settings = home / "settings"
    tracker = settings / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    # Render every cell, not only those in view, so the whole chapter can be checked.
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    notify = settings / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True)
    (notify / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    port, token = _free_port(), secrets.token_hex(16)
    env = {k: v for k, v in os.environ.items() if k != "HOTPART_STATIC"}
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
    )
    log = open(home / "lab.log", "w")  # closed when the server stops
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--ServerApp.root_dir={lab_edition}",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.allow_root=True",
            f"--IdentityProvider.token={token}",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            pytest.fail(f"JupyterLab did not start:\n{(home / 'lab.log').read_text()[-3000:]}")
        time.sleep(0.5)
    yield base, token
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


def _kernels_idle(base: str, token: str) -> bool:
    with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=5) as r:
        kernels = json.load(r)
    return bool(kernels) and all(k["execution_state"] == "idle" for k in kernels)


def _shut_down_kernels(base: str, token: str) -> None:
    with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=5) as r:
        kernels = json.load(r)
    for k in kernels:
        req = urllib.request.Request(f"{base}/api/kernels/{k['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req, timeout=10).close()


def _glue_keys(notebook: Path) -> set[str]:
    keys = set()
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type == "code":
            keys |= set(re.findall(r"""glue\(\s*["']([\w-]+)["']""", cell.source))
    return keys


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_runs_and_reads_well_in_jupyterlab(browser, lab_server, notebook):
    base, token = lab_server
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # a workspace of its own (reset): no notebook of an earlier test is restored beside this one
        page.goto(f"{base}/lab/workspaces/{notebook.stem}/tree/{notebook.name}?reset&token={token}")
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        panel.locator(".jp-Cell").first.wait_for(timeout=120_000)
        assert panel.count() == 1, f"{panel.count()} notebooks open, expected only {notebook.name}"
        deadline = time.monotonic() + 60
        while not _kernels_idle(base, token):  # the kernel has started and is ready
            assert time.monotonic() < deadline, "the kernel did not become idle"
            time.sleep(0.5)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        n_code = len([c for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code"])
        page.wait_for_timeout(1000)
        deadline = time.monotonic() + RUN_TIMEOUT_S
        while True:
            busy = panel.locator(".jp-InputPrompt", has_text="[*]").count()
            if busy == 0 and _kernels_idle(base, token):
                page.wait_for_timeout(1000)
                if panel.locator(".jp-InputPrompt", has_text="[*]").count() == 0 and _kernels_idle(base, token):
                    break
            assert time.monotonic() < deadline, f"{notebook.name}: cells still running after {RUN_TIMEOUT_S} s"
            time.sleep(1)
        numbered = panel.locator(".jp-CodeCell .jp-InputPrompt", has_text=re.compile(r"\[\d+\]")).count()
        assert 1 <= numbered <= n_code, f"{numbered} cells ran of {n_code}"

        failed = panel.locator('[data-mime-type="application/vnd.jupyter.error"]')
        assert failed.count() == 0, f"{notebook.name}: error output:\n{failed.first.inner_text()[:2000]}"

        prose = "\n".join(panel.locator(".jp-MarkdownCell .jp-RenderedMarkdown").all_inner_texts())
        assert len(prose) > 2000, f"{notebook.name}: the prose did not render"
        left = [m for m in LEFTOVERS if m in prose]
        assert not left, f"{notebook.name}: rendered prose shows {left}"
        bare = sorted(k for k in _glue_keys(notebook) if "_" in k and re.search(rf"\b{re.escape(k)}\b", prose))
        assert not bare, f"{notebook.name}: rendered prose shows glue keys {bare}"
        assert panel.locator(".jp-RenderedMarkdown details summary").count() >= 2, "solutions do not fold"

        for name in explorables_in(notebook):
            e = hp.EXPLORABLES[name]
            cell = panel.locator(".jp-CodeCell", has=page.locator(".cm-content", has_text=f'explore("{name}")'))
            assert cell.count() == 1, f"{name}: its cell is not on the page"
            box = cell.locator(".widget-vbox").first
            box.wait_for(timeout=60_000)
            sliders = box.locator(".widget-slider, .widget-hslider")
            assert sliders.count() == len(e.controls), f"{name}: {sliders.count()} controls shown, {len(e.controls)} declared"
            img = box.locator("img").first
            before = img.get_attribute("src")
            handle = sliders.first.locator(".noUi-handle").first
            handle.focus()
            page.keyboard.press("End")
            try:
                page.wait_for_function("([e, s]) => e.src !== s", arg=[img.element_handle(), before], timeout=15_000)
            except PlaywrightTimeout:  # the slider was already at its top: move it to the bottom
                page.keyboard.press("Home")
                page.wait_for_function("([e, s]) => e.src !== s", arg=[img.element_handle(), before], timeout=15_000)
            caption = box.locator(".widget-html").last.inner_text()
            assert caption and "nan" not in caption.lower(), f"{name}: bad caption after a move: {caption!r}"
        assert not errors, f"{notebook.name}: JavaScript errors {errors}"
    finally:
        page.close()
        _shut_down_kernels(base, token)


def test_the_edition_is_ignored_by_git(lab_edition):
    result = subprocess.run(["git", "check-ignore", "-q", str(lab_edition / NOTEBOOKS[0].name)], cwd=ROOT)
    assert result.returncode == 0, "_lab/ is not ignored by git"
