"""hotpart: analytic models of hot partitions and sharding, for the course of the same name.

The package has three layers, one folder each; ``hotpart`` itself is the flat entry point the chapters use
(``import hotpart as hp``; ``hp.simulate``, ``hp.explore("burst")``):

* :mod:`hotpart.models`: the models, over numpy and scipy only (no plotting);
* :mod:`hotpart.book`: how a model reaches the reader: explorables, the shared plotting look, the course map,
  the book build and the reader's edition;
* :mod:`hotpart.figures`: each chapter's explorables and figures, built on the two layers above.

Each module's ``__all__`` is the single source of truth for its public names: a layer's ``__all__`` is the union
of its public modules' (modules named ``_*`` are internal), and ``hotpart.__all__`` is the union of the three
layers'. ``tests/test_api.py`` checks that no name is exported twice, that every name the README's model map
and the chapters cite exists, and that the models import no plotting library. Each module's docstring names the
chapters that teach it; the README's model map goes the other way, from a chapter to its modules.

Nothing is imported until it is used (PEP 562, ``hotpart/_lazy.py``): ``import hotpart`` loads no layer, the
first ``hp.simulate`` loads the models, and the first book or figure name (``hp.explore``, ``hp.new_figure``) loads
the book and the figures together (importing the figures declares the explorables ``hp.explore`` shows). So
``hotpart --help`` and ``hotpart queries`` start without numpy or matplotlib, and a script that needs one model
imports only the models.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_LAYERS = ("models", "book", "figures")


def _layer(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


def __getattr__(name: str) -> Any:
    if name in _LAYERS:
        return _layer(name)
    if name == "__all__":
        #: Every public name: the union of the three layers' ``__all__``, each name defined in exactly one module.
        names = [n for layer in _LAYERS for n in _layer(layer).__all__]
        globals()["__all__"] = names
        return names
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    models = _layer("models")
    if name in models.__all__:
        value = getattr(models, name)
    else:
        # the figures load with the book: they import it and declare the explorables hp.explore shows
        figures_names = _layer("figures").__all__
        for layer in ("book", "figures"):
            mod = _layer(layer)
            if name in (figures_names if layer == "figures" else mod.__all__):
                value = getattr(mod, name)
                break
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__getattr__("__all__")))
