""""Edit" of a remote file: the local copy gets the transfers' safe name, the save goes back
to the server's own name."""

from __future__ import annotations

import shlex
import tempfile
from pathlib import Path

import pytest

from tests.helpers.waits import WAIT
from tests.ui.test_files_panel import panel  # noqa: F401 - the same real-sshd Files panel fixture

pytestmark = [pytest.mark.gui, pytest.mark.e2e]


@pytest.mark.parametrize(("remote_name", "local_name"), [("con.yaml", "_con.yaml"), ("CONIN$", "_CONIN$"),
                                                         ("a\\..\\b.txt", "a_.._b.txt")])  # fmt: skip
def test_edit_uses_the_safe_local_name(panel, qtbot, connect, remote_dir: str, remote_name: str, local_name: str) -> None:  # noqa: F811 - panel is the imported fixture
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
