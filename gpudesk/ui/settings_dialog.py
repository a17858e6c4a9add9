"""Settings dialog, built from the declarations in :mod:`gpudesk.core.settings`, with search."""

from __future__ import annotations

from typing import Any

from gpudesk.core import secrets, settings
from gpudesk.ui import a11y
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication, QtCore, QtWidgets

SECTIONS = {
    "ssh": QT_TRANSLATE_NOOP("SettingsDialog", "Connections"),
    "terminal": QT_TRANSLATE_NOOP("SettingsDialog", "Terminal"),
    "files": QT_TRANSLATE_NOOP("SettingsDialog", "Files"),
    "transfer": QT_TRANSLATE_NOOP("SettingsDialog", "Transfers"),
    "telemetry": QT_TRANSLATE_NOOP("SettingsDialog", "GPUs"),
    "jobs": QT_TRANSLATE_NOOP("SettingsDialog", "Jobs"),
    "billing": QT_TRANSLATE_NOOP("SettingsDialog", "Costs"),
    "alerts": QT_TRANSLATE_NOOP("SettingsDialog", "Alerts"),
    "catalog": QT_TRANSLATE_NOOP("SettingsDialog", "Catalog"),
    "sessions": QT_TRANSLATE_NOOP("SettingsDialog", "Sessions"),
    "sync": QT_TRANSLATE_NOOP("SettingsDialog", "Folder sync"),
    "secrets": QT_TRANSLATE_NOOP("SettingsDialog", "Passwords and tokens"),
    "ui": QT_TRANSLATE_NOOP("SettingsDialog", "Appearance and language"),
    "updates": QT_TRANSLATE_NOOP("SettingsDialog", "Updates"),
}
RESTART = ("ui.theme", "ui.language")
#: Languages by their own names, the way every desktop app lists them: not translated.
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}


class _NumberBox(QtWidgets.QDoubleSpinBox):
    """A number without spurious decimals: 5, 0.5, 2.49 (not 5.000)."""

    def textFromValue(self, value: float) -> str:  # noqa: N802 - Qt API
        return f"{value:.{self.decimals()}f}".rstrip("0").rstrip(".") or "0"


class SettingsDialog(QtWidgets.QDialog):
    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.resize(720, 620)
        self.search = QtWidgets.QLineEdit()
        self.search.setPlaceholderText(self.tr("Search settings"))
        self.search.setAccessibleName(self.tr("Search settings"))
        self.search.setClearButtonEnabled(True)
        a11y.name_clear_buttons(self.search)
        self.search.textChanged.connect(self._filter)
        self.form = QtWidgets.QFormLayout()
        self._editors: dict[str, QtWidgets.QWidget] = {}
        self._labels: dict[str, QtWidgets.QLabel] = {}
        self._headers: dict[str, QtWidgets.QLabel] = {}
        by_section: dict[str, list[settings.Setting]] = {}
        for setting in settings.SETTINGS.values():
            by_section.setdefault(setting.name.split(".", 1)[0], []).append(setting)
        for section, items in by_section.items():
            header = QtWidgets.QLabel(QCoreApplication.translate("SettingsDialog", SECTIONS.get(section, section)))
            font = header.font()
            font.setBold(True)
            header.setFont(font)
            self.form.addRow(header)
            self._headers[section] = header
            if section == "secrets":
                self.keyring_label = self._keyring_label()
                self.form.addRow(self.keyring_label)
            for setting in items:
                editor = self._editor(setting)
                editor.setToolTip(setting.name)
                if not isinstance(editor, QtWidgets.QPushButton):  # a button is named by its own text
                    editor.setAccessibleName(QCoreApplication.translate("SettingsDescription", setting.description))
                description = QCoreApplication.translate("SettingsDescription", setting.description)
                text = description + (self.tr(" (after a restart)") if setting.name in RESTART else "")
                label = QtWidgets.QLabel(text)
                label.setWordWrap(True)
                label.setMinimumWidth(360)
                label.setBuddy(editor)
                self.form.addRow(label, editor)
                self._editors[setting.name] = editor
                self._labels[setting.name] = label
        scroll = QtWidgets.QScrollArea()
        inner = QtWidgets.QWidget()
        inner.setLayout(self.form)
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        self.alerts_button = QtWidgets.QPushButton(self.tr("Alerts when you are away…"))
        self.alerts_button.clicked.connect(self.edit_alerts)
        buttons.addButton(self.alerts_button, QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        self.no_match = QtWidgets.QLabel()
        self.no_match.setWordWrap(True)
        self.no_match.hide()
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.no_match)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.search.setFocus()

    def _keyring_label(self) -> QtWidgets.QLabel:
        """Which password store keyring chose, and whether secrets really go there."""
        info = secrets.backend_info()
        if info.kind == "none":
            text = self.tr("No password store was found on this computer: passwords and tokens are not saved.")
        elif info.kind == "plaintext" and not info.usable:
            text = self.tr(
                "Password store: %1. It keeps secrets in a file without real protection, so passwords and "
                "tokens are not saved unless you allow it below."
            ).replace("%1", info.name)
        elif info.kind == "plaintext":
            text = self.tr(
                "Password store: %1. It keeps secrets in a file without real protection; you allowed it below."
            ).replace("%1", info.name)
        else:
            text = self.tr("Password store: %1.").replace("%1", info.name)
        label = QtWidgets.QLabel(text)
        label.setWordWrap(True)
        return label

    def _editor(self, setting: settings.Setting) -> QtWidgets.QWidget:
        value = settings.get(setting.name)
        if setting.name == "ui.shortcuts":  # a table of its own, saved by its own dialog
            button = QtWidgets.QPushButton(self.tr("Change keyboard shortcuts…"))
            button.clicked.connect(self.edit_shortcuts)
            return button
        if setting.type is bool:
            box = QtWidgets.QCheckBox()
            box.setChecked(value)
            return box
        if setting.type is int:
            spin = QtWidgets.QSpinBox()
            spin.setRange(0, 10_000_000)
            spin.setValue(value)
            return spin
        if setting.type is float:
            dspin = _NumberBox()
            dspin.setRange(0, 1_000_000)
            dspin.setDecimals(3)
            dspin.setValue(value)
            return dspin
        if setting.choices:
            combo = QtWidgets.QComboBox()
            for choice in setting.choices:
                if setting.name == "ui.language" and choice in LANGUAGE_NAMES:
                    combo.addItem(LANGUAGE_NAMES[choice], choice)
                else:
                    combo.addItem(QCoreApplication.translate("SettingsChoice", choice), choice)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            return combo
        return QtWidgets.QLineEdit(str(value))

    def edit_shortcuts(self) -> None:
        from gpudesk.ui.shortcuts_dialog import ShortcutEditor

        dialog = ShortcutEditor(self)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exec()

    def edit_alerts(self) -> None:
        from gpudesk.ui.alerts_settings import AlertsDialog

        dialog = AlertsDialog(self)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        visible_sections: set[str] = set()
        for name, editor in self._editors.items():
            label = self._labels[name]
            match = not needle or needle in name.lower() or needle in label.text().lower()
            self.form.setRowVisible(editor, match)
            if match:
                visible_sections.add(name.split(".", 1)[0])
        for section, header in self._headers.items():
            header.setVisible(section in visible_sections)
        if "secrets" in self._headers:
            self.keyring_label.setVisible("secrets" in visible_sections)
        self.no_match.setVisible(bool(needle) and not visible_sections)
        if needle and not visible_sections:
            self.no_match.setText(self.tr("No setting matches “%1”.").replace("%1", text.strip()))

    def _value(self, editor: QtWidgets.QWidget) -> Any:
        if isinstance(editor, QtWidgets.QCheckBox):
            return editor.isChecked()
        if isinstance(editor, (QtWidgets.QSpinBox, QtWidgets.QDoubleSpinBox)):
            return editor.value()
        if isinstance(editor, QtWidgets.QComboBox):
            return editor.currentData()
        return editor.text()  # type: ignore[attr-defined]

    def _save(self) -> None:
        changed: list[str] = []
        for name, editor in self._editors.items():
            if isinstance(editor, QtWidgets.QPushButton):
                continue  # opens a dialog that saves by itself
            value = self._value(editor)
            if value != settings.get(name):
                settings.set(name, value)
                changed.append(name)
        self.accept()
        if any(name in RESTART for name in changed):
            self.offer_restart()

    def offer_restart(self) -> None:
        """Language and theme apply at the next start: offer it now rather than leave the user guessing."""
        box = QtWidgets.QMessageBox(self.parentWidget() or self)
        box.setIcon(QtWidgets.QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Restart gpudesk"))
        box.setText(self.tr("The new language or theme is used after gpudesk restarts."))
        restart = box.addButton(self.tr("Restart now"), QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("Later"), QtWidgets.QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restart)
        self._confirm_box = box
        box.exec()
        if box.clickedButton() is restart:
            restart_app()


def restart_app() -> None:
    """Start a new gpudesk with the same arguments, then quit this one (its shutdown runs as usual)."""
    import sys

    app = QtWidgets.QApplication.instance()
    args = list(sys.argv[1:])
    if getattr(sys, "frozen", False):
        program = sys.executable
    else:
        program, args = sys.executable, ["-m", "gpudesk", *args]
    if QtCore.QProcess.startDetached(program, args) and app is not None:
        app.quit()


# Values shown in choice lists, so translators see them.
_CHOICES = (
    QT_TRANSLATE_NOOP("SettingsChoice", "system"),
    QT_TRANSLATE_NOOP("SettingsChoice", "light"),
    QT_TRANSLATE_NOOP("SettingsChoice", "dark"),
    QT_TRANSLATE_NOOP("SettingsChoice", "en"),
    QT_TRANSLATE_NOOP("SettingsChoice", "zh_CN"),
    QT_TRANSLATE_NOOP("SettingsChoice", "remind"),
    QT_TRANSLATE_NOOP("SettingsChoice", "stop"),
    QT_TRANSLATE_NOOP("SettingsChoice", "terminate"),
    QT_TRANSLATE_NOOP("SettingsChoice", "second"),
    QT_TRANSLATE_NOOP("SettingsChoice", "minute"),
    QT_TRANSLATE_NOOP("SettingsChoice", "hour"),
    QT_TRANSLATE_NOOP("SettingsChoice", "ask"),
    QT_TRANSLATE_NOOP("SettingsChoice", "overwrite"),
    QT_TRANSLATE_NOOP("SettingsChoice", "skip"),
    QT_TRANSLATE_NOOP("SettingsChoice", "rename"),
    QT_TRANSLATE_NOOP("SettingsChoice", "resume"),
    QT_TRANSLATE_NOOP("SettingsChoice", "USD"),
    QT_TRANSLATE_NOOP("SettingsChoice", "CNY"),
)
