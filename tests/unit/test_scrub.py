"""The log scrubber hides secrets in every shape they reach a log in, and the bundle carries none of them."""

from __future__ import annotations

import json
import logging
import zipfile
from pathlib import Path

import pytest

from gpudesk.core import diagnostics, logs, paths, settings

# (text a log line could hold, secrets that must not survive, text that must survive)
CASES = [
    ("GET /v1 Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", ["eyJhbGciOiJIUzI1NiJ9", "c2lnbmF0dXJl"], ["Authorization", "Bearer"]),
    ("Proxy-Authorization: Basic YWxpY2U6aHVudGVyMg==", ["YWxpY2U6aHVudGVyMg"], ["Proxy-Authorization", "Basic"]),
    ("Authorization: Digest username=\"alice\", response=\"6629fae49393a05397450978507c4ef1\"", ["6629fae49393a05397450978507c4ef1"], ["Authorization"]),
    ("headers={'Authorization': 'Bearer tok en-with space', 'Accept': 'json'}", ["tok", "en-with space"], ["Accept", "json"]),
    ('{"user": "bob", "password": "correct horse battery staple"}', ["correct", "horse", "battery", "staple"], ['"user": "bob"']),
    ('{"token":"abc123TOKEN"}', ["abc123TOKEN"], ['"token"']),
    ("{'api_key': 'sk-live-9f8e7d', 'n': 1}", ["sk-live-9f8e7d", "9f8e7d"], ["'n': 1"]),
    ('{"client_secret" : "s e c r e t"}', ["s e c r e t"], ["client_secret"]),
    ('{"password": "ab\\"cd ef\\" gh", "next": "ok"}', ["ab", "cd ef", "gh"], ['"next": "ok"']),
    # JSON sent as a string inside JSON: the value's own quotes are escaped twice.
    ('body="{\\"password\\": \\"p4 \\\\\\"ss w0rd\\\\\\" tail\\", \\"user\\": \\"bob\\"}"', ["p4", "ss w0rd", "tail"], ['\\"user\\": \\"bob\\"']),
    ("password='it\\'s a secret' and more", ["it\\'s", "s a secret"], ["and more"]),
    ("unterminated {\"token\": \"abc def ghi", ["abc", "def", "ghi"], ["unterminated"]),
    ("GET https://api.example.com/v1/pods?api_key=SKabc123&limit=5 HTTP/1.1", ["SKabc123"], ["limit=5", "api.example.com"]),
    ("wss://relay.example.com/s?x=1&access_token=AT-998877#frag", ["AT-998877"], ["x=1"]),
    ("fetch https://alice:Pw0rd-in-url@mirror.example.com/simple", ["Pw0rd-in-url"], ["mirror.example.com"]),
    ("HF_TOKEN=hf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", ["hf_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"], ["HF_TOKEN"]),
    ("export WANDB_API_KEY=0123456789abcdef0123", ["0123456789abcdef0123"], ["export WANDB_API_KEY"]),
    ('export AWS_SECRET_ACCESS_KEY="wJalr XUtnFEMI K7MDENG"', ["wJalr", "XUtnFEMI", "K7MDENG"], ["AWS_SECRET_ACCESS_KEY"]),
    ("DB_PASSWD=pa55 GITHUB_PAT=ghp_0123456789abcdefghijABCDEFGHIJ012345 OK=1", ["pa55", "ghp_0123456789"], ["OK=1"]),
    ("$env:OPENAI_APIKEY = 'sk-proj-abc def'", ["sk-proj-abc", "def'"], ["OPENAI_APIKEY"]),
    ("ssh -o X=1 --password hunter2-flag --port 22", ["hunter2-flag"], ["--port 22"]),
    ("X-Api-Key: 5f4dcc3b5aa765d61d8327deb882cf99", ["5f4dcc3b5aa765d61d8327deb882cf99"], ["X-Api-Key"]),
    ("Cookie: sid=S3SS10N; theme=dark", ["S3SS10N"], ["Cookie"]),
    ("password: two words here", ["two", "words", "here"], ["password"]),
    ("leaked ghp_0123456789abcdefghijABCDEFGHIJ012345 in a message", ["ghp_0123456789abcdefghij"], ["leaked", "in a message"]),
    ("sent hf_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef12 to the hub", ["hf_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef12"], ["to the hub"]),
]


@pytest.mark.parametrize(("text", "hidden", "kept"), CASES, ids=[c[0][:40] for c in CASES])
def test_hostile_shapes_are_hidden(text: str, hidden: list[str], kept: list[str]) -> None:
    out = logs.scrub(text)
    for secret in hidden:
        assert secret not in out, (text, out)
    for part in kept:
        assert part in out, (text, out)
    assert logs.scrub(out) == out, "scrubbing twice changes nothing"


def test_ordinary_log_lines_keep_their_meaning() -> None:
    for line in (
        "Connected to host-1 port 22 in 0.31 s",
        "transfer finished: 3 files, 12.5 MB",
        '{"gpu": 0, "util": 97, "memory_used": 40536}',
        "12:30:45 INFO nvidia-smi ok",
        '"secrets.allow_plaintext_keyring": false',
    ):
        assert logs.scrub(line) == line


def test_private_keys_are_removed_also_when_cut_off() -> None:
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDvFq0nLwZ7sF1bQ7x3pGk1Z0tJmK9mB8yPqX2aWcVv0gAAAJgAbCdEAGwn\n"
    whole = f"x\n-----BEGIN OPENSSH PRIVATE KEY-----\n{body}-----END OPENSSH PRIVATE KEY-----\ny"
    head_only = f"x\n-----BEGIN RSA PRIVATE KEY-----\n{body}"
    tail_only = f"{body}-----END OPENSSH PRIVATE KEY-----\nafter"
    ppk = f"PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 2\n{body}Private-MAC: 0a1b2c3d\n"
    for text in (whole, head_only, tail_only, ppk):
        out = logs.scrub(text)
        assert "b3BlbnNzaC1rZXktdjEAAAAA" not in out and "QyNTUxOQAAACDvFq0n" not in out, out


@pytest.fixture
def log_file():
    """The app's log file in this test's home; its handler goes again afterwards (setup() adds one once)."""
    logger = logging.getLogger("gpudesk")
    before = list(logger.handlers)
    for handler in before:
        logger.removeHandler(handler)
    yield logs.setup()
    for handler in logger.handlers[:]:
        logger.removeHandler(handler)
        handler.close()
    for handler in before:
        logger.addHandler(handler)


def test_a_traceback_in_the_log_file_is_scrubbed_too(log_file: Path) -> None:
    try:
        raise RuntimeError('login failed for {"password": "Tr4ceback pw"}')
    except RuntimeError:
        logging.getLogger("gpudesk.test").exception("connect failed with token=Tb-T0KEN-1")
    for handler in logging.getLogger("gpudesk").handlers:
        handler.flush()
    text = log_file.read_text("utf-8")
    assert "RuntimeError" in text
    for secret in ("Tr4ceback pw", "Tb-T0KEN-1"):
        assert secret not in text


def test_the_bundle_carries_no_secret_from_logs_or_settings(tmp_path: Path) -> None:
    secrets_in = {
        "Authorization: Bearer ": "BUNDLE-bearer-0001",
        '{"api_key": "': "BUNDLE api key 0002",
        "export HF_TOKEN=": "hf_BUNDLE0003bundle0003bundle0003xx",
        "https://x.example/?api_key=": "BUNDLE0004",
        'body="{\\"password\\": \\"': "BUNDLE pw 0005",
    }
    lines = [f"2024-01-01 INFO gpudesk.x: {prefix}{value}\"}}\n" for prefix, value in secrets_in.items()]
    key = "-----BEGIN OPENSSH PRIVATE KEY-----\nQlVORExFLWtleS1ib2R5LTAwMDY=\n-----END OPENSSH PRIVATE KEY-----\n"
    log_dir = paths.data_dir() / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    (log_dir / "gpudesk.log").write_text("".join(lines) + key, "utf-8")
    # An old rotated file whose kept tail starts inside a private key.
    (log_dir / "gpudesk.log.1").write_text("-----BEGIN RSA PRIVATE KEY-----\n" + "A" * 600_000 + "\nQlVORExFLXRhaWwtMDAwNw==\n-----END RSA PRIVATE KEY-----\n", "utf-8")
    settings.set("updates.feed_url", "https://feed.example/releases.json?token=BUNDLE0008")
    settings.set("jobs.metric_regex", "password=BUNDLE0009")
    settings.set("sessions.sync_folder", "/home/u/sync?api_key=BUNDLE0010")
    out = diagnostics.build(tmp_path / "bundle.zip")
    with zipfile.ZipFile(out) as bundle:
        blob = b"\n".join(bundle.read(n) for n in bundle.namelist())
        json.loads(bundle.read("settings.json"))
    needles = [v.encode() for v in secrets_in.values()] + [b"QlVORExFLWtleS1ib2R5LTAwMDY", b"QlVORExFLXRhaWwtMDAwNw", b"AAAAAAAAAA", b"BUNDLE0008", b"BUNDLE0009", b"BUNDLE0010"]
    for needle in needles:
        assert needle not in blob, needle
    for word in (b"BUNDLE-bearer", b"BUNDLE api", b"BUNDLE pw"):
        assert word not in blob, word
