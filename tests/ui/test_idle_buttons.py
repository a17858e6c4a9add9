"""Buttons that cannot act are disabled, and empty tables say what to do (transfer queue, forwards)."""

from __future__ import annotations

import uuid

import pytest

from gpudesk.core.live.server import LiveServer
from gpudesk.core.sessions.model import Session
from gpudesk.core.transfer import DONE, TransferQueue
from gpudesk.ui.files.queue_view import QueueView
from gpudesk.ui.forwards.panel import ForwardsPanel

pytestmark = pytest.mark.gui


def test_queue_buttons_follow_the_selection_and_an_empty_queue_says_what_to_do(qtbot, connect, tmp_path) -> None:
    view = QueueView()
    qtbot.addWidget(view)
    buttons = (view.pause_btn, view.resume_btn, view.cancel_btn, view.retry_btn, view.clear_btn)
    assert not any(b.isEnabled() for b in buttons)
    assert "drag files" in view.summary.text()
    src = tmp_path / "a.bin"
    src.write_bytes(b"a" * 1000)
    conn = connect()
    remote = f"/tmp/gpudesk-buttons-{uuid.uuid4().hex[:8]}"  # its own folder: a shared /tmp may hold another's file
    assert conn.exec(f"mkdir {remote}").exit_code == 0
    queue = TransferQueue(conn, on_update=lambda item: None)
    view.queue = queue
    try:
        item = queue.add_upload(src, remote)
        qtbot.waitUntil(lambda: item.state == DONE, timeout=30000)
        view.update_item(item)
        assert view.clear_btn.isEnabled() and not view.pause_btn.isEnabled()
        view.tree.topLevelItem(0).setSelected(True)
        # A finished transfer can be neither paused, resumed, cancelled nor retried.
        assert not any(b.isEnabled() for b in (view.pause_btn, view.resume_btn, view.cancel_btn, view.retry_btn))
    finally:
        queue.close()


def test_forwards_open_and_remove_need_a_selection_and_the_empty_table_explains(qtbot) -> None:
    server = LiveServer(Session(name="s", host="127.0.0.1", port=1, username="u"))
    panel = ForwardsPanel(server)
    qtbot.addWidget(panel)
    panel.show()
    assert not panel.open_button.isEnabled() and not panel.remove_button.isEnabled()
    assert panel.empty.isVisible() and "No forwards yet" in panel.empty.text()
    assert not panel.table.isVisible()
    server.close()
