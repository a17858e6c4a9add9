"""``gpudesk notify …`` as scripts run it: real processes, a real keyring, real local receivers."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import urllib.parse
from pathlib import Path

import pytest

from gpudesk.core import secrets
from tests.helpers.alert_receivers import HttpReceiver, SmtpReceiver
from tests.helpers.cli import gpudesk

ROOT = Path(__file__).resolve().parents[2]
SIGNING = "SECcli0123456789abcdef0123456789abcdef"
TOKEN = "cli0a1b2c3d4e5f60718293a4b5c6d7e8f9"


@pytest.fixture(autouse=True)
def _plaintext_keyring(monkeypatch):
    monkeypatch.setenv(secrets.ALLOW_ENV, "1")


@pytest.fixture
def receiver():
    r = HttpReceiver().start()
    yield r
    r.stop()


def _files_clean(home: Path, *values: str) -> None:
    for path in home.rglob("*"):
        if path.is_file():
            for value in values:
                assert value.encode() not in path.read_bytes(), path


def test_add_list_test_remove_a_signed_dingtalk_bot(receiver, gpudesk_home):
    url = f"{receiver.url}/robot/send?access_token={TOKEN}"
    out = gpudesk(
        "notify", "add", "ops", "--kind", "dingtalk", "--url", url, "--secret-env", "DT_SIGN",
        "--events", "job_failed,stop_unconfirmed", env={"DT_SIGN": SIGNING},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert TOKEN not in out.stdout and SIGNING not in out.stdout

    listed = gpudesk("notify", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout) == [
        {
            "name": "ops",
            "kind": "dingtalk",
            "url": f"{receiver.url}/robot/send?access_token=***",
            "events": ["job_failed", "stop_unconfirmed"],
        }
    ]

    tested = gpudesk("notify", "test", "--json")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    (row,) = json.loads(tested.stdout)
    assert row["channel"] == "ops" and row["ok"] is True and "200" in row["detail"]
    (req,) = receiver.requests
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(req.path).query))
    assert query["access_token"] == TOKEN
    mac = hmac.new(SIGNING.encode(), f"{query['timestamp']}\n{SIGNING}".encode(), hashlib.sha256).digest()
    assert query["sign"] == base64.b64encode(mac).decode()
    assert req.json()["msgtype"] == "text" and "gpudesk test message" in req.json()["text"]["content"]
    _files_clean(gpudesk_home, TOKEN, SIGNING)

    removed = gpudesk("notify", "remove", "ops")
    assert removed.returncode == 0, removed.stderr
    assert json.loads(gpudesk("notify", "list", "--json").stdout) == []
    assert secrets.get_secret("alert:ops", "secret") is None and secrets.get_secret("alert:ops", "url") is None


def test_a_failing_channel_exits_4_with_its_answer_and_the_others_still_report(receiver):
    broken = HttpReceiver(mode="5xx").start()
    try:
        assert gpudesk("notify", "add", "good", "--kind", "ntfy", "--url", f"{receiver.url}/topic").returncode == 0
        assert gpudesk("notify", "add", "bad", "--kind", "webhook", "--url", f"{broken.url}/in").returncode == 0
        out = gpudesk("notify", "test", "--json")
        assert out.returncode == 4, out.stderr
        rows = {r["channel"]: r for r in json.loads(out.stdout)}
        assert rows["good"]["ok"] is True
        assert rows["bad"]["ok"] is False and "503" in rows["bad"]["detail"]
        only_good = gpudesk("notify", "test", "--channel", "good")
        assert only_good.returncode == 0 and "good: ok" in only_good.stdout
        text = gpudesk("notify", "test", "--channel", "bad")
        assert text.returncode == 4 and "bad: FAILED" in text.stdout and "HTTP 503" in text.stdout
    finally:
        broken.stop()


def test_telegram_and_email_through_the_cli(receiver, tmp_path, gpudesk_home):
    bot = "987654321:AAcliTelegramTokenForTests_xyzXYZ012"
    assert gpudesk(
        "notify", "add", "tg", "--kind", "telegram", "--url", f"{receiver.url}/?chat_id=42",
        "--secret-env", "TG", env={"TG": bot},
    ).returncode == 0  # fmt: skip
    mail = SmtpReceiver().start()
    try:
        url = f"smtp://127.0.0.1:{mail.port}?to=me@example.com&from=gpudesk@example.com&tls=none"
        assert gpudesk("notify", "add", "mail", "--kind", "smtp", "--url", url).returncode == 0
        out = gpudesk("notify", "test", "--json")
        assert out.returncode == 0, out.stdout + out.stderr
        assert {r["channel"] for r in json.loads(out.stdout)} == {"tg", "mail"}
        (msg,) = mail.wait_for(1)
    finally:
        mail.stop()
    assert msg["to"] == ["me@example.com"] and b"Subject: gpudesk test message" in msg["data"]
    (req,) = receiver.requests
    assert req.path == f"/bot{bot}/sendMessage" and req.json()["chat_id"] == "42"
    listed = gpudesk("notify", "list")
    assert "tg  telegram" in listed.stdout and bot not in listed.stdout
    _files_clean(gpudesk_home, bot)


@pytest.mark.parametrize(
    "args",
    [
        ["notify", "add", "x", "--kind", "pager", "--url", "https://example.com"],
        ["notify", "add", "x", "--kind", "ntfy", "--url", "https://ntfy.sh/t", "--events", "job_failed,coffee"],
        ["notify", "add", "x", "--kind", "ntfy", "--url", "ntfy.sh/t"],
        ["notify", "add", "x y", "--kind", "ntfy", "--url", "https://ntfy.sh/t"],
        ["notify", "add", "x", "--kind", "ntfy", "--url", "https://ntfy.sh/t", "--secret-env", "GPUDESK_NOPE_UNSET"],
        ["notify", "remove", "nobody"],
        ["notify", "test", "--channel", "nobody"],
        ["notify", "test"],
        ["notify"],
    ],
)
def test_bad_usage_exits_2_and_says_what_to_do(args):
    out = gpudesk(*args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.strip() and "Traceback" not in out.stderr


def test_credit_threshold_and_check(receiver):
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.helpers_providers.vast_stub import VastStub

    stub = VastStub().start()
    try:
        AccountStore().save(Account("lab", "vast", stub.url), token=stub.token)
        assert gpudesk("notify", "add", "hook", "--kind", "webhook", "--url", f"{receiver.url}/in").returncode == 0
        off = gpudesk("notify", "credit")
        assert off.returncode == 0 and "off" in off.stdout
        out = gpudesk("notify", "credit", "--below", "30", "--check")
        assert out.returncode == 0, out.stderr
        assert "lab: 25.00 USD (low: alert sent)" in out.stdout
        (req,) = receiver.wait_for(1)
        assert req.json()["event"] == "credit_low"
        assert gpudesk("notify", "credit", "--below", "-1").returncode == 2
        assert "off" in gpudesk("notify", "credit", "--off").stdout
    finally:
        stub.stop()
