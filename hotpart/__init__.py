"""hotpart: analytic models of hot partitions and sharding, for the course of the same name.

Every public name is re-exported here; the modules behind them are private and
named after their concept. Each module's docstring names the chapter that
teaches it, and each chapter names the module it calls:

========================  ================================  ==========================================
module                    concept                           chapter (notebook)
========================  ================================  ==========================================
``_constants``            published limits, with sources    all
``_capacity``             units, partitions, the ceiling    ``notebooks/01_partitions.ipynb``
``_capacity_view``        chapter 1's explorable, figures   ``notebooks/01_partitions.ipynb``
``_explorable``           one declaration, two renderings   every chapter's "Explore" section
``_plotting``             the shared look, PNG rendering    every figure
``_course``               the course map                    ``book/intro.md``
``_validation``           parameter checks                  every model
========================  ================================  ==========================================
"""

from ._capacity import (
    PartitionLoad,
    estimate_partitions,
    partition_history,
    read_units,
    split_demand,
    throttled,
    write_units,
)
from ._capacity_view import partition_ceiling, plot_partition_history, plot_partition_load
from ._constants import *  # every published limit, with SOURCES
from ._course import CHAPTERS, PARTS, SECTIONS, Chapter, Section, course_map, toc_yaml
from ._explorable import EXPLORABLES, Control, Explorable, explore, register
from ._plotting import COLORS, finish_axes, new_figure, partition_bars, render_png, show
from ._skew import harmonic, partition_of

# Each chapter issue adds its imports in its own block below (one block per module family).
# --- skew (issue 3): hotpart/_skew.py, hotpart/_skew_view.py
# --- fan-out (issue 4): hotpart/_fanout.py, hotpart/_fanout_view.py
# --- capacity simulator (issue 5): hotpart/_simulator.py, hotpart/_simulator_view.py
# --- detection (issue 6): hotpart/_detection.py, hotpart/_detection_view.py
# --- sharding (issue 7): hotpart/_sharding.py, hotpart/_sharding_view.py

__version__ = "0.1.0"

#: Every public name: whatever this module imports that does not start with an underscore.
__all__ = sorted(name for name in dict(globals()) if not name.startswith("_"))
