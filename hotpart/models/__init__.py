"""The models: pure functions and frozen parameter objects over numpy and scipy, nothing else.

This layer imports no plotting, widget or notebook library (``tests/test_api.py`` checks), so a model can be used
in a script, a service or a test without matplotlib. One module per concept; each module's ``__all__`` is its
public interface, and ``hotpart`` re-exports the union. A module whose name starts with ``_`` is internal
(``_validation``: the parameter checks every model shares; ``_capacity_common``: what the capacity modules of
chapters 08 to 11 share).

======================  ============================================================  ============================================
module                  concept                                                       chapters (``notebooks/``)
======================  ============================================================  ============================================
``constants``           published limits, ``SOURCES`` and ``ASSUMPTIONS``             all
``capacity``            units, partitions, the per-partition ceiling                  ``01_partitions``
``hashing``             keys onto partitions and shards: MD5, SplitMix64, jump, ring  ``02_key_designs``, ``19_resharding``
``skew``                key popularity: Zipf, uniform, one key boosted                ``02_key_designs``-``04_composite_keys``
``key_designs``         the sources' key designs; their load on partitions over time  ``02_key_designs``
``harmonic_numbers``    generalized harmonic numbers                                  ``03_zipf``, ``06_fanout`` and 18
``max_load``            balls into bins: the fullest partition's keys                 ``03_zipf``
``scale_limits``        demand carried before the hottest partition throttles         ``03_zipf``
``item_collections``    one key's item collection over time; Query's read cost        ``04_composite_keys``
``write_sharding``      shard counts for a hot key; a sharded key's read cost         ``05_write_sharding``
``fanout``              the cost of N shards; scatter-gather tail latency, hedging    ``06_fanout``, ``21_cross_shard``
``aggregation``         Streams aggregation: staleness and write units                ``07_aggregation``
``simulator``           per-second capacity simulator: table, records, orchestration  ``08_burst`` to ``16_your_table``
``burst``               burst: unused capacity banked, up to 300 s of the share       ``08_burst``
``provisioned``         provisioned mode: token bucket, then burst, then adaptive     ``08_burst``, ``09_adaptive``
``adaptive``            adaptive capacity; the most one item or key can be served     ``09_adaptive``, ``10_isolation``
``split_for_heat``      splits for heat: a hot partition split at its median          ``10_isolation``
``on_demand``           on-demand mode: a ceiling that follows the previous peak      ``11_capacity_modes``
``autoscaling``         auto scaling: capacity that follows consumption, late         ``11_capacity_modes``
``refusals``            why units were refused; the exception a client sees           ``11_capacity_modes``, ``12_gsi``
``indexes``             GSIs: key mapping, back-pressure                              ``12_gsi``
``metrics``             CloudWatch metrics, Contributor Insights                      ``13_detection``
``heavy_hitters``       streaming top keys (Space-Saving, Count-Min)                  ``13_detection``
``backoff``             retry policies: backoff, jitter, the SDKs' presets            ``14_retries``
``retries``             retry storms on a partition; Brooker's jitter comparison      ``14_retries``
``diagnosis``           symptom to remedy: the symptom table, ``diagnose``            ``15_diagnosis``, ``16_your_table``
``evidence``            one evidence model over the table and its indexes             ``15_diagnosis``, ``16_your_table``
``findings``            throttle events attributed to causes; remedies with numbers   ``15_diagnosis``, ``16_your_table``
``metric_data``         ``get-metric-data`` and ``get-metric-statistics`` output      ``16_your_table``
``insight_reports``     Contributor Insights reports, per table and index             ``16_your_table``
``table_description``   ``describe-table``: mode, capacities, indexes                 ``16_your_table``
``observed``            one table's exports read together into metrics                ``16_your_table``
``exports``             a simulation written in AWS's formats (generative exporter)   ``16_your_table``
``logs``                access-log profiling on DuckDB (``sql/``)                     ``16_your_table``
``whatif``              a real table replayed under each remedy                       ``16_your_table``
``definitions``         table definitions: CloudFormation, Terraform, Workbench        ``17_before_you_deploy``
``workload``            a workload's access patterns, peak rates and key spread       ``17_before_you_deploy``
``planning``            a design checked before deploy: loads, verdicts, remedies     ``17_before_you_deploy``
``rehearsal``           a planned peak simulated, exported and diagnosed              ``17_before_you_deploy``
``strategies``          key streams and the five sharding strategies                  ``18_strategies``
``resharding``          keys moved when the shard count changes; lookup cost          ``19_resharding``
``migration``           logical shards, live migration, backfill                      ``20_migration``
``cross_shard``         two-phase commit, transaction limits                          ``21_cross_shard``
``pitfalls``            ID collisions, half-applied changes, one node's load          ``22_pitfalls``
======================  ============================================================  ============================================
"""

from .._lazy import lazy_layer

#: The public modules, in the order their chapters come. Each loads on first use (hotpart/_lazy.py): ``MODULES``
#: (the module objects) and ``__all__`` (the union of their ``__all__``) are bound when first asked for.
_MODULE_NAMES = (
    "constants",
    "capacity",
    "hashing",
    "skew",
    "key_designs",
    "harmonic_numbers",
    "max_load",
    "scale_limits",
    "item_collections",
    "write_sharding",
    "fanout",
    "aggregation",
    "simulator",
    "burst",
    "provisioned",
    "adaptive",
    "split_for_heat",
    "on_demand",
    "autoscaling",
    "refusals",
    "indexes",
    "metrics",
    "heavy_hitters",
    "backoff",
    "retries",
    "evidence",
    "findings",
    "diagnosis",
    "metric_data",
    "insight_reports",
    "table_description",
    "observed",
    "exports",
    "logs",
    "whatif",
    "definitions",
    "workload",
    "planning",
    "rehearsal",
    "strategies",
    "resharding",
    "migration",
    "cross_shard",
    "pitfalls",
)

__getattr__, __dir__ = lazy_layer(__name__, _MODULE_NAMES, globals())
