import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gpudesk.core.sessions import Session, SessionStore, ValidationError


def make(name: str = "A100-node1", **kw) -> Session:
    return Session(name=name, host=kw.pop("host", "gpu.example.com"), port=kw.pop("port", 34567), **kw)


def test_sessions_persist_and_reload(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.json")
    a = store.add(make(folder="Lab", hourly_price=1.99, currency="USD", provider="vast"))
    store.add(make("4090-box", host="10.0.0.9", port=22))
    again = SessionStore(tmp_path / "s.json")
    assert sorted(s.name for s in again) == ["4090-box", "A100-node1"]
    got = again.get(a.id)
    assert got is not None and got.folder == "Lab" and got.hourly_price == 1.99 and got.provider == "vast"
    assert again.folders == ["Lab"]


def test_duplicate_move_remove_and_folders(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "s.json")
    a = store.add(make())
    copy = store.duplicate(a.id)
    assert copy.name == "A100-node1 (copy)" and copy.id != a.id and copy.host == a.host
    store.add_folder("Rented")
    store.move(copy.id, "Rented")
    assert SessionStore(tmp_path / "s.json").get(copy.id).folder == "Rented"
    store.remove_folder("Rented")
    assert store.get(copy.id).folder == "", "removing a folder must not delete its sessions"
    store.remove(a.id)
    assert [s.name for s in SessionStore(tmp_path / "s.json")] == ["A100-node1 (copy)"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"host": ""}, "host"),
        ({"host": "bad host"}, "host"),
        ({"port": 0}, "port"),
        ({"port": 70000}, "port"),
        ({"username": " "}, "username"),
        ({"auth": "key_file", "identity_file": "/nonexistent/key"}, "identity_file"),
        ({"name": ""}, "name"),
    ],
)
def test_validation_names_the_bad_field(tmp_path: Path, changes: dict, field: str) -> None:
    session = make()
    for key, value in changes.items():
        setattr(session, key, value)
    with pytest.raises(ValidationError) as info:
        SessionStore(tmp_path / "s.json").add(session)
    assert info.value.field == field
    assert str(info.value)
    assert not (tmp_path / "s.json").exists(), "an invalid session must not be written"


def test_unreadable_key_file_is_reported(tmp_path: Path) -> None:
    key = tmp_path / "id"
    key.write_text("x")
    key.chmod(0)
    session = make(auth="key_file", identity_file=str(key))
    if os.geteuid() == 0:
        pytest.skip("root can read any file")
    with pytest.raises(ValidationError, match="cannot be read"):
        session.validate()


def test_damaged_store_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("{not json")
    store = SessionStore(path)
    assert store.load_error and "damaged" in store.load_error
    (kept,) = tmp_path.glob("s.json.broken-*")
    assert kept.read_text() == "{not json" and kept.name in store.load_error
    store.add(make())
    assert len(SessionStore(path)) == 1


def test_store_survives_a_crash_mid_write(tmp_path: Path) -> None:
    """Kill a process while it rewrites the store in a loop: the file is always whole, valid JSON."""
    path = tmp_path / "s.json"
    script = textwrap.dedent(
        f"""
        import sys
        from gpudesk.core.sessions import Session, SessionStore
        store = SessionStore({str(path)!r})
        print("ready", flush=True)
        i = 0
        while True:
            i += 1
            store.add(Session(name=f"s{{i % 50}}-" + "x" * 2000, host="h.example", port=22, id=f"id{{i % 50}}"))
            if i == 20:
                print("writing", flush=True)  # proof it rewrites the file: the kill lands mid-loop
        """
    )
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        # Not a fixed sleep: on a slow machine that could kill it before a single write, and the
        # checks below would pass on the previous round's file without testing anything.
        assert proc.stdout.readline().strip() == "writing"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = json.loads(path.read_text())
        assert data["sessions"], "the last complete write must be there"
        assert SessionStore(path).load_error is None
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # A kill can leave one temp file behind; never the real name half-written.
    assert len(leftovers) <= 3
