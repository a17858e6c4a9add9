"""The preview table of the import dialog: one row per session found, with its action."""

from __future__ import annotations

from gpudesk.core.sessions.importers.plan import CREATE, MERGE, SKIP, ImportPlan, PlanItem
from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets

COLUMNS = 7
# Notes sit next to the address so duplicates and key hints are visible without scrolling sideways.
COL_ACTION, COL_NAME, COL_ADDRESS, COL_NOTES, COL_LOGIN, COL_JUMP, COL_FOLDER = range(COLUMNS)


class PreviewTable(QtWidgets.QTableWidget):
    """Shows a plan; the action combo of each row changes the plan directly."""

    actions_changed = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(0, COLUMNS, parent)
        self.setHorizontalHeaderLabels(
            [self.tr("Action"), self.tr("Name"), self.tr("Address"), self.tr("Notes"), self.tr("Log in with"),
             self.tr("Jump host"), self.tr("Folder")]
        )
        self.verticalHeader().setVisible(False)
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.plan: ImportPlan | None = None
        self._combos: list[QtWidgets.QComboBox] = []
        self._auth_labels = {
            "password": self.tr("Password"),
            "key_file": self.tr("Key file"),
            "stored_key": self.tr("Stored key"),
            "agent": self.tr("Agent / Pageant"),
        }
        self._auth_tips = {
            "password": self.tr("Password: asked on the first connect, then kept in the system keyring"),
            "agent": self.tr("Keys from the SSH agent (Pageant on Windows)"),
        }
        self._action_labels = {CREATE: self.tr("Create"), MERGE: self.tr("Merge"), SKIP: self.tr("Skip")}

    def show_plan(self, plan: ImportPlan) -> None:
        self.plan = plan
        self.setRowCount(0)
        self._combos = []
        self.setRowCount(len(plan.items))
        warn_icon = self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
        for row, item in enumerate(plan.items):
            s = item.session
            combo = QtWidgets.QComboBox()
            choices = [CREATE, MERGE, SKIP] if item.existing is not None else [CREATE, SKIP]
            for action in choices:
                combo.addItem(self._action_labels[action], action)
            combo.setCurrentIndex(max(0, combo.findData(item.action)))
            combo.currentIndexChanged.connect(lambda _i, it=item, c=combo: self._changed(it, c))
            self.setCellWidget(row, COL_ACTION, combo)
            self._combos.append(combo)
            address = f"{s.username}@{s.host}" + (f":{s.port}" if s.port != 22 else "")
            login = self._auth_labels.get(s.auth, s.auth)
            login_tip = self._auth_tips.get(s.auth, login)
            if s.identity_file:
                # Windows paths too: the file name is what tells keys apart at a glance.
                login = f"{login}: {s.identity_file.replace(chr(92), '/').rsplit('/', 1)[-1]}"
                login_tip = f"{login_tip}\n{s.identity_file}"
            cells = {
                COL_NAME: item.name, COL_ADDRESS: address, COL_NOTES: self._notes(item), COL_LOGIN: login,
                COL_JUMP: s.jump_host, COL_FOLDER: plan.target_folder(item),
            }
            for col, text in cells.items():
                cell = QtWidgets.QTableWidgetItem(text)
                cell.setToolTip(login_tip if col == COL_LOGIN else text)
                self.setItem(row, col, cell)
            notes = self.item(row, COL_NOTES)
            assert notes is not None  # set just above
            if item.imported.notes or item.is_duplicate:
                notes.setIcon(warn_icon)
                notes.setToolTip("\n\n".join(self._note_lines(item)))
            self._paint(row, item)
        self.resizeColumnsToContents()
        for col, cap in ((COL_NAME, 180), (COL_ADDRESS, 170), (COL_NOTES, 240), (COL_LOGIN, 150), (COL_JUMP, 170)):
            self.setColumnWidth(col, min(self.columnWidth(col) + 12, cap))

    def refresh_folders(self) -> None:
        if self.plan is None:
            return
        for row, item in enumerate(self.plan.items):
            cell = self.item(row, COL_FOLDER)
            if cell is not None:
                cell.setText(self.plan.target_folder(item))

    def refresh_actions(self) -> None:
        if self.plan is None:
            return
        for row, (item, combo) in enumerate(zip(self.plan.items, self._combos, strict=True)):
            combo.blockSignals(True)
            combo.setCurrentIndex(max(0, combo.findData(item.action)))
            combo.blockSignals(False)
            self._paint(row, item)

    def notes_for_row(self, row: int) -> list[str]:
        if self.plan is None or not 0 <= row < len(self.plan.items):
            return []
        return self._note_lines(self.plan.items[row])

    def action_combo(self, row: int) -> QtWidgets.QComboBox:
        return self._combos[row]

    def _changed(self, item: PlanItem, combo: QtWidgets.QComboBox) -> None:
        if self.plan is None:
            return
        self.plan.set_action(item, combo.currentData())
        self._paint(self.plan.items.index(item), item)
        self.actions_changed.emit()

    def _paint(self, row: int, item: PlanItem) -> None:
        """Skipped rows are greyed out, so what will be created stands out."""
        palette = self.palette()
        role = QtGui.QPalette.ColorRole.PlaceholderText if item.action == SKIP else QtGui.QPalette.ColorRole.Text
        brush = palette.brush(role)
        for col in range(COL_NAME, COLUMNS):
            cell = self.item(row, col)
            if cell is not None:
                cell.setForeground(brush)

    def _note_lines(self, item: PlanItem) -> list[str]:
        lines = []
        if item.existing is not None:
            lines.append(self.tr("Already saved as '%1' (same host, port and user).").replace("%1", item.existing.name))
        elif item.earlier is not None:
            lines.append(self.tr("Same server as '%1' above (same host, port and user).").replace("%1", item.earlier.name))
        return lines + list(item.imported.notes)

    def _notes(self, item: PlanItem) -> str:
        lines = self._note_lines(item)
        if not lines:
            return ""
        return lines[0] if len(lines) == 1 else self.tr("%1 (+%2 more)").replace("%1", lines[0]).replace("%2", str(len(lines) - 1))


class FolderMapTable(QtWidgets.QTableWidget):
    """Source folder → folder in gpudesk; the second column is editable."""

    mapping_changed = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self.setHorizontalHeaderLabels([self.tr("Folder in the file"), self.tr("Folder in gpudesk")])
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setStretchLastSection(True)
        self.setWordWrap(False)
        self.verticalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.plan: ImportPlan | None = None
        self.itemChanged.connect(self._edited)

    def show_plan(self, plan: ImportPlan) -> None:
        self.plan = plan
        self.blockSignals(True)
        sources = sorted({item.folder for item in plan.items}, key=str.lower)
        self.setRowCount(len(sources))
        for row, source in enumerate(sources):
            plan.folder_map.setdefault(source, source)
            left = QtWidgets.QTableWidgetItem(source or self.tr("(top level)"))
            left.setData(Qt.ItemDataRole.UserRole, source)
            left.setFlags(left.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.setItem(row, 0, left)
            self.setItem(row, 1, QtWidgets.QTableWidgetItem(plan.folder_map[source]))
        self.resizeColumnToContents(0)
        self.blockSignals(False)

    def _edited(self, cell: QtWidgets.QTableWidgetItem) -> None:
        if self.plan is None or cell.column() != 1:
            return
        first = self.item(cell.row(), 0)
        assert first is not None  # every row has its first column
        source = first.data(Qt.ItemDataRole.UserRole)
        self.plan.folder_map[source] = cell.text().strip()
        self.mapping_changed.emit()
