"""The GPUs tab shows what a failing nvidia-smi printed, its exit code and a hint: cleaned, capped, plain text."""

from __future__ import annotations

import re

import pytest

from gpudesk.ui.qt import QtCore
from tests.e2e.test_gpus_cli import nvsmi  # noqa: F401 - puts the replayed nvidia-smi back afterwards
from tests.helpers.waits import WAIT
from tests.ui.test_gpus_panel import make_panel  # noqa: F401

pytestmark = [pytest.mark.gui, pytest.mark.e2e]


def test_a_failing_nvidia_smi_is_quoted_with_its_exit_code(qtbot, sshd, make_panel, nvsmi) -> None:  # noqa: F811
    sshd.install_bin(
        "nvidia-smi",
        "#!/bin/sh\n"
        r"printf '\033]0;pwned-title\007\033[31mFATAL\033[0m: GPU exploded\n'" "\n"
        "echo '<a href=\"https://evil.example/\">Click to fix your GPU</a>' >&2\n"
        "head -c 300000 /dev/zero | tr '\\0' 'A'; echo\n"
        "exit 3\n",
    )
    panel, _ = make_panel()
    label = panel.state_label
    qtbot.waitUntil(lambda: "FATAL: GPU exploded" in label.text() and "Click to fix" in label.text(), timeout=WAIT)
    text = label.text()
    assert "exit code 3" in text and "Run nvidia-smi in a terminal" in text
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", text) and "pwned-title" not in text
    assert len(text) < 3000
    # The server's words are shown as they are: markup in them is text, not a link.
    assert label.textFormat() == QtCore.Qt.TextFormat.PlainText
    assert '<a href="https://evil.example/">' in text
    assert not panel.cards
