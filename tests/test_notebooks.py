"""Notebooks: committed without outputs, every one executes, and every figure they show is declared in hotpart."""

import json
import re

import nbformat
import pytest
from nbclient import NotebookClient

import hotpart as hp
from conftest import NOTEBOOKS, ROOT

NOTEBOOK_TIMEOUT_S = 300


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"cell {i} of {notebook.name} has outputs"
            assert cell.get("execution_count") is None, f"cell {i} of {notebook.name} has an execution count"
    assert "widgets" not in nb.get("metadata", {}), f"{notebook.name} carries widget state"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(notebook, monkeypatch):
    monkeypatch.delenv("HOTPART_STATIC", raising=False)
    nb = nbformat.read(notebook, as_version=4)
    client = NotebookClient(
        nb, timeout=NOTEBOOK_TIMEOUT_S, kernel_name="python3", resources={"metadata": {"path": str(notebook.parent)}}
    )
    client.execute()  # raises CellExecutionError on any error
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    glued = {o.get("metadata", {}).get("scrapbook", {}).get("name") for c in nb.cells if c.cell_type == "code" for o in c.outputs}
    used = set()
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            used |= set(GLUE_ROLE.findall(cell.source)) | set(GLUE_DIRECTIVE.findall(cell.source))
    missing = sorted(k for k in used if k.split(":")[0] not in glued)
    assert not missing, f"{notebook.name} refers to glue keys it never glues: {missing}"


#: ``{glue:text}`key``, ``{glue}`key:fmt``` and the other glue roles; the ``{glue:figure} key`` directives.
GLUE_ROLE = re.compile(r"\{glue(?::\w+)?\}`([^`]+)`")
GLUE_DIRECTIVE = re.compile(r"```\{glue(?::\w+)?\}\s+(\S+)")


def explorables_in(notebook):
    source = "\n".join(
        "".join(c["source"]) for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"
    )
    return re.findall(r"""explore\(\s*["']([\w-]+)["']""", source)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_explore_call_names_a_declared_explorable(notebook):
    for name in explorables_in(notebook):
        assert name in hp.EXPLORABLES


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_explore_call_has_a_sentence_on_what_to_try(notebook):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "code" and "explore(" in "".join(cell["source"]):
            before = "".join(cells[i - 1]["source"]) if i else ""
            assert "Try this" in before, f"{notebook.name} cell {i}: no 'Try this' sentence before the explorable"


def test_notebooks_are_numbered_and_unique():
    numbers = [p.name.split("_")[0] for p in NOTEBOOKS]
    assert len(numbers) == len(set(numbers))
    assert all(n.isdigit() for n in numbers)
    assert (ROOT / "notebooks").is_dir()


def test_kernels_skip_the_iri_grammar_and_leave_no_name_behind():
    """The virtualenv's kernel configuration (etc/ipython_kernel_config.py, installed by make) keeps jsonschema
    from building rfc3987-syntax's grammar (about 2 s per kernel at the first glue) without binding any name."""
    installed = ROOT / ".venv" / "etc" / "ipython" / "ipython_kernel_config.py"
    source = (ROOT / "etc" / "ipython_kernel_config.py").read_text(encoding="utf-8")
    if installed.exists():  # make installs it; a run outside the virtualenv has nothing to compare
        assert installed.read_text(encoding="utf-8") == source
    code = (
        "before = set(dir())\n"
        "from myst_nb import glue\n"
        "glue('answer', 42, display=False)\n"
        "import sys\n"
        "print(sys.modules['rfc3987_syntax'], sorted(n for n in before if 'hotpart' in n or n == 'sys'))"
    )
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    NotebookClient(nb, timeout=NOTEBOOK_TIMEOUT_S, kernel_name="python3").execute()
    outputs = nb.cells[0].outputs
    assert [o["text"] for o in outputs if o.get("name") == "stdout"] == ["None []\n"]
    assert any("answer" in str(o.get("metadata", {})) for o in outputs)  # glue still records the value
