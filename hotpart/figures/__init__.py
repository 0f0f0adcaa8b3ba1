"""The figures: each chapter's explorables and plotting functions, built on the models and the book layer.

One module per chapter family, named after the model module it draws where that reads well (``figures/skew.py``
draws ``models/skew.py`` for chapter 3, ``figures/resharding.py`` draws ``models/resharding.py`` for chapter 19);
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
``write_sharding``    ``write_sharding``                              ``05_write_sharding``
``fanout``            ``fanout_cost``                                 ``06_fanout``
``aggregation``       ``aggregation``                                 ``07_aggregation``
``simulator``         (none: the simulator's shared figures)          ``08_burst`` to ``11_capacity_modes``
``burst``             ``burst``                                       ``08_burst``
``adaptive``          ``adaptive``                                    ``09_adaptive``, ``10_isolation``
``split_for_heat``    ``split_for_heat``                              ``10_isolation``
``capacity_modes``    ``capacity_modes``                              ``11_capacity_modes``
``indexes``           ``gsi_backpressure``                            ``12_gsi``
``metrics``           ``detection``                                   ``13_detection``
``heavy_hitters``     ``heavy_hitters``                               ``13_detection``
``retries``           ``retry_storm``                                 ``14_retries``
``diagnosis``         ``symptom_to_remedy``                           ``15_diagnosis``
``observed``          ``your_table_what_if``                          ``16_your_table``
``planning``          ``plan_verdict``                                ``17_before_you_deploy``
``strategies``        ``sharding_strategies``                         ``18_strategies``
``resharding``        ``resharding``, ``virtual_nodes``               ``19_resharding``
``migration``         ``migration_timeline``                          ``20_migration``
``cross_shard``       ``cross_shard``                                 ``21_cross_shard``
``pitfalls``          ``pitfalls``                                    ``22_pitfalls``
====================  ==============================================  ====================================

``_fanout_common`` (internal) holds chapters 5 to 7's shared input limits and checks; ``_sharding_common``
(internal) holds the helpers chapters 18 to 22 share: cached key streams and table checks.
"""

from .._lazy import lazy_layer

#: The public modules, in the order their chapters come. Each loads on first use (hotpart/_lazy.py): ``MODULES``
#: (the module objects) and ``__all__`` (the union of their ``__all__``) are bound when first asked for.
_MODULE_NAMES = (
    "capacity",
    "key_designs",
    "skew",
    "item_collections",
    "write_sharding",
    "fanout",
    "aggregation",
    "simulator",
    "burst",
    "adaptive",
    "split_for_heat",
    "capacity_modes",
    "indexes",
    "metrics",
    "heavy_hitters",
    "retries",
    "diagnosis",
    "observed",
    "planning",
    "strategies",
    "resharding",
    "migration",
    "cross_shard",
    "pitfalls",
)

__getattr__, __dir__ = lazy_layer(__name__, _MODULE_NAMES, globals())
