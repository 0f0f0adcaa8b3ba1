"""One public API, layers you can see: what `hotpart.__all__` is made of, and that the README and chapters agree.

* every public name is defined in exactly one module, whose ``__all__`` lists it (no re-exports, no clashes);
* a layer's ``__all__`` is the union of its public modules', and ``hotpart.__all__`` the union of the layers';
* explorables are reached one way, ``hp.explore(name)``, never as attributes that could shadow a model;
* the layers import downward only: models import no plotting or notebook library, the book layer no figures;
* the README's model map names real modules and names, one row per chapter, with the explorables each chapter shows;
* sources live in one place: only ``models/constants.py`` adds to ``SOURCES``.
"""

from __future__ import annotations

import ast
import inspect
import json
import pkgutil
import re

import pytest

import hotpart as hp
from conftest import ROOT
from hotpart import book, figures, models

LAYERS = {"models": models, "book": book, "figures": figures}
PACKAGE = ROOT / "hotpart"


def _public_modules(layer):
    return sorted(m.name for m in pkgutil.iter_modules(layer.__path__) if not m.name.startswith("_"))


@pytest.mark.parametrize("layer_name", sorted(LAYERS))
def test_a_layer_exports_the_union_of_its_public_modules(layer_name):
    layer = LAYERS[layer_name]
    assert sorted(m.__name__.rsplit(".", 1)[1] for m in layer.MODULES) == _public_modules(layer), (
        f"hotpart.{layer_name}.MODULES must list every public module in hotpart/{layer_name}/"
    )
    assert layer.__all__ == [name for module in layer.MODULES for name in module.__all__]


def test_the_package_exports_the_union_of_the_layers_each_name_once():
    assert hp.__all__ == [*models.__all__, *book.__all__, *figures.__all__]
    seen: dict[str, str] = {}
    clashes = []
    for layer in LAYERS.values():
        for module in layer.MODULES:
            for name in module.__all__:
                if name in seen:
                    clashes.append(f"{name}: {seen[name]} and {module.__name__}")
                seen[name] = module.__name__
    assert not clashes, "a name is exported by two modules:\n" + "\n".join(clashes)
    assert not {"models", "figures", "book"} & set(hp.__all__)


@pytest.mark.parametrize("module", [m for layer in LAYERS.values() for m in layer.MODULES], ids=lambda m: m.__name__)
def test_every_name_in_a_modules_all_is_defined_there(module):
    """A module's ``__all__`` is the source of truth: each name is its own, not a re-export from another module."""
    for name in module.__all__:
        assert name in vars(module), f"{module.__name__}.__all__ lists {name!r}, which the module does not define"
        obj = vars(module)[name]
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert obj.__module__ == module.__name__, f"{module.__name__}.{name} is {obj.__module__}'s: a re-export"
        assert getattr(hp, name) is obj


def test_explorables_are_reached_only_through_explore():
    exported = [name for name in hp.__all__ if isinstance(getattr(hp, name), hp.Explorable)]
    assert not exported, f"explorables exported as attributes (reach them with hp.explore): {exported}"
    assert len(hp.EXPLORABLES) >= 20


def _imports(path):
    """Every module a source file imports, at top level or inside a function: (dotted name, relative level)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


FORBIDDEN_IN_MODELS = ("matplotlib", "IPython", "ipywidgets", "myst_nb", "nbformat", "PIL")


@pytest.mark.parametrize("path", sorted((PACKAGE / "models").glob("*.py")), ids=lambda p: p.name)
def test_models_import_no_plotting_and_nothing_above_them(path):
    for name, level in _imports(path):
        top = name.split(".")[0]
        assert top not in FORBIDDEN_IN_MODELS, f"models/{path.name} imports {name}: the models layer is numpy/scipy only"
        assert not (level >= 2 and top in {"figures", "book"}), f"models/{path.name} imports ..{name}: an upper layer"
        assert not name.startswith(("hotpart.figures", "hotpart.book")), f"models/{path.name} imports {name}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "book").glob("*.py")), ids=lambda p: p.name)
def test_the_book_layer_does_not_import_the_figures(path):
    for name, level in _imports(path):
        assert not (level >= 2 and name.split(".")[0] == "figures"), f"book/{path.name} imports ..{name}"
        assert not name.startswith("hotpart.figures"), f"book/{path.name} imports {name}"


def test_the_layers_are_what_the_check_above_sees():
    """The import walk finds a forbidden import when there is one (the check can fail)."""
    plotting = _imports(PACKAGE / "book" / "plotting.py")
    assert any(name.startswith("matplotlib") for name, _ in plotting)
    assert any(level == 2 and name.startswith("models") for name, level in _imports(PACKAGE / "figures" / "skew.py"))


def test_only_the_constants_module_adds_sources():
    """Sources live in one place: a published figure and its quote sit together in models/constants.py."""
    offenders = [
        f"{path.relative_to(ROOT)}:{i}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "constants.py"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"\s*SOURCES(\[[^\]]+\]\s*=|\.(update|setdefault)\()", line)
    ]
    assert not offenders, "SOURCES entries outside hotpart/models/constants.py:\n" + "\n".join(offenders)


# --- the README's model map -------------------------------------------------------------------------------------


def _readme_rows():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Where each model lives", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[1].startswith("`notebooks/"):
            rows.append(cells)
    return rows


def _cited(cell):
    """(module path, [names]) for each ``hotpart/...py`` in a README cell, with the backticked names after it."""
    out = []
    for part in re.split(r"(?=`hotpart/[\w/]+\.py`)", cell):
        m = re.match(r"`(hotpart/[\w/]+\.py)`(.*)", part, re.S)
        if m:
            out.append((m.group(1), re.findall(r"`([A-Za-z_]\w*)`", m.group(2))))
    return out


def _shown_explorables(notebook):
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    return {
        name for c in cells if c["cell_type"] == "code" for name in re.findall(r'hp\.explore\("([^"]+)"\)', "".join(c["source"]))
    }


def test_the_readme_map_has_one_row_per_chapter_in_order():
    rows = _readme_rows()
    assert [r[1].strip("`") for r in rows] == [c.notebook for c in hp.CHAPTERS]
    for row, chapter in zip(rows, hp.CHAPTERS, strict=True):
        assert row[0] == f"{chapter.number}. {chapter.title}", f"README row {row[0]!r} is not chapter {chapter.number}"


@pytest.mark.parametrize("row", _readme_rows(), ids=lambda r: r[1].strip("`"))
def test_the_readme_map_names_real_modules_and_names(row):
    _chapter, notebook, model_cell, figure_cell = row
    for path, names in _cited(model_cell):
        assert (ROOT / path).is_file(), f"README cites {path}, which does not exist"
        module = _module_of(path)
        for name in names:
            assert name in module.__all__, f"README: {name} is not in {path}'s __all__"
    explorables = set()
    for path, names in _cited(figure_cell):
        assert (ROOT / path).is_file(), f"README cites {path}, which does not exist"
        module = _module_of(path)
        for name in names:
            assert name in hp.EXPLORABLES, f"README: {name} is not an explorable"
            assert hp.EXPLORABLES[name].compute.__module__ == module.__name__, f"{name} is not declared in {path}"
            explorables.add(name)
    assert explorables == _shown_explorables(notebook.strip("`")), (
        f"README's explorables for {notebook} differ from the chapter's"
    )


def test_every_public_module_is_on_the_readme_map():
    cited = {path for row in _readme_rows() for cell in row[2:] for path, _ in _cited(cell)}
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for layer_name, layer in LAYERS.items():
        for module in layer.MODULES:
            path = f"hotpart/{layer_name}/{module.__name__.rsplit('.', 1)[1]}.py"
            assert path in cited or f"`{path}`" in text, f"{path} is not on the README's map"


def _module_of(path):
    import importlib

    return importlib.import_module(path.removesuffix(".py").replace("/", "."))


# --- one hop from a model to its chapters ------------------------------------------------------------------------


def _chapter_stems():
    return {p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}


@pytest.mark.parametrize("module", [*models.MODULES, *figures.MODULES], ids=lambda m: m.__name__)
def test_a_modules_docstring_names_its_chapters_and_they_use_it(module):
    """Each model or figures module names the chapters that teach it (``notebooks/NN_name``), and each of those
    chapters calls one of its public names (or shows one of its explorables): the map from code to chapter."""
    if module is models.constants:
        return  # every chapter uses the published limits
    doc = module.__doc__ or ""
    stems = set(re.findall(r"\b(\d\d_[a-z_]+[a-z])\b", doc))
    assert stems, f"{module.__name__}'s docstring names no chapter (notebooks/NN_name)"
    unknown = stems - _chapter_stems()
    assert not unknown, f"{module.__name__}'s docstring names chapters that do not exist: {sorted(unknown)}"
    explorables = {name for name, e in hp.EXPLORABLES.items() if e.compute.__module__ == module.__name__}
    for stem in sorted(stems):
        source = "".join(
            "".join(c["source"]) for c in json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        )
        used = {n for n in module.__all__ if re.search(rf"\bhp\.{re.escape(n)}\b", source)}
        used |= {n for n in explorables if f'hp.explore("{n}")' in source}
        assert used, f"{stem} is named in {module.__name__}'s docstring but uses none of its names"
