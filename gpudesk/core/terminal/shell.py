"""An interactive shell over SSH: a PTY channel, a reader thread, a writer thread.

Output goes into a bounded :class:`OutputBuffer` (the reader blocks when it is full, so a
flood fills the SSH window and stops the remote side instead of our memory). The UI
drains it in slices. Optionally the shell runs inside a named remote tmux session, so
the remote processes outlive a dropped network and a reconnect re-attaches to them.
"""

from __future__ import annotations

import contextlib
import queue
import re
import shlex
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from gpudesk.core.terminal.cwd import MARKER_VAR, new_marker, shell_cwd
from gpudesk.core.terminal.locale_env import export_prefix, locale_env, login_shell_command, server_takes_env
from gpudesk.core.terminal.tmuxdir import prefix

if TYPE_CHECKING:
    import paramiko

    from gpudesk.core.ssh.connection import Connection

TERM = "xterm-256color"
#: Answers (to queries, mouse and focus reports) waiting for a server that stopped reading: beyond this
#: they are dropped, and one already waiting is never queued twice. A flood of ``ESC[c`` must not grow memory.
MAX_PENDING_ANSWERS = 64 * 1024
#: Within the flush window that follows Ctrl+C, this long without output ends the window early.
FLUSH_QUIET_S = 0.05
_SAFE_NAME = re.compile(r"[^A-Za-z0-9_-]")


class OutputBuffer:
    """Bytes from the reader thread to the consumer; ``put`` blocks above ``limit`` bytes."""

    def __init__(self, limit: int = 4 * 1024 * 1024) -> None:
        self.limit = limit
        self._chunks: list[bytes] = []
        self._size = 0
        self._cond = threading.Condition()
        self._closed = False

    def put(self, data: bytes) -> None:
        with self._cond:
            while self._size >= self.limit and not self._closed:
                self._cond.wait(0.5)
            self._chunks.append(data)
            self._size += len(data)

    def take(self, max_bytes: int) -> bytes:
        """Up to ``max_bytes`` (never blocks; ``b""`` when empty)."""
        with self._cond:
            if not self._chunks:
                return b""
            out = bytearray()
            while self._chunks and len(out) < max_bytes:
                chunk = self._chunks[0]
                room = max_bytes - len(out)
                if len(chunk) <= room:
                    out += chunk
                    self._chunks.pop(0)
                else:
                    out += chunk[:room]
                    self._chunks[0] = chunk[room:]
            self._size -= len(out)
            self._cond.notify_all()
            return bytes(out)

    def discard(self, keep_tail: int = 0) -> int:
        """Drop what is queued except the last ``keep_tail`` bytes; return how much was dropped."""
        with self._cond:
            data = b"".join(self._chunks)
            tail = data[-keep_tail:] if keep_tail else b""
            self._chunks = [tail] if tail else []
            dropped = len(data) - len(tail)
            self._size = len(tail)
            self._cond.notify_all()
            return dropped

    def __len__(self) -> int:
        return self._size

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()


def tmux_name(key: str) -> str:
    """The remote tmux session name for a terminal identified by ``key``."""
    return "gpudesk-" + _SAFE_NAME.sub("_", key)[:60]


def tmux_command(name: str) -> str:
    """The remote command that creates or re-attaches tmux session ``name``.

    tmux normally switches the outer terminal to its alternate screen, which would keep
    every line out of our scrollback (and turn the mouse wheel into arrow keys); the
    ``smcup@:rmcup@`` override keeps it on the main screen, so history and wheel work.
    """
    q = shlex.quote(name)
    override = shlex.quote(",xterm*:smcup@:rmcup@")
    return prefix(note=True) + (
        f"tmux -u new-session -d -s {q} 2>/dev/null; "
        f"tmux show-options -s terminal-overrides 2>/dev/null | grep -q 'smcup@' || "
        f"tmux set-option -sa terminal-overrides {override} 2>/dev/null; "
        f"exec tmux -u attach-session -t {q}"
    )


def has_tmux(conn: Connection) -> bool:
    """True when the server has tmux on the login PATH."""
    try:
        return conn.exec("command -v tmux >/dev/null 2>&1", timeout=15).exit_code == 0
    except Exception:  # noqa: BLE001 - no tmux answer means "run a plain shell"
        return False


class ShellSession:
    """One interactive shell on a connection.

    Args:
        cols: initial PTY columns.
        rows: initial PTY rows.
        on_output: called (from the reader thread) after new bytes were put in :attr:`output`.
        on_closed: called once (from the reader thread) with a reason when the channel ends.
        tmux_session: run the shell inside this remote tmux session (created or re-attached).
    """

    def __init__(
        self,
        cols: int = 80,
        rows: int = 24,
        on_output: Callable[[], None] | None = None,
        on_closed: Callable[[str], None] | None = None,
        tmux_session: str | None = None,
    ) -> None:
        self.cols, self.rows = cols, rows
        self.on_output = on_output
        self.on_closed = on_closed
        self.tmux_session = tmux_session
        self.output = OutputBuffer()
        self.channel: paramiko.Channel | None = None
        self.exit_status: int | None = None
        self._writes: queue.Queue[tuple[str, object] | None] = queue.Queue()
        self._answers: set[bytes] = set()  # answers queued and not yet sent
        self._answer_bytes = 0
        self.answers_dropped = 0
        self._closing = False
        self._closed_reported = False
        self._lock = threading.Lock()
        self._discard_until = 0.0
        self._keep_tail = 16384
        self.marker = new_marker()  # finds this shell among the server's processes (see cwd.py)

    # -- lifecycle (start runs on the connection's IO thread) ------------------
    def start(self, conn: Connection) -> None:
        """Open the PTY channel and start the shell (blocking; call off the GUI thread)."""
        lang = locale_env()  # see locale_env.py: a UTF-8 locale, also where the server ignores SendEnv
        if self.tmux_session:
            chan = conn.open_channel()
            with contextlib.suppress(Exception):  # refused variables are set by the export prefix below
                chan.update_environment(lang)
            chan.get_pty(term=TERM, width=self.cols, height=self.rows)
            chan.exec_command(export_prefix(lang) + tmux_command(self.tmux_session))
        elif server_takes_env(conn, lang):
            chan = conn.open_shell(TERM, self.cols, self.rows, env={**lang, MARKER_VAR: self.marker})
        else:
            chan = conn.open_channel()
            chan.get_pty(term=TERM, width=self.cols, height=self.rows)
            chan.exec_command(login_shell_command({**lang, MARKER_VAR: self.marker}))
        self.channel = chan
        threading.Thread(target=self._read, name="ssh-shell-reader", daemon=True).start()
        threading.Thread(target=self._write_loop, name="ssh-shell-writer", daemon=True).start()

    def current_folder(self, conn: Connection) -> str | None:
        """The shell's current folder on the server (blocking; ``None`` when it cannot be told)."""
        return shell_cwd(conn, self.tmux_session, None if self.tmux_session else self.marker)

    def close(self) -> None:
        """Close the channel (a tmux session stays alive on the server)."""
        self._closing = True
        self._writes.put(None)
        self.output.close()
        chan = self.channel
        if chan is not None:
            with contextlib.suppress(Exception):  # closing must never raise
                chan.close()

    @property
    def alive(self) -> bool:
        chan = self.channel
        return chan is not None and not chan.closed and not self._closing

    # -- IO ------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        """Queue ``data`` for the remote PTY (never blocks the caller)."""
        if data:
            self._writes.put(("data", data))

    def answer(self, data: bytes) -> bool:
        """Queue the terminal's answer to the host; False when dropped (already waiting, or too many waiting)."""
        if not data:
            return False
        with self._lock:
            if data in self._answers or self._answer_bytes + len(data) > MAX_PENDING_ANSWERS:
                self.answers_dropped += 1
                return False
            self._answers.add(data)
            self._answer_bytes += len(data)
        self._writes.put(("answer", data))
        return True

    @property
    def pending_answers(self) -> int:
        """Bytes of answers queued and not yet sent."""
        return self._answer_bytes

    def resize(self, cols: int, rows: int) -> None:
        if (cols, rows) != (self.cols, self.rows):
            self.cols, self.rows = cols, rows
            self._writes.put(("resize", (cols, rows)))

    def flush_output(self, keep_tail: int = 16384, window_s: float = 0.3) -> int:
        """Drop output not yet shown, as a tty flushes on interrupt; returns the bytes dropped now.

        What is queued here goes at once; what is still in flight (up to an SSH window's worth)
        is dropped by the reader for ``window_s`` more. The last ``keep_tail`` bytes are kept
        so the prompt that follows shows.
        """
        self._keep_tail = keep_tail
        self._discard_until = time.monotonic() + window_s
        return self.output.discard(keep_tail)

    def _write_loop(self) -> None:
        while True:
            item = self._writes.get()
            if item is None or self._closing:
                return
            kind, value = item
            chan = self.channel
            if chan is None:
                continue
            try:
                if kind == "answer":
                    assert isinstance(value, bytes)
                    with self._lock:  # sent (or being sent): the same answer may be queued again
                        self._answers.discard(value)
                        self._answer_bytes -= len(value)
                    chan.sendall(value)
                elif kind == "data":
                    assert isinstance(value, bytes)
                    chan.sendall(value)
                else:
                    assert isinstance(value, tuple)
                    chan.resize_pty(width=value[0], height=value[1])
            except Exception:  # noqa: BLE001 - the reader notices the closed channel and reports it
                return

    def _deliver(self, data: bytes) -> None:
        self.output.put(data)
        if self.on_output:
            self.on_output()

    def _read(self) -> None:
        chan = self.channel
        assert chan is not None
        lost = False
        tail = b""  # the end of what a flush dropped, shown once the flush window closes
        chan.settimeout(0.2)  # wake up now and then to end a flush window
        flushing = False
        try:
            while True:
                if flushing != (time.monotonic() < self._discard_until):
                    flushing = not flushing
                    # Within a flush window a short quiet means the flood has stopped.
                    chan.settimeout(FLUSH_QUIET_S if flushing else 0.2)
                try:
                    data = chan.recv(65536)
                except TimeoutError:
                    if tail:
                        # The window is over, or the host went quiet within it (the interrupted
                        # program stopped): what it printed last shows now, not at the window's end.
                        self._discard_until = 0.0
                        self._deliver(tail)
                        tail = b""
                    continue
                if not data:
                    break
                if time.monotonic() < self._discard_until:
                    tail = (tail + data)[-self._keep_tail :]
                    continue
                if tail:
                    data, tail = tail + data, b""
                self._deliver(data)
            if tail:
                self._deliver(tail)
        except Exception:  # noqa: BLE001 - any socket/transport error ends the session
            lost = True
        # The exit status comes in its own message, just after (or before) the end of the output.
        chan.status_event.wait(2.0)
        transport = chan.get_transport()
        if self._closing:
            reason = "closed"
        elif chan.exit_status != -1:
            self.exit_status = chan.exit_status
            reason = "exited"
        elif lost or transport is None or not transport.is_active():
            reason = "lost"
        else:
            reason = "closed"
        with self._lock:
            if self._closed_reported:
                return
            self._closed_reported = True
        if self.on_closed:
            self.on_closed(reason)
