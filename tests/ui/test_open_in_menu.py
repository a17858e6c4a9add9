"""The "Open in…" submenu: asks before touching ~/.ssh/config, starts the tool with an argv, says when none is found."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.ui import handoff_menu
from gpudesk.ui.qt import QtWidgets


@pytest.fixture
def fake_tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home, bin_dir = tmp_path / "home", tmp_path / "bin"
    home.mkdir()
    bin_dir.mkdir()
    record = tmp_path / "argv.json"
    fake = bin_dir / "code"
    fake.write_text(f"#!{sys.executable}\nimport json, sys\nopen({str(record)!r}, 'w').write(json.dumps(sys.argv))\n")
    fake.chmod(0o755)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PATH", f"{bin_dir}:/nonexistent")
    monkeypatch.setattr(handoff_menu, "_found", (0.0, []))
    return record


def _actions(menu: QtWidgets.QMenu) -> dict[str, QtWidgets.QAction]:
    return {a.objectName(): a for a in menu.actions() if a.objectName()}


def test_open_a_remote_folder_in_code_after_the_user_agrees(qtbot, fake_tools: Path, monkeypatch) -> None:
    store = SessionStore()
    s = store.add(Session(name="Train Box", host="203.0.113.9", port=2200, username="root", auth="agent"))
    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    menu = QtWidgets.QMenu(host)
    asked: list[str] = []

    def ask(self, title: str, text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(handoff_menu.OpenIn, "_ask", ask)
    sub = handoff_menu.add_open_in(menu, host, lambda: store.get(s.id), "/workspace/my run")
    actions = _actions(sub)
    assert actions["open_in_code"].isEnabled()
    assert not actions["open_in_cursor"].isEnabled() and "not installed" in actions["open_in_cursor"].text()
    assert not actions["open_in_terminal"].isEnabled()
    actions["open_in_code"].trigger()
    qtbot.waitUntil(lambda: fake_tools.exists() and bool(fake_tools.read_text()), timeout=10000)
    assert json.loads(fake_tools.read_text())[1:] == ["--remote", "ssh-remote+gpudesk-train-box", "/workspace/my run"]
    assert len(asked) == 1 and "Include" in asked[0]  # shown before it was written
    home = Path(os.environ["HOME"])
    assert "Include" in (home / ".ssh" / "config").read_text()
    assert "Host gpudesk-train-box" in (home / ".ssh" / "gpudesk_config").read_text()


def test_declining_the_include_changes_nothing(qtbot, fake_tools: Path, monkeypatch) -> None:
    store = SessionStore()
    s = store.add(Session(name="x", host="203.0.113.9", username="root", auth="agent"))
    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    answered: list[bool] = []

    def ask(self, title: str, text: str) -> bool:
        answered.append(False)
        return False

    monkeypatch.setattr(handoff_menu.OpenIn, "_ask", ask)
    helper = handoff_menu.OpenIn(host, lambda: store.get(s.id))
    helper.open("code")
    qtbot.waitUntil(lambda: bool(answered), timeout=10000)
    assert not (Path(os.environ["HOME"]) / ".ssh" / "config").exists()
    assert not fake_tools.exists()


def test_no_tool_installed_says_so(qtbot, fake_tools: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    sub = handoff_menu.add_open_in(QtWidgets.QMenu(host), host, lambda: None)
    texts = [a.text() for a in sub.actions()]
    assert any("No editor or terminal was found" in t for t in texts)
    assert not any(a.isEnabled() for a in sub.actions() if a.text())


@pytest.fixture
def bar(qtbot):
    from gpudesk.core.billing.meter import Meter
    from gpudesk.ui.billing.costbar import CostBar

    win = QtWidgets.QMainWindow()
    qtbot.addWidget(win)
    costbar = CostBar(win, Meter())
    win.statusBar().addPermanentWidget(costbar)
    win.show()
    yield costbar
    for server in list(costbar.servers.values()):
        costbar.detach(server)
        server.close()


def _idle_frames(controller, seconds: float) -> None:  # type: ignore[no-untyped-def]
    import time

    from gpudesk.core.telemetry.model import Frame, GpuSample

    now = time.time()
    for back in (seconds, seconds / 2, 0):
        controller.server.telemetry.frame.emit(
            Frame(now - back, [GpuSample(0, "GPU-0", "H100", util_gpu=0.0, mem_used_mib=512.0)])
        )


@pytest.mark.parametrize("ceiling", [60.0, 1.0])
def test_cost_bar_says_in_use_from_vs_code_and_the_ceiling_still_decides(bar, qtbot, ceiling) -> None:
    import time

    from gpudesk.core.billing import config
    from gpudesk.core.billing.guard import GuardConfig
    from gpudesk.core.billing.idle import IdleConfig
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.controller import ConnectionController

    session = Session(name="box", host="127.0.0.1", port=1, hourly_price=2.0, currency="USD")
    config.save(session.id, guard=GuardConfig(idle=IdleConfig(minutes=1, ide_ceiling_minutes=ceiling)))
    controller = ConnectionController(session, host_keys=HostKeyStore())
    tracker = bar.attach(controller)
    _idle_frames(controller, 180)
    tracker.guard.note_ide("code", time.time())  # what the IDE probe reports
    qtbot.waitUntil(lambda: "in use from VS Code" in bar.label.text(), timeout=5000)
    if ceiling == 60.0:
        seen = bar.ticks
        qtbot.waitUntil(lambda: bar.ticks >= seen + 2, timeout=5000)
        assert session.id not in bar.prompts  # the editor holds the idle GPU off
    else:
        # Idle three minutes, an editor open: past a one-minute IDE limit the idle rule decides again.
        qtbot.waitUntil(lambda: session.id in bar.prompts and bar.prompts[session.id].isVisible(), timeout=5000)
        assert "editor is still open" in bar.prompts[session.id].headline.text()


def test_connection_tab_has_an_open_in_button(qtbot, fake_tools: Path) -> None:
    from gpudesk.ui.handoff_menu import open_in_button

    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    button = open_in_button(host, lambda: None)
    button.menu().aboutToShow.emit()
    actions = _actions(button.menu())
    assert actions["open_in_code"].isEnabled() and not actions["open_in_windsurf"].isEnabled()
