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
import re
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
def test_every_download_says_where_the_course_lives_and_what_it_needs(built_book, notebook):
    from hotpart.book._reader import CourseUrls

    urls = CourseUrls.from_config(ROOT)
    nb = json.loads((_downloads(built_book) / notebook.name).read_text(encoding="utf-8"))
    first, check = "".join(nb["cells"][0]["source"]), nb["cells"][1]
    assert f'python -m pip install "hotpart @ git+{urls.repository}" jupyterlab' in first, "no install line first"
    assert f"<{urls.book}>" in first and f"<{urls.repository}>" in first, "the download does not say where the course is"
    assert check["cell_type"] == "code" and 'find_spec("hotpart")' in "".join(check["source"])
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert not [c for c in code if "myst_nb" in c], f"{notebook.name} still imports myst_nb"
    prose = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for word in ("make lab", "lab-build", "clone of the course"):
        assert word not in prose, f"{notebook.name}: the download talks about {word!r}"
    # every link to another page of the course goes to the book, where it exists
    targets = re.findall(r"\]\((" + re.escape(urls.book) + r"[^)#]+)", prose)
    assert targets, f"{notebook.name}: no link to the book's pages"
    missing = sorted({t for t in targets if not (built_book / t.removeprefix(urls.book)).is_file()})
    assert not missing, f"{notebook.name}: links to pages the book does not have: {missing}"
    assert not re.search(r"\]\([\w.-]+\.ipynb\)", prose), f"{notebook.name}: a link to a notebook beside it"
    # the evidence boxes' outputs are there, numbered, and every citation points at one
    html = "".join("".join(o.get("data", {}).get("text/html", "")) for c in nb["cells"] for o in c.get("outputs", []))
    boxes = set(re.findall(r'<details class="admonition [a-z]+ hp-evidence" id="(ev-[a-z0-9-]+)"', html))
    shown = sum(len(re.findall(r"\bhp\.(?:source|assumption)_box\(", "".join(c["source"]))) for c in nb["cells"])
    assert len(boxes) == shown, f"{notebook.name}: {len(boxes)} evidence boxes in the download, {shown} shown"
    cited = set(re.findall(r"\]\(#(ev-[a-z0-9-]+)\)", prose))
    assert cited <= boxes, f"{notebook.name}: citations of boxes the notebook lacks: {sorted(cited - boxes)}"


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
