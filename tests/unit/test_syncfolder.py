"""The session sync folder: two stores (two computers) sharing one real folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpudesk.core import secrets, settings
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.sessions.syncfolder import FILE_NAME, SyncError, SyncFolder, attach


class Clock:
    """Each computer's clock, moved by hand so "newer" is unambiguous."""

    def __init__(self, t: float = 1_700_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def tick(self, s: float = 10.0) -> None:
        self.t += s


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    return tmp_path / "Dropbox" / "gpudesk"


@pytest.fixture
def laptop(tmp_path: Path, shared: Path, clock: Clock) -> SyncFolder:
    return SyncFolder(SessionStore(tmp_path / "laptop" / "sessions.json"), shared, clock)


@pytest.fixture
def desktop(tmp_path: Path, shared: Path, clock: Clock) -> SyncFolder:
    return SyncFolder(SessionStore(tmp_path / "desktop" / "sessions.json"), shared, clock)


def keys(value: object) -> set[str]:
    """Every key at any depth of a JSON value."""
    if isinstance(value, dict):
        return set(value) | set().union(*(keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys(v) for v in value))
    return set()


def names(sync: SyncFolder) -> list[str]:
    return [s.name for s in sync.store]


def test_push_then_pull_copies_sessions_and_folders_without_secrets(laptop, desktop, shared) -> None:
    a100 = laptop.store.add(Session(name="A100-node1", host="a100.example", port=34567, folder="Rented", hourly_price=1.89, currency="USD"))
    laptop.store.add(Session(name="4090-box", host="10.0.0.7", username="ubuntu", jump_host="bastion.example"))
    laptop.store.add_folder("Empty folder")
    secrets.set_secret(a100.secret_key, a100.username, "s3cret-pw-do-not-sync")
    laptop.push()
    for path in [*shared.iterdir(), laptop.state_path]:
        assert b"s3cret-pw-do-not-sync" not in path.read_bytes(), path
    assert not (keys(json.loads((shared / FILE_NAME).read_text("utf-8"))) & {"password", "passphrase", "key_text"})

    assert sorted(desktop.pull()) == ["4090-box", "A100-node1"]
    got = desktop.store.get(a100.id)
    assert got is not None and got.to_json() == a100.to_json()
    assert "Empty folder" in desktop.store.folders and "Rented" in desktop.store.folders
    # Nothing changed: a second pull changes nothing.
    assert desktop.pull() == []


def test_newer_edit_wins_either_way(laptop, desktop, clock) -> None:
    s = laptop.store.add(Session(name="lab", host="old.example"))
    laptop.push()
    desktop.pull()

    clock.tick()
    edited = Session.from_json(s.to_json())
    edited.host = "new.example"
    desktop.store.update(edited)
    desktop.push()
    assert laptop.pull() == ["lab"]
    assert laptop.store.get(s.id).host == "new.example"

    # Both edit the same session; the laptop's edit is later and wins on both computers.
    clock.tick()
    on_desktop = Session.from_json(edited.to_json())
    on_desktop.port = 2200
    desktop.store.update(on_desktop)
    desktop.push()
    clock.tick()
    on_laptop = Session.from_json(edited.to_json())
    on_laptop.port = 4400
    laptop.store.update(on_laptop)
    laptop.sync()  # pull (its own edit is newer, so it stays) then push
    desktop.pull()
    assert laptop.store.get(s.id).port == 4400
    assert desktop.store.get(s.id).port == 4400


def test_a_later_edit_pushed_without_pulling_still_wins(laptop, desktop, clock) -> None:
    s = laptop.store.add(Session(name="lab", host="h.example"))
    laptop.push()
    desktop.pull()
    clock.tick()
    mine = Session.from_json(s.to_json())
    mine.username = "desk"
    desktop.store.update(mine)
    desktop.push()
    clock.tick()
    # The laptop never saw the desktop's edit; its own is later.
    theirs = Session.from_json(s.to_json())
    theirs.username = "lap"
    laptop.store.update(theirs)
    laptop.push()
    assert desktop.pull() == ["lab"]
    assert desktop.store.get(s.id).username == "lap"
    laptop.pull()
    assert laptop.store.get(s.id).username == "lap"


def test_deletions_propagate_and_stale_copies_do_not_come_back(laptop, desktop, clock, shared) -> None:
    keep = laptop.store.add(Session(name="keep", host="k.example"))
    gone = laptop.store.add(Session(name="gone", host="g.example"))
    laptop.push()
    desktop.pull()
    clock.tick()
    laptop.store.remove(gone.id)
    laptop.push()
    data = json.loads((shared / FILE_NAME).read_text())
    assert gone.id in data["tombstones"] and gone.id not in data["sessions"]
    # The desktop pushes its unchanged (stale) copy before pulling: the deletion still holds.
    clock.tick()
    desktop.push()
    assert gone.id not in json.loads((shared / FILE_NAME).read_text())["sessions"]
    assert desktop.pull() == ["gone"]
    assert names(desktop) == ["keep"]
    assert desktop.store.get(keep.id) is not None


def test_an_edit_after_a_deletion_brings_the_session_back(laptop, desktop, clock) -> None:
    s = laptop.store.add(Session(name="lab", host="h.example"))
    laptop.push()
    desktop.pull()
    clock.tick()
    laptop.store.remove(s.id)
    laptop.push()
    clock.tick()
    edited = desktop.store.get(s.id)
    edited.port = 2222
    desktop.store.update(edited)
    desktop.sync()
    laptop.pull()
    assert laptop.store.get(s.id) is not None and laptop.store.get(s.id).port == 2222


def test_first_sync_of_a_computer_with_old_copies_keeps_the_folders_newer_ones(laptop, desktop, tmp_path, clock, shared) -> None:
    s = laptop.store.add(Session(name="lab", host="h.example"))
    laptop.push()
    # The desktop got an old copy some other way (a copied sessions.json) and syncs for the first time.
    stale = Session.from_json(s.to_json())
    clock.tick()
    newer = Session.from_json(s.to_json())
    newer.host = "newer.example"
    laptop.store.update(newer)
    laptop.push()
    stale.host = "stale.example"
    desktop.store.add(stale)
    clock.tick()
    desktop.sync()
    assert desktop.store.get(s.id).host == "newer.example"
    laptop.pull()
    assert laptop.store.get(s.id).host == "newer.example"


def test_a_key_path_of_another_computer_does_not_lose_the_session(laptop, desktop, tmp_path) -> None:
    key = tmp_path / "id_ed25519"
    key.write_text("not really a key")
    s = laptop.store.add(Session(name="keyed", host="k.example", auth="key_file", identity_file=str(key)))
    laptop.push()
    key.unlink()  # "on the other computer" the key lives elsewhere
    desktop.pull()
    got = desktop.store.get(s.id)
    assert got is not None and got.identity_file == str(key)
    # It is saved too, not only held in memory.
    assert SessionStore(desktop.store.path).get(s.id) is not None


def test_a_damaged_sync_file_is_reported_and_left_alone(laptop, shared) -> None:
    laptop.store.add(Session(name="lab", host="h.example"))
    shared.mkdir(parents=True)
    (shared / FILE_NAME).write_text('{"format": "gpudesk-sessions-sync", "sessions": [1, 2')
    with pytest.raises(SyncError, match="damaged"):
        laptop.pull()
    with pytest.raises(SyncError, match="damaged"):
        laptop.push()
    assert (shared / FILE_NAME).read_text().endswith("[1, 2")
    (shared / FILE_NAME).write_text(json.dumps({"hello": "world"}))
    with pytest.raises(SyncError):
        laptop.pull()


def test_attach_pushes_every_change_and_the_other_computer_merges_on_start(laptop, tmp_path, shared, clock) -> None:
    assert settings.get("sessions.sync_folder") == ""
    assert attach(laptop.store) is None  # no folder set: nothing happens
    sync = laptop.attach()
    try:
        s = laptop.store.add(Session(name="fresh", host="f.example"))
        assert sync.flush(10)
        assert s.id in json.loads((shared / FILE_NAME).read_text())["sessions"]
        laptop.store.remove(s.id)
        assert sync.flush(10)
        assert s.id in json.loads((shared / FILE_NAME).read_text())["tombstones"]
        laptop.store.add(Session(name="second", host="s.example"))
        assert sync.flush(10)
    finally:
        sync.detach()
    # "Another computer" starts with the setting pointing at the same folder.
    settings.set("sessions.sync_folder", str(shared))
    other = SessionStore(tmp_path / "other" / "sessions.json")
    other.add(Session(name="only-here", host="o.example"))
    started = attach(other)
    try:
        assert started is not None
        assert {s.name for s in other} == {"second", "only-here"}
        # … and what only it had is in the folder now.
        data = json.loads((shared / FILE_NAME).read_text())
        assert {e["session"]["name"] for e in data["sessions"].values()} == {"second", "only-here"}
    finally:
        started.detach()


def test_secret_looking_keys_never_reach_the_file(laptop, desktop, shared) -> None:
    s = Session(name="fwd", host="f.example")
    # A future field or a hand-edited store must not leak a secret through the shared folder.
    s.forwards = [{"kind": "local", "bind_port": 6006, "port": 6006, "password": "leak-me", "label": "tb"}]
    laptop.store.add(s)
    laptop.push()
    raw = (shared / FILE_NAME).read_text()
    assert "leak-me" not in raw and '"label": "tb"' in raw
    desktop.pull()
    assert desktop.store.get(s.id).forwards == [{"kind": "local", "bind_port": 6006, "port": 6006, "label": "tb"}]


def test_start_up_as_the_app_does_it_reads_in_the_background_and_applies_here(laptop, desktop, shared) -> None:
    import threading

    s = laptop.store.add(Session(name="from-laptop", host="l.example"))
    laptop.push()
    desktop.store.add(Session(name="from-desktop", host="d.example"))
    applied_on: list[threading.Thread] = []
    desktop.store.subscribe(lambda: applied_on.append(threading.current_thread()))
    box: dict[str, object] = {}
    reader = threading.Thread(target=lambda: box.update(remote=desktop.read_remote()))
    reader.start()
    reader.join(10)
    assert desktop.pull(box["remote"]) == ["from-laptop"]  # type: ignore[arg-type]
    assert applied_on and all(t is threading.current_thread() for t in applied_on)
    sync = desktop.attach(push_now=True)
    try:
        assert sync.flush(10) and sync.last_error == ""
    finally:
        sync.detach()
    laptop.pull()
    assert {x.name for x in laptop.store} == {"from-laptop", "from-desktop"}
    assert laptop.store.get(s.id) is not None
