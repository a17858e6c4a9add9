"""Import plans: duplicates (same host+port+user), unique names, merge/skip, folders, all-or-nothing; export."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.sessions import Session, SessionStore, ValidationError
from gpudesk.core.sessions.export import export_ssh_config, host_alias
from gpudesk.core.sessions.importers import parse_paths
from gpudesk.core.sessions.importers.plan import CREATE, MERGE, SKIP, apply_plan, build_plan
from gpudesk.core.sessions.importers.ssh_config import parse_ssh_config

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions.json")


def moba() -> list:  # type: ignore[type-arg]
    return parse_paths("mobaxterm", [FIX / "mobaxterm_bookmarks_sample.mxtsessions"])


def test_new_sessions_are_created_with_folders(store: SessionStore) -> None:
    plan = build_plan(moba(), store)
    assert [i.action for i in plan.items] == [CREATE] * 5
    report = apply_plan(plan, store)
    assert len(report.created) == 5 and len(store) == 5
    assert set(store.folders) == {"Supernova", "Supernova/Application servers"}
    reloaded = SessionStore(store.path)  # written to disk
    assert {s.name for s in reloaded} == {s.name for s in report.created}


def test_duplicates_of_saved_sessions_skip_or_merge(store: SessionStore) -> None:
    mine = store.add(Session(name="my deck", host="192.168.137.40", port=22, username="deck", hourly_price=1.5))
    other_user = store.add(Session(name="Deck", host="192.168.137.40", port=22, username="someone-else"))
    plan = build_plan(moba(), store)
    deck = next(i for i in plan.items if i.session.host == "192.168.137.40")
    assert deck.existing is mine and deck.action == SKIP  # same host+port+user; another user is not a duplicate
    assert deck.name == "Deck 2"  # the name "Deck" is taken by a different login
    apply_plan(plan, store)
    assert len(store) == 2 + 4 and store.get(other_user.id) is not None

    # Importing the same file again: everything is a duplicate now.
    again = build_plan(moba(), store)
    assert all(i.is_duplicate for i in again.items) and again.count(CREATE) == 0

    # Merge brings the jump host into the saved session but keeps its name, price and id.
    tman = next(i for i in again.items if i.session.jump_host)
    tman.existing.jump_host = ""
    store.update(tman.existing)
    again.set_action(tman, MERGE)
    report = apply_plan(again, store)
    merged = store.get(tman.existing.id)
    assert report.merged and merged.jump_host == "markvd@10.250.252.17" and merged.name == tman.existing.name


def test_duplicates_inside_one_import(store: SessionStore) -> None:
    # "Host a100-node1 a100" names one server twice.
    plan = build_plan([parse_ssh_config(FIX / "ssh" / "config", ssh_dir=FIX / "ssh")], store)
    second = next(i for i in plan.items if i.name == "a100")
    assert second.earlier is not None and second.earlier.name == "a100-node1" and second.action == SKIP
    plan.set_action(second, MERGE)  # nothing saved to merge into: stays skipped
    assert second.action == SKIP
    plan.set_duplicate_action(CREATE)
    assert second.action == CREATE


def test_folder_mapping(store: SessionStore) -> None:
    plan = build_plan(moba(), store)
    assert plan.folder_map == {"Supernova": "Supernova", "Supernova/Application servers": "Supernova/Application servers"}
    plan.folder_map["Supernova"] = "Work/Supernova"
    apply_plan(plan, store)
    assert {s.folder for s in store} == {"", "Work/Supernova", "Supernova/Application servers"}


def test_nothing_half_imported_when_one_entry_is_bad(store: SessionStore) -> None:
    plan = build_plan(moba(), store)
    plan.items[3].session.host = "bad host name"  # as if edited wrongly in the preview
    with pytest.raises(ValidationError, match="bad host name"):
        apply_plan(plan, store)
    assert len(store) == 0 and not store.path.exists()


def test_failed_files_add_nothing(store: SessionStore, tmp_path: Path) -> None:
    bad = tmp_path / "bad.mxtsessions"
    bad.write_text("[Bookmarks]\nbroken line without equals\n")
    results = parse_paths("mobaxterm", [FIX / "mobaxterm_bookmarks_sample.mxtsessions", bad])
    plan = build_plan(results, store)
    assert len(plan.errors) == 1 and "line 2" in plan.errors[0].error
    assert len(plan.items) == 5  # the good file still previews


def test_export_round_trips_through_the_importer(store: SessionStore, tmp_path: Path) -> None:
    key = tmp_path / "id_test"
    key.write_text("not checked here")
    store.add(Session(name="A100 node 1", host="gpu.example.com", port=34567, username="root", folder="Lab",
                      auth="key_file", identity_file=str(key)))
    store.add(Session(name="bastion", host="jump.example.com", username="hop", auth="agent"))
    store.add(Session(name="inner", host="10.0.0.5", username="ai", jump_host="bastion,ops@edge:2222"))
    text = export_ssh_config(list(store))
    config = tmp_path / "exported"
    config.write_text(text)
    back = {i.session.host: i.session for i in parse_ssh_config(config, ssh_dir=tmp_path).sessions}
    assert back["gpu.example.com"].port == 34567 and back["gpu.example.com"].identity_file == str(key)
    assert back["gpu.example.com"].auth == "key_file"
    assert back["10.0.0.5"].jump_host == "hop@jump.example.com,ops@edge:2222"
    if shutil.which("ssh"):
        out = subprocess.run(["ssh", "-G", "-F", str(config), "A100-node-1"], capture_output=True, text=True, check=True).stdout
        assert "hostname gpu.example.com" in out and "port 34567" in out and "user root" in out


def test_host_alias_is_one_safe_token() -> None:
    taken: set[str] = set()
    assert host_alias("my box *", taken) == "my-box"
    assert host_alias("my box ?", taken) == "my-box-2"
    assert host_alias("!!!", taken) == "session"
