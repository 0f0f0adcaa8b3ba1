"""The test suite's own harness (``tests/conftest.py``): what it does to the processes the tests start."""

from __future__ import annotations

import multiprocessing
import sys
import threading


def _tracers(_: int) -> tuple[bool, bool]:
    return sys.gettrace() is None, threading.gettrace() is None


def test_a_forked_child_runs_without_the_parents_tracer():
    previous = sys.gettrace()

    def tracer(frame, event, arg):
        return None

    sys.settrace(tracer)  # as coverage's tracer is set under `make test`
    try:
        with multiprocessing.get_context("fork").Pool(1) as pool:
            assert pool.map(_tracers, [0]) == [(True, True)]
        assert sys.gettrace() is tracer  # the parent keeps its own
    finally:
        sys.settrace(previous)
