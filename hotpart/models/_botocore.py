"""The installed botocore's retry numbers, read from its own code and data files (chapter 14).

Boto3 is pinned for the command line's ``fetch`` (``requirements.txt``), so the botocore beside hotpart is a known
release. Rather than type the SDK's retry figures, :func:`botocore_retry_values` reads them where botocore keeps
them, without importing botocore (importing it costs about a tenth of a second that ``import hotpart`` need not pay):

* ``botocore/retries/standard.py``, standard mode: ``DEFAULT_MAX_ATTEMPTS``, ``_SERVICE_MAX_ATTEMPTS['dynamodb']``,
  ``ExponentialBackoff``'s ``_BASE``, ``_MAX_BACKOFF``, ``_DEFAULT_BACKOFF_CONFIG`` and
  ``_SERVICE_BACKOFF_CONFIG['dynamodb']``, ``RetryQuotaChecker``'s ``_RETRY_COST``, ``_THROTTLING_RETRY_COST`` and
  ``_NO_RETRY_INCREMENT``;
* ``botocore/retries/quota.py``: ``RetryQuota.INITIAL_CAPACITY``;
* ``botocore/configprovider.py``: the default of the ``retry_mode`` session variable (``AWS_RETRY_MODE``);
* ``botocore/data/_retry.json``, legacy mode: the general and the DynamoDB ``max_attempts`` and DynamoDB's delay;
* ``botocore/__init__.py``: ``__version__``.

A file or a name that is not where this module expects it raises ``RuntimeError`` naming the file and the name, so a
botocore release that moves them fails loudly, at import, instead of leaving the course with stale figures;
``tests/test_sdk_retries.py`` also pins the values of the release in ``requirements.txt`` and checks them against a
real boto3 client's behaviour.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import json
from pathlib import Path

__all__: list[str] = []  # internal: hotpart.models.backoff exposes the values as named constants

#: Where each value is read: (file inside the botocore package, class or None, assigned name, key path).
_CODE_VALUES: dict[str, tuple[str, str | None, str, tuple[str, ...]]] = {
    "standard_max_attempts": ("retries/standard.py", None, "DEFAULT_MAX_ATTEMPTS", ()),
    "standard_dynamodb_max_attempts": ("retries/standard.py", None, "_SERVICE_MAX_ATTEMPTS", ("dynamodb",)),
    "standard_growth": ("retries/standard.py", "ExponentialBackoff", "_BASE", ()),
    "standard_max_backoff_s": ("retries/standard.py", "ExponentialBackoff", "_MAX_BACKOFF", ()),
    "standard_throttling_base_s": (
        "retries/standard.py",
        "ExponentialBackoff",
        "_DEFAULT_BACKOFF_CONFIG",
        ("throttling_base_scale",),
    ),
    "standard_transient_base_s": (
        "retries/standard.py",
        "ExponentialBackoff",
        "_DEFAULT_BACKOFF_CONFIG",
        ("non_throttling_base_scale",),
    ),
    "standard_dynamodb_transient_base_s": (
        "retries/standard.py",
        "ExponentialBackoff",
        "_SERVICE_BACKOFF_CONFIG",
        ("dynamodb", "non_throttling_base_scale"),
    ),
    "standard_retry_cost": ("retries/standard.py", "RetryQuotaChecker", "_RETRY_COST", ()),
    "standard_throttling_retry_cost": ("retries/standard.py", "RetryQuotaChecker", "_THROTTLING_RETRY_COST", ()),
    "standard_no_retry_increment": ("retries/standard.py", "RetryQuotaChecker", "_NO_RETRY_INCREMENT", ()),
    "standard_retry_quota": ("retries/quota.py", "RetryQuota", "INITIAL_CAPACITY", ()),
    "version": ("__init__.py", None, "__version__", ()),
}


def _package_dir() -> Path:
    spec = importlib.util.find_spec("botocore")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "botocore is not installed: hotpart reads the SDK's retry figures from it (pip install -r requirements.txt)"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def _assigned(tree: ast.Module, cls: str | None, name: str) -> object:
    """The literal value assigned to ``name`` at module level, or in class ``cls``'s body."""
    body: list[ast.stmt] = tree.body
    if cls is not None:
        found = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls]
        if not found:
            raise KeyError(cls)
        body = found[0].body
    for node in body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return ast.literal_eval(node.value)
    raise KeyError(name)


def _session_default(tree: ast.Module, variable: str) -> object:
    """The default of one session variable in ``BOTOCORE_DEFAUT_SESSION_VARIABLES`` (botocore's own spelling).

    Each entry is ``(config name, environment variable, default, converter)``; the converters are not literals, so
    only the default is evaluated.
    """
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "BOTOCORE_DEFAUT_SESSION_VARIABLES" for t in node.targets)
            and isinstance(node.value, ast.Dict)
        ):
            for key, value in zip(node.value.keys, node.value.values, strict=False):
                if isinstance(key, ast.Constant) and key.value == variable and isinstance(value, ast.Tuple):
                    return ast.literal_eval(value.elts[2])
            raise KeyError(variable)
    raise KeyError("BOTOCORE_DEFAUT_SESSION_VARIABLES")


def _dig(value: object, keys: tuple[str, ...]) -> object:
    for key in keys:
        if not isinstance(value, dict):
            raise KeyError(key)
        value = value[key]
    return value


@functools.cache
def botocore_retry_values() -> dict[str, object]:
    """The installed botocore's retry figures, read from its source and data files.

    Returns
    -------
    dict
        ``version`` (str); standard mode: ``standard_max_attempts`` and ``standard_dynamodb_max_attempts``
        (attempts, the first included), ``standard_growth`` (the backoff's factor per retry),
        ``standard_max_backoff_s``, ``standard_throttling_base_s``, ``standard_transient_base_s`` and
        ``standard_dynamodb_transient_base_s`` (seconds), ``standard_retry_quota``, ``standard_retry_cost``,
        ``standard_throttling_retry_cost`` and ``standard_no_retry_increment`` (tokens); ``default_retry_mode``
        (str); legacy mode (``_retry.json``): ``legacy_max_attempts``, ``legacy_dynamodb_max_attempts``,
        ``legacy_dynamodb_base_s`` (seconds) and ``legacy_dynamodb_growth``.

    Raises
    ------
    RuntimeError
        When botocore is missing, or a file or name is not where botocore kept it in the pinned release.

    Examples
    --------
    >>> v = botocore_retry_values()
    >>> v["standard_dynamodb_max_attempts"] > v["standard_max_attempts"]
    True
    """
    root = _package_dir()
    trees: dict[str, ast.Module] = {}
    out: dict[str, object] = {}
    for key, (file, cls, name, path) in _CODE_VALUES.items():
        where = f"botocore/{file}"
        try:
            if file not in trees:
                trees[file] = ast.parse((root / file).read_text(encoding="utf-8"))
            out[key] = _dig(_assigned(trees[file], cls, name), path)
        except (OSError, SyntaxError, ValueError, KeyError) as err:
            owner = f"{cls}." if cls else ""
            raise RuntimeError(f"{where}: expected {owner}{name}{list(path) or ''}, a literal ({err!r})") from None
    try:
        tree = ast.parse((root / "configprovider.py").read_text(encoding="utf-8"))
        out["default_retry_mode"] = _session_default(tree, "retry_mode")
    except (OSError, SyntaxError, ValueError, KeyError, IndexError, TypeError) as err:
        raise RuntimeError(
            f"botocore/configprovider.py: expected BOTOCORE_DEFAUT_SESSION_VARIABLES['retry_mode'][2] ({err!r})"
        ) from None
    try:
        retry = json.loads((root / "data" / "_retry.json").read_text(encoding="utf-8"))["retry"]
        dynamodb = retry["dynamodb"]["__default__"]
        out["legacy_max_attempts"] = retry["__default__"]["max_attempts"]
        out["legacy_dynamodb_max_attempts"] = dynamodb["max_attempts"]
        out["legacy_dynamodb_base_s"] = dynamodb["delay"]["base"]
        out["legacy_dynamodb_growth"] = dynamodb["delay"]["growth_factor"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise RuntimeError(
            f"botocore/data/_retry.json: expected retry.dynamodb.__default__.max_attempts and .delay ({err!r})"
        ) from None
    return out
