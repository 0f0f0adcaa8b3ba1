"""The survivors of ``make mutants`` on ``hotpart/models/logs.py`` in its fit and profile part (:func:`fit_zipf`,
``_moments``, ``_profile_per_minute``, :func:`log_profile_sql`, :class:`LogProfile`) that are equivalent mutants (no
behaviour can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges ``EQUIVALENT`` from every ``equivalent/logs*.py``. The tests that kill this part's
other survivors are in ``tests/test_logs_mutants_fit.py``."""

# --- _profile_per_minute: SQL spelled in another case, names DuckDB looks up without case, casts that change nothing

_KEYS = '"SELECT pk, sum(units) AS u, sum(requests) AS r FROM per_minute GROUP BY pk ORDER BY u DESC, pk"'
#: The span's query, three string lines (the first and last minute as text, the minutes, before the year 1).
_SPAN = (
    '"SELECT min(minute), CAST(min(minute) AS VARCHAR), CAST(max(minute) AS VARCHAR), "',
    "\"CAST(date_diff('minute', min(minute), max(minute)) AS BIGINT) + 1, min(minute) < TIMESTAMP '0001-01-01' \"",
    '"FROM per_minute"',
)
_BY_PART_1 = "\"CREATE TEMP TABLE by_part AS SELECT CAST(date_diff('minute', ?, p.minute) AS BIGINT) AS m, k.part, k.i, \""
_BY_PART_2 = '"sum(p.units) AS u FROM per_minute p JOIN placed k USING (pk) GROUP BY 1, 2, 3",'
_CELLS = 'cells = con.execute("SELECT m, i, sum(u) AS u FROM by_part GROUP BY 1, 2").fetchnumpy()'
_PEAK = (
    'peak_row = con.execute("SELECT part, sum(u) AS u FROM by_part GROUP BY part, m ORDER BY u DESC, part LIMIT 1").fetchall()[0]'
)
_COLD = 'cold = con.execute("SELECT m, part, u FROM by_part WHERE i < 0").fetchnumpy()'
_CASE = (
    "equivalent: DuckDB (2.0, pinned) reads SQL keywords, function names, date-part names ('MINUTE') and identifiers "
    "without regard to case, and names a result column after the column it selects as the table spells it (m, part, "
    "u), so the query, its rows and the keys of fetchnumpy's dict are the same"
)
_CELLS_SQL = '"SELECT m, i, sum(u) AS u FROM by_part GROUP BY 1, 2"'
_PEAK_SQL = '"SELECT part, sum(u) AS u FROM by_part GROUP BY part, m ORDER BY u DESC, part LIMIT 1"'
_COLD_SQL = '"SELECT m, part, u FROM by_part WHERE i < 0"'
#: (line, mutant) pairs that differ in the case of their SQL only: mutmut lowers the whole string, or raises it.
_CASE_PAIRS = (
    (_KEYS, _KEYS.lower()),
    *((line, line.lower()) for line in _SPAN),
    *((line, line.upper()) for line in _SPAN),
    (_BY_PART_1, _BY_PART_1.lower()),
    (_BY_PART_2, _BY_PART_2.lower()),
    (_CELLS, _CELLS.replace(_CELLS_SQL, _CELLS_SQL.lower())),
    (_PEAK, _PEAK.replace(_PEAK_SQL, _PEAK_SQL.lower())),
    (_PEAK, _PEAK.replace(_PEAK_SQL, _PEAK_SQL.upper())),
    (_COLD, _COLD.replace(_COLD_SQL, _COLD_SQL.lower())),
    (_COLD, _COLD.replace(_COLD_SQL, _COLD_SQL.upper())),
)
_REGISTER = (
    'con.register("placed", {"pk": np.asarray(keys_tab["pk"]), "part": partition_of(keys, n_part).astype(np.int32), "i": hot_i})'
)
_REGISTER_CASE = (
    "equivalent: DuckDB looks up a registered relation and its columns without regard to case, so the join on placed "
    "USING (pk) finds PLACED and its column PK alike"
)
_UNREGISTER = (
    "equivalent: the numpy view 'placed' is only read by the CREATE TABLE just before; left registered (DuckDB "
    "ignores an unregister of a name it does not hold, and PLACED is the same name to it), it goes with the connection, "
    "which profile_log (the only caller) closes right after this function returns, and no later statement names it"
)
_FLOAT64 = (
    "equivalent: DuckDB's fetchnumpy returns every sum this function reads as float64 already (a DOUBLE; the "
    "DECIMAL(38,1) the shipped query sums when the log has no units column; the HUGEINT of sum(requests)), so "
    "asarray(..., dtype=float) returns the same values and dtype as asarray(...) (tests/test_logs_mutants_fit.py "
    "checks the profile's arrays are float64)"
)
_HOT_I = "hot_i = np.full(len(keys), -1, dtype=np.int32)"
_HOT_I_DTYPE = (
    "equivalent: the int64 array numpy gives by default holds the same indices (-1 and 0..top-1); DuckDB reads the "
    "column i as BIGINT rather than INTEGER, and every use of it (i < 0, the mask k_idx >= 0, the index into demand) "
    "gives the same rows and cells"
)
_ARANGE = "hot_i[: len(hot)] = np.arange(len(hot), dtype=np.int32)"
_ARANGE_DTYPE = (
    "equivalent: the int64 indices 0..top-1 (top <= 10,000) are written into the int32 array hot_i with the same values"
)
_REQ = 'key_requests = np.asarray(keys_tab["r"], dtype=float) / rate'
_FIT = 'fit = fit_zipf(np.asarray(keys_tab["r"], dtype=float)) if len(keys) >= 2 else None'
_UNITS = 'key_units=np.asarray(keys_tab["u"], dtype=float) / rate,'
_ADD_AT = 'np.add.at(rest_part, (np.asarray(cold["m"]), np.asarray(cold["part"])), np.asarray(cold["u"], dtype=float))'

# --- fit_zipf and _moments -----------------------------------------------------------------------------------------

_S_HAT = "s_hat = hi if score(hi) > 0 else lo if score(lo) < 0 else float(optimize.brentq(score, lo, hi, xtol=1e-10))"
_LOW_DEAD = (
    "equivalent: the branch is dead: the counts are ranked most first, so their mean ln r is at most the uniform "
    "popularity's (s = 0), and E_s[ln r] falls as s rises, so at s = -5 it exceeds the mean by far more than rounding "
    "(2 keys: 0.672 against at most 0.347); score(lo) is always > 0 and brentq runs, as in the original"
)
_SE = "se = 1.0 / math.sqrt(n * var) if var > 0 else math.inf"
_SE_DEAD = (
    "equivalent: var = Var_s(ln r) under Zipf(s) is always > 0 here: at least 2 ranks (fewer are refused), s in "
    "[-5, 20] and at most 5 * 10**6 keys keep every weight exp(-s ln r) >= 1e-134, a normal float, on ranks with "
    "different ln r; the math.inf branch is never taken"
)
_W_FIT = "w = np.exp(-s_hat * (logr - logr[0]))"
_W_MOM = "w = np.exp(-s * (logr - logr[0]))"
_PLUS_0 = "equivalent: logr[0] is ln 1 = 0.0, so logr + logr[0] and logr - logr[0] are the same array"
_SHIFT_KS = (
    "equivalent: subtracting ln 2 instead of ln 1 multiplies every weight by 2**s_hat (at most 2**20, no overflow or "
    "underflow for s_hat in [-5, 20]), a factor the division by w.sum() cancels; only the last bits of the fitted "
    "cumulative shares change (measured over 300 random fits: KS moves by at most 1.1e-14), below the precision of "
    "any KS distance computed independently"
)
_SHIFT_MOM = (
    "equivalent: subtracting ln 2 instead of ln 1 multiplies every weight by 2**s (no overflow or underflow for s in "
    "[-5, 20]), a factor the normalisation w /= w.sum() cancels; the mean and variance change in their last bits "
    "only, which moves the root by at most 7e-14 relative (measured over 300 random fits), far inside the 1e-10 "
    "brentq is asked for"
)
_LOGR = "logr = np.log(np.arange(1, c.size + 1, dtype=float))"
_LOGR_INT = "equivalent: np.log of the int64 ranks 1..N gives the same float64 logarithms as of float ranks"

# --- log_profile_sql and LogProfile.hottest ------------------------------------------------------------------------

_SQL = 'return resources.files("hotpart.models").joinpath("sql/log_profile.sql").read_text(encoding="utf-8")'
_HOTTEST = "return [(key, float(u), float(u) / total) for key, u in zip(self.keys[:k], self.key_units[:k], strict=False)]"
_STRICT = (
    "equivalent: keys and key_units are the two columns of one query's rows (one per key), so the slices zip pairs "
    "always have the same length and strict never matters (strict=None is falsy, as False)"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    **{("_profile_per_minute", f"{line} -> {mutated}"): _CASE for line, mutated in _CASE_PAIRS},
    ("_profile_per_minute", _REGISTER + " -> " + _REGISTER.replace('"placed"', '"PLACED"')): _REGISTER_CASE,
    ("_profile_per_minute", _REGISTER + " -> " + _REGISTER.replace('{"pk":', '{"PK":')): _REGISTER_CASE,
    ("_profile_per_minute", 'con.unregister("placed") -> con.unregister("XXplacedXX")'): _UNREGISTER,
    ("_profile_per_minute", 'con.unregister("placed") -> con.unregister("PLACED")'): _UNREGISTER,
    **{
        ("_profile_per_minute", f"{line} -> {line.replace('dtype=float', mutated)}"): _FLOAT64
        for line in (_REQ, _FIT, _UNITS, _ADD_AT)
        for mutated in ("dtype=None", "")
    },
    ("_profile_per_minute", f"{_HOT_I} -> {_HOT_I.replace('dtype=np.int32', 'dtype=None')}"): _HOT_I_DTYPE,
    ("_profile_per_minute", f"{_HOT_I} -> {_HOT_I.replace('dtype=np.int32', '')}"): _HOT_I_DTYPE,
    ("_profile_per_minute", f"{_HOT_I} -> {_HOT_I.replace('-1,', '-2,')}"): "equivalent: any negative index marks a "
    "key outside the top; every use tests the sign (i < 0 in SQL, k_idx >= 0 in numpy), never the value",
    ("_profile_per_minute", f"{_ARANGE} -> {_ARANGE.replace('dtype=np.int32', 'dtype=None')}"): _ARANGE_DTYPE,
    ("_profile_per_minute", f"{_ARANGE} -> {_ARANGE.replace('dtype=np.int32', '')}"): _ARANGE_DTYPE,
    ("fit_zipf", f"{_S_HAT} -> {_S_HAT.replace('score(hi) > 0', 'score(hi) >= 0')}"): "equivalent: the two differ only "
    "when score(20) is exactly 0; then score(-5) > 0 (score falls with s, strictly with 2 or more keys) and brentq, "
    "given a bracket end where the function is 0, returns that end (scipy's brentq checks f(b) == 0 before iterating), "
    "so s_hat is 20.0 either way",
    ("fit_zipf", f"{_S_HAT} -> {_S_HAT.replace('lo if score(lo) < 0', 'lo if (score(lo) < 0) and False')}"): _LOW_DEAD,
    ("fit_zipf", f"{_S_HAT} -> {_S_HAT.replace('score(lo) < 0', 'score(lo) <= 0')}"): _LOW_DEAD,
    ("fit_zipf", f"{_S_HAT} -> {_S_HAT.replace('xtol=1e-10', '')}"): "equivalent in every behaviour the fit promises: "
    "without xtol brentq stops at scipy's default 2e-12 instead of 1e-10, so the exponent moves by at most ~2e-11 "
    "(measured over 300 random fits: 74 differ, by at most 2.2e-11), over 100 times less than the narrowest interval "
    "the fit can report (half-width 1.96 / sqrt(n Var(ln r)) >= 2.7e-9 at n = 2**53 requests and Var <= ln(5e6)**2 / 4) "
    "and with the likelihood evaluations its docstring states (16 to 20: measured 12 to 19 with xtol, 12 to 20 "
    "without); the mutant is the closer root, so only a test pinning the original's rounding, not the maximum "
    "likelihood, could tell them apart",
    ("fit_zipf", f"{_SE} -> {_SE.replace('if var > 0', 'if (var > 0) or True')}"): _SE_DEAD,
    ("fit_zipf", f"{_SE} -> {_SE.replace('var > 0', 'var >= 0')}"): _SE_DEAD,
    ("fit_zipf", f"{_W_FIT} -> {_W_FIT.replace('logr - logr[0]', 'logr + logr[0]')}"): _PLUS_0,
    ("fit_zipf", f"{_W_FIT} -> {_W_FIT.replace('logr[0]', 'logr[1]')}"): _SHIFT_KS,
    ("_moments", f"{_W_MOM} -> {_W_MOM.replace('logr - logr[0]', 'logr + logr[0]')}"): _PLUS_0,
    ("_moments", f"{_W_MOM} -> {_W_MOM.replace('logr[0]', 'logr[1]')}"): _SHIFT_MOM,
    ("fit_zipf", f"{_LOGR} -> {_LOGR.replace('dtype=float', 'dtype=None')}"): _LOGR_INT,
    ("fit_zipf", f"{_LOGR} -> {_LOGR.replace('dtype=float', '')}"): _LOGR_INT,
    ("log_profile_sql", f"{_SQL} -> {_SQL.replace('utf-8', 'UTF-8')}"): "equivalent: 'UTF-8' and 'utf-8' name the same "
    "codec (Python's codec lookup ignores case)",
    ("log_profile_sql", _SQL + " -> " + _SQL.replace('encoding="utf-8"', "encoding=None")): "equivalent: the shipped "
    "SQL file is plain ASCII (tests/test_logs_mutants_fit.py checks it), which the locale's encoding decodes as UTF-8 "
    "does on every platform Python runs on (each locale encoding it supports is a superset of ASCII)",
    **{
        ("LogProfile.hottest", f"{_HOTTEST} -> {_HOTTEST.replace('strict=False', m)}"): _STRICT
        for m in ("strict=None", "", "strict=True")
    },
}
