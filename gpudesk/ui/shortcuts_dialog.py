"""The keyboard-shortcut cheat sheet (Help → Keyboard shortcuts) and the editor behind it."""

from __future__ import annotations

import html

from gpudesk.ui import a11y, plaintext, shortcuts
from gpudesk.ui.qt import QCoreApplication, Qt, QtGui, QtWidgets


class ShortcutSheet(QtWidgets.QDialog):
    """Every command with its current keys, grouped by where it works."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.sheet = QtWidgets.QLabel()
        plaintext.rich(self.sheet)  # every outside string in it goes through plaintext.escape
        self.sheet.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sheet.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        self.edit_button = buttons.addButton(self.tr("Change shortcuts…"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        self.edit_button.clicked.connect(self.edit)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.sheet, 1)
        layout.addWidget(buttons)
        shortcuts.notifier().changed.connect(self.refresh)
        self.refresh()

    def rows(self) -> list[tuple[str, str, str]]:
        """(area, keys, description) as shown, translated."""
        rows = [(c.area_label(), shortcuts.text(c.id) or self.tr("(none)"), c.label()) for c in shortcuts.COMMANDS]
        for keys, description, area in shortcuts.FIXED:
            rows.append(
                (
                    QCoreApplication.translate("Shortcuts", area),
                    QCoreApplication.translate("Shortcuts", keys),
                    QCoreApplication.translate("Shortcuts", description),
                )
            )
        order = {c.area_label(): i for i, c in enumerate(shortcuts.COMMANDS)}
        return sorted(rows, key=lambda r: order.get(r[0], len(order)))  # stable: keeps each area's own order

    def refresh(self) -> None:
        parts = ["<table cellspacing='2'>"]
        area = None
        for where, keys, description in self.rows():
            if where != area:
                parts.append(f"<tr><td colspan='2'><br><b>{html.escape(where)}</b></td></tr>")
                area = where
            parts.append(f"<tr><td><b>{html.escape(keys)}</b>&nbsp;&nbsp;&nbsp;</td><td>{html.escape(description)}</td></tr>")
        parts.append("</table>")
        self.sheet.setText("".join(parts))

    def edit(self) -> None:
        dialog = ShortcutEditor(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exec()


class ShortcutEditor(QtWidgets.QDialog):
    """A table of commands and their keys; saved only without conflicts."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Change keyboard shortcuts"))
        self.resize(680, 620)  # every command visible without scrolling
        hint = QtWidgets.QLabel(
            self.tr(
                "Click a key field and press the new keys; the clear button removes them. In a terminal, "
                "Ctrl+letter keys belong to the shell, so terminal commands use Ctrl+Shift+letter."
            )
        )
        hint.setWordWrap(True)
        self.table = QtWidgets.QTableWidget(len(shortcuts.COMMANDS), 4)
        self.table.setHorizontalHeaderLabels([self.tr("Command"), self.tr("Where"), self.tr("Keys"), ""])
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.edits: dict[str, QtWidgets.QKeySequenceEdit] = {}
        self.reset_buttons: dict[str, QtWidgets.QPushButton] = {}
        for row, command in enumerate(shortcuts.COMMANDS):
            self.table.setItem(row, 0, QtWidgets.QTableWidgetItem(command.label()))
            self.table.setItem(row, 1, QtWidgets.QTableWidgetItem(command.area_label()))
            edit = QtWidgets.QKeySequenceEdit(shortcuts.current(command.id))
            edit.setMaximumSequenceLength(1)
            edit.setClearButtonEnabled(True)
            a11y.name_clear_buttons(edit)
            name = self.tr("Keys for “%1”").replace("%1", command.label())
            edit.setAccessibleName(name)
            inner = edit.findChild(QtWidgets.QLineEdit)
            if inner is not None:  # the part that takes the focus, so the part a screen reader reads
                inner.setAccessibleName(name)
            edit.keySequenceChanged.connect(self._check)
            self.table.setCellWidget(row, 2, edit)
            self.edits[command.id] = edit
            reset = QtWidgets.QPushButton(self.tr("Reset"))
            reset.setToolTip(self.tr("Back to the default: %1").replace("%1", self._keys(shortcuts.default(command.id))))
            reset.setAccessibleName(self.tr("Reset “%1” to its default").replace("%1", command.label()))
            reset.clicked.connect(lambda _=False, cid=command.id: self.reset(cid))
            self.table.setCellWidget(row, 3, reset)
            self.reset_buttons[command.id] = reset
        self.error = QtWidgets.QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.hide()
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        self.reset_all_button = buttons.addButton(
            self.tr("Reset all to defaults"), QtWidgets.QDialogButtonBox.ButtonRole.ResetRole
        )
        self.reset_all_button.clicked.connect(self.reset_all)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _keys(self, seq: QtGui.QKeySequence) -> str:
        return shortcuts.native(seq) or self.tr("(none)")

    def mapping(self) -> dict[str, QtGui.QKeySequence]:
        return {cid: edit.keySequence() for cid, edit in self.edits.items()}

    def _check(self) -> list[str]:
        found = shortcuts.problems(self.mapping())
        self.error.setText("\n".join(found))
        self.error.setVisible(bool(found))
        return found

    def reset(self, command_id: str) -> None:
        self.edits[command_id].setKeySequence(shortcuts.default(command_id))

    def reset_all(self) -> None:
        for command_id in self.edits:
            self.reset(command_id)

    def save(self) -> bool:
        """Store the keys and close; with a conflict, say what it is and keep the dialog open."""
        found = shortcuts.save(self.mapping())
        if found:
            self.error.setText("\n".join(found))
            self.error.show()
            return False
        self.accept()
        return True
