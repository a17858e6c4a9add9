"""Billing modes and core's billing notes in the UI language."""

from __future__ import annotations

import re

from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication

MODE_NAMES = {
    "hourly": QT_TRANSLATE_NOOP("BillingChart", "hourly"),
    "daily": QT_TRANSLATE_NOOP("BillingChart", "daily"),
    "monthly": QT_TRANSLATE_NOOP("BillingChart", "monthly"),
    "spot": QT_TRANSLATE_NOOP("BillingChart", "spot"),
    "reserved-1y": QT_TRANSLATE_NOOP("BillingChart", "reserved 1 year"),
    "reserved-3y": QT_TRANSLATE_NOOP("BillingChart", "reserved 3 years"),
}
# The billing notes come from core in English; each known wording maps to a translatable template whose %1, %2 are
# the pattern's groups. A note that matches none (core reworded it) is shown as core wrote it.
NOTES = [
    (
        r"Pay for the hours used; stop any time\.",
        QT_TRANSLATE_NOOP("BillingChart", "Pay for the hours used; stop any time."),
    ),
    (r"Provider's daily price\.", QT_TRANSLATE_NOOP("BillingChart", "Provider's daily price.")),
    (r"Provider's monthly price\.", QT_TRANSLATE_NOOP("BillingChart", "Provider's monthly price.")),
    (
        r"No daily price published: 24 h of the hourly price per day started\.",
        QT_TRANSLATE_NOOP("BillingChart", "No daily price published: 24 h of the hourly price per day started."),
    ),
    (
        r"No monthly price published: ([\d.,]+) h of the hourly price per month started\.",
        QT_TRANSLATE_NOOP("BillingChart", "No monthly price published: %1 h of the hourly price per month started."),
    ),
    (
        r"Can be reclaimed at short notice \(often under (\d+) minutes\): checkpoint every 10–30 minutes and expect "
        r"restarts; not for interactive work or services\.",
        QT_TRANSLATE_NOOP(
            "BillingChart",
            "Can be reclaimed at short notice (often under %1 minutes): checkpoint every 10–30 minutes and expect "
            "restarts; not for interactive work or services.",
        ),
    ),
    (
        r"(.+) has no spot price for this instance in the snapshot\.",
        QT_TRANSLATE_NOOP("BillingChart", "%1 has no spot price for this instance in the snapshot."),
    ),
    (
        r"Typical (\d+)% off on-demand for a (\d+)-year commitment \(no published price for this instance\); the "
        r"whole term is paid even if unused\.",
        QT_TRANSLATE_NOOP(
            "BillingChart",
            "Typical %1% off on-demand for a %2-year commitment (no published price for this instance); the whole "
            "term is paid even if unused.",
        ),
    ),
]


def mode_name(mode: str) -> str:
    return QCoreApplication.translate("BillingChart", MODE_NAMES[mode]) if mode in MODE_NAMES else mode


def note_text(note: str) -> str:
    """Core's billing note in the UI language."""
    for pattern, template in NOTES:
        match = re.fullmatch(pattern, note)
        if match:
            text = QCoreApplication.translate("BillingChart", template)
            for i, value in enumerate(match.groups(), start=1):
                text = text.replace(f"%{i}", value)
            return text
    return note
