"""What the simulator's mutation tests share: the pure-Python reference simulator (``reference_simulator.py``, the
test oracle, written independently) and a bit-for-bit comparison of two results' records."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

import hotpart as hp

_REF_PATH = Path(__file__).resolve().parent / "reference_simulator.py"
_spec = importlib.util.spec_from_file_location("reference_simulator", _REF_PATH)
reference = importlib.util.module_from_spec(_spec)
assert _spec.loader is not None
_spec.loader.exec_module(reference)


def assert_identical(a: hp.SimulationResult, b: hp.SimulationResult) -> None:
    """Every per-second record of ``a`` and ``b`` the same, bit for bit (dtype, shape and bytes)."""
    for name in ("offered", "served", "throttled", "tokens", "burst", "reason", "capacity"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape, name
        assert np.array_equal(x.view(np.uint8), y.view(np.uint8)), name  # bit for bit
