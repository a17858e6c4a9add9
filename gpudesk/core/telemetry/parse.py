"""Parse nvidia-smi output: strict about shape, lenient about values.

A line with the wrong number of fields is not a sample (it is usually an error message and
goes to :func:`classify`); a field that says ``[N/A]``, ``[Not Supported]``, ``N/A``, ``-``,
``[Requested functionality has been deprecated]`` or nothing at all becomes ``None``.
Nothing here raises on odd input: every failure becomes an :class:`SmiStatus`.
"""

from __future__ import annotations

import math
import re

from gpudesk.core.i18n import msg
from gpudesk.core.telemetry.model import APP_FIELDS, QUERY_FIELDS, GpuProcess, GpuSample, SmiState, SmiStatus, Versions

_UNITS = (" MiB", " W", " %", " MHz", " C", "MiB", "W", "%", "MHz", "C")
_N_QUERY = len(QUERY_FIELDS)


def num(text: str) -> float | None:
    """A number from one CSV/table field, or ``None`` when the GPU does not report it."""
    s = text.strip()
    if not s or s[0] == "[" or s in ("N/A", "-", "Unknown", "Default"):
        return None
    try:
        return _finite(float(s))
    except ValueError:
        pass
    for unit in _UNITS:
        if s.endswith(unit):
            try:
                return _finite(float(s[: -len(unit)]))
            except ValueError:
                return None
    return None


def _finite(value: float) -> float | None:
    """``inf``/``nan`` (a driver's or a hostile server's) are no reading at all."""
    return value if math.isfinite(value) else None


def _text(s: str) -> str | None:
    s = s.strip()
    return None if not s or s[0] == "[" or s == "N/A" else s


def parse_query_line(line: str) -> GpuSample | None:
    """One ``--query-gpu`` line (fields of :data:`QUERY_FIELDS`, ``csv,noheader,nounits``) or ``None``."""
    parts = line.split(",")
    if len(parts) != _N_QUERY:
        return None
    index = num(parts[1])
    if index is None:
        return None
    n = num
    return GpuSample(
        index=int(index),
        uuid=_text(parts[2]) or "",
        name=parts[3].strip(),
        util_gpu=n(parts[4]),
        util_mem=n(parts[5]),
        mem_used_mib=n(parts[6]),
        mem_total_mib=n(parts[7]),
        temp_c=n(parts[8]),
        power_w=n(parts[9]),
        power_limit_w=n(parts[10]),
        sm_clock_mhz=n(parts[11]),
        mem_clock_mhz=n(parts[12]),
        fan_pct=n(parts[13]),
        pstate=_text(parts[14]),
        timestamp=parts[0].strip(),
    )


def parse_query(text: str) -> tuple[list[GpuSample], list[str]]:
    """All sample lines of a one-shot query, and the lines that were not samples."""
    gpus: list[GpuSample] = []
    other: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        sample = parse_query_line(line)
        if sample is None:
            other.append(line.strip())
        else:
            gpus.append(sample)
    return gpus, other


def parse_app_line(line: str) -> GpuProcess | None:
    """One ``--query-compute-apps`` line (fields of :data:`APP_FIELDS`) or ``None``."""
    parts = line.split(",", len(APP_FIELDS) - 1)
    if len(parts) != len(APP_FIELDS):
        return None
    pid = num(parts[1])
    if pid is None:
        return None
    return GpuProcess(gpu_uuid=parts[0].strip(), pid=int(pid), used_mib=num(parts[2]), name=parts[3].strip())


def parse_apps(text: str) -> list[GpuProcess]:
    procs = []
    for line in text.splitlines():
        proc = parse_app_line(line)
        if proc is not None:
            procs.append(proc)
    return procs


def parse_ps_users(text: str) -> dict[int, str]:
    """``ps -o pid=,user=`` output as ``{pid: user}``."""
    users: dict[int, str] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            users[int(parts[0])] = parts[1]
    return users


_DRIVER = re.compile(r"(?:DRIVER|KMD)\s+version\s*:?\s*([0-9][\w.]*)", re.IGNORECASE)
_CUDA = re.compile(r"CUDA(?:\s+UMD)?\s+Version\s*:?\s*([0-9][\w.]*)", re.IGNORECASE)
_NVML = re.compile(r"NVML\s+version\s*:\s*([0-9][\w.]*)", re.IGNORECASE)


def parse_versions(text: str) -> Versions:
    """Driver and CUDA version from ``nvidia-smi --version`` or the default table's header.

    Driver 610 renamed "Driver Version"/"CUDA Version" to "KMD Version"/"CUDA UMD Version";
    both spellings are read.
    """
    v = Versions()
    if m := _DRIVER.search(text):
        v.driver = m.group(1)
    if m := _CUDA.search(text):
        v.cuda = m.group(1)
    if m := _NVML.search(text):
        v.nvml = m.group(1)
    return v


_LOST = re.compile(r"Unable to determine the device handle|GPU is lost|fallen off the bus", re.IGNORECASE)
_MEANINGS: list[tuple[re.Pattern[str], SmiState, str]] = [
    (
        re.compile(r"couldn't communicate with the NVIDIA driver", re.IGNORECASE),
        SmiState.DRIVER_UNREACHABLE,
        msg(
            "NvidiaSmi",
            "The NVIDIA driver is not running, or this container was started without GPU access. "
            "Reboot the server or reinstall the driver; in Docker, start the container with --gpus all.",
        ),
    ),
    (
        re.compile(r"Driver/library version mismatch", re.IGNORECASE),
        SmiState.NVML_MISMATCH,
        msg(
            "NvidiaSmi",
            "The driver was updated but the old kernel module is still loaded. "
            "Reboot the server (or reload the nvidia kernel modules) so both versions match.",
        ),
    ),
    (
        _LOST,
        SmiState.GPU_LOST,
        msg(
            "NvidiaSmi",
            "A GPU stopped answering (it fell off the bus). Its jobs have failed; reboot the server, "
            "and ask the provider to replace the GPU if it happens again.",
        ),
    ),
    (
        re.compile(r"No devices were found", re.IGNORECASE),
        SmiState.NO_GPUS,
        msg(
            "NvidiaSmi",
            "The driver runs but sees no GPU. The instance may have no GPU attached, or the GPU is "
            "hidden from this container (CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES).",
        ),
    ),
    (
        re.compile(r"Insufficient Permissions", re.IGNORECASE),
        SmiState.PERMISSION,
        msg("NvidiaSmi", "This user may not read the GPUs. Ask the administrator to add it to the video group."),
    ),
    (
        re.compile(r"command not found|No such file or directory|not found", re.IGNORECASE),
        SmiState.MISSING,
        msg(
            "NvidiaSmi",
            "nvidia-smi is not installed on this server: it has no NVIDIA driver, or the driver's "
            "tools are not on the PATH. Install the NVIDIA driver, or pick a GPU image.",
        ),
    ),
]

_NO_NVML = msg(
    "NvidiaSmi",
    "nvidia-smi cannot load the driver's NVML library: the NVIDIA driver is missing or only "
    "half installed. Reinstall the NVIDIA driver, then reboot the server.",
)
_CANNOT_RUN = msg(
    "NvidiaSmi",
    "nvidia-smi is on the server but cannot be started (no permission, or a damaged file). "
    "Reinstall the NVIDIA driver.",
)
_SPECIFIC: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"libnvidia-ml|NVML Shared Library Not Found", re.IGNORECASE), _NO_NVML),
]
# nvidia-smi's documented exit codes, for output that matches none of the known messages.
_BY_CODE: dict[int, tuple[SmiState, str]] = {
    4: (SmiState.PERMISSION, _MEANINGS[4][2]),
    9: (SmiState.DRIVER_UNREACHABLE, _MEANINGS[0][2]),
    12: (SmiState.ERROR, _NO_NVML),
    15: (SmiState.GPU_LOST, _MEANINGS[2][2]),
    18: (SmiState.NVML_MISMATCH, _MEANINGS[1][2]),
    126: (SmiState.ERROR, _CANNOT_RUN),
}

MISSING = SmiStatus(SmiState.MISSING, "", _MEANINGS[-1][2])

MAX_LINES = 6  # of nvidia-smi's own lines shown to people
MAX_LINE_CHARS = 200
_RAW_LINE_CHARS = 4096  # looked at per line: a hostile nvidia-smi may print megabytes
# Terminal escape sequences (CSI, OSC, DCS/SOS/PM/APC, two-character ESC forms, 8-bit CSI).
_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[ -~]?|\x9b[0-?]*[ -/]*[@-~]?"
)
# C0/C1 controls and the invisible or reordering characters that could disguise a line.
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]")


def strip_controls(text: str) -> str:
    """``text`` without terminal escape sequences or control characters; newlines stay, tabs become spaces."""
    lines = _ESCAPE.sub("", text).replace("\t", " ").split("\n")
    return "\n".join(_CONTROL.sub("", line) for line in lines)


def clean_line(line: str, limit: int = MAX_LINE_CHARS) -> str:
    """One line of remote text made safe to show: no escape sequences or control characters, capped."""
    text = strip_controls(line[:_RAW_LINE_CHARS].replace("\n", " ")).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def clean_output(text: str, max_lines: int = MAX_LINES) -> tuple[str, ...]:
    """The first non-empty lines of ``text``, cleaned by :func:`clean_line`; "…" when more followed."""
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n", 4 * max_lines)[: 4 * max_lines]:
        line = clean_line(raw)
        if not line:
            continue
        if len(lines) == max_lines:
            lines.append("…")
            break
        lines.append(line)
    return tuple(lines)


def classify(text: str, exit_code: int | None = None) -> SmiStatus:
    """Turn nvidia-smi's error output (and exit code) into a typed, explained status."""
    output = clean_output(text)
    lines = [line for line in output if line != "…"]
    if exit_code == 127 and not any(p.search(line) for p, _, _ in _MEANINGS[:-1] for line in lines):
        return SmiStatus(SmiState.MISSING, lines[0] if lines else "", _MEANINGS[-1][2], 127, output)
    for pattern, state, meaning in _MEANINGS:
        for line in lines:
            if pattern.search(line):
                return SmiStatus(state, line, meaning, exit_code, output)
    first = lines[0] if lines else ""
    for pattern, meaning in _SPECIFIC:
        for line in lines:
            if pattern.search(line):
                return SmiStatus(SmiState.ERROR, line, meaning, exit_code, output)
    if exit_code in _BY_CODE:
        state, meaning = _BY_CODE[exit_code]
        return SmiStatus(state, first, meaning, exit_code, output)
    if exit_code in (None, 0) and not first:
        return SmiStatus(SmiState.NO_GPUS, "", _MEANINGS[3][2], exit_code)
    return SmiStatus(
        SmiState.ERROR,
        first,
        msg(
            "NvidiaSmi",
            "nvidia-smi failed (exit code {code}). Run nvidia-smi in a terminal on the server to see more.",
            code=exit_code,
        )
        if exit_code not in (None, 0)
        else msg("NvidiaSmi", "nvidia-smi printed something unexpected."),
        exit_code,
        output,
    )


def is_lost_line(line: str) -> bool:
    return bool(_LOST.search(line))
