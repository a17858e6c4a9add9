"""The demo's stand-in phone: where the demo's alerts arrive, so a newcomer sees the whole alert flow.

The demo provider API also answers as an ntfy-style topic (``/demo-phone/alerts``). For this run the app
adds a channel for it (in memory only, never saved), so the app's own alerts (a job finished, an idle
server nobody answers) and the server guard's (sent from the demo server while the app is closed) reach
it like a real phone's. A status-bar button opens what arrived, newest first.
"""

from __future__ import annotations

import time
from typing import Any

from gpudesk.ui import plaintext
from gpudesk.ui.background import run_in_background
from gpudesk.ui.qt import QtCore, QtWidgets

CHANNEL = "demo-phone"
POLL_MS = 2000


def topic_url(api_url: str) -> str:
    return api_url.rstrip("/") + "/demo-phone/alerts"


def register(api_url: str) -> None:
    """The demo phone as an alert channel for this run (every event)."""
    from gpudesk.core.alerts.model import Channel
    from gpudesk.core.alerts.store import add_transient

    add_transient(Channel(CHANNEL, "ntfy", topic_url(api_url)))


def fetch(api_url: str) -> list[dict[str, Any]]:
    """What reached the demo phone, newest last (blocking: off the GUI thread)."""
    import requests

    reply = requests.get(api_url.rstrip("/") + "/demo-phone", timeout=5)
    reply.raise_for_status()
    data = reply.json()
    messages = data.get("messages") if isinstance(data, dict) else None
    return [m for m in messages or [] if isinstance(m, dict)]


class DemoPhoneDialog(QtWidgets.QDialog):
    """The messages, newest first, read every two seconds while open."""

    def __init__(self, api_url: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.api_url = api_url
        self.setWindowTitle(self.tr("Demo phone"))
        self.resize(460, 560)
        intro = plaintext.plain(
            QtWidgets.QLabel(
                self.tr(
                    "In the demo, alerts go to this stand-in phone: the app's own (a job finished, an idle server "
                    "nobody answers) and the server guard's, sent from the server while gpudesk is closed. "
                    "Your own phone, e-mail or group chat: Settings → Alerts when you are away."
                )
            )
        )
        intro.setWordWrap(True)
        self.list = QtWidgets.QListWidget()
        self.list.setAccessibleName(self.tr("Alerts on the demo phone"))
        self.list.setSpacing(4)
        self.list.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.list.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.empty = plaintext.plain(QtWidgets.QLabel(self.tr("Nothing yet.")))
        self.empty.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        self.status = plaintext.plain(QtWidgets.QLabel())
        self.status.setWordWrap(True)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.messages: list[dict[str, Any]] = []
        self._busy = False
        self.timer = QtCore.QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    def refresh(self) -> None:
        if self._busy:
            return
        self._busy = True
        run_in_background(lambda: fetch(self.api_url), self._show, self._failed)

    def _show(self, messages: list[dict[str, Any]]) -> None:
        self._busy = False
        self.status.clear()
        if messages == self.messages:
            return
        self.messages = messages
        self.list.clear()
        for m in reversed(messages):
            card = _card(m)
            item = QtWidgets.QListWidgetItem()
            item.setData(QtCore.Qt.ItemDataRole.AccessibleTextRole, card.accessibleName())
            item.setText(card.accessibleName())  # for screen readers and tests; the card paints over it
            item.setForeground(QtCore.Qt.GlobalColor.transparent)
            item.setSizeHint(card.sizeHint())
            self.list.addItem(item)
            self.list.setItemWidget(item, card)
        self.empty.setVisible(not messages)

    def _failed(self, exc: BaseException) -> None:
        self._busy = False
        self.status.setText(
            self.tr("The demo phone cannot be read: %1 (the demo server is not running?)").replace("%1", str(exc))
        )

    def done(self, result: int) -> None:
        self.timer.stop()
        super().done(result)


def _card(m: dict[str, Any]) -> QtWidgets.QFrame:
    """One message as a phone shows a notification: the title in bold, the time, then the text.
    Plain labels: the texts came over the network and are never markup."""
    when = time.strftime("%H:%M:%S", time.localtime(float(m.get("time") or 0)))
    title = str(m.get("title") or "")
    text = str(m.get("text") or "")
    urgent = str(m.get("priority")) in ("4", "5")
    card = QtWidgets.QFrame()
    card.setObjectName("demo-phone-card")
    accent = "#d9480f" if urgent else "#1c7ed6"
    card.setAttribute(QtCore.Qt.WidgetAttribute.WA_StyledBackground, True)
    card.setStyleSheet(
        f"QFrame#demo-phone-card {{ border: 1px solid palette(mid); border-left: 4px solid {accent};"
        " border-radius: 6px; background: palette(base); }"
    )
    head = plaintext.plain(QtWidgets.QLabel(title))
    font = head.font()
    font.setBold(True)
    head.setFont(font)
    head.setWordWrap(True)
    stamp = plaintext.plain(QtWidgets.QLabel(when))
    stamp.setEnabled(False)
    body = plaintext.plain(QtWidgets.QLabel(text))
    body.setWordWrap(True)
    top = QtWidgets.QHBoxLayout()
    top.addWidget(head, 1)
    top.addWidget(stamp, 0)
    layout = QtWidgets.QVBoxLayout(card)
    layout.setContentsMargins(8, 6, 8, 8)
    layout.setSpacing(2)
    layout.addLayout(top)
    layout.addWidget(body)
    card.setAccessibleName(f"{when} {title}\n{text}".strip())
    card.setMinimumWidth(300)
    return card


class DemoPhoneButton(QtWidgets.QToolButton):
    """In the status bar while the demo runs: opens the demo phone."""

    def __init__(self, api_url: str, window: QtWidgets.QWidget) -> None:
        super().__init__(window)
        self.api_url = api_url
        self.window_ = window
        self.setText(self.tr("Demo phone"))
        self.setToolTip(self.tr("Where the demo's alerts arrive, as on your phone"))
        self.setAutoRaise(True)
        self.clicked.connect(self.open_phone)
        self.dialog: DemoPhoneDialog | None = None

    def open_phone(self) -> DemoPhoneDialog:
        if self.dialog is None:
            self.dialog = DemoPhoneDialog(self.api_url, self.window_)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog


def attach(window: Any, api_url: str) -> DemoPhoneButton:
    """Register the demo phone channel and put its button in the window's status bar (once)."""
    register(api_url)
    button = getattr(window, "demo_phone", None)
    if isinstance(button, DemoPhoneButton):
        button.api_url = api_url
        return button
    button = DemoPhoneButton(api_url, window)
    window.statusBar().addPermanentWidget(button)
    window.demo_phone = button
    return button
