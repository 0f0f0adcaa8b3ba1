"""The models: pure functions and frozen parameter objects over numpy and scipy, nothing else.

This layer imports no plotting, widget or notebook library (``tests/test_api.py`` checks), so a model can be used
in a script, a service or a test without matplotlib. One module per concept; each module's ``__all__`` is its
public interface, and ``hotpart`` re-exports the union. A module whose name starts with ``_`` is internal
(``_validation``: the parameter checks every model shares).

=================  ==================================================  ====================================
module             concept                                              chapters (``notebooks/``)
=================  ==================================================  ====================================
``constants``      published limits, ``SOURCES`` and ``ASSUMPTIONS``    all
``capacity``       units, partitions, the per-partition ceiling        ``01_partitions``
``skew``           key designs, popularity, balls into bins            ``02_key_designs`` to ``04_composite_keys``
``fanout``         write sharding, fan-out, aggregation                ``05_write_sharding`` to ``07_aggregation``
``simulator``      per-second capacity simulator                       ``08_burst`` to ``11_capacity_modes``
``indexes``        GSIs: key mapping, back-pressure                    ``12_gsi``
``metrics``        CloudWatch metrics, Contributor Insights            ``13_detection``
``heavy_hitters``  streaming top keys (Space-Saving, Count-Min)        ``13_detection``
``retries``        SDK retries, backoff and jitter                     ``14_retries``
``diagnosis``      symptom to remedy                                   ``15_diagnosis``
``observed``       AWS's export formats, read and written              ``16_your_table``
``logs``           access-log profiling on DuckDB (``sql/``)           ``16_your_table``
``whatif``         a real table replayed under each remedy             ``16_your_table``
``sharding``       strategies, resharding, migration, 2PC, pitfalls    ``17_strategies`` to ``21_pitfalls``
=================  ==================================================  ====================================
"""

from . import (
    capacity,
    constants,
    diagnosis,
    fanout,
    heavy_hitters,
    indexes,
    logs,
    metrics,
    observed,
    retries,
    sharding,
    simulator,
    skew,
    whatif,
)

#: The public modules, in the order their chapters come (bound before the star imports, which may rebind a name).
MODULES = (
    constants,
    capacity,
    skew,
    fanout,
    simulator,
    indexes,
    metrics,
    heavy_hitters,
    retries,
    diagnosis,
    observed,
    logs,
    whatif,
    sharding,
)
from .capacity import *
from .constants import *
from .diagnosis import *
from .fanout import *
from .heavy_hitters import *
from .indexes import *
from .logs import *
from .metrics import *
from .observed import *
from .retries import *
from .sharding import *
from .simulator import *
from .skew import *
from .whatif import *

__all__ = [name for module in MODULES for name in module.__all__]
