"""Upload the same local file or folder to the same remote folder on several servers.

Each server gets its own thread and its own :class:`~gpudesk.core.transfer.TransferQueue`
(so the same partial-name, resume and small-file fast path apply as in the Files tab). A
server that fails, or cannot be reached, only fails its own row.
"""

from __future__ import annotations

import contextlib
import shlex
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.multi.servers import Server, join_all, open_connection, unique_names
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.transfer import CANCELLED as T_CANCELLED
from gpudesk.core.transfer import DONE as T_DONE
from gpudesk.core.transfer import FAILED as T_FAILED
from gpudesk.core.transfer import RUNNING as T_RUNNING
from gpudesk.core.transfer import TransferItem, TransferQueue
from gpudesk.core.transfer.names import rjoin

PENDING, CONNECTING, RUNNING, DONE, FAILED, CANCELLED = (
    "pending",
    "connecting",
    "running",
    "done",
    "failed",
    "cancelled",
)
FINISHED = (DONE, FAILED, CANCELLED)
#: How long a server waits for the others to reach the same step (connecting has its own timeout).
MEET_TIMEOUT_S = 120.0


@dataclass
class UploadResult:
    """Progress and outcome of the upload on one server."""

    server: str
    state: str = PENDING
    done: int = 0
    total: int = 0
    speed: float = 0.0
    error: str = ""
    remote_path: str = ""
    warnings: tuple[str, ...] = ()
    duration_s: float = 0.0

    @property
    def fraction(self) -> float:
        return 1.0 if self.total <= 0 else min(1.0, self.done / self.total)


class MultiUpload:
    """Copy ``local`` into ``remote_dir`` on every server.

    Args:
        servers: where to copy it.
        local: a file or a folder on this computer.
        remote_dir: the folder on each server that receives it (``~`` and relative paths
            are taken from the login folder, as in ``scp``).
        policy: what to do when the target exists: overwrite, skip, rename or resume.
        on_update: called from worker threads with the changed :class:`UploadResult`.
    """

    def __init__(
        self,
        servers: Sequence[Server],
        local: str | Path,
        remote_dir: str,
        policy: str = "overwrite",
        on_update: Callable[[UploadResult], None] | None = None,
        verify: bool = False,
    ) -> None:
        self.servers = list(servers)
        unique_names(self.servers)
        self.local = Path(local)
        self.remote_dir = remote_dir
        self.policy = policy
        self.verify = verify
        self.on_update = on_update
        self.results: dict[str, UploadResult] = {s.name: UploadResult(s.name) for s in self.servers}
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._running: dict[str, tuple[TransferQueue, TransferItem]] = {}
        self._owned: dict[str, Connection] = {}
        self._threads: list[threading.Thread] = []
        self._token = uuid.uuid4().hex[:12]
        self._barrier = threading.Barrier(max(1, len(self.servers)))
        self._ended = {s.name: threading.Event() for s in self.servers}

    def start(self) -> MultiUpload:
        if not self.local.exists():
            raise FileNotFoundError(f"{self.local} does not exist.")
        for index, server in enumerate(self.servers):
            thread = threading.Thread(
                target=self._run_one, args=(index, server), name=f"multi-upload {server.name}", daemon=True
            )
            self._threads.append(thread)
            thread.start()
        return self

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every upload has finished; ``False`` if ``timeout`` ran out first."""
        return join_all(self._threads, timeout)

    @property
    def finished(self) -> bool:
        return all(r.state in FINISHED for r in self.results.values())

    def cancel(self) -> None:
        """Stop every upload still running; partial copies on the servers are removed."""
        self._cancel.set()
        with self._lock:
            running = list(self._running.values())
            owned = list(self._owned.values())
        self._barrier.abort()
        for queue, item in running:
            queue.cancel(item)
        for conn in owned:
            if not conn.is_alive:
                conn.cancel()  # still connecting

    # -- one server -------------------------------------------------------------
    def _emit(self, result: UploadResult) -> None:
        callback = self.on_update
        if callback is not None:
            callback(result)

    def _register(self, name: str, conn: Connection) -> None:
        with self._lock:
            self._owned[name] = conn
        if self._cancel.is_set():
            conn.cancel()

    def _run_one(self, index: int, server: Server) -> None:
        result = self.results[server.name]
        started = time.monotonic()
        conn: Connection | None = None
        owned = False
        remote_dir = ""
        marked = False
        try:
            try:
                if self._cancel.is_set():
                    raise E.Cancelled("Cancelled.")
                result.state = CONNECTING
                self._emit(result)
                conn, owned = open_connection(server, lambda c: self._register(server.name, c))
                remote_dir = self._resolve_dir(conn)
                result.remote_path = rjoin(remote_dir, self.local.name)
                marked = self._mark(conn, remote_dir, index)
            except Exception as exc:  # noqa: BLE001 - recorded on this row; the others go on
                self._fail(result, exc)
            # Every server has marked its folder (or failed) before any looks at the markers,
            # and every one has looked before any marker goes.
            self._meet()
            sharing = self._peers(conn, remote_dir, index) if marked and conn is not None else {index}
            self._meet()
            if marked and conn is not None:
                self._unmark(conn, remote_dir, index)
            if result.state in FINISHED:
                return
            owner = min(sharing)
            if owner != index:
                self._follow(result, self.servers[owner].name)
                return
            followers = [self.results[self.servers[i].name] for i in sorted(sharing) if i != index]
            try:
                self._upload(server.name, conn, remote_dir, result, followers)  # type: ignore[arg-type]
            except Exception as exc:  # noqa: BLE001
                self._fail(result, exc)
        finally:
            with self._lock:
                self._owned.pop(server.name, None)
                self._running.pop(server.name, None)
            if owned and conn is not None:
                conn.close()
            result.duration_s = time.monotonic() - started
            self._ended[server.name].set()
            self._emit(result)

    def _fail(self, result: UploadResult, exc: BaseException) -> None:
        if isinstance(exc, E.Cancelled) or self._cancel.is_set():
            result.state, result.error = CANCELLED, ""
        elif isinstance(exc, (E.ConnectError, E.RemoteCommandError)):
            result.state, result.error = FAILED, message_of(exc)
        else:
            result.state, result.error = FAILED, message_of(exc) or type(exc).__name__

    # -- servers that share one file system ------------------------------------------------
    # Cluster nodes often mount one home folder over NFS: uploading the same file into it from
    # every node at once would race on the partial file. A marker file per server shows which
    # servers see the same folder; the first of them uploads and the others report its result.
    def _marker(self, index: int) -> str:
        return f".gpudesk-multi-{self._token}-{index}"

    def _mark(self, conn: Connection, remote_dir: str, index: int) -> bool:
        if len(self.servers) < 2:
            return False
        path = shlex.quote(rjoin(remote_dir, self._marker(index)))
        return conn.exec(f": > {path}", timeout=30).exit_code == 0

    def _peers(self, conn: Connection, remote_dir: str, index: int) -> set[int]:
        prefix = f".gpudesk-multi-{self._token}-"
        listing = conn.exec(f"ls -a -- {shlex.quote(remote_dir)}", timeout=30)
        seen = {
            int(n[len(prefix) :]) for n in listing.out.split() if n.startswith(prefix) and n[len(prefix) :].isdigit()
        }
        return {i for i in seen if 0 <= i < len(self.servers)} | {index}

    def _unmark(self, conn: Connection, remote_dir: str, index: int) -> None:
        with contextlib.suppress(E.ConnectError, E.RemoteCommandError):  # a dot file left behind is harmless
            conn.exec(f"rm -f -- {shlex.quote(rjoin(remote_dir, self._marker(index)))}", timeout=30)

    def _meet(self) -> None:
        # A stuck server breaks the barrier: the others go on, and at worst one uploads on its own.
        with contextlib.suppress(threading.BrokenBarrierError):
            self._barrier.wait(timeout=MEET_TIMEOUT_S)

    def _follow(self, result: UploadResult, owner: str) -> None:
        """Mirror the upload of ``owner``, which writes into the same folder."""
        result.state = RUNNING
        result.warnings = (
            msg("MultiServer", "Same folder as {server} (a shared file system): one copy serves both.", server=owner),
        )
        self._emit(result)
        self._ended[owner].wait()
        done = self.results[owner]
        result.done, result.total = done.done, done.total
        result.state = done.state
        if done.state == FAILED:
            result.error = msg(
                "MultiServer", "The upload through {server} failed: {error}", server=owner, error=done.error
            )
        elif done.state == DONE:
            result.warnings += done.warnings

    def _resolve_dir(self, conn: Connection) -> str:
        """The absolute target folder on this server, created when missing.

        SFTP expands nothing, so the server's shell does it: ``~``, ``~/x``, relative paths and
        variables such as ``$HOSTNAME`` or ``$USER`` mean what they mean in a terminal there.
        """
        result = conn.exec(resolve_command(self.remote_dir), timeout=30)
        if result.exit_code != 0:
            detail = (result.err or result.out).strip().splitlines()
            if detail:
                raise E.RemoteCommandError(
                    msg(
                        "MultiServer",
                        "Could not create the folder {path} on the server: {error}",
                        path=self.remote_dir,
                        error=detail[-1],
                    )
                )
            raise E.RemoteCommandError(
                msg("MultiServer", "Could not create the folder {path} on the server.", path=self.remote_dir)
            )
        lines = result.out.strip().splitlines()
        return lines[-1] if lines else "/"

    def _upload(
        self, name: str, conn: Connection, remote_dir: str, result: UploadResult, followers: list[UploadResult]
    ) -> None:
        finished = threading.Event()

        def update(item: TransferItem) -> None:
            result.done, result.total, result.speed = item.done, item.total, item.speed
            result.warnings = tuple(item.warnings)
            if item.state == T_RUNNING:
                result.state = RUNNING
            if item.waiting_for_connection or item.state in (T_DONE, T_FAILED, T_CANCELLED):
                finished.set()
            self._emit(result)
            for follower in followers:  # their progress is this upload's
                follower.done, follower.total = item.done, item.total
                self._emit(follower)

        queue = TransferQueue(conn, on_update=update, policy=self.policy)
        try:
            item = queue.add_upload(self.local, remote_dir, verify=self.verify)
            with self._lock:
                self._running[name] = (queue, item)
            if self._cancel.is_set():
                queue.cancel(item)
            finished.wait()
            if item.state == T_DONE:
                result.state = DONE
                if item.result == "skipped":
                    result.warnings += (msg("MultiServer", "The file was already there and was skipped."),)
            elif item.state == T_CANCELLED:
                result.state = CANCELLED
            else:
                result.state = FAILED
                result.error = item.error or msg("MultiServer", "The upload stopped: the connection was lost.")
        finally:
            queue.close()


def resolve_command(remote_dir: str) -> str:
    """A POSIX shell line that creates ``remote_dir`` and prints its absolute path.

    Double quotes let variables expand but never split or glob; a leading ``~`` becomes
    ``$HOME`` because the shell does not expand a quoted tilde. Command substitution is
    escaped: the text names a folder, it is not a command.
    """
    path = remote_dir.strip() or "~"
    if path == "~" or path.startswith("~/"):
        path = "$HOME" + path[1:]
    quoted = path.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`")
    quoted = quoted.replace("$(", "\\$(")  # variables yes, commands no: it is a folder name
    return f'd="{quoted}" && mkdir -p -- "$d" && cd -- "$d" && pwd'
