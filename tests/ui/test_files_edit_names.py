""""Edit" of a remote file: the local copy gets the transfers' safe name, the save goes back
to the server's own name."""

from __future__ import annotations

import shlex
import tempfile
from pathlib import Path

import pytest

from gpudesk.core.sessions import Session
from gpudesk.core.ssh.hostkeys import HostKeyStore

pytestmark = [pytest.mark.gui, pytest.mark.e2e]
WAIT = 30000


@pytest.fixture
def remote_dir(connect):
    conn = connect()
    path = conn.exec("mktemp -d ~/edit.XXXXXX").out.strip()
    yield path
    conn.exec(f"rm -rf {shlex.quote(path)}")


@pytest.fixture
def panel(qtbot, sshd, tmp_path):
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.files.panel import FilesPanel

    known = tmp_path / "known_hosts"
    known.write_text(sshd.known_hosts.read_text())
    session = Session(
        name="edit", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), keepalive_s=0,
    )  # fmt: skip
    controller = ConnectionController(session, HostKeyStore(known, extra_files=[]))
    p = FilesPanel(controller)
    qtbot.addWidget(p)
    controller.connect_()
    qtbot.waitUntil(lambda: p.remote.path.startswith("/"), timeout=WAIT)
    yield p
    p.shutdown()
    controller.close()


@pytest.mark.parametrize(("remote_name", "local_name"), [("con.yaml", "_con.yaml"), ("CONIN$", "_CONIN$"),
                                                         ("a\\..\\b.txt", "a_.._b.txt")])  # fmt: skip
def test_edit_uses_the_safe_local_name(panel, qtbot, connect, remote_dir: str, remote_name: str, local_name: str) -> None:
    conn = connect()
    remote = f"{remote_dir}/{remote_name}"
    conn.exec(f"printf 'lr = 0.1' > {shlex.quote(remote)}")
    panel.edit_remote(remote, open_editor=False)
    qtbot.waitUntil(lambda: bool(panel._editing), timeout=WAIT)
    [local] = list(panel._editing)
    path = Path(local)
    assert path.name == local_name
    assert path.parent.parent == Path(tempfile.gettempdir()) and path.parent.name.startswith("gpudesk-edit-")
    assert path.read_text() == "lr = 0.1"
    path.write_text("lr = 0.01")  # the editor saves: it goes back under the server's own name
    qtbot.waitUntil(lambda: conn.exec(f"cat {shlex.quote(remote)}").out == "lr = 0.01", timeout=WAIT)
