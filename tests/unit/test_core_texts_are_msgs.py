"""Errors users read from the core keep their template: session checks, the CLI's login line, the sync
folder and the update check raise a :class:`Msg`, so the UI can show them translated (``tr_msg``) while the
CLI prints the English text unchanged."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpudesk.commands.target import UsageError, resolve_session
from gpudesk.core import updates
from gpudesk.core.i18n import Msg
from gpudesk.core.sessions.model import Session, ValidationError
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.sessions.syncfolder import FILE_NAME, FORMAT, SyncError, SyncFolder


def _template(exc: BaseException) -> tuple[str, str, str]:
    """(context, template, English text) of the Msg an exception was raised with; fails on a plain str."""
    text = exc.args[0]
    assert isinstance(text, Msg), f"plain text, not translatable: {text!r}"
    return text.context, text.template, str(text)


def _session(**changes: object) -> Session:
    session = Session(name="lab", host="gpu.example.com", port=22, username="root", auth="password")
    for key, value in changes.items():
        setattr(session, key, value)
    return session


SESSION_CASES = [
    ("name", {"name": "  "}, "Give the session a name.", "Give the session a name."),
    ("host", {"host": ""}, "Enter the server's address (host name or IP).", None),
    ("port", {"port": 70000}, "Port must be between 1 and 65535, not {port}.", "Port must be between 1 and 65535, not 70000."),
    ("username", {"username": " "}, "Enter the user name to log in as (often 'root' on rented servers).", None),
    ("auth", {"auth": "telepathy"}, "Unknown login method '{method}'.", "Unknown login method 'telepathy'."),
    ("identity_file", {"auth": "key_file", "identity_file": ""}, "Choose the private key file.", None),
    ("identity_file", {"auth": "key_file", "identity_file": "/nonexistent/id_ed25519"},
     "The key file {path} does not exist.", "The key file /nonexistent/id_ed25519 does not exist."),
    ("proxy_host", {"proxy_kind": "socks5", "proxy_host": ""}, "Enter the proxy's address.", None),
    ("proxy_port", {"proxy_kind": "http", "proxy_host": "proxy.example.com", "proxy_port": 0},
     "Proxy port must be between 1 and 65535, not {port}.", "Proxy port must be between 1 and 65535, not 0."),
    ("proxy_command", {"proxy_kind": "command", "proxy_command": " "}, "Enter the ProxyCommand to run.", None),
    ("proxy_kind", {"proxy_kind": "carrier-pigeon"}, "Unknown proxy type '{kind}'.", "Unknown proxy type 'carrier-pigeon'."),
    ("hourly_price", {"hourly_price": -1.0}, "The hourly price cannot be negative.", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("field", "changes", "template", "english"), SESSION_CASES, ids=[c[2][:30] for c in SESSION_CASES]
)
def test_every_session_check_names_its_field_with_a_translatable_text(
    field: str, changes: dict[str, object], template: str, english: str | None
) -> None:
    with pytest.raises(ValidationError) as caught:
        _session(**changes).validate()
    assert caught.value.field == field
    context, got, text = _template(caught.value)
    assert (context, got) == ("Session", template)
    assert text == (english or template)  # the CLI and --json keep the English words
    assert str(caught.value) == text


def test_a_bad_login_line_on_the_command_line_stays_translatable() -> None:
    with pytest.raises(UsageError) as caught:
        resolve_session("ssh://root@:22")
    context, template, text = _template(caught.value)
    assert context == "LoginLine" and template and text == str(caught.value)


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions.json")


def _sync_file(folder: Path, data: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / FILE_NAME).write_text(json.dumps(data))


def test_a_damaged_sync_file_is_reported_with_its_template(store: SessionStore, tmp_path: Path) -> None:
    folder = tmp_path / "drive"
    _sync_file(folder, {"format": FORMAT, "version": 1, "sessions": {"a": {"modified": "soon"}}})
    with pytest.raises(SyncError) as caught:
        SyncFolder(store, folder).read_remote()
    context, template, text = _template(caught.value)
    assert context == "SyncFolder" and template.startswith("The sync file {path} is damaged ({error}).")
    assert str(folder / FILE_NAME) in text


def test_a_sync_file_from_a_newer_version_is_reported_with_its_template(store: SessionStore, tmp_path: Path) -> None:
    folder = tmp_path / "drive"
    _sync_file(folder, {"format": FORMAT, "version": 99, "sessions": {}})
    with pytest.raises(SyncError) as caught:
        SyncFolder(store, folder).read_remote()
    context, template, _ = _template(caught.value)
    assert (context, template) == (
        "SyncFolder",
        "The sync file {path} was written by a newer gpudesk. Update gpudesk on this computer.",
    )


def test_an_unreadable_sync_file_is_reported_with_its_template(store: SessionStore, tmp_path: Path) -> None:
    folder = tmp_path / "drive"
    (folder / FILE_NAME).mkdir(parents=True)  # a folder where the file should be: reading it fails
    sync = SyncFolder(store, folder)
    with pytest.raises(SyncError) as caught:
        sync.read_remote()
    assert _template(caught.value)[:2] == ("SyncFolder", "Could not read the sync file {path}: {error}.")
    store.add(_session())
    sync.attach(push_now=True)  # the background push meets the same file and keeps why it failed
    try:
        assert sync.flush(timeout=30)
    finally:
        sync.detach()
    assert (
        isinstance(sync.last_error, Msg) and sync.last_error.template == "Could not read the sync file {path}: {error}."
    )


def test_a_session_from_the_folder_this_computer_cannot_take_is_listed_translatably(
    store: SessionStore, tmp_path: Path
) -> None:
    folder = tmp_path / "drive"
    good = _session().to_json()
    _sync_file(
        folder,
        {
            "format": FORMAT,
            "version": 1,
            "sessions": {"x": {"modified": 1.0, "session": {**good, "id": "x", "port": "twenty-two", "bogus": 1}}},
        },
    )
    sync = SyncFolder(store, folder)
    sync.pull()
    assert len(sync.skipped) == 1
    skipped = sync.skipped[0]
    assert isinstance(skipped, Msg) and skipped.context == "SyncFolder" and skipped.startswith("lab: ")


@pytest.fixture
def feed() -> Iterator[dict[str, object]]:
    """A local release feed whose status and body a test sets."""
    reply: dict[str, object] = {"status": 200, "body": b"[]"}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            self.send_response(int(str(reply["status"])))
            self.end_headers()
            body = reply["body"]
            assert isinstance(body, bytes)
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True, name="test-feed")
    thread.start()
    reply["url"] = f"http://127.0.0.1:{server.server_address[1]}/releases.json"
    yield reply
    server.shutdown()
    server.server_close()
    thread.join()


def test_update_check_failures_are_translatable(feed: dict[str, object]) -> None:
    url = str(feed["url"])
    feed["body"] = b"<html>not a feed</html>"
    with pytest.raises(updates.UpdateError) as caught:
        updates.check(url)
    assert _template(caught.value)[:2] == ("Updates", "The release feed is not in the expected format.")
    feed["status"] = 503
    with pytest.raises(updates.UpdateError) as caught:
        updates.check(url)
    assert _template(caught.value) == (
        "Updates",
        "The release feed answered HTTP {status}.",
        "The release feed answered HTTP 503.",
    )
    with pytest.raises(updates.UpdateError) as caught:
        updates.check("")
    assert _template(caught.value)[:2] == ("Updates", "No release feed is configured (Settings → updates.feed_url).")


def test_an_unreachable_release_feed_is_translatable() -> None:
    with socket.socket() as probe:  # a port on this machine that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(updates.UpdateError) as caught:
        updates.check(f"http://127.0.0.1:{port}/releases.json", timeout=5)
    context, template, text = _template(caught.value)
    assert (context, template) == ("Updates", "Could not reach the release feed: {error}.")
    assert text == "Could not reach the release feed: ConnectionError."
