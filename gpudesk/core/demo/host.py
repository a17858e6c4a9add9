"""The demo host: the demo GPU server and its provider API in a process of their own.

``gpudesk --demo`` shows the server guard at work, and that needs a "server" that outlives the
app: quit the app (or kill it) in the middle of the demo and the demo instance stops by itself,
through the demo provider API, after the short demo idle time. So the app starts this host as a
detached process, or reuses the one still running from its last run, and the host ends itself
when nobody needs it any more:

- its instance was stopped (by the guard, the app or the user) and no SSH connection is open;
- no SSH connection is open and no guard runs on it (nothing would ever stop it);
- nobody connected for :data:`ALONE_CAP_S` (a cap: a demo never runs for hours on its own).

The login password and the API token are made by the app, handed over on the host's stdin and
kept in the keyring so a restarted app can log in again; ``host.json`` (mode 600) holds only
what is not secret: addresses, the host key, the pid. The pod's state survives the host in
``pod.json``, so the next run shows the instance as the guard left it.
"""

from __future__ import annotations

import base64
import json
import os
import secrets as pysecrets
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from gpudesk.core import atomic, paths, secrets
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.demo_timing import TIMING as TIMING  # the demo's timing, named here as before
from gpudesk.core.demo_timing import TIMING_ENV as TIMING_ENV
from gpudesk.core.demo_timing import timing as timing
from gpudesk.core.guard.script import DEFAULT_ROOT

if TYPE_CHECKING:
    from gpudesk.core.demo.provider_api import DemoProviderAPI
    from gpudesk.core.demo.server import DemoServer

ALONE_CAP_S = 45 * 60.0  # nobody connected for this long: the demo host goes
LINGER_S = 20.0  # nothing left to do and nobody connected for this long: it goes
CHECK_S = 2.0
STOPPED_KILL_S = 6.0
GUARD_FRESH_S = 90.0  # a guard whose status is this fresh counts as running  # the guard that stopped the pod has written down what it did by then
READY_TIMEOUT_S = 60.0
_SECRET = "demo-host"


#: The demo's short times: the training run ends after 6 min; then 1 min idle and 1 min without an
#: answer; the guard checks every 15 s and takes the app for gone after 150 s without a heartbeat.
def state_dir() -> Path:
    return paths.data_dir() / "demo-host"


@dataclass
class DemoHost:
    """A running demo host, as the app sees it (the same names as :class:`DemoServer`)."""

    pid: int
    host: str
    port: int
    username: str
    host_key_type: str
    host_key_b64: str
    api_url: str
    pod_id: str
    sandbox: Path
    session_id: str
    password: str = ""
    token: str = ""

    @property
    def host_key(self) -> Any:
        import paramiko

        return paramiko.PKey.from_type_string(self.host_key_type, _b64(self.host_key_b64))

    def alive(self) -> bool:
        return _pid_alive(self.pid) and _answers(self.api_url)

    def stop(self) -> None:
        """End the host now (the app's "stop the demo"; tests)."""
        _terminate(self.pid)


def _b64(text: str) -> bytes:
    return base64.b64decode(text)


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if os.name == "nt":  # pragma: no cover - Windows
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # type: ignore[attr-defined]
        if not handle:
            return False
        ctypes.windll.kernel32.CloseHandle(handle)  # type: ignore[attr-defined]
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _answers(api_url: str) -> bool:
    """Is the demo provider API there (a request without a token is refused with 401)?"""
    import urllib.error
    import urllib.request

    try:
        urllib.request.urlopen(api_url + "/v2/pods", timeout=3).close()  # noqa: S310 - our own 127.0.0.1 URL
    except urllib.error.HTTPError as exc:
        return exc.code == 401
    except (OSError, ValueError):
        return False
    return False


def _command_line(pid: int) -> bytes | None:
    """The command line of process ``pid`` (``None`` when it cannot be read)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        try:
            return subprocess.run(["ps", "-p", str(pid), "-o", "command="], capture_output=True, timeout=5).stdout
        except (OSError, subprocess.SubprocessError):
            return None


def _is_demo_host(pid: int) -> bool:
    """Is ``pid`` a demo host (never signal a process that only reuses an old pid)?"""
    if not _pid_alive(pid):
        return False
    command = _command_line(pid)
    return command is not None and b"__demo-host" in command


def _terminate(pid: int) -> None:
    import signal

    try:
        os.kill(pid, signal.SIGTERM)
    except OSError:
        pass


def _session_id(folder: Path) -> str:
    """The demo session's id, the same in every run: its billing, audit and meter carry over."""
    path = folder / "session_id"
    try:
        sid = path.read_text("utf-8").strip()
        if sid.isalnum() and len(sid) <= 64:
            return sid
    except OSError:
        pass
    sid = uuid.uuid4().hex
    atomic.write_text(path, sid)
    return sid


def _read_info(folder: Path) -> JSONObject | None:
    try:
        data = json.loads((folder / "host.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    need = {
        "pid": int,
        "host": str,
        "port": int,
        "username": str,
        "host_key_type": str,
        "host_key_b64": str,
        "api_url": str,
        "pod_id": str,
        "sandbox": str,
        "session_id": str,
    }
    if not isinstance(data, dict) or any(not isinstance(data.get(k), t) for k, t in need.items()):
        return None
    return data


def _handle(info: JSONObject, password: str, token: str) -> DemoHost:
    return DemoHost(
        pid=info["pid"],
        host=info["host"],
        port=info["port"],
        username=info["username"],
        host_key_type=info["host_key_type"],
        host_key_b64=info["host_key_b64"],
        api_url=info["api_url"],
        pod_id=info["pod_id"],
        sandbox=Path(info["sandbox"]),
        session_id=info["session_id"],
        password=password,
        token=token,
    )


def find(folder: Path | None = None) -> DemoHost | None:
    """The demo host left running by an earlier run of the app, if it is alive and we can log in."""
    folder = folder or state_dir()
    info = _read_info(folder)
    if info is None:
        return None
    try:
        stored = secrets.get_secret(_SECRET, str(info["pid"]))
    except Exception:  # noqa: BLE001 - no keyring: a new host instead
        stored = None
    host = None
    if stored:
        try:
            pair = json.loads(stored)
            host = _handle(info, str(pair["password"]), str(pair["token"]))
        except (ValueError, KeyError, TypeError):
            host = None
    if host is not None and host.alive():
        return host
    if _is_demo_host(info["pid"]):
        _terminate(info["pid"])  # alive but unusable (no keyring entry): make room for a new one
    return None


def _command() -> list[str]:
    if getattr(sys, "frozen", False):  # the packaged app answers a hidden command
        return [sys.executable, "__demo-host"]
    return [sys.executable, "-m", "gpudesk", "__demo-host"]


def spawn(train_s: float = 360.0, folder: Path | None = None, timeout: float = READY_TIMEOUT_S) -> DemoHost:
    """Start a detached demo host and wait until it serves. Raises RuntimeError when it cannot."""
    folder = folder or state_dir()
    folder.mkdir(parents=True, exist_ok=True)
    password, token = pysecrets.token_urlsafe(12), pysecrets.token_urlsafe(24)
    spec = {"password": password, "token": token, "train_s": float(train_s), "folder": str(folder)}
    kwargs: dict[str, Any] = {}
    if os.name == "posix":
        kwargs["start_new_session"] = True  # not in the app's process group: a Ctrl+C or kill spares it
    else:  # pragma: no cover - Windows
        kwargs["creationflags"] = 0x00000008 | 0x00000200  # DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP
    log = open(folder / "host.log", "ab")  # noqa: SIM115 - handed to the child
    try:
        proc = subprocess.Popen(
            _command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, close_fds=True, **kwargs
        )
    finally:
        log.close()
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(spec).encode() + b"\n")
    proc.stdin.close()
    line = _readline(proc.stdout, timeout)
    proc.stdout.close()
    if not line.startswith(b"ready "):
        proc.kill()
        tail = _tail(folder / "host.log")
        raise RuntimeError(f"the demo host did not start{': ' + tail if tail else ''}")
    info = json.loads(line[len(b"ready ") :])
    try:
        secrets.set_secret(_SECRET, str(info["pid"]), json.dumps({"password": password, "token": token}))
    except Exception:  # noqa: BLE001 - no keyring: this run works, a restarted app starts a new host
        pass
    return _handle(info, password, token)


def wake(host: DemoHost) -> str:
    """Start the demo pod again when it is stopped (by the guard while the app was away), as a
    user would before logging in. Returns the status it had ("" when the API did not answer)."""
    import urllib.error
    import urllib.request

    def call(method: str, path: str, body: JSONObject | None = None) -> JSON:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(host.api_url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {host.token}")
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as reply:  # noqa: S310 - our own 127.0.0.1 URL
            return json.loads(reply.read() or b"null")

    try:
        pod = call("GET", f"/v2/pods/{host.pod_id}")
        status = str(pod.get("status", "")) if isinstance(pod, dict) else ""
        if status == "EXITED":
            call("POST", f"/v2/pods/{host.pod_id}/action", {"action": "start"})
    except (OSError, ValueError, urllib.error.HTTPError):
        return ""
    return status


def find_or_spawn(train_s: float = 360.0, folder: Path | None = None) -> DemoHost:
    return find(folder) or spawn(train_s, folder)


def _readline(stream: IO[bytes], timeout: float) -> bytes:
    box: list[bytes] = [b""]

    def read() -> None:
        box[0] = stream.readline()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    return box[0]


def _tail(path: Path) -> str:
    try:
        lines = path.read_text("utf-8", errors="replace").strip().splitlines()
    except OSError:
        return ""
    return lines[-1][:300] if lines else ""


# -- the host process ---------------------------------------------------------------------
def _guard_pid(sandbox: Path) -> int | None:
    try:
        pid = int((sandbox / DEFAULT_ROOT / "pid").read_text().strip())
    except (OSError, ValueError):
        return None
    if pid <= 1 or pid == os.getpid() or not _pid_alive(pid):
        return None
    # A pid file outlives its process (a reboot, a crash): the pid may now name an unrelated process.
    # Only the guard running this sandbox's own script is ours to signal (the guard's own is_guard test).
    command = _command_line(pid)
    script = os.fsencode(sandbox / DEFAULT_ROOT / "guard.sh")
    return pid if command is not None and script in command else None


def _guard_running(sandbox: Path) -> bool:
    """A guard runs here: its pid is alive, or it wrote its status lately (a pid file can lag)."""
    if _guard_pid(sandbox) is not None:
        return True

    try:
        age = time.time() - (sandbox / DEFAULT_ROOT / "status.json").stat().st_mtime
    except OSError:
        return False
    return age < GUARD_FRESH_S


def serve(stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """The host process (``gpudesk __demo-host``): reads its spec on stdin, serves until it is not needed."""
    import signal

    from gpudesk.core.demo.provider_api import DemoProviderAPI
    from gpudesk.core.demo.server import DemoConfig, DemoServer

    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    spec = json.loads(stdin.readline())
    folder = Path(spec["folder"])
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # the app's terminal closing is not our end
    server = DemoServer(DemoConfig(train_s=float(spec.get("train_s") or 0)), password=str(spec["password"])).start()
    api = DemoProviderAPI(server.host, server.port, token=str(spec["token"]), state_file=folder / "pod.json").start()
    info = {
        "pid": os.getpid(),
        "host": server.host,
        "port": server.port,
        "username": server.username,
        "host_key_type": server.host_key.get_name(),
        "host_key_b64": server.host_key.get_base64(),
        "api_url": api.url,
        "pod_id": api.pod_id,
        "sandbox": str(server.sandbox),
        "session_id": _session_id(folder),
        "started": time.time(),
    }
    atomic.write_text(folder / "host.json", json.dumps(info))
    stdout.write("ready " + json.dumps(info) + "\n")
    stdout.flush()
    with open(os.devnull, "w") as null:  # the app may be gone: never write to its pipe again
        os.dup2(null.fileno(), 1)
    try:
        _live(server, api, stopping)
    finally:
        try:
            (folder / "host.json").unlink()
        except OSError:
            pass
        api.stop()
        guard = _guard_pid(server.sandbox)
        if guard is not None:
            _terminate(guard)  # the "server" goes away: so does everything that ran on it
        server.stop()
    return 0


def _live(server: DemoServer, api: DemoProviderAPI, stopping: threading.Event) -> None:
    """Serve until stopped, or until nothing is left to do and nobody is connected."""
    last_seen = time.monotonic()
    idle_since: float | None = None
    stopped_since: float | None = None
    while not stopping.wait(CHECK_S):
        now = time.monotonic()
        status = api.status
        stopped = status in ("EXITED", "TERMINATED")
        stopped_since = (stopped_since or now) if stopped else None
        if stopped_since is not None and now - stopped_since >= STOPPED_KILL_S:
            guard = _guard_pid(server.sandbox)  # a stopped machine runs nothing: nor does its guard
            if guard is not None:
                _terminate(guard)
        if server.connections():
            last_seen, idle_since = now, None
            continue
        done = stopped or not _guard_running(server.sandbox)
        idle_since = (idle_since or now) if done else None
        if idle_since is not None and now - idle_since >= LINGER_S:
            print(
                f"demo host: ending, nothing to do (pod {status}, guard running: {_guard_running(server.sandbox)})",
                file=sys.stderr,
                flush=True,
            )
            return
        if now - last_seen >= ALONE_CAP_S:
            print("demo host: ending, nobody connected for a long time", file=sys.stderr, flush=True)
            return
