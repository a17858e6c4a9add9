"""Damaged data files (sessions, settings, provider accounts, billing) are kept aside and explained, never
silently replaced; two processes saving the same file keep each other's changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gpudesk.core import datafile, paths, settings
from gpudesk.core.billing import config as billing_config
from gpudesk.core.billing.meter import Meter, meter_file
from gpudesk.core.billing.price import Price
from gpudesk.core.providers.accounts import Account, AccountStore, accounts_file
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"name": "good", "host": "h1.example", "port": 22, "username": "root", "id": "good-1"}


def with_bad(**bad: object) -> bytes:
    """A sessions.json with one good session and one damaged one (``bad`` overrides a valid session)."""
    damaged = {"name": "bad", "host": "h2.example", "port": 22, "id": "bad-1", **bad}
    damaged = {k: v for k, v in damaged.items() if v is not MISSING}
    return json.dumps({"version": 1, "folders": ["lab"], "sessions": [GOOD, damaged]}).encode()


MISSING = object()
WHOLE_GOOD = json.dumps({"version": 1, "folders": [], "sessions": [GOOD]}).encode()

# name: (file content, or None for a directory where the file should be; session names that still load)
VARIANTS: dict[str, tuple[bytes | None, list[str]]] = {
    "top-is-a-list": (b"[]", []),
    "top-is-null": (b"null", []),
    "top-is-a-string": (b'"x"', []),
    "sessions-is-an-object": (b'{"sessions": {}}', []),
    "empty-file": (b"", []),
    "truncated": (WHOLE_GOOD[: len(WHOLE_GOOD) // 2], []),
    "invalid-utf8": (WHOLE_GOOD.replace(b'"good"', b'"go\xff\xfed"'), []),
    "directory": (None, []),
    "port-is-text": (with_bad(port="22"), ["good"]),
    "port-zero": (with_bad(port=0), ["good"]),
    "port-too-big": (with_bad(port=70000), ["good"]),
    "port-is-bool": (with_bad(port=True), ["good"]),
    "name-is-a-number": (with_bad(name=5), ["good"]),
    "host-missing": (with_bad(host=MISSING), ["good"]),
    "host-empty": (with_bad(host=""), ["good"]),
    "forwards-is-text": (with_bad(forwards="a"), ["good"]),
    "price-not-finite": (with_bad(hourly_price=1e999), ["good"]),
    "session-is-a-list": (json.dumps({"sessions": [GOOD, ["x"]]}).encode(), ["good"]),
    "repeated-id": (with_bad(id="good-1"), ["good"]),
    "folder-name-is-a-number": (json.dumps({"folders": [3, "lab"], "sessions": [GOOD]}).encode(), ["good"]),
}


def kept_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".broken-*"))


def write_variant(path: Path, content: bytes | None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if content is None:
        path.mkdir()
        (path / "inside.txt").write_text("what the folder held")
    else:
        path.write_bytes(content)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_damaged_sessions_file_is_kept_explained_and_never_lost(tmp_path: Path, variant: str) -> None:
    content, good = VARIANTS[variant]
    path = tmp_path / "sessions.json"
    write_variant(path, content)

    store = SessionStore(path)  # must not raise
    assert sorted(s.name for s in store) == good  # iterating sorts by name: a non-text name must not reach it
    (kept,) = kept_copies(path)
    assert kept.name.startswith("sessions.json.broken-") and kept.name[len("sessions.json.broken-") :][:8].isdigit()
    if content is None:
        assert kept.is_dir() and (kept / "inside.txt").read_text() == "what the folder held"
    else:
        assert kept.read_bytes() == content
    assert store.load_error and "damaged" in store.load_error and str(kept) in store.load_error

    # The next save keeps the good sessions, adds the new one, and never touches the kept copy.
    store.add(Session(name="new", host="h3.example"))
    again = SessionStore(path)
    assert sorted(s.name for s in again) == sorted([*good, "new"])
    assert again.load_error is None  # what was saved is whole
    assert kept_copies(path) == [kept]
    if content is not None:
        assert kept.read_bytes() == content


def test_an_unchanged_damaged_file_does_not_pile_up_copies(tmp_path: Path) -> None:
    path = tmp_path / "sessions.json"
    path.write_bytes(with_bad(port="22"))
    first = SessionStore(path).load_error
    second = SessionStore(path).load_error
    (kept,) = kept_copies(path)
    assert str(kept) in first and str(kept) in second


def test_a_kept_copy_is_never_overwritten(tmp_path: Path) -> None:
    """Every name the next two minutes could give is taken already: a counter is added instead."""
    path = tmp_path / "sessions.json"
    now = time.time()
    taken = {}
    for second in range(-2, 120):
        name = path.with_name(f"sessions.json.broken-{time.strftime('%Y%m%d-%H%M%S', time.localtime(now + second))}")
        name.write_text(f"precious {second}")
        taken[name] = f"precious {second}"
    path.write_bytes(b"{cut")
    store = SessionStore(path)
    for name, text in taken.items():
        assert name.read_text() == text
    (new,) = [p for p in kept_copies(path) if p not in taken]
    assert new.read_bytes() == b"{cut" and new.name.endswith("-2") and str(new) in store.load_error


def test_two_stores_on_one_file_keep_each_others_sessions(tmp_path: Path) -> None:
    """Two app instances (or the app and the CLI) have the file open; each saves its own change."""
    path = tmp_path / "sessions.json"
    SessionStore(path).add(Session(name="shared", host="h0.example", id="shared"))
    one, two = SessionStore(path), SessionStore(path)
    one.add(Session(name="from-one", host="h1.example"))
    two.add(Session(name="from-two", host="h2.example"))
    two.add_folder("lab")
    one.remove("shared")
    assert sorted(s.name for s in SessionStore(path)) == ["from-one", "from-two"]
    assert SessionStore(path).folders == ["lab"]
    assert sorted(s.name for s in one) == ["from-one", "from-two"]  # a save brings in the other's changes


def test_an_edit_in_place_is_saved_and_other_sessions_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "sessions.json"
    one = SessionStore(path)
    mine = one.add(Session(name="mine", host="h1.example"))
    two = SessionStore(path)
    two.add(Session(name="theirs", host="h2.example"))
    mine.port = 2222  # the editor changes the object, then saves through the store
    one.update(mine)
    saved = {s.name: s.port for s in SessionStore(path)}
    assert saved == {"mine": 2222, "theirs": 22}
    assert one.get(mine.id) is mine  # objects others hold stay valid


CONCURRENT = r"""
import sys
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.providers.accounts import Account, AccountStore
path, who = sys.argv[1], sys.argv[2]
store = SessionStore(path) if path != "accounts" else AccountStore()
print("ready", flush=True)
sys.stdin.readline()  # both processes hold their loaded copy before either saves
for i in range(25):
    if path == "accounts":
        store.save(Account(f"{who}-{i}", "manual"))
    else:
        store.add(Session(name=f"{who}-{i}", host="h.example"))
print("done", flush=True)
"""


def run_two_writers(target: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CONCURRENT, target, who], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        for who in ("a", "b")
    ]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        for proc in procs:
            proc.stdin.write("go\n")
            proc.stdin.flush()
        for proc in procs:
            assert proc.stdout.readline().strip() == "done"
            assert proc.wait(timeout=120) == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_two_processes_saving_sessions_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "sessions.json"
    run_two_writers(str(path))
    names = {s.name for s in SessionStore(path)}
    assert names == {f"{who}-{i}" for who in "ab" for i in range(25)}


def test_two_processes_saving_accounts_at_once_lose_nothing() -> None:
    run_two_writers("accounts")
    assert {a.name for a in AccountStore()} == {f"{who}-{i}" for who in "ab" for i in range(25)}


# -- settings ---------------------------------------------------------------------------------------
def test_a_damaged_settings_file_is_kept_not_replaced_by_the_next_change() -> None:
    path = paths.settings_file()
    original = b'{"terminal.scrollback": 5000, "ui.theme": "dark",'  # cut off
    path.write_bytes(original)
    settings.reset_cache()
    assert settings.get("terminal.scrollback") == 10000  # the default, for now
    (kept,) = kept_copies(path)
    assert kept.read_bytes() == original and str(kept) in settings.load_problem()
    settings.set("terminal.font_size", 13)
    assert kept.read_bytes() == original
    assert json.loads(path.read_text()) == {"terminal.font_size": 13}


def test_a_mistyped_setting_is_skipped_reported_and_kept_in_the_copy() -> None:
    path = paths.settings_file()
    original = json.dumps({"ssh.keepalive_s": True, "terminal.scrollback": 5000, "newer.setting": [1]}).encode()
    path.write_bytes(original)
    settings.reset_cache()
    assert settings.get("terminal.scrollback") == 5000 and settings.get("ssh.keepalive_s") == 15
    (kept,) = kept_copies(path)
    problem = settings.load_problem()
    assert kept.read_bytes() == original and str(kept) in problem and "ssh.keepalive_s" in problem
    settings.set("terminal.font_size", 13)
    assert json.loads(path.read_text()) == {"terminal.scrollback": 5000, "newer.setting": [1], "terminal.font_size": 13}


def test_a_setting_changed_by_another_process_survives_this_ones_change() -> None:
    assert settings.get("terminal.scrollback") == 10000  # cached here before the other process writes
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = "from gpudesk.core import settings; settings.set('ui.theme', 'dark')"
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)
    settings.set("terminal.scrollback", 500)
    data = json.loads(paths.settings_file().read_text())
    assert data["ui.theme"] == "dark" and data["terminal.scrollback"] == 500


# -- provider accounts ------------------------------------------------------------------------------
def test_a_damaged_accounts_file_is_kept_and_not_replaced() -> None:
    path = accounts_file()
    original = b'{"accounts": [{"name": "rp", "kind": "runpod", "base_url": "https://api.example"}'
    path.write_bytes(original)
    store = AccountStore()
    (kept,) = kept_copies(path)
    assert kept.read_bytes() == original and str(kept) in store.load_error and list(store) == []
    store.save(Account("lab", "manual"))
    assert kept.read_bytes() == original and [a.name for a in AccountStore()] == ["lab"]


def test_a_damaged_account_is_skipped_and_the_others_load() -> None:
    path = accounts_file()
    accounts = [
        {"name": "rp", "kind": "runpod", "base_url": "", "options": {}},
        {"name": "bad", "kind": "vast", "options": "x"},
        {"name": 7, "kind": "vast"},
        {"kind": "lambda"},
    ]
    original = json.dumps({"accounts": accounts}).encode()
    path.write_bytes(original)
    store = AccountStore()
    assert [a.name for a in store] == ["rp"]
    (kept,) = kept_copies(path)
    assert kept.read_bytes() == original and "3 entries were skipped" in store.load_error and str(kept) in store.load_error


def test_two_account_stores_keep_each_others_accounts() -> None:
    one, two = AccountStore(), AccountStore()
    one.save(Account("one", "manual"))
    two.save(Account("two", "manual"))
    assert sorted(a.name for a in AccountStore()) == ["one", "two"]
    one.remove("one")
    assert [a.name for a in AccountStore()] == ["two"]


# -- billing ----------------------------------------------------------------------------------------
def test_a_damaged_meter_entry_is_skipped_reported_and_kept() -> None:
    path = meter_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    good = {"name": "ok", "source": "manual", "price": None, "runs": [{"start": 100.0, "end": 200.0, "price": None}]}
    bad_runs = {"name": "bad", "runs": "x"}
    bad_price = {"name": "free", "price": {"amount": True}}
    bad_start = {"name": "nan", "runs": [{"start": "yesterday"}]}
    original = json.dumps({"version": 1, "sessions": {"s1": good, "s2": bad_runs, "s3": bad_price, "s4": bad_start}}).encode()
    path.write_bytes(original)
    meter = Meter()
    assert list(meter.entries) == ["s1"] and meter.seconds("s1") == 100
    (kept,) = kept_copies(path)
    assert kept.read_bytes() == original and str(kept) in meter.load_error and "3 entries were skipped" in meter.load_error


def test_a_damaged_meter_file_is_kept_and_not_replaced() -> None:
    path = meter_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1, "sessions": []}')
    meter = Meter()
    (kept,) = kept_copies(path)
    assert str(kept) in meter.load_error
    meter.configure("s", "x", Price(1.0))
    assert kept.read_bytes() == b'{"version": 1, "sessions": []}' and list(Meter().entries) == ["s"]


def test_two_meters_keep_each_others_sessions() -> None:
    one, two = Meter(), Meter()
    one.configure("a", "A", Price(1.0))
    two.configure("b", "B", Price(2.0))
    one.start("a", 100.0)
    assert sorted(Meter().entries) == ["a", "b"] and Meter().is_running("a")


def test_a_damaged_billing_settings_file_is_kept_not_replaced() -> None:
    path = billing_config.config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    original = b'{"s1": {"price": {"amount": 2.0, "unit": "day"}}, "s2": '
    path.write_bytes(original)
    billing_config.save("s3", Price(1.0))
    (kept,) = kept_copies(path)
    assert kept.read_bytes() == original and str(kept) in billing_config.load_problem()
    assert list(json.loads(path.read_text())) == ["s3"]


def test_a_damaged_billing_settings_entry_is_skipped_and_the_others_load() -> None:
    path = billing_config.config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    original = json.dumps({"s1": {"price": {"amount": 2.0, "unit": "day"}}, "s2": {"price": {"amount": -1}}, "s3": 5}).encode()
    path.write_bytes(original)
    session = Session(name="x", host="h", id="s1")
    assert billing_config.price_for(session) == Price(2.0, "day")
    (kept,) = kept_copies(path)
    assert kept.read_bytes() == original and "2 entries were skipped" in billing_config.load_problem()


# -- the checks themselves --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("check", "value"),
    [
        (datafile.port, True),
        (datafile.port, "22"),
        (datafile.port, 22.0),
        (datafile.port, 0),
        (datafile.port, 65536),
        (datafile.number, float("nan")),
        (datafile.number, float("inf")),
        (datafile.number, False),
        (datafile.number, "1"),
        (datafile.text, 5),
        (datafile.text, None),
        (datafile.integer, True),
        (datafile.boolean, 1),
        (datafile.listof, {}),
        (datafile.listof, "a"),
        (datafile.mapping, []),
    ],
)
def test_checks_refuse_the_wrong_type(check, value) -> None:
    with pytest.raises(datafile.Invalid):
        check(value, "field")


def test_checks_accept_the_right_type() -> None:
    assert datafile.port(65535, "p") == 65535 and datafile.port_or_zero(0, "p") == 0
    assert datafile.number(1, "n") == 1 and datafile.number(0.5, "n") == 0.5
    assert datafile.optional(datafile.number)(None, "n") is None


def test_merge_keeps_both_sides_changes() -> None:
    base = {"a": 1, "b": 2, "c": 3}
    mine = {"a": 10, "b": 2, "d": 4}  # edited a, removed c, added d
    disk = {"a": 1, "b": 20, "c": 3, "e": 5}  # another process edited b and added e
    assert datafile.merge(base, mine, disk) == {"a": 10, "b": 20, "e": 5, "d": 4}
    assert datafile.merge_list(["x", "y"], ["x", "z"], ["x", "y", "w"]) == ["x", "w", "z"]
