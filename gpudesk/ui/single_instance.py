"""One gpudesk window per user and data folder: a second start brings the first forward.

Two instances would write the same log, settings, session and meter files at once. The first
one listens on a local socket (a named pipe on Windows) named after the user and the data
folder, open to that user only; a later start finds it there, asks it to come forward (and to
open the demo when ``--demo`` was given) and ends. The CLI commands never take part.

On POSIX the socket lives in a folder only this user can write (the app's 0700 data folder, or
``$XDG_RUNTIME_DIR``), never under a name in the shared ``/tmp`` that another local user could
take first and so make every start of ours end at once.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import stat
from pathlib import Path

from gpudesk.core import paths
from gpudesk.ui.qt import QObject, QtCore, QtNetwork, Signal

if QtNetwork is not None:
    QLocalServer, QLocalSocket = QtNetwork.QLocalServer, QtNetwork.QLocalSocket
else:  # pragma: no cover - a Qt build without QtNetwork: no guard, as before
    QLocalServer = QLocalSocket = None

_WAIT_MS = 1000


def server_name() -> str:
    """Per user and data folder, so two profiles (GPUDESK_HOME) may still run side by side."""
    try:
        user = getpass.getuser()
    except Exception:  # noqa: BLE001 - no user name: the data folder alone still tells users apart
        user = ""
    digest = hashlib.sha256(f"{user}\0{paths.config_dir()}".encode()).hexdigest()[:20]
    if os.name != "posix":
        return f"gpudesk-{digest}"
    own = paths.private_dir(paths.data_dir() / "run") / "instance.sock"
    if len(os.fsencode(own)) <= _MAX_SOCKET_PATH:
        return str(own)
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and _private(Path(runtime)):
        return str(Path(runtime) / f"gpudesk-{digest}.sock")
    folder = Path("/tmp") / f"gpudesk-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        pass
    if _private(folder):
        return str(folder / f"{digest}.sock")
    return str(own)  # no private place that short: listening fails and the app runs unguarded


#: what fits in a Unix socket address (sun_path is 104 bytes on macOS, 108 on Linux)
_MAX_SOCKET_PATH = 100


def _private(folder: Path) -> bool:
    """A real folder (not a link) of this user that nobody else can write to."""
    try:
        st = folder.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022


class InstanceGuard(QObject):
    """``claim()`` once at start-up; ``activate`` fires when a later start asks this one forward."""

    activate = Signal(bool)  # with --demo

    def __init__(self, name: str | None = None) -> None:
        super().__init__()
        self.name = name or server_name()
        self.server: QtNetwork.QLocalServer | None = None

    def claim(self, demo: bool = False) -> bool:
        """True: this is the first instance (now listening). False: another one runs and was told."""
        if QLocalServer is None:
            return True
        sock = QLocalSocket()
        sock.connectToServer(self.name)
        if sock.waitForConnected(_WAIT_MS):
            sock.write(b"demo\n" if demo else b"raise\n")
            sock.waitForBytesWritten(_WAIT_MS)
            sock.disconnectFromServer()
            return False
        # Nobody answers: a socket file left by a crashed run must not block this one.
        QLocalServer.removeServer(self.name)
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            return True  # cannot listen (odd file system, no permission): run unguarded rather than not at all
        server.newConnection.connect(self._incoming)
        self.server = server
        return True

    def _incoming(self) -> None:
        assert self.server is not None
        while (conn := self.server.nextPendingConnection()) is not None:
            conn.readyRead.connect(lambda c=conn: self._read(c))
            conn.disconnected.connect(conn.deleteLater)
            if conn.bytesAvailable():
                self._read(conn)

    def _read(self, conn: QtNetwork.QLocalSocket) -> None:
        while conn.canReadLine():
            line = bytes(conn.readLine().data()).strip()
            if line in (b"raise", b"demo"):
                self.activate.emit(line == b"demo")

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None


def bring_forward(window: QtCore.QObject) -> None:
    """Show a window that may be minimised or behind others, and give it the focus."""
    window.setWindowState(window.windowState() & ~QtCore.Qt.WindowState.WindowMinimized)  # type: ignore[attr-defined]
    window.show()  # type: ignore[attr-defined]
    window.raise_()  # type: ignore[attr-defined]
    window.activateWindow()  # type: ignore[attr-defined]
