"""The download button's notebook, as a reader gets it: outside the checkout, with only hotpart and Jupyter.

The built book offers each chapter's reader's edition behind its download button
(``_build/html/_sources/notebooks``). Every copy says before its first cell what it needs and checks for
``hotpart``; none imports myst-nb. Three chapters (plain models, the SDK figures read from botocore, the sample
exports) are executed in a fresh virtual environment outside the checkout, into which only the package
(``pip install`` of the checkout's package files) and Jupyter's ``nbconvert`` and ``ipykernel`` are installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import NOTEBOOKS, ROOT, under_ci

#: The chapters executed in the fresh environment: plain models, botocore's figures, the sample exports.
EXECUTED_OUTSIDE = ("05_write_sharding.ipynb", "14_retries.ipynb", "16_your_table.ipynb")


def _downloads(built_book: Path) -> Path:
    return built_book / "_sources" / "notebooks"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_download_says_what_it_needs_and_needs_no_myst_nb(built_book, notebook):
    nb = json.loads((_downloads(built_book) / notebook.name).read_text(encoding="utf-8"))
    first, check = nb["cells"][0], nb["cells"][1]
    assert "python -m pip install . jupyterlab" in "".join(first["source"]), "no install line before the first cell"
    assert check["cell_type"] == "code" and 'find_spec("hotpart")' in "".join(check["source"])
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert not [c for c in code if "myst_nb" in c], f"{notebook.name} still imports myst_nb"


@pytest.fixture(scope="session")
def outside_env(tmp_path_factory) -> Path:
    """A fresh virtual environment outside the checkout, with hotpart from the checkout and Jupyter only."""
    base = tmp_path_factory.mktemp("reader-env")
    env_dir = base / "venv"
    # the package's own files, copied: building in the checkout would leave a build/ folder there
    package = base / "hotpart-src"
    shutil.copytree(ROOT / "hotpart", package / "hotpart", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, package / name)
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, timeout=300)
    py = env_dir / "bin" / "python"
    pip = [str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    try:
        subprocess.run([*pip, str(package), "nbconvert", "ipykernel"], check=True, capture_output=True, timeout=1500)
    except subprocess.CalledProcessError as err:
        if under_ci():
            raise
        pytest.skip(f"could not install hotpart into a fresh environment: {err.stderr[-300:]!r}")
    return env_dir


@pytest.mark.parametrize("name", EXECUTED_OUTSIDE)
def test_a_downloaded_chapter_runs_outside_the_checkout(built_book, outside_env, tmp_path, name):
    work = tmp_path / "downloads"
    work.mkdir()
    shutil.copy(_downloads(built_book) / name, work / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "HOTPART_STATIC")}
    env["PATH"] = f"{outside_env / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    args = [str(outside_env / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace", name]
    run = subprocess.run(args, cwd=work, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, f"{name} failed outside the checkout:\n{run.stderr[-3000:]}"
    ran = json.loads((work / name).read_text(encoding="utf-8"))
    errors = [o for c in ran["cells"] for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
    # the notebook ran against the fresh environment's hotpart, not the checkout's
    probe = [str(outside_env / "bin" / "python"), "-c", "import hotpart, sys; print(hotpart.__file__)"]
    where = subprocess.run(probe, cwd=work, env=env, capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in where and str(outside_env) in where
