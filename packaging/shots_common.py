"""What the offscreen screenshot scripts (``shots_*.py``) share: their arguments, a throw-away data folder, the app
in the language asked for, and waiting on Qt's event loop without a display."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def arguments(description: str, size_help: str | None = None) -> argparse.Namespace:
    """``--language``, ``--size WxH`` (also as ``width``/``height``) and ``--out``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--language", default="en", choices=("zh_CN", "en"))
    parser.add_argument("--size", default="1440x900", help=size_help)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    args.width, args.height = (int(v) for v in args.size.split("x"))
    return args


def start(language: str, **settings_values: Any) -> Any:
    """The QApplication, in ``language``, on a fresh data folder (nothing of the user's is shown).

    ``settings_values`` are set too, with ``__`` for the dot (``terminal__persistent_tmux=False``)."""
    os.environ["GPUDESK_HOME"] = tempfile.mkdtemp(prefix="gpudesk-shots-")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    os.environ.setdefault("GPUDESK_ALLOW_PLAINTEXT_KEYRING", "1")
    sys.path.insert(0, str(ROOT))
    from gpudesk.core import settings

    settings.set("ui.language", language)
    settings.set("updates.auto_check", False)
    for name, value in settings_values.items():
        settings.set(name.replace("__", "."), value)
    from gpudesk.ui.i18n import apply_theme, install_translations
    from gpudesk.ui.qt import QtGui, QtWidgets

    app = QtWidgets.QApplication([])
    app.setFont(QtGui.QFont("Noto Sans CJK SC", 9))
    install_translations(app)
    apply_theme(app)
    return app


def pump(ms: int) -> None:
    """Let Qt's event loop run ``ms`` milliseconds."""
    from gpudesk.ui.qt import QtCore

    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(pred: Callable[[], object], timeout: float = 60) -> None:
    """Run the event loop until ``pred()`` holds; TimeoutError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise TimeoutError("the screenshot's state never came")
        pump(100)
