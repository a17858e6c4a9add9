"""One exec on the server gathers what the health check reads; :func:`run_health` judges it.

The command prints ``== name`` sections: the server's clock and uptime (to date ``[secs]`` kernel
log lines), ``nvidia-smi -q -x`` (or, when that gives no XML, ``nvidia-smi -q``) and the kernel
log's Xid lines: ``dmesg`` first (it fails loudly when the kernel restricts it), then
``journalctl -k`` for the last 24 h, but only for root or members of systemd-journal/adm (an
unprivileged journalctl answers "no entries", which would read as "no Xid"). Everything is bounded
on the server (``head -c``, ``tail -n``) and again here.
"""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING, Protocol

from gpudesk.core.catalog.data import Catalog
from gpudesk.core.catalog.data import load as load_catalog
from gpudesk.core.health.bench import compare, judge_links, run_bench
from gpudesk.core.health.facts import GpuFacts
from gpudesk.core.health.model import HealthReport
from gpudesk.core.health.rules import Claim, evaluate
from gpudesk.core.health.smi_text import parse_q_text
from gpudesk.core.health.smi_xml import XmlError, parse_q_xml
from gpudesk.core.health.xid import XidEvent, parse_kernel_log
from gpudesk.core.i18n import msg
from gpudesk.core.telemetry.parse import strip_controls

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import ExecResult

MAX_OUTPUT = 20_000_000

_SCRIPT = r"""
export LC_ALL=C
echo "== now"; date +%s
echo "== uptime"; cut -d' ' -f1 /proc/uptime 2>/dev/null
x=$(nvidia-smi -q -x 2>&1); rc=$?
case "$x" in *"</nvidia_smi_log>"*) fmt=xml ;; *) fmt=text ;; esac
if [ "$fmt" = text ]; then x=$(nvidia-smi -q 2>&1); rc=$?; fi
echo "== smi $fmt $rc"
printf '%s\n' "$x" | head -c 16000000
if k=$(dmesg 2>&1); then
  echo "== klog dmesg"; printf '%s\n' "$k" | grep -a 'NVRM: Xid' | tail -n 2000
elif { [ "$(id -u)" = 0 ] || id -Gn 2>/dev/null | grep -qwE 'systemd-journal|adm'; } \
     && command -v journalctl >/dev/null 2>&1 \
     && j=$(journalctl -k --since '24 hours ago' -o short-iso --no-pager -q 2>&1); then
  echo "== klog journalctl"; printf '%s\n' "$j" | grep -a 'NVRM: Xid' | tail -n 2000
else
  echo "== klog unreadable"; printf '%s\n' "$k" | head -n 2 | cut -c1-200
fi
echo "== end"
"""


class _Execs(Protocol):
    def exec(self, command: str, timeout: float | None = ..., stdin: bytes | None = ...) -> ExecResult: ...


def health_command() -> str:
    return "sh -c " + shlex.quote(_SCRIPT)


def _sections(text: str) -> dict[str, tuple[str, str]]:
    """``{"smi": ("xml 0", body), …}``: each ``== name rest`` header with the lines below it."""
    out: dict[str, tuple[str, list[str]]] = {}
    current = ""
    for line in text.splitlines():
        m = re.match(r"^== (now|uptime|smi|klog|end)\b ?(.*)$", line)
        if m is not None and m.group(1) not in out:
            current = m.group(1)
            out[current] = (m.group(2).strip(), [])
        elif current:
            out[current][1].append(line)
    return {k: (head, "\n".join(body)) for k, (head, body) in out.items()}


def _float(text: str, top: float) -> float | None:
    try:
        v = float(text.strip().split()[0])
    except (ValueError, IndexError):
        return None
    return v if 0 <= v <= top else None


def judge(
    text: str, catalog: Catalog, claim: Claim | None = None, now: float | None = None
) -> tuple[HealthReport, list[GpuFacts]]:
    """The report from the command's output (pure: unit-tested from captured text)."""
    text = text[:MAX_OUTPUT]
    parts = _sections(text)
    clock = _float(parts.get("now", ("", ""))[1], 1e11)
    server_now = now if now is not None else clock
    uptime = _float(parts.get("uptime", ("", ""))[1], 1e10)
    head, body = parts.get("smi", ("", ""))
    fmt, _, rc = head.partition(" ")
    error = ""
    gpus: list[GpuFacts] = []
    if fmt == "xml":
        try:
            gpus = parse_q_xml(body)
        except XmlError:
            gpus = parse_q_text(body)
    else:
        gpus = parse_q_text(body)
    if not gpus:
        first = strip_controls(" ".join(body.strip().splitlines()[:2]))[:300]
        error = msg(
            "Health",
            "nvidia-smi -q gave nothing to judge (exit code {rc}): {words}",
            rc=rc or "?",
            words=first or msg("Health", "no output"),
        )
    khead, kbody = parts.get("klog", ("unreadable", ""))
    xids: list[XidEvent] | None
    if khead in ("dmesg", "journalctl"):
        xids = parse_kernel_log(kbody, server_now or 0.0, uptime)
        detail = msg("Health", "Read with {tool}: {n} Xid line(s) in the last 24 h.", tool=khead, n=len(xids))
    else:
        xids = None
        words = strip_controls(" ".join(kbody.strip().splitlines()[:1]))[:200]
        detail = msg(
            "Health",
            "The kernel log is not readable for this user ({words}); Xid errors could not be checked. "
            "Log in as root to check them.",
            words=words or msg("Health", "no output"),
        )
    report = evaluate(gpus, xids, catalog, claim, kernel_log_detail=detail, now=server_now)
    report.error = error
    return report, gpus


def run_health(
    conn: _Execs, claim: Claim | None = None, bench: bool = False, catalog: Catalog | None = None, timeout: float = 90.0
) -> HealthReport:
    """The health check over ``conn`` (blocks: run it off the GUI thread); ``bench`` runs the micro-benchmark too."""
    catalog = catalog or load_catalog()
    result = conn.exec(health_command(), timeout=timeout)
    report, facts = judge(result.stdout[:MAX_OUTPUT].decode("utf-8", errors="replace"), catalog, claim)
    if bench and facts:
        data, links = run_bench(conn)
        judge_links(links, facts, report.gpus)
        report.bench = compare(data, catalog, facts, report.gpus)
    return report


__all__ = ["health_command", "judge", "run_health"]
