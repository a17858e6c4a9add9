"""The "file exists" question; it answers the core's Conflict object and never blocks the GUI."""

from __future__ import annotations

import time

from gpudesk.core.transfer.conflict import CANCEL, OVERWRITE, RENAME, RESUME, SKIP, Conflict
from gpudesk.ui.files.listing import human_size
from gpudesk.ui.qt import QtWidgets


class ConflictDialog(QtWidgets.QDialog):
    def __init__(self, conflict: Conflict, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.conflict = conflict
        self.setWindowTitle(self.tr("File exists"))
        layout = QtWidgets.QVBoxLayout(self)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(conflict.target_mtime)) if conflict.target_mtime else ""
        text = self.tr("{0} already exists ({1}, {2}).\nThe new file is {3}.").format(
            conflict.target, human_size(conflict.target_size), when, human_size(conflict.source_size)
        )
        layout.addWidget(QtWidgets.QLabel(text))
        self.all_box = QtWidgets.QCheckBox(self.tr("Apply to all"))
        layout.addWidget(self.all_box)
        buttons = QtWidgets.QHBoxLayout()
        self.buttons: dict[str, QtWidgets.QPushButton] = {}
        for choice, label in (
            (OVERWRITE, self.tr("Overwrite")),
            (SKIP, self.tr("Skip")),
            (RENAME, self.tr("Keep both")),
            (RESUME, self.tr("Resume")),
            (CANCEL, self.tr("Cancel")),
        ):
            btn = QtWidgets.QPushButton(label)
            btn.clicked.connect(lambda _=False, c=choice: self.choose(c))
            buttons.addWidget(btn)
            self.buttons[choice] = btn
        self.buttons[RESUME].setEnabled(conflict.can_resume)
        self.buttons[RESUME].setToolTip(self.tr("The existing file is shorter: continue it (checked by SHA-256)"))
        layout.addLayout(buttons)
        self.rejected.connect(lambda: self.conflict.resolve(CANCEL) if self.conflict.choice is None else None)

    def choose(self, choice: str) -> None:
        self.conflict.resolve(choice, self.all_box.isChecked())
        self.accept()
