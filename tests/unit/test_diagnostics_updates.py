from __future__ import annotations

import http.server
import json
import threading
import zipfile
from pathlib import Path

import pytest

from gpudesk.core import diagnostics, logs, secrets, settings, updates
from gpudesk.core.sessions import Session, SessionStore


def test_bundle_holds_no_secret_and_no_host_name(tmp_path: Path) -> None:
    store = SessionStore()
    session = store.add(Session(name="a100-lab", host="gpu-17.corp.example.com", username="alice", port=34567, proxy_kind="http", proxy_host="proxy.corp.example.com", proxy_port=3128))
    secrets.set_secret(session.secret_key, session.username, "S3cret-Bundle-pw")
    secrets.set_secret(secrets.api_token_entry("runpod"), "default", "rp_TOKEN_abcdef")
    log = logs.setup()
    import logging

    logging.getLogger("gpudesk.test").warning("connecting to gpu-17.corp.example.com as alice password=S3cret-Bundle-pw")
    for handler in logging.getLogger("gpudesk").handlers:
        handler.flush()
    assert log.exists()
    out = diagnostics.build(tmp_path / "bundle.zip", extra={"qt": "6.x"})
    with zipfile.ZipFile(out) as bundle:
        names = bundle.namelist()
        blob = b"".join(bundle.read(n) for n in names)
    assert {"info.json", "settings.json", "sessions.json"} <= set(names)
    assert any(n.startswith("logs/") for n in names)
    for needle in (b"S3cret-Bundle-pw", b"rp_TOKEN_abcdef", b"gpu-17.corp.example.com", b"alice", b"proxy.corp.example.com", b"a100-lab"):
        assert needle not in blob, needle
    info = json.loads(zipfile.ZipFile(out).read("info.json"))
    assert info["keyring_backend"] == "PlaintextKeyring" and info["qt"] == "6.x"


@pytest.fixture
def feed():
    payload = {"body": b"{}", "status": 200, "hits": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            payload["hits"] += 1
            self.send_response(payload["status"])
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(payload["body"])

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    payload["url"] = f"http://127.0.0.1:{server.server_address[1]}/releases.json"
    yield payload
    server.shutdown()


def test_newer_release_is_reported_and_older_is_not(feed) -> None:
    feed["body"] = json.dumps([{"version": "0.9.0", "url": "https://x/0.9", "notes": "faster"}, {"version": "0.10.1", "url": "https://x/0.10.1"}]).encode()
    newer = updates.check(feed["url"], current="0.9.5")
    assert newer is not None and newer.version == "0.10.1"
    assert updates.check(feed["url"], current="0.10.1") is None


def test_bad_feeds_give_clear_errors(feed) -> None:
    feed["body"] = b"<html>"
    with pytest.raises(updates.UpdateError, match="format"):
        updates.check(feed["url"])
    feed["status"] = 500
    with pytest.raises(updates.UpdateError, match="500"):
        updates.check(feed["url"])
    with pytest.raises(updates.UpdateError, match="No release feed"):
        updates.check("")


def test_checks_at_most_once_a_day_and_off_without_a_feed(feed) -> None:
    assert not updates.due(), "no feed configured: no checks (the default in tests)"
    settings.set("updates.feed_url", feed["url"])
    feed["body"] = b'{"version": "0.0.1"}'
    assert updates.due()
    assert updates.check() is None
    assert not updates.due()
    assert updates.due(now=__import__("time").time() + updates.DAY + 1)
