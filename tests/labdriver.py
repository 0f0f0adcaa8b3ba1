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
from typing import Any

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
    notify = settings / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True, exist_ok=True)
    (notify / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
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
    """Open ``name`` in a workspace of its own (no earlier notebook restored beside it); return its panel."""
    stem = Path(name).stem
    page.goto(f"{base}/lab/workspaces/{stem}/tree/{name}?reset&token={token}")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    panel.locator(".jp-Cell").first.wait_for(timeout=timeout_s * 1000)
    if panel.count() != 1:
        raise AssertionError(f"{panel.count()} notebooks open, expected only {name}")
    deadline = time.monotonic() + 60
    while not kernels_idle(base, token):  # the kernel has started and is ready
        if time.monotonic() > deadline:
            raise AssertionError("the kernel did not become idle")
        time.sleep(0.5)
    return panel


def run_all(page: Any, panel: Any, base: str, token: str, timeout_s: float = 300) -> None:
    """Run > Run All Cells, as a reader does, and wait until every cell has finished."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_timeout(1000)
    deadline = time.monotonic() + timeout_s
    while True:
        if panel.locator(".jp-InputPrompt", has_text="[*]").count() == 0 and kernels_idle(base, token):
            page.wait_for_timeout(1000)
            if panel.locator(".jp-InputPrompt", has_text="[*]").count() == 0 and kernels_idle(base, token):
                return
        if time.monotonic() > deadline:
            raise AssertionError(f"cells still running after {timeout_s} s")
        time.sleep(1)


def explorable_box(page: Any, panel: Any, name: str) -> Any:
    """The live widget of ``hp.explore(name)`` in the open notebook."""
    cell = panel.locator(".jp-CodeCell", has=page.locator(".cm-content", has_text=f'explore("{name}")'))
    if cell.count() != 1:
        raise AssertionError(f"{name}: {cell.count()} cells call it")
    box = cell.locator(".widget-vbox").first
    box.wait_for(timeout=60_000)
    return box


#: One slider step, timed in the page: a key press on the handle, then the figure's new source.
STEP_JS = """async ([handle, img, key, timeoutMs]) => {
  const before = img.src;
  const t0 = performance.now();
  handle.dispatchEvent(new KeyboardEvent("keydown", {key, code: key, bubbles: true}));
  while (img.src === before) {
    if (performance.now() - t0 > timeoutMs) return -1;
    await new Promise(r => requestAnimationFrame(r));
  }
  await new Promise(r => img.complete ? r() : img.addEventListener("load", r, {once: true}));
  return performance.now() - t0;
}"""


def step_latencies_ms(box: Any, steps: int, timeout_ms: float = 15_000) -> list[float]:
    """Milliseconds from a slider step to the new figure on screen, for ``steps`` steps of the first slider.

    The slider starts from its bottom (Home) and steps up; at its top it turns and steps down.
    """
    handle = box.locator(".noUi-handle").first
    img = box.locator("img").first
    key, out = "ArrowRight", []
    handle.evaluate("h => h.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home', code: 'Home', bubbles: true}))")
    box.page.wait_for_timeout(1500)
    while len(out) < steps:
        ms = box.page.evaluate(STEP_JS, [handle.element_handle(), img.element_handle(), key, timeout_ms])
        if ms < 0:  # no change: at an end, or a step too small to move the figure
            if key == "ArrowLeft" and not out:
                raise AssertionError("the slider moves neither way")
            key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
            continue
        out.append(ms)
    return out
