"""The figures: each chapter's explorables and plotting functions, built on the models and the book layer.

One module per family of chapters (``figures/skew.py`` draws chapters 2 to 4 from ``models/key_designs``, ``skew``,
``max_load`` and ``item_collections``; ``figures/sharding.py`` chapters 17 to 21); each module's docstring names
the model modules it draws.
Importing a module here declares its explorables in :data:`hotpart.EXPLORABLES`; a chapter shows one with
``hp.explore("name")``, the one way to reach an explorable (they are not attributes of ``hotpart``, so an
explorable never shadows the model it draws, such as ``hp.fanout_cost``).

=================  ==============================================  ====================================
module             explorables                                     chapters (``notebooks/``)
=================  ==============================================  ====================================
``capacity``       ``partition_ceiling``                           ``01_partitions``
``skew``           ``key_design_load``, ``zipf_head``,             ``02_key_designs`` to ``04_composite_keys``
                   ``composite_keys``
``fanout``         ``write_sharding``, ``fanout_cost``,            ``05_write_sharding`` to ``07_aggregation``
                   ``aggregation``
``simulator``      ``burst``, ``adaptive``, ``split_for_heat``,    ``08_burst`` to ``11_capacity_modes``
                   ``capacity_modes``
``indexes``        ``gsi_backpressure``                            ``12_gsi``
``metrics``        ``detection``                                   ``13_detection``
``heavy_hitters``  ``heavy_hitters``                               ``13_detection``
``retries``        ``retry_storm``                                 ``14_retries``
``diagnosis``      ``symptom_to_remedy``                           ``15_diagnosis``
``observed``       ``your_table_what_if``                          ``16_your_table``
``sharding``       ``sharding_strategies``, ``resharding``,        ``17_strategies`` to ``21_pitfalls``
                   ``virtual_nodes``, ``migration_timeline``,
                   ``cross_shard``, ``pitfalls``
=================  ==============================================  ====================================
"""

from . import capacity, diagnosis, fanout, heavy_hitters, indexes, metrics, observed, retries, sharding, simulator, skew

#: The public modules, in the order their chapters come (bound before the star imports, which may rebind a name).
MODULES = (capacity, skew, fanout, simulator, indexes, metrics, heavy_hitters, retries, diagnosis, observed, sharding)
from .capacity import *
from .diagnosis import *
from .fanout import *
from .heavy_hitters import *
from .indexes import *
from .metrics import *
from .observed import *
from .retries import *
from .sharding import *
from .simulator import *
from .skew import *

__all__ = [name for module in MODULES for name in module.__all__]
