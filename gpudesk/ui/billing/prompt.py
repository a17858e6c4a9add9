"""The idle prompt: non-modal but unmissable, floating over the top of the main window."""

from __future__ import annotations

import time

from gpudesk.core.billing.guard import Prompt
from gpudesk.core.billing.price import duration, money
from gpudesk.ui.qt import Qt, QtCore, QtWidgets, Signal


class IdlePrompt(QtWidgets.QFrame):
    """Shows one session's :class:`Prompt`; ``answered(choice)`` carries the user's answer."""

    answered = Signal(str)

    def __init__(self, title: str, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("idle-prompt")
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        # Palette colours, so light and dark themes both read well; the thick border is the alarm.
        self.setStyleSheet(
            "#idle-prompt { border: 3px solid palette(highlight); border-radius: 8px; background: palette(base); }"
        )
        self.prompt: Prompt | None = None
        self.session_title = title
        self.headline = QtWidgets.QLabel()
        font = self.headline.font()
        font.setPointSize(font.pointSize() + 2)
        font.setBold(True)
        self.headline.setFont(font)
        self.detail = QtWidgets.QLabel()
        self.detail.setWordWrap(True)
        self.failure = QtWidgets.QLabel()
        self.failure.setWordWrap(True)
        self.failure.setStyleSheet("color: #c62828; font-weight: bold;")
        self.failure.hide()
        self.countdown = QtWidgets.QLabel()
        cfont = self.countdown.font()
        cfont.setBold(True)
        self.countdown.setFont(cfont)
        self.stop_button = QtWidgets.QPushButton(self.tr("Stop now"))
        self.keep_button = QtWidgets.QPushButton(self.tr("Keep 1 h"))
        self.job_button = QtWidgets.QPushButton(self.tr("Keep until job ends"))
        self.dismiss_button = QtWidgets.QToolButton()
        self.dismiss_button.setText("✕")
        self.dismiss_button.setToolTip(self.tr("Dismiss (keep running, ask again later)"))
        self.stop_button.setDefault(True)
        self.stop_action = "stop"
        self.stop_button.clicked.connect(lambda: self.answered.emit(self.stop_action))
        self.keep_button.clicked.connect(lambda: self.answered.emit("keep_1h"))
        self.job_button.clicked.connect(lambda: self.answered.emit("keep_until_job_ends"))
        self.dismiss_button.clicked.connect(lambda: self.answered.emit("dismiss"))
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.headline, 1)
        top.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.keep_button)
        buttons.addWidget(self.job_button)
        buttons.addStretch(1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 12)
        layout.addLayout(top)
        layout.addWidget(self.detail)
        layout.addWidget(self.failure)
        layout.addWidget(self.countdown)
        layout.addLayout(buttons)
        self.setFixedWidth(460)

    def show_prompt(self, prompt: Prompt, stop_action: str, can_act: bool, note: str, now: float | None = None) -> None:
        now = time.time() if now is None else now
        self.prompt = prompt
        self.stop_action = stop_action
        rate_text = self._rate_text(prompt)
        self._show_headline(prompt)
        # "Keep until the job ends" only while a gpudesk job runs (else it would keep it forever).
        self.job_button.setVisible(prompt.job_running and prompt.reason != "job_done")
        lines = [self.tr("%1 is still billing at %2.").replace("%1", self.session_title).replace("%2", rate_text)]
        if note:
            lines.append(note.replace("/", "/\u2060"))  # a word joiner keeps "/workspace" whole when wrapping
        if not can_act:
            lines.append(self.tr("gpudesk has no provider API for this server: stop it in your provider's console."))
        self.detail.setText("\n".join(lines))
        if prompt.failure:
            what = self.tr("The automatic terminate failed: %1") if prompt.action == "terminate" else self.tr(
                "The automatic stop failed: %1"
            )
            self.failure.setText(what.replace("%1", prompt.failure))
        self.failure.setVisible(bool(prompt.failure))
        if can_act:
            self.stop_button.setText(self.tr("Terminate now") if stop_action == "terminate" else self.tr("Stop now"))
        else:
            # No API: the user stops it in the console and tells the meter so.
            self.stop_action = "released"
            self.stop_button.setText(self.tr("I stopped it"))
            self.stop_button.setToolTip(self.tr("Stop metering: you released the server in your provider's console."))
        self.update_countdown(now)
        self.adjustSize()

    def _rate_text(self, prompt: Prompt) -> str:
        rate = money(prompt.rate_per_hour, prompt.currency) if prompt.rate_per_hour is not None else ""
        return self.tr("%1/h").replace("%1", rate) if rate else self.tr("price unknown")

    def _show_headline(self, prompt: Prompt) -> None:
        headlines = {
            "idle": self.tr("GPU idle for %1 min, %2").replace("%1", str(prompt.idle_minutes)).replace("%2", self._rate_text(prompt)),
            "budget_total": self.tr("Budget reached for %1").replace("%1", self.session_title),
            "budget_day": self.tr("Today's budget reached for %1").replace("%1", self.session_title),
            "deadline": self.tr("Time to stop %1").replace("%1", self.session_title),
            "job_done": self.tr("The job on %1 has ended").replace("%1", self.session_title),
        }
        headline = headlines.get(prompt.reason, self.session_title)
        if prompt.reason == "idle" and getattr(prompt, "rule", "") == "ide_ceiling":
            # Which rule decided: an editor is connected, but an idle GPU past the IDE limit is still idle.
            headline += " " + self.tr("(an editor is still open on the server, past its limit for an idle GPU)")
        self.headline.setText(headline)

    def update_countdown(self, now: float) -> None:
        if self.prompt is not None:
            # The idle time goes on while the prompt is up: the same number as the cost bar's.
            self._show_headline(self.prompt)
            self.job_button.setVisible(self.prompt.job_running and self.prompt.reason != "job_done")
        left = self.prompt.countdown(now) if self.prompt else None
        if left is None:
            self.countdown.setText(self.tr("No automatic action: gpudesk will keep reminding you."))
            return
        if self.prompt and self.prompt.failure:
            self.countdown.setText(self.tr("Trying again automatically in %1 unless you answer.").replace("%1", _clock(left)))
            return
        verb = self.tr("Terminating") if self.prompt and self.prompt.action == "terminate" else self.tr("Stopping")
        self.countdown.setText(
            self.tr("%1 automatically in %2 unless you answer.").replace("%1", verb).replace("%2", _clock(left))
        )


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.999)
    return f"{seconds // 60}:{seconds % 60:02d}"


def place(prompts: list[IdlePrompt], window: QtWidgets.QWidget) -> None:
    """Stack the prompts at the top right of the window's central area."""
    y = 60
    for w in prompts:
        w.adjustSize()
        w.move(QtCore.QPoint(max(8, window.width() - w.width() - 16), y))
        w.raise_()
        y += w.height() + 8


__all__ = ["IdlePrompt", "duration", "place"]
