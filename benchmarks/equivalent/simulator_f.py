"""The sixth batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` that are equivalent mutants: none.

All 16 survivors of this batch are in :meth:`hotpart.Table.__post_init__` and every one changes what a reader sees, so
each is killed by ``tests/test_simulator_mutants_f.py`` rather than explained here:

* a bound dropped or moved (partitions' ``high`` to ``None``, left out or 1,000,001; ``wcu``'s ``low`` to ``None`` or
  left out; ``items_per_key``'s ``low`` to ``None`` or left out, which falls back to ``check_count``'s 0): a value the
  table refused is accepted, and the message's range changes;
* a checked value stored under another attribute's name (``"XXpartitionsXX"``, ``"PARTITIONS"``, ``"XXrcuXX"``,
  ``"RCU"``, ``"XXitems_per_keyXX"``, ``"ITEMS_PER_KEY"``): the table keeps what the caller passed instead of the value
  converted by rule, so a whole float of partitions is printed "4.0 partitions" and cannot be simulated, a whole float
  of items per key is printed "50.0 items per key", and a ``Decimal`` read capacity makes a read run fail;
* ``has_lsi``'s name changed (``None``, ``"XXhas_lsiXX"``, ``"HAS_LSI"``): the refusal names another parameter.

``benchmarks/mutants.py`` merges this file into ``simulator``'s ``EQUIVALENT`` (an empty dict adds nothing).
"""

EQUIVALENT: dict[tuple[str, str], str] = {}
