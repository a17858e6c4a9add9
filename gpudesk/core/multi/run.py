"""Run one command on several servers at once, a thread per server, each with its own timeout.

One slow or broken server never holds up the others: each result says what happened there
(exit code, output, error text, duration). :meth:`MultiRun.cancel` stops every server that is
still running by closing its channel, which also ends the remote command's session.
"""

from __future__ import annotations

import select
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import paramiko

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.multi.servers import Server, join_all, open_connection, unique_names
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection

PENDING, CONNECTING, RUNNING, DONE, FAILED, TIMEOUT, CANCELLED = (
    "pending", "connecting", "running", "done", "failed", "timeout", "cancelled",
)  # fmt: skip
FINISHED = (DONE, FAILED, TIMEOUT, CANCELLED)
#: Output kept per stream and server; a command that prints gigabytes must not fill memory.
MAX_OUTPUT = 4 * 1024 * 1024
_UPDATE_INTERVAL = 0.1


@dataclass
class RunResult:
    """What one server did with the command. ``exit_code`` is ``None`` until it exits."""

    server: str
    state: str = PENDING
    exit_code: int | None = None
    stdout: bytes = b""
    stderr: bytes = b""
    error: str = ""
    started_at: float = 0.0
    duration_s: float = 0.0
    truncated: bool = False

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8", errors="replace")

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", errors="replace")

    @property
    def ok(self) -> bool:
        return self.state == DONE and self.exit_code == 0


class MultiRun:
    """``command`` on every server in ``servers``.

    Args:
        servers: where to run it.
        command: a shell command line, run by each server's login shell.
        timeout_s: per server, from the moment its command starts (connecting has its own timeout).
        on_update: called from the server threads with the changed :class:`RunResult`
            (state changes at once, output at most ~10 times a second per server).
    """

    def __init__(
        self,
        servers: Sequence[Server],
        command: str,
        timeout_s: float = 60.0,
        on_update: Callable[[RunResult], None] | None = None,
    ) -> None:
        self.servers = list(servers)
        unique_names(self.servers)
        self.command = command
        self.timeout_s = timeout_s
        self.on_update = on_update
        self.results: dict[str, RunResult] = {s.name: RunResult(s.name) for s in self.servers}
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._channels: dict[str, paramiko.Channel] = {}
        self._owned: dict[str, Connection] = {}
        self._threads: list[threading.Thread] = []

    # -- control --------------------------------------------------------------
    def start(self) -> MultiRun:
        for server in self.servers:
            thread = threading.Thread(
                target=self._run_one, args=(server,), name=f"multi-run {server.name}", daemon=True
            )
            self._threads.append(thread)
            thread.start()
        return self

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every server has finished; ``False`` if ``timeout`` ran out first."""
        return join_all(self._threads, timeout)

    @property
    def finished(self) -> bool:
        return all(r.state in FINISHED for r in self.results.values())

    def cancel(self) -> None:
        """Stop every server still connecting or running (safe from any thread; never blocks long)."""
        self._cancel.set()
        with self._lock:
            channels = list(self._channels.values())
            owned = list(self._owned.values())
        for chan in channels:
            chan.close()  # wakes the reader at once; the server ends the command's session
        for conn in owned:
            conn.cancel()

    # -- one server -------------------------------------------------------------
    def _emit(self, result: RunResult) -> None:
        callback = self.on_update
        if callback is not None:
            callback(result)

    def _finish(self, result: RunResult, state: str, error: str = "") -> None:
        result.state = state
        result.error = error
        if result.started_at:
            result.duration_s = time.monotonic() - result.started_at
        self._emit(result)

    def _run_one(self, server: Server) -> None:
        result = self.results[server.name]
        conn: Connection | None = None
        owned = False
        try:
            if self._cancel.is_set():
                self._finish(result, CANCELLED)
                return
            result.state = CONNECTING
            self._emit(result)
            conn, owned = open_connection(server, lambda c: self._register(server.name, c))
            if self._cancel.is_set():
                self._finish(result, CANCELLED)
                return
            self._exec(server.name, conn, result)
        except E.Cancelled:
            self._finish(result, CANCELLED)
        except (E.ConnectError, E.RemoteCommandError) as exc:
            cancelled = self._cancel.is_set()
            self._finish(result, CANCELLED if cancelled else FAILED, "" if cancelled else message_of(exc))
        except (paramiko.SSHException, EOFError, OSError) as exc:
            state = CANCELLED if self._cancel.is_set() else FAILED
            failure = msg("MultiServer", "The connection failed: {error}.", error=E.reason(exc))
            self._finish(result, state, "" if state == CANCELLED else failure)
        except Exception as exc:  # noqa: BLE001 - one broken server must not take the others down
            self._finish(result, FAILED, msg("MultiServer", "Unexpected error: {error}", error=E.reason(exc)))
        finally:
            with self._lock:
                self._channels.pop(server.name, None)
                self._owned.pop(server.name, None)
            if owned and conn is not None:
                conn.close()

    def _register(self, name: str, conn: Connection) -> None:
        with self._lock:
            self._owned[name] = conn
        if self._cancel.is_set():
            conn.cancel()

    def _exec(self, name: str, conn: Connection, result: RunResult) -> None:
        chan = conn.open_channel()
        with self._lock:
            self._channels[name] = chan
        if self._cancel.is_set():
            chan.close()
            self._finish(result, CANCELLED)
            return
        result.state = RUNNING
        result.started_at = time.monotonic()
        self._emit(result)
        deadline = result.started_at + self.timeout_s
        out, err = bytearray(), bytearray()
        last_update = 0.0
        chan.exec_command(self.command)
        chan.shutdown_write()  # the command gets no input: EOF instead of a hang on `read`
        fd = chan.fileno()
        while True:
            if self._cancel.is_set():
                chan.close()
                self._store(result, out, err)
                self._finish(result, CANCELLED)
                return
            left = deadline - time.monotonic()
            if left <= 0:
                chan.close()
                self._store(result, out, err)
                self._finish(
                    result,
                    TIMEOUT,
                    msg(
                        "MultiServer",
                        "The command did not finish within {seconds:g} s; it was stopped.",
                        seconds=self.timeout_s,
                    ),
                )
                return
            if chan.eof_received and not chan.recv_ready() and not chan.recv_stderr_ready():
                # All output is in; only the exit status (or the close) is still to come. The
                # pipe stays readable after EOF, so wait on the status event instead.
                if chan.exit_status_ready() or chan.closed:
                    break
                chan.status_event.wait(min(left, 0.5))
                continue
            # The channel's pipe becomes readable for stdout, stderr and EOF alike.
            select.select([fd], [], [], min(left, 0.5))
            got = False
            while chan.recv_ready():
                self._append(out, result, chan.recv(65536))
                got = True
            while chan.recv_stderr_ready():
                self._append(err, result, chan.recv_stderr(65536))
                got = True
            if chan.closed and not chan.recv_ready() and not chan.recv_stderr_ready():
                break
            if got and time.monotonic() - last_update >= _UPDATE_INTERVAL:
                last_update = time.monotonic()
                self._store(result, out, err)
                self._emit(result)
        self._store(result, out, err)
        # paramiko reports a closed channel as "exit status ready" with -1: read the real one.
        code = chan.exit_status if chan.status_event.is_set() else -1
        chan.close()
        if self._cancel.is_set():
            self._finish(result, CANCELLED)
            return
        if code == -1:
            if not conn.is_alive:
                raise E.Disconnected(msg("MultiServer", "The connection closed before the command finished."))
            self._finish(
                result,
                FAILED,
                msg("MultiServer", "The command ended without an exit code (was it killed by a signal?)."),
            )
            return
        result.exit_code = code
        self._finish(result, DONE)

    @staticmethod
    def _append(buf: bytearray, result: RunResult, chunk: bytes) -> None:
        room = MAX_OUTPUT - len(buf)
        if room <= 0:
            result.truncated = True
            return
        if len(chunk) > room:
            result.truncated = True
            chunk = chunk[:room]
        buf.extend(chunk)

    @staticmethod
    def _store(result: RunResult, out: bytearray, err: bytearray) -> None:
        result.stdout = bytes(out)
        result.stderr = bytes(err)
