"""Alert channels against real local receivers: each provider's documented shape, signatures, email, secrets."""

from __future__ import annotations

import base64
import email
import email.header
import email.policy
import hashlib
import hmac
import time
import urllib.parse
from pathlib import Path

import pytest

from gpudesk.core import secrets
from gpudesk.core.alerts.channels import deliver, dingtalk_sign, feishu_sign
from gpudesk.core.alerts.model import Alert, Channel, ChannelError, parse_events, split_url
from gpudesk.core.alerts.store import ChannelStore
from tests.helpers.alert_receivers import HttpReceiver, SmtpReceiver, self_signed_context

SECRET = "SECf00dfeedc0ffee1234567890abcdefSECRET"
URL_KEY = "6f1c2b9e-77aa-4bcd-9e01-aa55cc77dd99"
ALERT = Alert(
    "job_failed", "Job 'train' failed on a100", "Exit code: 1\nDiagnosis: CUDA out of memory", "k1", 4, "a100"
)


@pytest.fixture(autouse=True)
def _plaintext_keyring(monkeypatch):
    monkeypatch.setenv(secrets.ALLOW_ENV, "1")


@pytest.fixture
def http():
    receiver = HttpReceiver().start()
    yield receiver
    receiver.stop()


def _no_secret_on_disk(home: Path, *values: str) -> None:
    for path in home.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for value in values:
                assert value.encode() not in data, f"{value!r} found in {path}"


def test_ntfy_posts_text_with_title_priority_tags_and_bearer_token(http, gpudesk_home):
    store = ChannelStore()
    channel = store.add("phone", "ntfy", f"{http.url}/gpu-jobs", [], SECRET)
    secret, url = store.credentials(channel)
    answer = deliver(channel, ALERT, secret=secret, url=url)
    assert answer.ok, answer.detail
    (req,) = http.requests
    assert req.path == "/gpu-jobs"
    assert req.body.decode() == ALERT.text
    assert req.headers["Title"] == ALERT.title and req.headers["Priority"] == "4"
    assert req.headers["Tags"] == "x,gpudesk"
    assert req.headers["Authorization"] == f"Bearer {SECRET}"
    _no_secret_on_disk(gpudesk_home, SECRET)


def test_ntfy_title_outside_latin1_is_an_encoded_word(http):
    channel = Channel("p", "ntfy", f"{http.url}/t")
    assert deliver(channel, Alert("test", "任务完成", "好"), secret=None, url=channel.url).ok
    title = http.requests[0].headers["Title"]
    assert (
        title.startswith("=?utf-8?") and str(email.header.make_header(email.header.decode_header(title))) == "任务完成"
    )


def test_a_long_cjk_ntfy_title_stays_one_header_line(http):
    # A Chinese session name makes a title long enough to fold: sent as one line of encoded words, not refused.
    title = "Job 'finetune-llama-8b' failed on 演示 GPU 服务器 (华东二区 8× H100)"
    channel = Channel("p", "ntfy", f"{http.url}/t")
    answer = deliver(channel, Alert("job_failed", title, "Exit code: 137"), secret=None, url=channel.url)
    assert answer.ok, answer.detail
    sent = http.requests[0].headers["Title"]
    assert "\n" not in sent and str(email.header.make_header(email.header.decode_header(sent))) == title


def test_webhook_json_shape(http):
    channel = Channel("hook", "webhook", f"{http.url}/in")
    assert deliver(channel, ALERT, secret=SECRET, url=channel.url).ok
    req = http.requests[0]
    assert req.json() == {
        "source": "gpudesk",
        "event": "job_failed",
        "title": ALERT.title,
        "text": ALERT.text,
        "priority": 4,
        "server": "a100",
    }
    assert req.headers["Content-Type"].startswith("application/json")
    assert req.headers["Authorization"] == f"Bearer {SECRET}"


def test_telegram_send_message_with_token_in_path_only(http, gpudesk_home):
    token = "123456789:AAHfakeTokenForTestsOnly_abcdefghijkl"
    store = ChannelStore()
    channel = store.add("tg", "telegram", f"{http.url}/?chat_id=-100777", [], token)
    assert token not in channel.url and "chat_id=-100777" in channel.url
    secret, url = store.credentials(channel)
    answer = deliver(channel, ALERT, secret=secret, url=url)
    assert answer.ok, answer.detail
    req = http.requests[0]
    assert req.path == f"/bot{token}/sendMessage"
    assert req.json() == {
        "chat_id": "-100777",
        "text": f"{ALERT.title}\n{ALERT.text}",
        "disable_web_page_preview": True,
    }
    _no_secret_on_disk(gpudesk_home, token)


def test_feishu_text_and_signature_verify(http, gpudesk_home):
    store = ChannelStore()
    channel = store.add("fs", "feishu", f"{http.url}/open-apis/bot/v2/hook/{URL_KEY}", [], SECRET)
    assert channel.url.endswith("/hook/***") and channel.has_url_secret
    secret, url = store.credentials(channel)
    assert url.endswith(URL_KEY)
    before = int(time.time())
    assert deliver(channel, ALERT, secret=secret, url=url).ok
    req = http.requests[0]
    assert req.path == f"/open-apis/bot/v2/hook/{URL_KEY}"
    body = req.json()
    assert body["msg_type"] == "text" and body["content"] == {"text": f"{ALERT.title}\n{ALERT.text}"}
    stamp = body["timestamp"]
    assert abs(int(stamp) - before) <= 2  # seconds, as Feishu documents
    # Feishu's check: HMAC-SHA256 keyed with "timestamp\nsecret" over nothing, base64.
    expected = base64.b64encode(hmac.new(f"{stamp}\n{SECRET}".encode(), b"", hashlib.sha256).digest()).decode()
    assert body["sign"] == expected == feishu_sign(SECRET, stamp)
    _no_secret_on_disk(gpudesk_home, SECRET, URL_KEY)


def test_dingtalk_text_and_signature_verify(http, gpudesk_home):
    token = "d1e2a3d4b5e6e7f8a9b0c1d2e3f4a5b6c7d8e9f0"
    store = ChannelStore()
    channel = store.add("dt", "dingtalk", f"{http.url}/robot/send?access_token={token}", [], SECRET)
    assert channel.url.endswith("access_token=***")
    secret, url = store.credentials(channel)
    assert deliver(channel, ALERT, secret=secret, url=url).ok
    req = http.requests[0]
    parts = urllib.parse.urlsplit(req.path)
    query = dict(urllib.parse.parse_qsl(parts.query))
    assert parts.path == "/robot/send" and query["access_token"] == token
    assert req.json() == {"msgtype": "text", "text": {"content": f"{ALERT.title}\n{ALERT.text}"}}
    stamp = query["timestamp"]
    assert abs(int(stamp) - time.time() * 1000) < 5000  # milliseconds
    # DingTalk's check: HMAC-SHA256 keyed with the secret over "timestamp\nsecret", base64 (query-decoded here).
    mac = hmac.new(SECRET.encode(), f"{stamp}\n{SECRET}".encode(), hashlib.sha256).digest()
    assert query["sign"] == base64.b64encode(mac).decode() == dingtalk_sign(SECRET, stamp)
    _no_secret_on_disk(gpudesk_home, SECRET, token)


def test_wecom_text_bounded_to_2048_utf8_bytes(http):
    channel = Channel("wc", "wecom", f"{http.url}/cgi-bin/webhook/send?key={URL_KEY}")
    long = Alert("job_finished", "训练完成", "损失" * 2000)
    assert deliver(channel, long, secret=None, url=channel.url).ok
    body = http.requests[0].json()
    assert body["msgtype"] == "text" and set(body["text"]) == {"content"}
    assert body["text"]["content"].startswith("训练完成\n损失")
    assert len(body["text"]["content"].encode()) <= 2048


def test_bot_error_code_is_a_failure_in_words():
    receiver = HttpReceiver(mode="errcode").start()
    try:
        channel = Channel("wc", "wecom", f"{receiver.url}/cgi-bin/webhook/send?key={URL_KEY}")
        answer = deliver(channel, ALERT, secret=None, url=channel.url)
    finally:
        receiver.stop()
    assert not answer.ok and "310000" in answer.detail and "keywords" in answer.detail
    assert URL_KEY not in answer.detail


def test_5xx_and_down_receivers_are_failures_to_retry_without_secrets():
    receiver = HttpReceiver(mode="5xx").start()
    try:
        channel = Channel("dt", "dingtalk", f"{receiver.url}/robot/send?access_token=***")
        full = f"{receiver.url}/robot/send?access_token=tok{URL_KEY}"
        answer = deliver(channel, ALERT, secret=SECRET, url=full)
    finally:
        receiver.stop()
    assert not answer.ok and answer.retry and "503" in answer.detail
    down = deliver(channel, ALERT, secret=SECRET, url=full)
    assert not down.ok and down.retry
    for detail in (answer.detail, down.detail):
        assert URL_KEY not in detail and SECRET not in detail


def test_slow_receiver_times_out():
    receiver = HttpReceiver(mode="slow", delay=3).start()
    try:
        channel = Channel("hook", "webhook", f"{receiver.url}/in")
        started = time.monotonic()
        answer = deliver(channel, ALERT, secret=None, url=channel.url, timeout=0.5)
        assert time.monotonic() - started < 2.5
    finally:
        receiver.stop()
    assert not answer.ok and answer.retry


def test_smtp_starttls_login_and_message(tmp_path, gpudesk_home):
    tls = self_signed_context(tmp_path)
    server = SmtpReceiver("ops@example.com", "mail-pass-123456", tls=tls).start()
    try:
        cafile = tmp_path / "smtp.crt"
        store = ChannelStore()
        url = f"smtp://ops%40example.com@127.0.0.1:{server.port}?to=me@example.com&cafile={cafile}"
        channel = store.add("mail", "smtp", url, ["job_failed"], "mail-pass-123456")
        secret, full = store.credentials(channel)
        answer = deliver(channel, ALERT, secret=secret, url=full)
        assert answer.ok, answer.detail
        (mail,) = server.wait_for(1)
    finally:
        server.stop()
    assert server.logins == [("ops@example.com", "mail-pass-123456")]
    assert mail["to"] == ["me@example.com"] and mail["from"] == "ops@example.com"
    parsed = email.message_from_bytes(mail["data"], policy=email.policy.default)
    assert parsed["Subject"] == ALERT.title
    assert parsed.get_content().replace("\r\n", "\n").strip() == ALERT.text
    _no_secret_on_disk(gpudesk_home, "mail-pass-123456")


def test_smtp_refuses_an_unverified_certificate(tmp_path):
    server = SmtpReceiver(tls=self_signed_context(tmp_path)).start()
    try:
        channel = Channel("mail", "smtp", f"smtp://127.0.0.1:{server.port}?to=me@example.com")
        answer = deliver(channel, ALERT, secret=None, url=channel.url)
    finally:
        server.stop()
    assert not answer.ok and server.messages == []


def test_smtp_wrong_password_is_said_without_the_password(tmp_path):
    server = SmtpReceiver("u@example.com", "right-one", tls=self_signed_context(tmp_path)).start()
    try:
        url = f"smtp://u%40example.com@127.0.0.1:{server.port}?to=me@example.com&cafile={tmp_path / 'smtp.crt'}"
        answer = deliver(Channel("mail", "smtp", url), ALERT, secret="wrong-pass-987", url=url)
    finally:
        server.stop()
    assert not answer.ok and "login" in answer.detail and "wrong-pass-987" not in answer.detail


def test_split_url_hides_keys_and_passwords():
    assert split_url("wecom", f"https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key={URL_KEY}") == (
        "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=***",
        True,
    )
    assert split_url("ntfy", "https://ntfy.sh/gpu-jobs") == ("https://ntfy.sh/gpu-jobs", False)
    shown, hidden = split_url("webhook", "https://user:pw123@example.com/x")
    assert hidden and "pw123" not in shown
    shown, hidden = split_url("smtp", "smtps://me:pw@mail.example.com:465?to=a@b")
    assert hidden and ":pw@" not in shown
    with pytest.raises(ChannelError):
        split_url("smtp", "smtps://mail.example.com")
    with pytest.raises(ChannelError):
        split_url("ntfy", "ftp://x")
    with pytest.raises(ChannelError):
        parse_events("job_failed,nonsense")


def test_remove_deletes_the_keyring_entries(gpudesk_home):
    store = ChannelStore()
    store.add("dt", "dingtalk", f"https://oapi.dingtalk.com/robot/send?access_token={URL_KEY}", [], SECRET)
    assert store.credentials(store.get("dt")) == (
        SECRET,
        f"https://oapi.dingtalk.com/robot/send?access_token={URL_KEY}",
    )
    assert store.remove("dt") and store.get("dt") is None
    assert secrets.get_secret("alert:dt", "secret") is None and secrets.get_secret("alert:dt", "url") is None


def test_plain_smtp_only_to_this_computer():
    url = "smtp://me@mail.example.com:25?to=you@example.com&tls=none"
    answer = deliver(Channel("mail", "smtp", url), ALERT, secret="pw-never-in-clear", url=url)
    assert not answer.ok and not answer.retry and "localhost" in answer.detail
