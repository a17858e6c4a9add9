"""The step-2 environment check: is this server ready to train?

One exec collects facts (the GPU snapshot runs separately); :func:`evaluate` turns them into
checks, each ``ok``/``warn``/``fail`` with a fix in plain words. Pure functions apart from
:func:`run_check`, so every verdict is unit-tested from text. Names, details and fixes are
:class:`~gpudesk.core.i18n.Msg` where they are words: English in the CLI, translated in the UI.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Protocol

from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.telemetry.hints import short_model
from gpudesk.core.telemetry.model import SmiState
from gpudesk.core.telemetry.snapshot import Snapshot, take_snapshot

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import ExecResult

_PY_PROBE = (
    "import importlib.util as u, json, sys\n"
    "name = sys.argv[1]\n"
    "if u.find_spec(name) is None:\n"
    "    print(json.dumps({'installed': False})); sys.exit()\n"
    "try:\n"
    "    if name == 'torch':\n"
    "        import torch as m\n"
    "        d = {'version': m.__version__, 'cuda': m.version.cuda, 'available': m.cuda.is_available(),"
    " 'devices': m.cuda.device_count()}\n"
    "    else:\n"
    "        import tensorflow as m\n"
    "        b = m.sysconfig.get_build_info()\n"
    "        d = {'version': m.__version__, 'cuda': b.get('cuda_version'),"
    " 'devices': len(m.config.list_physical_devices('GPU'))}\n"
    "        d['available'] = d['devices'] > 0\n"
    "    d['installed'] = True\n"
    "except Exception as e:\n"
    "    d = {'installed': True, 'error': (type(e).__name__ + ': ' + str(e)).splitlines()[0][:300]}\n"
    "print(json.dumps(d))\n"
)

_FACTS = r"""
export LC_ALL=C
py=$(command -v python3 || command -v python)
echo "== nvcc"
{ command -v nvcc >/dev/null 2>&1 && nvcc --version; } || { [ -x /usr/local/cuda/bin/nvcc ] && /usr/local/cuda/bin/nvcc --version; }
for mod in torch tensorflow; do
  echo "== $mod"
  [ -n "$py" ] && timeout 120 "$py" -c "$PROBE" "$mod" 2>/dev/null | tail -n 1
done
echo "== df"
for d in "$HOME" /data /workspace /root/autodl-tmp /mnt/data /scratch; do
  [ -d "$d" ] && df -Pk "$d" 2>/dev/null | tail -n 1 | sed "s|^|$d |"
done
echo "== tmux"
tmux -V 2>/dev/null
echo "== end"
"""


@dataclass
class Check:
    name: str
    status: str  # ok | warn | fail
    detail: str
    fix: str = ""


@dataclass
class Report:
    gpus: list[JSONObject] = field(default_factory=list)
    driver: str | None = None
    cuda: str | None = None
    checks: list[Check] = field(default_factory=list)

    def to_json(self) -> JSONObject:
        return {"gpus": self.gpus, "driver": self.driver, "cuda": self.cuda, "checks": [asdict(c) for c in self.checks]}

    @property
    def worst(self) -> str:
        states = {c.status for c in self.checks}
        return "fail" if "fail" in states else "warn" if "warn" in states else "ok"


class _Execs(Protocol):
    def exec(self, command: str, timeout: float | None = ...) -> ExecResult: ...


def facts_command() -> str:
    return "sh -c " + shlex.quote("PROBE=" + shlex.quote(_PY_PROBE) + "\n" + _FACTS)


def parse_facts(text: str) -> dict[str, str]:
    """Split the facts output into its ``== name`` sections."""
    sections: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines():
        if line.startswith("== "):
            current = line[3:].strip()
            sections.setdefault(current, [])
        elif current:
            sections[current].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


def _ver(text: str | None) -> tuple[int, ...] | None:
    m = re.match(r"(\d+)\.(\d+)", text or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def _fits(build: str | None, driver_cuda: str | None) -> tuple[str, str]:
    """How a framework's CUDA build fits the driver: ('ok'|'warn'|'fail', why)."""
    b, d = _ver(build), _ver(driver_cuda)
    if b is None or d is None:
        return "ok", ""
    if b[0] > d[0]:
        return "fail", msg(
            "EnvCheck",
            "it is built for CUDA {build} but the driver supports only up to CUDA {driver}",
            build=build,
            driver=driver_cuda,
        )
    if b > d:
        return "warn", msg(
            "EnvCheck",
            "it is built for CUDA {build}, newer than the driver's {driver}; "
            "most code runs (minor-version compatibility) but JIT-compiled kernels may fail",
            build=build,
            driver=driver_cuda,
        )
    return "ok", ""


_TORCH_CUDA = ((13, 0), (12, 9), (12, 8), (12, 6), (12, 4), (12, 1), (11, 8))


def torch_index(driver_cuda: str | None) -> str:
    """The PyTorch wheel index of the newest CUDA build the driver runs."""
    d = _ver(driver_cuda) or (12, 1)
    best = next((c for c in _TORCH_CUDA if c <= d), _TORCH_CUDA[-1])
    return f"https://download.pytorch.org/whl/cu{best[0]}{best[1]}"


def _gib(kib: int) -> str:
    return f"{kib / 1024 / 1024:.1f} GB"


def evaluate(snap: Snapshot, facts: dict[str, str]) -> Report:
    """All checks from a GPU snapshot and the facts sections."""
    rep = Report(gpus=snap.to_json(), driver=snap.versions.driver, cuda=snap.versions.cuda)
    add = rep.checks.append
    st = snap.status
    if st.state is SmiState.OK or (st.state is SmiState.GPU_LOST and snap.gpus):
        add(
            Check(
                "nvidia-smi",
                "ok" if st.ok else "warn",
                msg("EnvCheck", "nvidia-smi works.") if st.ok else st.said() or st.message(),
                ""
                if st.ok
                else msg("EnvCheck", "Reboot the server; if a GPU stays lost, ask the provider to replace it."),
            )
        )
    else:
        # Its exit code and own first lines; what to do goes in the fix.
        add(Check("nvidia-smi", "fail", st.said() or st.message(), st.meaning))
    gpus_name = msg("EnvCheck", "GPUs")
    if snap.gpus:
        names = sorted({g.name for g in snap.gpus})
        add(Check(gpus_name, "ok", f"{len(snap.gpus)}× {', '.join(names)}"))
    elif st.ok:
        add(
            Check(
                gpus_name,
                "fail",
                msg("EnvCheck", "No GPU is visible."),
                msg(
                    "EnvCheck",
                    "Check that the instance has GPUs and that the container was started with GPU access "
                    "(docker run --gpus all).",
                ),
            )
        )
    if st.ok or snap.gpus:
        driver_name = msg("EnvCheck", "Driver")
        if rep.driver:
            add(Check(driver_name, "ok", msg("EnvCheck", "NVIDIA driver {version}", version=rep.driver)))
        else:
            add(
                Check(
                    driver_name,
                    "warn",
                    msg("EnvCheck", "The driver version could not be read."),
                    msg("EnvCheck", "Run nvidia-smi on the server."),
                )
            )
        cuda_name = msg("EnvCheck", "CUDA (driver)")
        if rep.cuda:
            add(Check(cuda_name, "ok", msg("EnvCheck", "The driver supports CUDA up to {cuda}.", cuda=rep.cuda)))
        else:
            add(
                Check(
                    cuda_name,
                    "warn",
                    msg("EnvCheck", "The driver does not say which CUDA it supports (driver older than 410?)."),
                    msg("EnvCheck", "Update the NVIDIA driver: current frameworks need CUDA 11.8 or newer."),
                )
            )
    nvcc = facts.get("nvcc", "")
    m = re.search(r"release (\d+\.\d+)", nvcc)
    if m:
        fit, why = _fits(m.group(1), rep.cuda)
        if why:
            add(
                Check(
                    "nvcc",
                    "warn" if fit != "ok" else "ok",
                    msg("EnvCheck", "CUDA toolkit {version}: {why}", version=m.group(1), why=why),
                    msg("EnvCheck", "Install a CUDA toolkit no newer than the driver supports, or update the driver."),
                )
            )
        else:
            add(
                Check(
                    "nvcc",
                    "warn" if fit != "ok" else "ok",
                    msg("EnvCheck", "CUDA toolkit {version}", version=m.group(1)),
                )
            )
    else:
        add(
            Check(
                "nvcc",
                "ok",
                msg(
                    "EnvCheck", "No CUDA toolkit (nvcc); only needed to compile CUDA code. Frameworks bring their own."
                ),
            )
        )
    for key, label, pip in (
        ("torch", "PyTorch", "pip install torch"),
        ("tensorflow", "TensorFlow", "pip install tensorflow[and-cuda]"),
    ):
        add_framework(rep, key, label, pip, facts.get(key, ""), len(snap.gpus))
    add_disks(rep, facts.get("df", ""))
    tmux = facts.get("tmux", "")
    if tmux.startswith("tmux"):
        add(Check("tmux", "ok", tmux.splitlines()[0]))
    else:
        add(
            Check(
                "tmux",
                "warn",
                msg("EnvCheck", "tmux is not installed, so a job dies when the connection drops."),
                msg("EnvCheck", "Install it: apt-get install -y tmux (or yum install -y tmux)."),
            )
        )
    return rep


def add_framework(rep: Report, key: str, label: str, pip: str, text: str, n_gpus: int) -> None:
    try:
        info = json.loads(text.splitlines()[-1]) if text else {}
    except ValueError:
        info = {}
    if not info or not info.get("installed"):
        if key == "torch":
            rep.checks.append(
                Check(
                    label,
                    "warn",
                    msg("EnvCheck", "{name} is not installed for python3.", name=label),
                    msg(
                        "EnvCheck",
                        "{command}, or activate the environment that has it.",
                        command=f"{pip} --index-url {torch_index(rep.cuda)}",
                    ),
                )
            )
        return  # TensorFlow is optional: no line when it is absent
    if "error" in info:
        rep.checks.append(
            Check(
                label,
                "fail",
                msg("EnvCheck", "{name} is installed but does not import: {error}", name=label, error=info["error"]),
                msg("EnvCheck", "Reinstall it ({command}) in a clean virtual environment.", command=pip),
            )
        )
        return
    version, build = info.get("version"), info.get("cuda")
    if not build:
        # PyTorch always names its CUDA wheel index; other frameworks only when there is a GPU to use.
        command = f"{pip} --index-url {torch_index(rep.cuda)}" if key == "torch" else pip if n_gpus else ""
        rep.checks.append(
            Check(
                label,
                "warn" if n_gpus else "ok",
                msg("EnvCheck", "{name} {version} is a CPU-only build.", name=label, version=version),
                msg("EnvCheck", "Install a CUDA build: {command}", command=command) if command else "",
            )
        )
        return
    fit, why = _fits(build, rep.cuda)
    seen = info.get("devices", 0)
    if fit == "fail":
        rep.checks.append(
            Check(
                label,
                "fail",
                msg(
                    "EnvCheck", "{name} {version}: {why} (environment conflict).", name=label, version=version, why=why
                ),
                msg(
                    "EnvCheck",
                    "Install a {name} build for CUDA {cuda} or older, or update the NVIDIA driver.",
                    name=label,
                    cuda=rep.cuda,
                ),
            )
        )
    elif not info.get("available") and n_gpus:
        rep.checks.append(
            Check(
                label,
                "fail",
                msg(
                    "EnvCheck",
                    "{name} {version} (CUDA {build}) does not see any GPU.",
                    name=label,
                    version=version,
                    build=build,
                ),
                msg("EnvCheck", "Check CUDA_VISIBLE_DEVICES, and that the framework's CUDA build fits the driver."),
            )
        )
    elif why:
        rep.checks.append(
            Check(
                label,
                fit,
                msg(
                    "EnvCheck",
                    "{name} {version}, CUDA {build}, sees {seen} GPU(s); {why}",
                    name=label,
                    version=version,
                    build=build,
                    seen=seen,
                    why=why,
                ),
                msg("EnvCheck", "Prefer a {name} build for CUDA {cuda} or older.", name=label, cuda=rep.cuda),
            )
        )
    else:
        rep.checks.append(
            Check(
                label,
                fit,
                msg(
                    "EnvCheck",
                    "{name} {version}, CUDA {build}, sees {seen} GPU(s).",
                    name=label,
                    version=version,
                    build=build,
                    seen=seen,
                ),
            )
        )


def add_disks(rep: Report, text: str) -> None:
    seen: set[str] = set()
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 7 or not parts[4].isdigit():
            continue
        path, device, avail = parts[0], parts[1], int(parts[4])
        if device in seen:
            continue  # the same file system under another name
        seen.add(device)
        # The script lists $HOME first, then the usual data mounts.
        label = msg("EnvCheck", "Disk (home)") if len(seen) == 1 else msg("EnvCheck", "Disk ({path})", path=path)
        if avail < 1024 * 1024:
            rep.checks.append(
                Check(
                    label,
                    "fail",
                    msg("EnvCheck", "Only {size} free on {path}.", size=_gib(avail), path=path),
                    msg(
                        "EnvCheck",
                        "Delete old checkpoints or caches (~/.cache/pip, ~/.cache/huggingface), or grow the disk.",
                    ),
                )
            )
        elif avail < 10 * 1024 * 1024:
            rep.checks.append(
                Check(
                    label,
                    "warn",
                    msg("EnvCheck", "{size} free on {path}; checkpoints fill it fast.", size=_gib(avail), path=path),
                    msg("EnvCheck", "Free some space, or keep data and checkpoints on a larger data disk."),
                )
            )
        else:
            rep.checks.append(
                Check(label, "ok", msg("EnvCheck", "{size} free on {path}.", size=_gib(avail), path=path))
            )


def run_check(conn: _Execs, timeout: float = 180.0) -> Report:
    """Run the whole check on ``conn`` (a core Connection)."""
    snap = take_snapshot(conn)
    result = conn.exec(facts_command(), timeout=timeout)
    return evaluate(snap, parse_facts(result.out))


def gpu_line(rep: Report) -> str:
    """'8× H100' for headings."""
    if not rep.gpus:
        return msg("EnvCheck", "no GPU")
    return f"{len(rep.gpus)}× {short_model(rep.gpus[0]['name'])}"
