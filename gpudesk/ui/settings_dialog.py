"""Settings dialog, built from the declarations in :mod:`gpudesk.core.settings`."""

from __future__ import annotations

from typing import Any

from gpudesk.core import settings
from gpudesk.ui.qt import QtWidgets


class SettingsDialog(QtWidgets.QDialog):
    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.setMinimumWidth(560)
        form = QtWidgets.QFormLayout()
        self._editors: dict[str, QtWidgets.QWidget] = {}
        for name, setting in settings.SETTINGS.items():
            value = settings.get(name)
            if setting.type is bool:
                editor: QtWidgets.QWidget = QtWidgets.QCheckBox()
                editor.setChecked(value)
            elif setting.type is int:
                editor = QtWidgets.QSpinBox()
                editor.setRange(0, 10_000_000)
                editor.setValue(value)
            elif setting.type is float:
                editor = QtWidgets.QDoubleSpinBox()
                editor.setRange(0, 1_000_000)
                editor.setValue(value)
            else:
                editor = QtWidgets.QLineEdit(str(value))
            editor.setToolTip(setting.description)
            label = QtWidgets.QLabel(setting.description)
            label.setWordWrap(True)
            form.addRow(label, editor)
            self._editors[name] = editor
        scroll = QtWidgets.QScrollArea()
        inner = QtWidgets.QWidget()
        inner.setLayout(form)
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(buttons)

    def _value(self, editor: QtWidgets.QWidget) -> Any:
        if isinstance(editor, QtWidgets.QCheckBox):
            return editor.isChecked()
        if isinstance(editor, (QtWidgets.QSpinBox, QtWidgets.QDoubleSpinBox)):
            return editor.value()
        return editor.text()  # type: ignore[attr-defined]

    def _save(self) -> None:
        for name, editor in self._editors.items():
            value = self._value(editor)
            if value != settings.get(name):
                settings.set(name, value)
        self.accept()
