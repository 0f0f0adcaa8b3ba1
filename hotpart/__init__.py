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
from ._constants import (
    EXAMPLE_HOT_PARTITION,
    PARTITION_MAX_RCU,
    PARTITION_MAX_STORAGE_GB,
    PARTITION_MAX_WCU,
    READ_UNIT_BYTES,
    SOURCES,
    THROTTLE_EXCEPTION,
    WRITE_UNIT_BYTES,
    Source,
)
from ._course import CHAPTERS, SECTIONS, Chapter, Section, course_map
from ._explorable import EXPLORABLES, Control, Explorable, explore, register
from ._plotting import COLORS, finish_axes, new_figure, partition_bars, render_png, show

__version__ = "0.1.0"

__all__ = [
    "CHAPTERS",
    "COLORS",
    "EXAMPLE_HOT_PARTITION",
    "EXPLORABLES",
    "PARTITION_MAX_RCU",
    "PARTITION_MAX_STORAGE_GB",
    "PARTITION_MAX_WCU",
    "READ_UNIT_BYTES",
    "SECTIONS",
    "SOURCES",
    "THROTTLE_EXCEPTION",
    "WRITE_UNIT_BYTES",
    "Chapter",
    "Control",
    "Explorable",
    "PartitionLoad",
    "Section",
    "Source",
    "course_map",
    "estimate_partitions",
    "explore",
    "finish_axes",
    "new_figure",
    "partition_bars",
    "partition_ceiling",
    "partition_history",
    "plot_partition_history",
    "plot_partition_load",
    "read_units",
    "register",
    "render_png",
    "show",
    "split_demand",
    "throttled",
    "write_units",
]
