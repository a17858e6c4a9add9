"""What a job is: the spec the user fills in, and the state read back from the server."""

from __future__ import annotations

import secrets
import time
from dataclasses import asdict, dataclass, field

from gpudesk.core.billing.price import duration
from gpudesk.core.datafile import JSONObject

#: Where jobs live on the server, relative to the login user's home.
JOBS_ROOT = ".gpudesk/jobs"

RUNNING, SUCCEEDED, FAILED, STOPPED, LOST = "running", "succeeded", "failed", "stopped", "lost"


def new_job_id(now: float | None = None) -> str:
    """A sortable, unique id such as ``20261202-150405-3fa2``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now if now is not None else time.time()))
    return f"{stamp}-{secrets.token_hex(2)}"


def valid_job_id(job_id: str) -> bool:
    """Ids go into remote paths and tmux names: allow only what we generate."""
    return (
        bool(job_id)
        and len(job_id) <= 64
        and all(c.isalnum() or c in "-_." for c in job_id)
        and not job_id.startswith(".")
    )


@dataclass
class Activation:
    """Optional environment activation before the command: a conda env or a venv folder."""

    kind: str = "none"  # none | conda | venv
    value: str = ""  # conda env name, or the venv folder


@dataclass
class JobSpec:
    """A job as the user asks for it. ``command`` is a shell command line."""

    command: str
    name: str = ""
    workdir: str = ""
    env: dict[str, str] = field(default_factory=dict)
    gpus: str = ""  # CUDA_VISIBLE_DEVICES, e.g. "0,1"; empty leaves it alone
    activation: Activation = field(default_factory=Activation)
    template: str = "custom"
    log_dir: str = ""  # TensorBoard log dir (relative to workdir), when the job writes one
    results: list[str] = field(default_factory=list)  # patterns "Collect results" offers by default
    job_id: str = ""

    def effective_env(self) -> dict[str, str]:
        env = {"PYTHONUNBUFFERED": "1"}  # so Python output reaches the log as it is printed
        if self.gpus.strip():
            env["CUDA_VISIBLE_DEVICES"] = self.gpus.strip()
        env.update(self.env)
        return env


@dataclass
class JobInfo:
    """A job as the server knows it (rebuilt from ``meta.json`` and the exit file)."""

    id: str
    name: str = ""
    command: str = ""
    workdir: str = ""
    env: dict[str, str] = field(default_factory=dict)
    template: str = "custom"
    runner: str = "tmux"  # tmux | nohup
    log_dir: str = ""
    results: list[str] = field(default_factory=list)
    activation: dict[str, str] = field(default_factory=dict)
    start: float | None = None
    end: float | None = None
    exit_code: int | None = None
    alive: bool = False
    log_size: int = 0
    clock_skew: float = 0.0  # server clock minus ours, so a running job's duration uses the server's clock

    @property
    def status(self) -> str:
        if self.exit_code is not None:
            if self.exit_code == 0:
                return SUCCEEDED
            return STOPPED if self.exit_code in (130, 143, 129) else FAILED
        return RUNNING if self.alive else LOST

    @property
    def finished(self) -> bool:
        return self.status != RUNNING

    def duration_s(self, now: float | None = None) -> float | None:
        if self.start is None:
            return None
        end = self.end if self.end is not None else (now if now is not None else time.time() + self.clock_skew)
        return max(0.0, end - self.start)

    def cost(self, hourly_price: float | None, now: float | None = None) -> float | None:
        duration = self.duration_s(now)
        if hourly_price is None or duration is None:
            return None
        return hourly_price * duration / 3600.0

    def to_spec(self, command: str | None = None) -> JobSpec:
        """The spec this job ran with (for "Run again", TensorBoard in its environment)."""
        act = Activation(str(self.activation.get("kind", "none")), str(self.activation.get("value", "")))
        env = dict(self.env)
        gpus = env.pop("CUDA_VISIBLE_DEVICES", "")
        return JobSpec(
            command if command is not None else self.command,
            self.name,
            self.workdir,
            env,
            gpus,
            act,
            self.template,
            self.log_dir,
            list(self.results),
        )

    def to_json(self) -> JSONObject:
        data = asdict(self)
        data["status"] = self.status
        data["duration_s"] = self.duration_s()
        return data

    @classmethod
    def from_meta(cls, data: JSONObject) -> JobInfo:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        info = cls(**known)
        info.env = {str(k): str(v) for k, v in (info.env or {}).items()} if isinstance(info.env, dict) else {}
        info.activation = info.activation if isinstance(info.activation, dict) else {}
        info.results = [str(r) for r in info.results] if isinstance(info.results, list) else []
        for attr in ("start", "end"):
            value = getattr(info, attr)
            setattr(
                info, attr, float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
            )
        if not isinstance(info.exit_code, int) or isinstance(info.exit_code, bool):
            info.exit_code = None
        return info


def format_duration(seconds: float | None) -> str:
    """``1 h 30 min`` / ``1 min 15 s`` / ``12 s`` (a Msg: the UI shows it in its language); ``–`` when unknown."""
    if seconds is None:
        return "–"
    return duration(round(seconds))  # billing's wording, so one translation serves both
