"""The kernel log's ``NVRM: Xid`` lines: which GPU, which code, when, and what the code means.

Meanings and actions follow NVIDIA's Xid catalog (https://docs.nvidia.com/deploy/xid-errors/
analyzing-xid-catalog.html; the older-GPU table in https://docs.nvidia.com/deploy/xid-errors/),
the page-retirement notes (https://docs.nvidia.com/deploy/dynamic-page-retirement/visibility.html:
48 = a double-bit error, 63 = a page retired / row marked for remapping, 64 = retirement failed)
and the memory-error notes for Ampere and newer (https://docs.nvidia.com/deploy/a100-gpu-mem-
error-mgmt/: 94 = contained, 95 = uncontained ECC error). Codes the catalog files under
"restart the application" (13 graphics engine exception, 31 memory page fault, 43 GPU stopped
processing for one channel, 45 preemptive cleanup) are the application's fault: info only.

Timestamps come in four shapes (``[secs since boot]``, ISO from ``dmesg --time-format=iso`` or
``journalctl -o short-iso``, syslog ``Mon DD HH:MM:SS`` and none); a line without a usable time
is kept (it may be recent).
"""

from __future__ import annotations

import calendar
import re
import time
from dataclasses import dataclass

from gpudesk.core.i18n import Msg, msg

#: code → (severity, short meaning in NVIDIA's words).
XID_CATALOG: dict[int, tuple[str, Msg]] = {
    8: ("warn", msg("Xid", "GPU stopped processing")),
    13: ("info", msg("Xid", "Graphics engine exception (usually the application's fault)")),
    31: ("info", msg("Xid", "GPU memory page fault (usually the application's fault)")),
    32: ("warn", msg("Xid", "Invalid or corrupted push buffer stream")),
    38: ("warn", msg("Xid", "Driver firmware error")),
    43: ("info", msg("Xid", "GPU stopped processing one application's channel (the application's fault)")),
    44: ("warn", msg("Xid", "Graphics engine fault during context switch")),
    45: ("info", msg("Xid", "Preemptive cleanup after an earlier error")),
    46: ("fail", msg("Xid", "GPU stopped processing")),
    48: ("fail", msg("Xid", "Double-bit ECC error (uncorrectable memory error)")),
    56: ("warn", msg("Xid", "Display engine error")),
    57: ("warn", msg("Xid", "Error programming video memory interface")),
    61: ("warn", msg("Xid", "Internal micro-controller breakpoint/warning")),
    62: ("fail", msg("Xid", "Internal micro-controller halt")),
    63: ("warn", msg("Xid", "ECC page retirement or row remapping recorded (a GPU reset applies it)")),
    64: ("fail", msg("Xid", "ECC page retirement or row remapping failed")),
    68: ("warn", msg("Xid", "Video decoder exception")),
    69: ("warn", msg("Xid", "Graphics engine class error")),
    74: ("fail", msg("Xid", "NVLink error")),
    79: ("fail", msg("Xid", "GPU has fallen off the bus")),
    92: ("warn", msg("Xid", "High single-bit ECC error rate")),
    94: ("warn", msg("Xid", "Contained ECC error (the affected application was stopped)")),
    95: ("fail", msg("Xid", "Uncontained ECC error (every application on the GPU is affected)")),
    109: ("warn", msg("Xid", "Context switch timeout")),
    119: ("fail", msg("Xid", "GSP firmware RPC timeout")),
    120: ("fail", msg("Xid", "GSP firmware error")),
    121: ("warn", msg("Xid", "C2C link error")),
    122: ("warn", msg("Xid", "SPI PMU RPC read failure")),
    123: ("warn", msg("Xid", "SPI PMU RPC write failure")),
    140: ("fail", msg("Xid", "Unrecovered ECC error")),
    143: ("fail", msg("Xid", "GPU initialization failure")),
    149: ("warn", msg("Xid", "NVLink network error")),
    154: ("warn", msg("Xid", "GPU recovery action changed (see nvidia-smi -q 'GPU Recovery Action')")),
}

WINDOW_S = 24 * 3600
MAX_LINES = 5000
_XID = re.compile(
    r"NVRM: Xid \(PCI:([0-9A-Fa-f]{1,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2})(?:\.\d)?\):\s*(\d{1,4})\s*,?\s*(.{0,300})"
)
_ISO = re.compile(r"(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:[.,]\d+)?\s*(Z|[+-]\d\d:?\d\d)?")
_SYSLOG = re.compile(r"^(?:<\d+>)?([A-Z][a-z]{2}) +(\d{1,2}) (\d\d):(\d\d):(\d\d) ")
_BOOT = re.compile(r"\[\s*(\d{1,10}\.\d{1,9})\]")
_MONTHS = {m: i for i, m in enumerate(calendar.month_abbr) if m}


@dataclass(frozen=True)
class XidEvent:
    bus: str  # as the log writes it: 0000:91:00
    code: int
    text: str  # the rest of the line, bounded
    at: float | None  # epoch seconds, None when the line has no usable time

    @property
    def severity(self) -> str:
        found = XID_CATALOG.get(self.code)
        return found[0] if found else "warn"

    @property
    def meaning(self) -> Msg:
        found = XID_CATALOG.get(self.code)
        return found[1] if found else msg("Xid", "Unlisted Xid (see NVIDIA's Xid catalog)")


def _when(line: str, now: float, uptime: float | None) -> float | None:
    if m := _ISO.search(line):
        y, mo, d, hh, mi, ss = (int(g) for g in m.groups()[:6])
        try:
            at = calendar.timegm((y, mo, d, hh, mi, ss, 0, 0, 0))
        except (ValueError, OverflowError):
            return None
        tz = m.group(7)
        if tz and tz != "Z":
            sign = -1 if tz[0] == "+" else 1
            digits = tz[1:].replace(":", "")
            at += sign * (int(digits[:2]) * 3600 + int(digits[2:]) * 60)
        return float(at)
    if m := _SYSLOG.match(line):
        month = _MONTHS.get(m.group(1))
        if month is None:
            return None
        year = time.gmtime(now).tm_year
        for y in (year, year - 1):  # syslog has no year: the latest date not in the future
            try:
                at = calendar.timegm(
                    (y, month, int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)), 0, 0, 0)
                )
            except (ValueError, OverflowError):
                return None
            if at <= now + 86400:
                return float(at)
        return None
    if (m := _BOOT.search(line)) and uptime is not None:
        return now - uptime + float(m.group(1))
    return None


def parse_kernel_log(text: str, now: float, uptime: float | None, window_s: float = WINDOW_S) -> list[XidEvent]:
    """Xid events of the last ``window_s`` seconds (and those without a time), oldest first."""
    out = []
    for line in text.splitlines()[-MAX_LINES:]:
        m = _XID.search(line)
        if m is None:
            continue
        at = _when(line, now, uptime)
        if at is not None and at < now - window_s:
            continue
        out.append(XidEvent(m.group(1).lower(), int(m.group(2)), m.group(3).strip(), at))
    return out


__all__ = ["XID_CATALOG", "XidEvent", "parse_kernel_log"]
