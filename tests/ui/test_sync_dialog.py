"""The Sync dialog from the Files tab, against the real sshd: preview, sync, only the changes,
the saved pair, download, cancel."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest

from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.sync import SyncPairStore
from gpudesk.core.transfer.errors import Cancelled
from tests.helpers.waits import WAIT

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
T0 = 1_700_000_000


def write(path: Path, data: bytes, mtime: int = T0) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))


@pytest.fixture
def files_panel(qtbot, sshd, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="sync", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0,
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    panel = FilesPanel(controller.server)
    qtbot.addWidget(panel)
    panel.show()
    controller.link.connect()
    qtbot.waitUntil(lambda: panel.remote.path.startswith("/"), timeout=WAIT)
    yield panel
    if panel.sync_dialog is not None:
        panel.sync_dialog.cancel()
    panel.shutdown()
    controller.close()


def open_dialog(qtbot, panel):  # type: ignore[no-untyped-def]
    panel.sync_btn.click()
    dialog = panel.sync_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.pair_box.count() >= 1, timeout=WAIT)  # saved pairs loaded
    return dialog


def preview(qtbot, dialog):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(dialog.planned, timeout=WAIT) as got:
        dialog.preview_button.click()
    return got.args[0]


def sync(qtbot, dialog):  # type: ignore[no-untyped-def]
    assert dialog.sync_button.isEnabled()
    with qtbot.waitSignal(dialog.finished_sync, timeout=WAIT) as got:
        dialog.sync_button.click()
    return got.args[0]


def test_preview_sync_and_resync_only_the_changes(qtbot, files_panel, remote_dir: str, tmp_path: Path) -> None:
    src = tmp_path / "proj"
    for i in range(12):
        write(src / f"m{i % 2}" / f"f{i}.py", f"print({i})\n".encode())
    write(src / ".git" / "config", b"[core]")
    dialog = open_dialog(qtbot, files_panel)
    assert dialog.pair_box.count() == 1  # only "New pair" so far
    dialog.local_edit.setText(str(src))
    dialog.remote_edit.setText("~/" + Path(remote_dir).name + "/proj")
    assert not dialog.sync_button.isEnabled()
    plan = preview(qtbot, dialog)
    assert len(plan.new) == 12 and dialog.table.rowCount() == 12
    assert {kind for kind, _ in dialog.table.rows()} == {"New"} and "12 new" in dialog.summary.text()
    assert not Path(remote_dir, "proj").exists()  # a preview sends nothing
    result = sync(qtbot, dialog)
    assert len(result.sent) == 12 and dialog.progress.value() == 1000
    assert sorted(p.name for p in Path(remote_dir, "proj").rglob("*.py")) == sorted(f"f{i}.py" for i in range(12))
    assert not Path(remote_dir, "proj", ".git").exists()

    write(src / "m0" / "f0.py", b"print('zero')\n", mtime=T0 + 5)
    write(src / "m1" / "added.py", b"x = 1\n")
    (src / "m1" / "f1.py").unlink()
    plan = preview(qtbot, dialog)
    if os.environ.get("GPUDESK_DOCS_SHOTS"):  # refresh docs/sync-dialog.png on request
        dialog.grab().save(str(Path(__file__).resolve().parents[2] / "docs" / "sync-dialog.png"))
    assert sorted(dialog.table.rows()) == [
        ("Changed", "m0/f0.py"),
        ("New", "m1/added.py"),
        ("Only there (kept)", "m1/f1.py"),
    ]
    result = sync(qtbot, dialog)
    assert sorted(result.sent) == ["m0/f0.py", "m1/added.py"] and result.deleted == []
    assert Path(remote_dir, "proj", "m0", "f0.py").read_bytes() == b"print('zero')\n"
    assert Path(remote_dir, "proj", "m1", "f1.py").exists()
    dialog.delete_box.setChecked(True)
    assert not dialog.sync_button.isEnabled()  # options changed: preview again first
    preview(qtbot, dialog)
    assert dialog.table.rows() == [("Delete", "m1/f1.py")]
    result = sync(qtbot, dialog)
    assert result.deleted == ["m1/f1.py"] and not Path(remote_dir, "proj", "m1", "f1.py").exists()
    dialog.reject()

    # The pair was saved for this session; the next dialog offers it first.
    pairs = SyncPairStore().pairs(files_panel.server.session.id)
    assert [(p.local, p.delete) for p in pairs] == [(str(src), True)]
    again = open_dialog(qtbot, files_panel)
    qtbot.waitUntil(lambda: again.pair_box.count() == 2 and again.local_edit.text() == str(src), timeout=WAIT)
    assert again.delete_box.isChecked()
    assert preview(qtbot, again).empty and "Up to date" in again.summary.text()
    again.reject()


def test_download_and_cancel(qtbot, files_panel, connect, remote_dir: str, tmp_path: Path) -> None:
    conn = connect()
    conn.exec(
        f"cd {shlex.quote(remote_dir)} && mkdir -p out && seq 1 500 > out/log.txt && head -c 64000000 /dev/urandom > out/model.bin"
    )
    dest = tmp_path / "results"
    dialog = open_dialog(qtbot, files_panel)
    dialog.local_edit.setText(str(dest))
    dialog.remote_edit.setText(remote_dir)
    dialog.direction_box.setCurrentIndex(1)
    plan = preview(qtbot, dialog)
    assert sorted(plan.new) == ["out/log.txt", "out/model.bin"]
    # Cancel while the big file is on its way: the run stops, the dialog says so.
    with qtbot.waitSignal(dialog.finished_sync, timeout=WAIT) as got:
        dialog.sync_button.click()
        qtbot.waitUntil(lambda: dialog.cancel_button.isEnabled(), timeout=WAIT)
        dialog.cancel_button.click()
    assert isinstance(got.args[0], Cancelled), got.args[0]
    assert "Cancelled" in dialog.summary.text() and not (dest / "out" / "model.bin").exists()
    assert dialog.preview_button.isEnabled() and not dialog.sync_button.isEnabled()
    # A new preview and sync bring the rest (a partial copy is resumed).
    preview(qtbot, dialog)
    sync(qtbot, dialog)
    assert (dest / "out" / "log.txt").read_text().splitlines()[-1] == "500"
    assert (dest / "out" / "model.bin").stat().st_size == 64_000_000
    assert preview(qtbot, dialog).empty
