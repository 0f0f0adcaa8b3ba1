"""A real JupyterLab server and the steps a reader takes in it, shared by tests/test_lab.py and benchmarks/bench_lab.py.

The server runs with `make lab`'s flags (127.0.0.1, allowed as root) and a settings folder of its own, so
a reader's own JupyterLab settings never change what the tests see; Chromium is Debian's, driven by Playwright.
"""

from __future__ import annotations

import contextlib
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
from typing import Any, NamedTuple

#: Chromium's flags on this closed network (no background connections), as the book's browser tests use.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def lab_server(root_dir: Path, home: Path, startup_s: float = 120) -> Iterator[tuple[str, str]]:
    """JupyterLab on 127.0.0.1 over ``root_dir``; yields (base URL, token) and stops the server after."""
    settings = home / "settings"
    tracker = settings / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    # Render every cell, not only those in view, so a whole chapter can be checked.
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    # no news toast and no update check: the edition's own JupyterLab settings do it, as in `make lab`
    port, token = free_port(), secrets.token_hex(16)
    env = {k: v for k, v in os.environ.items() if k != "HOTPART_STATIC"}
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
    )
    args = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--ServerApp.root_dir={root_dir}",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.allow_root=True",
        f"--IdentityProvider.token={token}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.app_settings_dir={root_dir / '.jupyterlab'}",  # make lab's flag: the edition's overrides.json
    ]
    with open(home / "lab.log", "w") as log:
        proc = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + startup_s
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start:\n{(home / 'lab.log').read_text()[-3000:]}")
                time.sleep(0.5)
            yield base, token
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


def kernels(base: str, token: str, tries: int = 5) -> list[dict[str, Any]]:
    """The server's running kernels (its REST API; a busy server's passing error is retried)."""
    for attempt in range(tries):
        try:
            with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=10) as r:
                return json.load(r)
        except OSError:  # urllib's HTTPError and URLError are OSErrors
            if attempt == tries - 1:
                raise
            time.sleep(1)
    return []


def kernels_idle(base: str, token: str) -> bool:
    ks = kernels(base, token)
    return bool(ks) and all(k["execution_state"] == "idle" for k in ks)


def shut_down_kernels(base: str, token: str) -> None:
    for k in kernels(base, token):
        req = urllib.request.Request(f"{base}/api/kernels/{k['id']}?token={token}", method="DELETE")
        with contextlib.suppress(OSError):  # already shutting down (the page closed its session): nothing to do
            urllib.request.urlopen(req, timeout=30).close()


def open_notebook(page: Any, base: str, token: str, name: str, timeout_s: float = 120) -> Any:
    """Open ``name`` and return its panel, the only notebook open.

    A page that shows no JupyterLab yet loads it in a workspace of its own (no earlier notebook restored beside
    it). A page that already shows it is used again, as a reader goes from one chapter to the next: every tab is
    closed (its changes discarded), the kernels shut down, and ``name`` opened from the file browser, which saves
    loading JupyterLab again (about 3.5 s a chapter on two cores).
    """
    if page.url.startswith(f"{base}/lab") and page.locator(".jp-DirListing").count():
        close_all_tabs(page)
        shut_down_kernels(base, token)
        exact = re.compile("^" + re.escape(name) + "$")
        page.locator(".jp-DirListing-item", has=page.locator(".jp-DirListing-itemText", has_text=exact)).dblclick()
    else:
        page.goto(f"{base}/lab/workspaces/{Path(name).stem}/tree/{name}?reset&token={token}")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    panel.locator(".jp-Cell").first.wait_for(timeout=timeout_s * 1000)
    if page.locator(".jp-NotebookPanel").count() != 1:
        raise AssertionError(f"{page.locator('.jp-NotebookPanel').count()} notebooks open, expected only {name}")
    _until(lambda: kernels_idle(base, token), 60, "the kernel did not become idle")  # started and ready
    return panel


def close_all_tabs(page: Any, timeout_s: float = 30) -> None:
    """File > Close All Tabs, discarding each notebook's changes when JupyterLab asks."""
    page.keyboard.press("Escape")  # no menu or dialog left open by what came before
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^File$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Close All Tabs$")).click()
    discard = page.locator(".jp-Dialog button", has_text=re.compile(r"^(Discard|Don.t Save)$", re.I))

    def closed() -> bool:
        if discard.count():
            discard.first.click()
            return False
        return page.locator(".jp-NotebookPanel").count() == 0

    _until(closed, timeout_s, "the notebooks did not close")


#: How often the waits below look again, seconds: short, since every chapter waits several times.
POLL_S = 0.1


def _until(ready: Any, timeout_s: float, message: str) -> None:
    """Return as soon as ``ready()`` is true (looking every :data:`POLL_S` seconds); fail after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(message)
        time.sleep(POLL_S)


#: Whether Run All has reached the kernel: a cell waiting or running (``[*]``), or every prompt numbered already.
_RUN_STARTED_JS = """panel => {
  const prompts = [...panel.querySelectorAll(".jp-CodeCell .jp-InputPrompt")].map(p => p.textContent.trim());
  return prompts.some(t => t === "[*]:" || t === "[*]") || (prompts.length > 0 && prompts.every(t => /\\[\\d+\\]/.test(t)));
}"""
#: Whether no cell is waiting or running.
_RUN_DONE_JS = """panel => ![...panel.querySelectorAll(".jp-InputPrompt")].some(p => p.textContent.includes("[*]"))"""


def run_all(page: Any, panel: Any, base: str, token: str, timeout_s: float = 300) -> None:
    """Run > Run All Cells, as a reader does, and wait until every cell has finished.

    JupyterLab marks every cell ``[*]`` as it sends the cells to the kernel, which queues them, so the run is over
    once the marks have appeared and then gone, and the kernel is idle (looked at twice, :data:`POLL_S` apart).
    """
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    handle = panel.element_handle()
    page.wait_for_function(_RUN_STARTED_JS, arg=handle, timeout=30_000, polling=50)

    def done() -> bool:
        return bool(page.evaluate(_RUN_DONE_JS, handle)) and kernels_idle(base, token)

    def settled() -> bool:
        if not done():
            return False
        time.sleep(POLL_S)
        return done()

    _until(settled, timeout_s, f"cells still running after {timeout_s} s")


def explorable_box(page: Any, panel: Any, name: str) -> Any:
    """The live widget of ``hp.explore(name)`` in the open notebook."""
    cell = panel.locator(".jp-CodeCell", has=page.locator(".cm-content", has_text=f'explore("{name}")'))
    if cell.count() != 1:
        raise AssertionError(f"{name}: {cell.count()} cells call it")
    box = cell.locator(".widget-vbox").first
    box.wait_for(timeout=60_000)
    return box


#: How long a step may leave the slider's value as it was before it is taken for an end (ms). The value is polled,
#: not read once: after a key press it can take more than one animation frame to change.
END_MS = 2_000

#: One slider step, timed in the page: a key press on the handle, then the figure's new source. Returns the
#: milliseconds; -2 when neither the slider's value nor the figure changed within ``endMs`` (the slider is at an
#: end); -1 when the value changed but the figure did not within ``timeoutMs`` (the next value draws the same
#: picture, or the kernel did not answer).
STEP_JS = """async ([handle, img, key, timeoutMs, endMs]) => {
  const before = img.src, was = handle.getAttribute("aria-valuenow");
  const t0 = performance.now();
  handle.dispatchEvent(new KeyboardEvent("keydown", {key, code: key, bubbles: true}));
  let moved = false;
  while (img.src === before) {
    const dt = performance.now() - t0;
    moved = moved || handle.getAttribute("aria-valuenow") !== was;
    if (!moved && dt > endMs) return -2;
    if (dt > timeoutMs) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  await new Promise(r => img.complete ? r() : img.addEventListener("load", r, {once: true}));
  return performance.now() - t0;
}"""


#: The slider to its bottom (Home); when that moves it, until the figure it brings is on screen. Returns 1 when it
#: moved, 0 when the value stayed as it was for ``endMs`` (polled, as in :data:`STEP_JS`: the slider was at its
#: bottom), or -1 when the value moved but the figure did not change within ``timeoutMs``.
HOME_JS = """async ([handle, img, timeoutMs, endMs]) => {
  const before = img.src, was = handle.getAttribute("aria-valuenow");
  const t0 = performance.now();
  handle.dispatchEvent(new KeyboardEvent("keydown", {key: "Home", code: "Home", bubbles: true}));
  while (handle.getAttribute("aria-valuenow") === was) {
    if (img.src !== before) break;
    if (performance.now() - t0 > endMs) return 0;
    await new Promise(r => requestAnimationFrame(r));
  }
  while (img.src === before) {
    if (performance.now() - t0 > timeoutMs) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  await new Promise(r => img.complete ? r() : img.addEventListener("load", r, {once: true}));
  return 1;
}"""


class Steps(NamedTuple):
    """What :func:`step_latencies_ms` measured: the timed steps (ms) and the steps that brought no new figure."""

    ms: list[float]
    untimed: int


def step_latencies_ms(box: Any, steps: int, timeout_ms: float = 15_000, max_untimed: int = 5) -> Steps:
    """Milliseconds from a slider step to the new figure on screen, for ``steps`` steps of the first slider.

    The slider starts from its bottom (Home, waited for until its figure is on screen) and steps up; at its top (a
    step that leaves its value as it was for :data:`END_MS`) it turns and steps down. A step that moves the slider
    but brings no new figure within ``timeout_ms`` is not timed but counted in ``untimed`` (neighbouring values can
    draw the same picture); more than ``max_untimed`` of them in a row fail, as does a slider that moves neither way.
    """
    handle = box.locator(".noUi-handle").first
    img = box.locator("img").first
    key, out, untimed, in_a_row, ends = "ArrowRight", [], 0, 0, 0
    home = [handle.element_handle(), img.element_handle(), timeout_ms, min(END_MS, timeout_ms)]
    if box.page.evaluate(HOME_JS, home) < 0:
        raise AssertionError("the slider went to its bottom but the figure did not change")
    while len(out) < steps:
        args = [handle.element_handle(), img.element_handle(), key, timeout_ms, min(END_MS, timeout_ms)]
        ms = box.page.evaluate(STEP_JS, args)
        if ms == -2:  # an end: turn
            ends += 1
            if ends >= 2 and not out and not untimed:
                raise AssertionError("the slider moves neither way")
            key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
            continue
        if ms < 0:  # the value moved, the figure did not: go on the same way
            untimed += 1
            in_a_row += 1
            if in_a_row > max_untimed:
                raise AssertionError(f"{in_a_row} steps in a row moved the slider but brought no new figure")
            continue
        in_a_row = 0
        out.append(ms)
    return Steps(out, untimed)
