"""Billing modes and core's billing notes in the UI language."""

from __future__ import annotations

from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication

MODE_NAMES = {
    "hourly": QT_TRANSLATE_NOOP("BillingChart", "hourly"),
    "daily": QT_TRANSLATE_NOOP("BillingChart", "daily"),
    "monthly": QT_TRANSLATE_NOOP("BillingChart", "monthly"),
    "spot": QT_TRANSLATE_NOOP("BillingChart", "spot"),
    "reserved-1y": QT_TRANSLATE_NOOP("BillingChart", "reserved 1 year"),
    "reserved-3y": QT_TRANSLATE_NOOP("BillingChart", "reserved 3 years"),
}


def mode_name(mode: str) -> str:
    return QCoreApplication.translate("BillingChart", MODE_NAMES[mode]) if mode in MODE_NAMES else mode


def note_text(note: str) -> str:
    """Core's billing note (a Msg, see gpudesk/core/i18n.py) in the UI language."""
    return tr_msg(note)
