"""The GPU health verdict in the GPUs tab: a badge per card and the findings in words.

The judging is the core's (:mod:`gpudesk.core.health`); this module only shows a
:class:`~gpudesk.core.health.model.GpuHealth`. Findings quote the server (nvidia-smi's words, kernel
log lines): every label here is plain text and tooltips go through :func:`plaintext.tooltip`.
"""

from __future__ import annotations

from gpudesk.core.health.model import Finding, GpuHealth, HealthReport, verdict_text
from gpudesk.ui import plaintext
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QtCore, QtWidgets

#: badge colours per verdict: fixed, with white text, readable on the light and the dark theme alike
COLOURS = {"healthy": "#2e7d32", "degraded": "#a65c00", "faulty": "#c62828", "unknown": "#616161"}
MAX_LINES = 3  # findings shown on a card; the rest are in its tooltip
MAX_CHARS = 110  # a finding longer than this is cut on the card (whole in the tooltip)


def _short(text: str) -> str:
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1].rstrip() + "…"


def _card_text(f: Finding) -> str:
    """A finding as the card says it: an Xid by its code and meaning only (the log line is in the tooltip)."""
    args = getattr(f.detail, "args", None)
    if f.code == "xid_recent" and isinstance(args, dict) and "code" in args:
        return (
            QtCore.QCoreApplication.translate("GpuHealth", "Xid %1 in the kernel log: %2")
            .replace("%1", str(args["code"]))
            .replace("%2", tr_msg(args.get("meaning", "")))
        )
    return tr_msg(f.detail)


def verdict_name(verdict: str) -> str:
    names = {
        "healthy": QtCore.QCoreApplication.translate("GpuHealth", "Healthy"),
        "degraded": QtCore.QCoreApplication.translate("GpuHealth", "Degraded"),
        "faulty": QtCore.QCoreApplication.translate("GpuHealth", "Faulty"),
        "unknown": QtCore.QCoreApplication.translate("GpuHealth", "Unknown"),
    }
    return names.get(verdict, verdict)


class HealthBadge(QtWidgets.QLabel):
    """A small coloured word: Healthy, Degraded, Faulty or Unknown (hidden until a check ran)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.verdict = ""
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Fixed, QtWidgets.QSizePolicy.Policy.Fixed)
        self.setVisible(False)

    def set_verdict(self, verdict: str, tip: str = "") -> None:
        self.verdict = verdict
        self.setText(verdict_name(verdict))
        self.setStyleSheet(
            f"QLabel {{ background: {COLOURS.get(verdict, COLOURS['unknown'])}; color: white;"
            " border-radius: 3px; padding: 0px 5px; font-weight: bold; }"
        )
        self.setToolTip(plaintext.tooltip(tip))
        self.setVisible(True)


def card_lines(gpu: GpuHealth) -> tuple[str, str]:
    """(what the card shows, its tooltip): the warn/fail findings and the worst one's fix; all of it in the tooltip."""
    shown: list[str] = []
    tip: list[str] = [tr_msg(verdict_text(gpu.verdict))]
    order = {"fail": 0, "warn": 1, "info": 2}
    findings = sorted(gpu.findings, key=lambda f: order[f.severity])
    for f in findings:
        mark = {"fail": "✖", "warn": "▲", "info": "ℹ"}[f.severity]
        tip.append(f"{mark} {tr_msg(f.detail)}")
        if f.fix:
            tip.append("    " + QtCore.QCoreApplication.translate("GpuHealth", "Fix: %1").replace("%1", tr_msg(f.fix)))
        if f.severity != "info":
            shown.append(_short(f"{mark} {_card_text(f)}"))
    for u in gpu.unknown:
        tip.append(f"? {tr_msg(u)}")
        if not findings or all(f.severity == "info" for f in findings):
            shown.append(_short(f"? {tr_msg(u)}"))
    if len(shown) > MAX_LINES:
        more = len(shown) - MAX_LINES + 1
        shown = shown[: MAX_LINES - 1] + [
            QtCore.QCoreApplication.translate("GpuHealth", "… and %1 more (hover for all)").replace("%1", str(more))
        ]
    worst = next((f for f in findings if f.severity in ("fail", "warn") and f.fix), None)
    if worst is not None:
        shown.append(_short("→ " + tr_msg(worst.fix)))
    return "\n".join(shown), "\n".join(tip)


def report_line(report: HealthReport) -> str:
    """One paragraph for the whole server: the verdict with what to do, and GPUs nvidia-smi does not list."""
    parts = [QtCore.QCoreApplication.translate("GpuHealth", "GPU health: %1").replace("%1", tr_msg(report.summary()))]
    if report.error:
        parts.append(tr_msg(report.error))
    for g in report.gpus:
        if g.index is None:
            words = "; ".join(tr_msg(f.detail) for f in g.findings if f.severity != "info")
            parts.append(
                QtCore.QCoreApplication.translate("GpuHealth", "A GPU nvidia-smi does not list (PCI %1): %2")
                .replace("%1", g.bus_id)
                .replace("%2", words)
            )
    if report.kernel_log != "read":
        parts.append(tr_msg(report.kernel_log_detail))
    return "\n".join(parts)


def faulty_lines(report: HealthReport) -> str:
    """Each faulty GPU with what makes it faulty (for the question after a rent)."""
    lines = []
    for g in report.gpus:
        if g.verdict != "faulty":
            continue
        where = (
            QtCore.QCoreApplication.translate("GpuHealth", "GPU %1").replace("%1", str(g.index))
            if g.index is not None
            else QtCore.QCoreApplication.translate("GpuHealth", "GPU at PCI %1").replace("%1", g.bus_id)
        )
        for f in g.findings:
            if f.severity == "fail":
                lines.append(f"✖ {where}: {_short(_card_text(f))}")
    return "\n".join(lines)


__all__ = ["HealthBadge", "card_lines", "faulty_lines", "report_line", "verdict_name"]
