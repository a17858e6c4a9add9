"""A gpudesk job as a SkyPilot task YAML, for users who move on to many nodes or many clouds.

The shape follows SkyPilot's task schema (skypilot-org/skypilot ``sky/utils/schemas.py`` @
00052dfe0d132c5ad6aa9a175572b0695f747c80, ``get_task_schema`` and ``get_resources_schema``; the YAML
reference at docs.skypilot.co/en/latest/reference/yaml-spec.html): ``name``, ``resources`` (``cloud``,
``accelerators`` as "H100:8"), ``num_nodes``, ``workdir`` (a local folder SkyPilot syncs to
``~/sky_workdir``, where ``setup`` and ``run`` execute), ``file_mounts`` (remote path → local path),
``envs`` (string or null values; null means "pass it with ``sky launch --env NAME``"), ``setup``, ``run``.

Secrets never reach the file: an environment variable whose name looks like a token (HF_TOKEN,
WANDB_API_KEY …) is written with a null value. The YAML is written by hand (gpudesk does not ship a
YAML library): every key and scalar is a double-quoted string, and commands are literal blocks when
that is safe, so no value can change the document's structure.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

from gpudesk.core import ctrlchars
from gpudesk.core.jobs.model import JobInfo
from gpudesk.core.redact import is_secret_name

#: provider kind → SkyPilot cloud name (``sky/skylet/constants.py`` ALL_CLOUDS)
CLOUDS = {"runpod": "runpod", "lambda": "lambda", "vast": "vast", "aws": "aws", "gcp": "gcp", "azure": "azure"}
_ENV_NAME = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]*$")
#: nvidia-smi names → SkyPilot accelerator names (``sky show-gpus``), most specific first
_ACCELERATORS = (
    (r"\bgh200\b", "GH200"), (r"\bh200\b", "H200"), (r"\bh100\b", "H100"), (r"\bb200\b", "B200"),
    (r"\ba100\b.*80\s*gb|80\s*gb.*\ba100\b", "A100-80GB"), (r"\ba100\b", "A100"), (r"\ba10g\b", "A10G"),
    (r"\ba10\b", "A10"), (r"\bl40s\b", "L40S"), (r"\bl40\b", "L40"), (r"\bl4\b", "L4"), (r"\bt4\b", "T4"),
    (r"\bv100\b.*32\s*gb", "V100-32GB"), (r"\bv100\b", "V100"), (r"rtx\s*a6000|\ba6000\b", "A6000"),
    (r"rtx\s*6000\s*ada", "RTX6000-Ada"), (r"rtx\s*(\d{4})", "RTX{0}"),
)  # fmt: skip


def accelerator_name(gpu_name: str) -> str:
    """SkyPilot's name for a GPU as nvidia-smi or a provider names it ("NVIDIA H100 80GB HBM3" → "H100")."""
    text = gpu_name.lower().replace("-", " ")
    for pattern, name in _ACCELERATORS:
        found = re.search(pattern, text)
        if found:
            return name.format(*found.groups())
    words = [w for w in re.split(r"[^A-Za-z0-9]+", gpu_name) if w and w.lower() not in ("nvidia", "geforce", "tesla")]
    return words[0].upper() if words else ""


def accelerators(gpu_names: list[str]) -> str | None:
    """ "H100:8" for eight H100s; None when there are none or the GPUs differ (SkyPilot wants one kind)."""
    names = {accelerator_name(n) for n in gpu_names}
    names.discard("")
    if len(names) != 1 or not gpu_names:
        return None
    return f"{names.pop()}:{len(gpu_names)}"


def _run_lines(job: JobInfo) -> list[str]:
    act = job.activation if isinstance(job.activation, dict) else {}
    kind, value = str(act.get("kind", "none")), str(act.get("value", ""))
    lines = []
    if kind == "conda" and value:
        lines.append(f"conda activate {_shell_word(value)}")
    elif kind == "venv" and value:
        lines.append(f"source {_shell_word(value.rstrip('/'))}/bin/activate")
    lines.append(job.command)
    return lines


def _shell_word(text: str) -> str:
    return shlex.quote(text)


def skypilot_task(
    job: JobInfo,
    *,
    accelerators: str | None = None,
    cloud: str | None = None,
    workdir: str | None = ".",
    file_mounts: dict[str, str] | None = None,
    setup: str | None = None,
) -> dict[str, Any]:
    """The task as a dict in SkyPilot's field names (see :func:`task_yaml` for the text)."""
    resources: dict[str, Any] = {}
    if cloud:
        resources["cloud"] = CLOUDS.get(cloud, cloud)
    if accelerators:
        resources["accelerators"] = accelerators
    task: dict[str, Any] = {"name": _task_name(job)}
    if resources:
        task["resources"] = resources
    task["num_nodes"] = 1
    if workdir:
        task["workdir"] = workdir
    if file_mounts:
        task["file_mounts"] = dict(file_mounts)
    envs: dict[str, str | None] = {}
    for key, value in job.env.items():
        if key == "CUDA_VISIBLE_DEVICES" or not _ENV_NAME.match(key):
            continue  # another machine numbers its GPUs itself; a bad name would be refused
        envs[key] = None if is_secret_name(key) else value
    if envs:
        task["envs"] = envs
    task["setup"] = (
        setup if setup is not None else "if [ -f requirements.txt ]; then pip install -r requirements.txt; fi"
    ).rstrip("\n")
    task["run"] = "\n".join(_run_lines(job)).rstrip("\n")
    return task


def _task_name(job: JobInfo) -> str:
    name = ctrlchars.clean(job.name or "").strip() or f"gpudesk-{job.id}"
    return name[:100]


# -- writing -----------------------------------------------------------------------------
def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's; DEL, C1 and U+2028/9 escaped too)."""
    return ctrlchars.escape_json(json.dumps(text, ensure_ascii=False))


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _quoted(str(value))


def _block(text: str, indent: str) -> str | None:
    """A literal block for a command, or None when one could be misread (then it is quoted)."""
    body = text.rstrip("\n")
    if not body.strip() or "\r" in body or "\ufeff" in body or body[0] in " \t":
        return None
    if ctrlchars.has_control(body.replace("\n", "").replace("\t", "")):
        return None
    lines = [(indent + line) if line else "" for line in body.split("\n")]
    return "|-\n" + "\n".join(lines)  # "-": no line break added at the end


def task_yaml(task: dict[str, Any]) -> str:
    """The task as YAML text that SkyPilot (``yaml.safe_load``) reads back to the same values."""
    out = [
        "# SkyPilot task exported by gpudesk. Launch it with: sky launch THIS_FILE",
        "# workdir is a local folder SkyPilot uploads to ~/sky_workdir; setup and run execute there.",
    ]
    for key, value in task.items():
        if isinstance(value, dict):
            out.append(f"{key}:" if value else f"{key}: {{}}")
            for sub, item in value.items():
                out.append(f"  {_quoted(str(sub))}: {_scalar(item)}")
        elif key in ("run", "setup") and isinstance(value, str) and _block(value, "  ") is not None:
            out.append(f"{key}: {_block(value, '  ')}")
        else:
            out.append(f"{key}: {_scalar(value)}")
    return "\n".join(out) + "\n"
