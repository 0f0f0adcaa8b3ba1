"""The figures: each chapter's explorables and plotting functions, built on the models and the book layer.

One module per chapter family, named after the model module it draws where that reads well (``figures/skew.py``
draws ``models/skew.py`` for chapter 3, ``figures/resharding.py`` draws ``models/resharding.py`` for chapter 18);
each module's docstring names the model modules it draws and the chapters that use it.
Importing a module here declares its explorables in :data:`hotpart.EXPLORABLES`; a chapter shows one with
``hp.explore("name")``, the one way to reach an explorable (they are not attributes of ``hotpart``, so an
explorable never shadows the model it draws, such as ``hp.fanout_cost``).

====================  ==============================================  ====================================
module                explorables                                     chapters (``notebooks/``)
====================  ==============================================  ====================================
``capacity``          ``partition_ceiling``                           ``01_partitions``
``key_designs``       ``key_design_load``                             ``02_key_designs``
``skew``              ``zipf_head``                                   ``03_zipf``
``item_collections``  ``composite_keys``                              ``04_composite_keys``
``fanout``            ``write_sharding``, ``fanout_cost``,            ``05_write_sharding`` to ``07_aggregation``
                      ``aggregation``
``simulator``         ``burst``, ``adaptive``, ``split_for_heat``,    ``08_burst`` to ``11_capacity_modes``
                      ``capacity_modes``
``capacity_modes``    (none: chapter 11's cases)                      ``11_capacity_modes``
``indexes``           ``gsi_backpressure``                            ``12_gsi``
``metrics``           ``detection``                                   ``13_detection``
``heavy_hitters``     ``heavy_hitters``                               ``13_detection``
``retries``           ``retry_storm``                                 ``14_retries``
``diagnosis``         ``symptom_to_remedy``                           ``15_diagnosis``
``observed``          ``your_table_what_if``                          ``16_your_table``
``strategies``        ``sharding_strategies``                         ``17_strategies``
``resharding``        ``resharding``, ``virtual_nodes``               ``18_resharding``
``migration``         ``migration_timeline``                          ``19_migration``
``cross_shard``       ``cross_shard``                                 ``20_cross_shard``
``pitfalls``          ``pitfalls``                                    ``21_pitfalls``
====================  ==============================================  ====================================

``_sharding_common`` (internal) holds the helpers chapters 17 to 21 share: cached key streams and table checks.
"""

from . import (
    capacity,
    capacity_modes,
    cross_shard,
    diagnosis,
    fanout,
    heavy_hitters,
    indexes,
    item_collections,
    key_designs,
    metrics,
    migration,
    observed,
    pitfalls,
    resharding,
    retries,
    simulator,
    skew,
    strategies,
)

#: The public modules, in the order their chapters come (bound before the star imports, which may rebind a name).
MODULES = (
    capacity,
    key_designs,
    skew,
    item_collections,
    fanout,
    simulator,
    capacity_modes,
    indexes,
    metrics,
    heavy_hitters,
    retries,
    diagnosis,
    observed,
    strategies,
    resharding,
    migration,
    cross_shard,
    pitfalls,
)
from .capacity import *
from .capacity_modes import *
from .cross_shard import *
from .diagnosis import *
from .fanout import *
from .heavy_hitters import *
from .indexes import *
from .item_collections import *
from .key_designs import *
from .metrics import *
from .migration import *
from .observed import *
from .pitfalls import *
from .resharding import *
from .retries import *
from .simulator import *
from .skew import *
from .strategies import *

__all__ = [name for module in MODULES for name in module.__all__]
