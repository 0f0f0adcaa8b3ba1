"""Layers that load on first use (PEP 562): ``import hotpart`` costs nothing until a name is asked for.

A layer's ``__init__`` lists its public modules by name and hands its namespace to :func:`lazy_layer`, which
returns the module-level ``__getattr__`` and ``__dir__``. The first time a name that is not yet bound is asked for
(``hotpart.models.simulate``, ``hotpart.models.__all__``, ``hotpart.models.MODULES``), every public module of the
layer is imported, in the listed order, and their public names are bound in the layer's namespace, so every later
access is a plain attribute. A submodule asked for by name (``hotpart.models.diagnosis``) is imported alone.

So the command line, which imports only the modules it needs (``hotpart.models.diagnosis``, never the figures),
starts without matplotlib, and ``import hotpart as hp; hp.simulate`` works as it always did.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__: list[str] = []


def lazy_layer(package: str, modules: tuple[str, ...], namespace: dict[str, Any]) -> tuple[Callable, Callable]:
    """``__getattr__`` and ``__dir__`` for a layer whose public ``modules`` load on first use.

    Parameters
    ----------
    package : str
        The layer's dotted name (``"hotpart.models"``).
    modules : tuple of str
        Its public modules, in the order their chapters come (the order of ``MODULES`` and ``__all__``).
    namespace : dict
        The layer's ``globals()``: ``MODULES``, ``__all__`` and every public name are bound there once loaded.

    Returns
    -------
    (callable, callable)
        The layer's ``__getattr__(name)`` and ``__dir__()``.
    """

    def load() -> None:
        if "MODULES" in namespace:
            return
        mods: tuple[ModuleType, ...] = tuple(importlib.import_module(f"{package}.{name}") for name in modules)
        names = [name for m in mods for name in m.__all__]
        for m in mods:
            for name in m.__all__:
                namespace[name] = getattr(m, name)
        namespace["__all__"] = names
        namespace["MODULES"] = mods

    def __getattr__(name: str) -> Any:
        if name in modules:
            return importlib.import_module(f"{package}.{name}")
        if name.startswith("__") and name != "__all__":
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        load()
        if name in namespace:
            return namespace[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        load()
        return sorted(set(namespace) | set(namespace["__all__"]))

    return __getattr__, __dir__
