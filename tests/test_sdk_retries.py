"""Chapter 14's SDK figures against the installed botocore: its files, its pinned values, and a real client.

The course reads Boto3's retry numbers from botocore's own code and data (``hotpart/models/_botocore.py``). These
tests fail when botocore changes them: the pinned values of the release in ``requirements.txt``, every quote of a
botocore SOURCES entry found in the installed file, and a real boto3 DynamoDB client, throttled by a local HTTP
server, making the attempts and sleeping the ceilings the course's presets say (no request reaches AWS).
"""

from __future__ import annotations

import gzip
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import hotpart as hp
from hotpart.models import _botocore, constants

boto3 = pytest.importorskip("boto3")
botocore = pytest.importorskip("botocore")

#: What botocore 1.44.8 (requirements.txt) holds. A new release that changes any of them fails here first.
PINNED = {
    "version": "1.44.8",
    "default_retry_mode": "standard",
    "standard_max_attempts": 3,
    "standard_dynamodb_max_attempts": 4,
    "standard_growth": 2,
    "standard_max_backoff_s": 20,
    "standard_throttling_base_s": 1,
    "standard_transient_base_s": 0.05,
    "standard_dynamodb_transient_base_s": 0.025,
    "standard_retry_quota": 500,
    "standard_retry_cost": 14,
    "standard_throttling_retry_cost": 5,
    "standard_no_retry_increment": 1,
    "legacy_max_attempts": 5,
    "legacy_dynamodb_max_attempts": 10,
    "legacy_dynamodb_base_s": 0.05,
    "legacy_dynamodb_growth": 2,
}


def test_the_installed_botocore_holds_the_pinned_values() -> None:
    assert _botocore.botocore_retry_values() == PINNED
    assert botocore.__version__ == hp.BOTOCORE_VERSION == PINNED["version"]


def test_the_presets_are_built_from_what_botocore_holds() -> None:
    v = _botocore.botocore_retry_values()
    assert (hp.SDK_STANDARD.attempts, hp.SDK_STANDARD.base_s, hp.SDK_STANDARD.cap_s, hp.SDK_STANDARD.jitter) == (
        v["standard_dynamodb_max_attempts"],
        v["standard_throttling_base_s"],
        v["standard_max_backoff_s"],
        "full",
    )
    assert hp.SDK_STANDARD_PRE_2026.attempts == v["standard_max_attempts"] == 3
    assert (hp.SDK_BOTO3_LEGACY.attempts, hp.SDK_BOTO3_LEGACY.base_s, hp.SDK_BOTO3_LEGACY.jitter) == (
        v["legacy_dynamodb_max_attempts"],
        v["legacy_dynamodb_base_s"],
        "none",
    )
    assert hp.SDK_STANDARD_THROTTLING_RETRY_COST == 5 and hp.SDK_STANDARD_RETRY_COST == 14
    assert hp.BOTOCORE_DEFAULT_RETRY_MODE == "standard"


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _botocore_sources() -> list[str]:
    return [name for name, s in hp.SOURCES.items() if s.url.startswith(constants._BOTOCORE_FILE)]


def test_every_botocore_quote_is_in_the_installed_file() -> None:
    root = Path(botocore.__file__).parent
    names = _botocore_sources()
    assert len(names) >= 13  # every figure of chapter 14 read from botocore has its entry
    for name in names:
        source = hp.SOURCES[name]
        assert constants._BOTOCORE_PINNED in source.where, name  # the entry names the release it quotes
        path = root / source.url.removeprefix(constants._BOTOCORE_FILE)
        raw = gzip.decompress(path.read_bytes()).decode("utf-8") if path.suffix == ".gz" else path.read_text("utf-8")
        if path.suffix == ".gz":  # AWS's service model: the documentation strings, without their HTML tags
            raw = re.sub(r"<[^>]+>", "", raw)
        text = _normalise(raw)
        for piece in source.quote.split(" … "):
            assert _normalise(piece) in text, (name, piece)


def test_the_boto3_quote_is_in_the_installed_file() -> None:
    source = hp.SOURCES["BOTO3_BATCH_WRITER_NO_BACKOFF"]
    assert f"/blob/{boto3.__version__}/" in source.url  # the pinned release
    text = _normalise((Path(boto3.__file__).parent / "dynamodb" / "table.py").read_text(encoding="utf-8"))
    assert _normalise(source.quote) in text


def test_a_missing_name_fails_loudly(tmp_path, monkeypatch) -> None:
    root = Path(botocore.__file__).parent
    fake = tmp_path / "botocore"
    (fake / "retries").mkdir(parents=True)
    (fake / "data").mkdir()
    for rel in ("__init__.py", "configprovider.py", "retries/quota.py", "data/_retry.json"):
        (fake / rel).write_text((root / rel).read_text(encoding="utf-8"), encoding="utf-8")
    src = (root / "retries/standard.py").read_text(encoding="utf-8")
    (fake / "retries/standard.py").write_text(src.replace("_SERVICE_MAX_ATTEMPTS", "_PER_SERVICE"), encoding="utf-8")
    monkeypatch.setattr(_botocore, "_package_dir", lambda: fake)
    _botocore.botocore_retry_values.cache_clear()
    try:
        with pytest.raises(RuntimeError, match=r"botocore/retries/standard.py: expected _SERVICE_MAX_ATTEMPTS"):
            _botocore.botocore_retry_values()
    finally:
        _botocore.botocore_retry_values.cache_clear()


# --- a real client, throttled by a local server -------------------------------------------------------------------


class _Throttler(BaseHTTPRequestHandler):
    """Answers every DynamoDB call as DynamoDB answers a throttled one (HTTP 400, the JSON error shape)."""

    count = 0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        type(self).count += 1
        body = json.dumps(
            {
                "__type": "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                "message": "The level of configured provisioned throughput for the table was exceeded.",
            }
        ).encode()
        self.send_response(400)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("x-amzn-RequestId", "TEST")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:  # keep the test output clean
        pass


@pytest.fixture()
def throttler():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Throttler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Throttler.count = 0
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _throttled_put(url: str, monkeypatch, mode: str | None) -> tuple[int, list[float]]:
    """One PutItem through a default boto3 client (or ``AWS_RETRY_MODE=mode``): requests sent, sleeps asked for.

    The sleeps are recorded instead of slept. Standard mode's jitter draw is fixed at its top (``rand() = 1``), so a
    recorded sleep is the ceiling of that retry.
    """
    for var in ("AWS_RETRY_MODE", "AWS_MAX_ATTEMPTS", "AWS_NEW_RETRIES_2026", "AWS_PROFILE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("AWS_CONFIG_FILE", "/nonexistent")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent")
    if mode is not None:
        monkeypatch.setenv("AWS_RETRY_MODE", mode)
    from botocore import endpoint
    from botocore.retries import standard

    sleeps: list[float] = []
    monkeypatch.setattr(endpoint.time, "sleep", sleeps.append)
    defaults = standard.ExponentialBackoff.__init__.__defaults__
    monkeypatch.setattr(standard.ExponentialBackoff.__init__, "__defaults__", (defaults[0], lambda: 1.0, *defaults[2:]))
    client = boto3.session.Session().client(
        "dynamodb",
        region_name="us-east-1",
        endpoint_url=url,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    with pytest.raises(client.exceptions.ProvisionedThroughputExceededException):
        client.put_item(TableName="orders", Item={"pk": {"S": "ORDER#1"}})
    return _Throttler.count, sleeps


def test_a_default_client_makes_the_attempts_and_sleeps_of_sdk_standard(throttler, monkeypatch) -> None:
    sent, sleeps = _throttled_put(throttler, monkeypatch, mode=None)
    policy = hp.SDK_STANDARD
    assert sent == policy.attempts == 4
    assert sleeps == pytest.approx([policy.ceiling_s(n) for n in range(policy.retries)])  # 1, 2, 4 s at rand() = 1


def test_legacy_mode_makes_the_attempts_and_sleeps_of_sdk_boto3_legacy(throttler, monkeypatch) -> None:
    sent, sleeps = _throttled_put(throttler, monkeypatch, mode="legacy")
    policy = hp.SDK_BOTO3_LEGACY
    assert sent == policy.attempts == 10
    assert sleeps == pytest.approx([policy.ceiling_s(n) for n in range(policy.retries)])  # 50 ms doubling, no jitter


def test_the_java_v2_dynamodb_figures_are_their_quotes() -> None:
    # Java 2.x's DynamoDB client (chapter 14): each constant is the figure its pinned source line sets.
    s = hp.SOURCES
    retries = hp.JAVA_V2_DYNAMODB_MAX_RETRIES
    assert f"MAX_ERROR_RETRY_V20 = {retries};" in s["JAVA_V2_DYNAMODB_MAX_RETRIES"].quote
    assert "MAX_ATTEMPTS_V20 = MAX_ERROR_RETRY_V20 + 1;" in s["JAVA_V2_DYNAMODB_MAX_RETRIES"].quote
    assert f"from {retries + 1} to 4" in s["JAVA_V2_DYNAMODB_2026_OPT_IN"].quote  # the PR agrees: 9 attempts
    assert f"Duration.ofMillis({hp.JAVA_V2_DYNAMODB_BASE_S * 1000:g});" in s["JAVA_V2_DYNAMODB_BASE_S"].quote
    assert "FullJitterBackoffStrategy" in s["JAVA_V2_DYNAMODB_BASE_S"].quote
    assert f"Duration.ofMillis({hp.JAVA_V2_MAX_BACKOFF_S * 1000:_.0f});" in s["JAVA_V2_MAX_BACKOFF_S"].quote
    assert f"Duration.ofMillis({hp.JAVA_V2_LEGACY_THROTTLED_BASE_S * 1000:g});" in (s["JAVA_V2_LEGACY_THROTTLED_BASE_S"].quote)
    cost = hp.JAVA_V2_LEGACY_THROTTLE_TOKEN_COST
    assert f"THROTTLE_EXCEPTION_TOKEN_COST = {cost};" in s["JAVA_V2_LEGACY_THROTTLE_TOKEN_COST"].quote
    assert hp.JAVA_V2_MAX_BACKOFF_S == hp.SDK_STANDARD_MAX_BACKOFF_S  # the same 20 s cap as botocore's
