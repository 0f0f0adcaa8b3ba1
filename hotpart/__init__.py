"""hotpart: analytic models of hot partitions and sharding, for the course of the same name.

Every public name is re-exported here; the modules behind them are private and
named after their concept. Each module's docstring names the chapter that
teaches it, and each chapter names the module it calls:

========================  ================================  ==============================================================
module                    concept                           chapter (notebook)
========================  ================================  ==============================================================
``_constants``            published limits, with sources    all
``_capacity``             units, partitions, the ceiling    ``notebooks/01_partitions.ipynb``
``_capacity_view``        chapter 1's explorable, figures   ``notebooks/01_partitions.ipynb``
``_skew``                 key popularity, hashing, H(n, s)  ``notebooks/02_key_designs``, ``03_zipf``, ``04_composite_keys``
``_skew_view``            chapters 2-4's explorables        the same
``_fanout``               write sharding, fan-out, tails    ``notebooks/05_write_sharding``, ``06_fanout``, ``07_aggregation``
``_fanout_view``          chapters 5-7's explorables        the same
``_simulator``            per-second capacity simulator     ``notebooks/08_burst`` to ``11_capacity_modes``
``_simulator_view``       chapters 8-11's explorables       the same
``_indexes``              GSIs: key mapping, back-pressure  ``notebooks/12_gsi.ipynb``
``_indexes_view``         chapter 12's explorable           the same
``_metrics``              CloudWatch metrics, top keys      ``notebooks/13_detection.ipynb``
``_metrics_view``         chapter 13's explorable, figures  the same (``plot_consumed`` also in chapter 15)
``_heavy_hitters``        streaming top keys (Space-Saving  ``notebooks/13_detection.ipynb``
                          and Count-Min)
``_heavy_hitters_view``   chapter 13's second explorable    the same
``_retries``              SDK retries, backoff and jitter   ``notebooks/14_retries.ipynb``
``_retries_view``         chapter 14's explorable, figures  the same
``_diagnosis``            symptom to remedy, scenarios      ``notebooks/15_diagnosis.ipynb``
``_diagnosis_view``       chapter 15's explorable           the same
``_sharding``             strategies, resharding, 2PC       ``notebooks/17_strategies`` to ``21_pitfalls``
``_sharding_view``        chapters 17-21's explorables      the same
``_explorable``           one declaration, two renderings   every chapter's "Explore" section
``_plotting``             the shared look, PNG rendering    every figure
``_course``               the course map                    ``book/intro.md``
``_validation``           parameter checks                  every model
========================  ================================  ==============================================================
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
from ._capacity_view import partition_ceiling, plot_partition_history, plot_partition_load, units_text
from ._constants import *  # every published limit, with SOURCES
from ._course import CHAPTERS, PARTS, SECTIONS, Chapter, Section, course_map, toc_yaml
from ._explorable import EXPLORABLES, Control, Explorable, explore, register
from ._plotting import (
    COLORS,
    Box,
    assumption_box,
    evidence_table,
    source_box,
    finish_axes,
    fixed_layout,
    log_axis,
    markdown_table,
    new_figure,
    partition_bars,
    render_png,
    short_number,
    show,
)
from ._skew import harmonic, partition_of

# Each chapter issue adds its imports in its own block below (one block per module family).
# --- skew (issue 3): hotpart/_skew.py, hotpart/_skew_view.py
from ._skew import (
    DESIGN_KEYS,
    ITEMS_ZIPF_S,
    KEY_DESIGNS,
    SALE_DURATION_H,
    SALE_START_H,
    QUERY_PAGE_MAX_BYTES,
    Boosted,
    Categorical,
    DateKey,
    FlashSale,
    KeyDistribution,
    QueryRead,
    ScaleLimit,
    Uniform,
    Zipf,
    days_to_collection_limit,
    expected_max_excess,
    expected_max_load,
    harmonic_asymptotic,
    item_collection_gb,
    key_design,
    load_over_time,
    max_load_cdf,
    max_load_regime,
    partition_load,
    query_cost,
    raab_steger_max_load,
    scale_limit,
    simulated_max_load,
)
from ._skew_view import (
    COMPOSITE_DESIGNS,
    composite_design,
    composite_keys,
    key_design_load,
    plot_collection_growth,
    plot_load_over_time,
    plot_top_shares,
    zipf_head,
)

# --- fan-out (issue 4): hotpart/_fanout.py, hotpart/_fanout_view.py
from ._fanout import (
    BATCH_GET_MAX_BYTES,
    BATCH_GET_MAX_ITEMS,
    REFUSAL_TOLERANCE_WCU,
    SHARD_UTILIZATION,
    STREAMS_BATCH_OVERHEAD_S,
    STREAMS_DELAY_S,
    STREAMS_MAX_PARALLELIZATION,
    STREAMS_RECORD_TIME_S,
    STREAMS_MAX_BATCH_SIZE,
    STREAMS_MAX_BATCH_WINDOW_S,
    STREAMS_POLLS_PER_S,
    FanoutCost,
    FanoutParams,
    HedgedLatency,
    ReadCost,
    StreamsAggregation,
    busiest_shard_bound,
    calculated_shard_rates,
    distinct_shards_written,
    expected_max_exponential,
    expected_refused_writes,
    fanout_cost,
    fanout_quantile,
    prob_any_slow,
    query_units,
    read_cost,
    shards_needed,
    simulate_fanout_latency,
    simulate_shard_writes,
)
from ._fanout_view import (
    LATENCY_MEDIAN_MS,
    LOGNORMAL_SIGMA,
    latency_distribution,
    plot_aggregation_units,
    plot_busiest_shard,
    plot_fanout_cost,
    plot_fanout_latency,
    plot_prob_any_slow,
    plot_shard_load,
)

# --- capacity simulator (issue 5): hotpart/_simulator.py, hotpart/_simulator_view.py
from ._simulator import (
    AUTOSCALING_DECREASE_REFILL_S,
    AUTOSCALING_DECREASES_AT_ONCE,
    AUTOSCALING_DECREASES_PER_DAY,
    AUTOSCALING_LAG_S,
    AUTOSCALING_MAX_CAPACITY,
    AUTOSCALING_MIN_CAPACITY,
    AUTOSCALING_SCALE_DOWN_MARGIN,
    AUTOSCALING_TARGET,
    BURST_READING,
    BURST_RETAINED_FRACTION,
    MAX_SIMULATED_DEMAND,
    MAX_SPLIT_PARTITIONS,
    ON_DEMAND_DOUBLING_S,
    ON_DEMAND_NEW_TABLE_PEAK,
    ON_DEMAND_OVER_PEAK_REFUSED,
    ON_DEMAND_SWITCHES_PER_DAY,
    SPLIT_TRIGGER_FRACTION,
    SPLIT_TRIGGER_MINUTES,
    SWITCHED_PEAK_RULE,
    AutoScaling,
    OnDemand,
    Provisioned,
    Refusal,
    SimulationResult,
    SplitForHeat,
    Table,
    adaptive_rate,
    burst_seconds,
    max_item_rate,
    max_key_rate,
    on_demand_ceiling,
    on_demand_seconds_to_serve,
    refusal_exception,
    simulate,
)
from ._simulator_view import (
    SPLIT_CASES,
    burst_readings,
    plot_burst_readings,
    plot_simulation,
    plot_table_totals,
    split_case,
)

# --- detection (issue 6): GSIs, metrics, heavy hitters, retries and diagnosis (chapters 12 to 15)
# chapter 12: hotpart/_indexes.py, hotpart/_indexes_view.py
from ._indexes import (
    GlobalSecondaryIndex,
    IndexedResult,
    index_write_units,
    simulate_with_indexes,
    steady_backpressure,
    steady_index_rates,
)
from ._indexes_view import *  # chapter 12's explorable gsi_backpressure and figures

# chapter 13: hotpart/_metrics.py, hotpart/_metrics_view.py, hotpart/_heavy_hitters.py, hotpart/_heavy_hitters_view.py
from ._metrics import (
    CONTRIBUTOR_INSIGHTS_MODES,
    BATCH_WRITE_MAX_ITEMS,
    PERIOD_S,
    Metrics,
    TopKeys,
    batch_throttled_requests,
    cloudwatch,
    top_keys,
)
from ._metrics_view import detection_case, plot_consumed, plot_event_metrics, plot_top_keys
from ._heavy_hitters import (
    CheckRow,
    CountMin,
    HeavyHitter,
    HeavyHitterCheck,
    SpaceSaving,
    compare_to_exact,
    exact_counts,
    exact_top,
)
from ._heavy_hitters_view import HH_CM_DEPTH, HH_KEYS, HH_SEED, HH_TOP, heavy_hitter_stream, heavy_hitters, plot_heavy_hitters

# chapter 14: hotpart/_retries.py, hotpart/_retries_view.py
from ._retries import *  # Backoff, simulate_retries, herd_comparison, occ_herd, jitter_regimes, SDK presets
from ._retries_view import *  # retry_storm, plot_attempts, plot_jitter_comparison

# chapter 15: hotpart/_diagnosis.py, hotpart/_diagnosis_view.py
from ._diagnosis import (
    FEW_KEYS_SHARE,
    GSI_OPEN_SHARE,
    ONE_KEY_SHARE,
    PROVISIONED_WRITE_SCENARIOS,
    REMEDIES,
    RULES,
    SCENARIOS,
    SMALL_KEY_SPACE_SHARE,
    SPIKE_MINUTES,
    Diagnosis,
    Remedy,
    Scenario,
    diagnose,
    scenario,
)
from ._diagnosis_view import SCENARIO_NAMES, diagnosis_case, plot_diagnosis_metrics, plot_fingerprints

# --- sharding (issue 7): hotpart/_sharding.py, hotpart/_sharding_view.py
from ._sharding import *  # strategies, resharding, logical shards, migration, 2PC, pitfalls
from ._sharding_view import *  # chapters 17 to 21's explorables and figures

# --- your own table (issue 18): hotpart/_observed.py, _logs.py, _whatif.py, _observed_view.py (chapter 16)
from ._observed import *  # read_metric_data, read_insight_report, to_metric_data, to_insight_report, write_sample_exports
from ._logs import *  # profile_log, fit_zipf, LogProfile, ZipfFit
from ._whatif import *  # what_if, WhatIf, REMEDY_NAMES
from ._observed_view import *  # chapter 16's explorable your_table_what_if and figures

__version__ = "0.1.0"

#: Every public name: whatever this module imports that does not start with an underscore.
__all__ = sorted(name for name in dict(globals()) if not name.startswith("_"))
