"""Language and colour theme: loaded once at start-up from the settings."""

from __future__ import annotations

from pathlib import Path

from gpudesk.core import settings
from gpudesk.core.i18n import Msg, message_of
from gpudesk.ui.qt import QtCore, QtGui, QtWidgets

TRANSLATIONS = Path(__file__).resolve().parent.parent / "resources" / "translations"
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}

_installed: list[QtCore.QTranslator] = []


def chosen_language() -> str:
    wanted = settings.get("ui.language")
    if wanted in LANGUAGES:
        return str(wanted)
    return "zh_CN" if QtCore.QLocale.system().name().startswith("zh") else "en"


def install_translations(app: QtWidgets.QApplication, language: str | None = None) -> str:
    """Install gpudesk's and Qt's own translators for ``language`` (default: the setting / the OS)."""
    language = language or chosen_language()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language == "en":
        return language
    ours = QtCore.QTranslator(app)
    if ours.load(str(TRANSLATIONS / f"gpudesk_{language}.qm")):
        app.installTranslator(ours)
        _installed.append(ours)
    qt_dir = QtCore.QLibraryInfo.path(QtCore.QLibraryInfo.LibraryPath.TranslationsPath)
    qt = QtCore.QTranslator(app)
    if qt.load(f"qtbase_{language}", qt_dir):
        app.installTranslator(qt)
        _installed.append(qt)
    return language


def tr_msg(text: object) -> str:
    """A core text in the UI language.

    A :class:`~gpudesk.core.i18n.Msg` is translated in its context and formatted again with its
    values (those that are a Msg translated too); an exception raised with one shows it the same
    way. Anything else is shown as it is (``str``; None is empty). A translation whose template
    does not format (a field renamed by mistake) falls back to the English text.
    """
    if isinstance(text, BaseException):
        text = message_of(text)
    if isinstance(text, Msg):
        return _translate(text)
    return "" if text is None else str(text)


def _translate(message: Msg) -> str:
    values = {name: _translate(v) if isinstance(v, Msg) else v for name, v in message.args.items()}
    template = QtCore.QCoreApplication.translate(message.context, message.template) if message.context else message.template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return str(message)


def apply_theme(app: QtWidgets.QApplication) -> None:
    """Follow the OS colour scheme unless the user chose light or dark."""
    theme = settings.get("ui.theme")
    hints = QtGui.QGuiApplication.styleHints()
    scheme = {"light": QtCore.Qt.ColorScheme.Light, "dark": QtCore.Qt.ColorScheme.Dark}.get(theme, QtCore.Qt.ColorScheme.Unknown)
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(scheme)
    if theme in ("light", "dark") or app.style().name().lower() in ("windows", "fusion"):
        app.setStyle("Fusion")  # Fusion honours the colour scheme on every platform
    if theme == "dark" and hints.colorScheme() != QtCore.Qt.ColorScheme.Dark:
        # No platform theme to ask (plain X11, some Linux desktops): paint Fusion dark ourselves.
        app.setPalette(dark_palette())


def dark_palette() -> QtGui.QPalette:
    P = QtGui.QPalette
    palette = P()
    colors = {
        P.ColorRole.Window: "#2b2d30",
        P.ColorRole.WindowText: "#dfe1e5",
        P.ColorRole.Base: "#1e1f22",
        P.ColorRole.AlternateBase: "#26282b",
        P.ColorRole.ToolTipBase: "#3c3f41",
        P.ColorRole.ToolTipText: "#dfe1e5",
        P.ColorRole.PlaceholderText: "#8c8f94",
        P.ColorRole.Text: "#dfe1e5",
        P.ColorRole.Button: "#3c3f41",
        P.ColorRole.ButtonText: "#dfe1e5",
        P.ColorRole.BrightText: "#ff6b68",
        P.ColorRole.Light: "#4a4d50",
        P.ColorRole.Midlight: "#3f4245",
        P.ColorRole.Mid: "#6f737a",
        P.ColorRole.Dark: "#1b1c1e",
        P.ColorRole.Shadow: "#0f0f10",
        P.ColorRole.Highlight: "#2f6fde",
        P.ColorRole.HighlightedText: "#ffffff",
        P.ColorRole.Link: "#6ea8ff",
        P.ColorRole.LinkVisited: "#b58cff",
    }
    for role, color in colors.items():
        palette.setColor(role, QtGui.QColor(color))
    for role in (P.ColorRole.Text, P.ColorRole.WindowText, P.ColorRole.ButtonText):
        palette.setColor(P.ColorGroup.Disabled, role, QtGui.QColor("#7a7d82"))
    return palette
