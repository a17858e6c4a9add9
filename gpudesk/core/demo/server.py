"""The built-in demo GPU server: SSH with a real shell, exec and SFTP on 127.0.0.1.

A newcomer with no rented server gets a working app: ``gpudesk --demo`` starts this in the
background and opens its session; ``gpudesk demo-server`` runs it headless. The password is
generated per run and lives in memory only.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import io
import os
import secrets as pysecrets
import shutil
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import paramiko

from gpudesk.core import paths
from gpudesk.core.demo.sftp import SandboxSFTP, seed_sandbox
from gpudesk.core.ssh.keys import fingerprint, generate_ed25519

DEMO_USER = "demo"


@dataclass
class DemoConfig:
    host: str = "127.0.0.1"
    port: int = 0
    gpus: int = 8
    gpu_model: str = "NVIDIA H100 80GB HBM3"
    load: str = "training"
    sandbox: Path | None = None
    train_s: float = 0.0  # >0: the simulated training run ends after this many seconds (GPUs go idle)
    health: str = ""  # healthy | degraded | faulty (GPU health demo); "" reads GPUDESK_DEMO_HEALTH


class _Channel:
    """What one SSH session channel asked for (pty size, env)."""

    def __init__(self) -> None:
        self.term = "xterm-256color"
        self.cols = 80
        self.rows = 24
        self.pty = False
        self.env: dict[str, str] = {}
        self.master_fd: int | None = None


class _Interface(paramiko.ServerInterface):
    def __init__(self, server: DemoServer) -> None:
        self.server = server
        self.channels: dict[int, _Channel] = {}

    def _state(self, channel: paramiko.Channel) -> _Channel:
        return self.channels.setdefault(channel.get_id(), _Channel())

    def get_allowed_auths(self, username: str) -> str:
        return "password"

    def check_auth_password(self, username: str, password: str) -> int:
        ok = username == DEMO_USER and pysecrets.compare_digest(password, self.server.password)
        return paramiko.AUTH_SUCCESSFUL if ok else paramiko.AUTH_FAILED

    def check_channel_request(self, kind: str, chanid: int) -> int:
        if kind == "session":
            # Channel ids are reused after a close: a new channel starts with fresh state, never
            # with the pty/env of the one that had its id before (its thread may still be ending).
            self.channels[chanid] = _Channel()
            return paramiko.OPEN_SUCCEEDED
        return paramiko.OPEN_FAILED_ADMINISTRATIVELY_PROHIBITED

    def check_channel_direct_tcpip_request(
        self, chanid: int, origin: tuple[str, int], destination: tuple[str, int]
    ) -> int:
        # Port forwards to this machine only (TensorBoard/Jupyter on the "server").
        if destination[0] in ("127.0.0.1", "localhost", "::1"):
            self.server._forwards[chanid] = destination
            return paramiko.OPEN_SUCCEEDED
        return paramiko.OPEN_FAILED_ADMINISTRATIVELY_PROHIBITED

    def check_channel_pty_request(
        self,
        channel: paramiko.Channel,
        term: bytes | str,
        width: int,
        height: int,
        pixelwidth: int,
        pixelheight: int,
        modes: bytes,
    ) -> bool:
        state = self._state(channel)
        state.pty, state.term, state.cols, state.rows = (
            True,
            term.decode() if isinstance(term, bytes) else term,
            width,
            height,
        )
        return True

    def check_channel_window_change_request(
        self, channel: paramiko.Channel, width: int, height: int, pixelwidth: int, pixelheight: int
    ) -> bool:
        state = self._state(channel)
        state.cols, state.rows = width, height
        fd = state.master_fd
        if fd is not None:
            try:
                _set_winsize(fd, height, width)
            except OSError:
                return False  # the shell just ended; an exception here would end the whole connection
        return True

    def check_channel_env_request(self, channel: paramiko.Channel, name: bytes | str, value: bytes | str) -> bool:
        name = name.decode() if isinstance(name, bytes) else name
        value = value.decode() if isinstance(value, bytes) else value
        if name.startswith(("LANG", "LC_", "GPUDESK_")) or name in ("TERM", "COLORTERM"):
            self._state(channel).env[name] = value
            return True
        return False

    def check_channel_shell_request(self, channel: paramiko.Channel) -> bool:
        state = self._state(channel)
        threading.Thread(target=self.server._run, args=(channel, state, None), daemon=True, name="demo-shell").start()
        return True

    def check_channel_exec_request(self, channel: paramiko.Channel, command: bytes) -> bool:
        state = self._state(channel)
        cmd = command.decode("utf-8", errors="replace")
        threading.Thread(target=self.server._run, args=(channel, state, cmd), daemon=True, name="demo-exec").start()
        return True


def _set_winsize(fd: int, rows: int, cols: int) -> None:
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _tmux_dir(state_dir: Path) -> Path:
    """Where the demo's tmux keeps its socket: a Unix socket path must stay under ~104 bytes."""
    if len(str(state_dir)) <= 70:
        return state_dir
    import tempfile

    return Path(tempfile.mkdtemp(prefix="gpudesk-demo-tmux-"))  # private (0700), removed when the server stops


DEMO_PS1 = r"\[\e[1;32m\]demo@gpu-server\[\e[0m\]:\[\e[1;34m\]\w\[\e[0m\]\$ "


class DemoServer:
    def __init__(self, config: DemoConfig | None = None, password: str | None = None) -> None:
        self.config = config or DemoConfig()
        self.password = password or pysecrets.token_urlsafe(12)
        private, _ = generate_ed25519("gpudesk-demo")
        self.host_key = paramiko.Ed25519Key.from_private_key(io.StringIO(private))
        self.username = DEMO_USER
        if self.config.sandbox is None:
            self.config.sandbox = paths.data_dir() / "demo-server"
        self.sandbox = Path(self.config.sandbox)
        self.sandbox.mkdir(parents=True, exist_ok=True)
        seed_sandbox(self.sandbox)
        self.bin_dir = self.sandbox / ".gpudesk-demo" / "bin"
        self.state_dir = self.sandbox / ".gpudesk-demo" / "state"
        self.tmux_dir = _tmux_dir(self.state_dir)
        self._forwards: dict[int, tuple[str, int]] = {}
        self._listener: socket.socket | None = None
        self._transports: list[paramiko.Transport] = []
        self._transports_lock = threading.Lock()
        self._procs: set[subprocess.Popen[bytes]] = set()
        self._stopped = threading.Event()
        self._install_tools()
        # Shells inside tmux are login shells; a system /etc/profile may reset PATH (Debian does for
        # root), which would hide the demo's nvidia-smi. The demo's own profile puts it back.
        profile = self.sandbox / ".bash_profile"
        if not profile.exists():
            profile.write_text(
                "# The demo server's profile: keep its PATH (with its simulated nvidia-smi).\n"
                '[ -n "$GPUDESK_DEMO_PATH" ] && export PATH="$GPUDESK_DEMO_PATH"\n'
                '[ -n "$GPUDESK_DEMO_PS1" ] && PS1="$GPUDESK_DEMO_PS1"\n',
                encoding="utf-8",
            )

    @property
    def host(self) -> str:
        return self.config.host

    @property
    def port(self) -> int:
        assert self._listener is not None, "start() first"
        return self._listener.getsockname()[1]

    @property
    def host_key_sha256(self) -> str:
        return fingerprint(self.host_key)

    def info(self) -> dict[str, object]:
        return {
            "host": self.host,
            "port": self.port,
            "username": self.username,
            "password": self.password,
            "host_key_sha256": self.host_key_sha256,
        }

    def connections(self) -> int:
        """SSH connections open now (the demo host ends itself when nobody uses it)."""
        with self._transports_lock:  # _serve appends from other threads: never lose one to a rebuild
            self._transports[:] = [t for t in self._transports if t.is_active()]
            return len(self._transports)

    def known_hosts_line(self) -> str:
        entry = self.host if self.port == 22 else f"[{self.host}]:{self.port}"
        return f"{entry} {self.host_key.get_name()} {self.host_key.get_base64()}\n"

    # -- tools on the demo PATH ------------------------------------------------
    def _install_tools(self) -> None:
        self.bin_dir.mkdir(parents=True, exist_ok=True)
        self.state_dir.mkdir(parents=True, exist_ok=True)
        (self.state_dir / "nvidia-smi-start").unlink(missing_ok=True)  # each run's simulation starts now
        smi = self.bin_dir / "nvidia-smi"
        if importlib.util.find_spec("gpudesk.core.demo.nvidia_smi") is not None and os.name == "posix":
            if getattr(sys, "frozen", False):  # the packaged app: the executable answers a hidden command
                smi.write_text(f'#!/bin/sh\nexec "{sys.executable}" __demo-nvidia-smi "$@"\n')
            else:
                smi.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m gpudesk.core.demo.nvidia_smi "$@"\n')
            smi.chmod(0o755)
            # The demo's kernel log (for the GPU health check's Xid reading), from the same module.
            dmesg = self.bin_dir / "dmesg"
            dmesg.write_text(smi.read_text().replace('"$@"', "--demo-dmesg"))
            dmesg.chmod(0o755)
        elif smi.exists():
            smi.unlink()

    def _env(self, state: _Channel) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k in ("LANG", "LC_ALL", "LC_CTYPE", "SYSTEMROOT", "COMSPEC", "TMPDIR")
        }
        root = Path(sys.executable).resolve().parent
        src_root = str(Path(__file__).resolve().parents[3])
        env.update(
            {
                "HOME": str(self.sandbox),
                "USER": DEMO_USER,
                "LOGNAME": DEMO_USER,
                "SHELL": _shell() or "/bin/sh",
                "TERM": state.term if state.pty else "dumb",
                "PATH": os.pathsep.join([str(self.bin_dir), str(root), os.environ.get("PATH", "/usr/bin:/bin")]),
                "GPUDESK_DEMO_PATH": os.pathsep.join(
                    [str(self.bin_dir), str(root), os.environ.get("PATH", "/usr/bin:/bin")]
                ),
                "PYTHONPATH": os.pathsep.join(p for p in [src_root, os.environ.get("PYTHONPATH", "")] if p),
                "PS1": DEMO_PS1,
                "GPUDESK_DEMO_PS1": DEMO_PS1,
                # Report the folder at each prompt (OSC 7), as vte.sh and fish do on many servers.
                "PROMPT_COMMAND": r"__gd=${PWD//%/%25}; __gd=${__gd// /%20}; __gd=${__gd//#/%23}; __gd=${__gd//\?/%3F}; "
                r'printf "\033]7;file://gpu-server%s\007" "$__gd"',
                "GPUDESK_DEMO_GPUS": str(self.config.gpus),
                "GPUDESK_DEMO_GPU_MODEL": self.config.gpu_model,
                "GPUDESK_DEMO_LOAD": self.config.load,
                "GPUDESK_DEMO_HEALTH": self.config.health or os.environ.get("GPUDESK_DEMO_HEALTH", ""),
                "GPUDESK_DEMO_STATE_DIR": str(self.state_dir),
                # The demo's own tmux server (not the user's), started with the demo's environment.
                "TMUX_TMPDIR": str(self.tmux_dir),
                "GPUDESK_DEMO_TRAIN_S": str(self.config.train_s or ""),
            }
        )
        env.setdefault("LANG", "C.UTF-8")
        env.update(state.env)
        return env

    # -- serving ---------------------------------------------------------------
    def start(self) -> DemoServer:
        self._listener = socket.create_server((self.config.host, self.config.port))
        threading.Thread(target=self._accept, daemon=True, name="demo-accept").start()
        return self

    def serve_forever(self) -> None:
        self._stopped.wait()

    def _accept(self) -> None:
        assert self._listener is not None
        while not self._stopped.is_set():
            try:
                sock, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(sock,), daemon=True, name="demo-conn").start()

    def _serve(self, sock: socket.socket) -> None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        transport = paramiko.Transport(sock, default_window_size=16 * 1024 * 1024)
        transport.add_server_key(self.host_key)
        transport.set_subsystem_handler("sftp", paramiko.SFTPServer, SandboxSFTP, root=str(self.sandbox))
        with self._transports_lock:
            self._transports.append(transport)
        interface = _Interface(self)
        try:
            transport.start_server(server=interface)
        except (paramiko.SSHException, EOFError, OSError):
            transport.close()
            return
        # Accept channels for the life of the transport; direct-tcpip channels get a pump.
        # paramiko holds channels weakly and a Channel closes itself when collected: keep every
        # accepted one referenced until it is closed, or a channel whose exec request is still on
        # its way would be closed under the client.
        alive: set[paramiko.Channel] = set()
        while transport.is_active() and not self._stopped.is_set():
            chan = transport.accept(timeout=1)
            alive = {c for c in alive if not c.closed}
            if chan is None:
                continue
            alive.add(chan)
            dest = self._forwards.pop(chan.get_id(), None)
            if dest is not None:
                threading.Thread(target=_pump_forward, args=(chan, dest), daemon=True).start()

    def _run(self, channel: paramiko.Channel, state: _Channel, command: str | None) -> None:
        env = self._env(state)
        try:
            if state.pty and os.name == "posix":
                code = self._run_pty(channel, state, command, env)
            else:
                code = self._run_pipes(channel, command, env)
        except Exception as exc:  # noqa: BLE001 - report to the client, keep serving
            try:
                channel.sendall_stderr(f"demo server: {exc}\r\n".encode())
            except OSError:
                pass
            code = 1
        if code < 0:  # killed by a signal: report it the way a shell does
            code = 128 - code
        if channel.closed:
            # The client closed it first; its id may already belong to a new channel, which
            # must not receive this one's exit status.
            return
        try:
            channel.send_exit_status(code)
            channel.shutdown_write()
            channel.close()
        except (OSError, EOFError, paramiko.SSHException):
            pass

    def _argv(self, command: str | None) -> list[str]:
        shell = _shell()
        if os.name != "posix":
            comspec = os.environ.get("COMSPEC", "cmd.exe")
            return [comspec] if command is None else [comspec, "/c", command]
        if command is None:
            if shell and shell.endswith("bash"):
                return [shell, "--norc", "--noprofile", "-i"]
            return [shell or "/bin/sh", "-i"]
        return ["/bin/sh", "-c", command]

    def _run_pty(self, channel: paramiko.Channel, state: _Channel, command: str | None, env: dict[str, str]) -> int:
        import fcntl
        import pty
        import termios

        master, slave = pty.openpty()
        _set_winsize(master, state.rows, state.cols)
        state.master_fd = master
        proc = subprocess.Popen(
            self._argv(command),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=self.sandbox,
            env=env,
            start_new_session=True,
            # In the child, after setsid: the pty becomes its controlling terminal. Only then does a
            # window-change reach the programs as SIGWINCH; without it tmux (started by sh -c) never
            # hears of a resize and keeps its first size. Bound here: the child runs no imports.
            preexec_fn=functools.partial(fcntl.ioctl, 0, termios.TIOCSCTTY, 0),
            close_fds=True,
        )
        os.close(slave)
        self._procs.add(proc)

        def to_pty() -> None:
            try:
                while data := channel.recv(65536):
                    os.write(master, data)
            except OSError:
                pass

        threading.Thread(target=to_pty, daemon=True, name="demo-pty-in").start()
        try:
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break  # EIO: the shell exited and the pty closed
                if not data:
                    break
                channel.sendall(data)
        except (OSError, EOFError):
            pass
        finally:
            state.master_fd = None
            os.close(master)
        code = proc.wait()
        self._procs.discard(proc)
        return code

    def _run_pipes(self, channel: paramiko.Channel, command: str | None, env: dict[str, str]) -> int:
        proc = subprocess.Popen(
            self._argv(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=self.sandbox,
            env=env,
            start_new_session=os.name == "posix",
        )
        self._procs.add(proc)
        assert proc.stdin and proc.stdout and proc.stderr
        stdout = cast(io.BufferedReader, proc.stdout)  # pipes are buffered readers (bufsize -1), with read1
        stdin, stderr = proc.stdin, cast(io.BufferedReader, proc.stderr)

        def to_proc() -> None:
            try:
                while data := channel.recv(65536):
                    stdin.write(data)
                    stdin.flush()
            except (OSError, ValueError):
                pass
            finally:
                try:
                    stdin.close()
                except OSError:
                    pass

        def pump_err() -> None:
            try:
                while data := stderr.read1(65536):
                    channel.sendall_stderr(data)
            except (OSError, EOFError):
                pass

        threading.Thread(target=to_proc, daemon=True, name="demo-exec-in").start()
        err = threading.Thread(target=pump_err, daemon=True, name="demo-exec-err")
        err.start()
        try:
            while data := stdout.read1(65536):
                channel.sendall(data)
        except (OSError, EOFError):
            _kill_group(proc)  # the client went away: end the command and everything it started
        err.join(5)
        code = proc.wait()
        self._procs.discard(proc)
        return code

    def stop(self) -> None:
        self._stopped.set()
        if shutil.which("tmux"):  # the demo's tmux sessions end with the demo
            subprocess.run(
                ["tmux", "kill-server"], env={**os.environ, "TMUX_TMPDIR": str(self.tmux_dir)}, capture_output=True
            )
        if self.tmux_dir != self.state_dir:
            shutil.rmtree(self.tmux_dir, ignore_errors=True)
        if self._listener is not None:
            # shutdown() wakes the thread blocked in accept(); close() alone leaves it there for good
            # (the detached demo host stops and starts servers for hours).
            with contextlib.suppress(OSError):
                self._listener.shutdown(socket.SHUT_RDWR)
            self._listener.close()
        for transport in self._transports:
            transport.close()
        for proc in list(self._procs):
            _kill_group(proc)


def _pump_forward(chan: paramiko.Channel, dest: tuple[str, int]) -> None:
    try:
        sock = socket.create_connection(dest, timeout=5)
    except OSError:
        chan.close()
        return

    def back() -> None:
        try:
            while data := sock.recv(65536):
                chan.sendall(data)
        except OSError:
            pass
        finally:
            chan.close()

    threading.Thread(target=back, daemon=True).start()
    try:
        while data := chan.recv(65536):
            sock.sendall(data)
    except OSError:
        pass
    finally:
        sock.close()


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        if os.name == "posix":
            os.killpg(proc.pid, 9)  # started with start_new_session: its own process group
        else:
            proc.kill()
    except OSError:
        pass


def _shell() -> str | None:
    return shutil.which("bash") or shutil.which("sh")
