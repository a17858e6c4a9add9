"""Remote file operations for the browser, run on the connection's IO thread (never the GUI's)."""

from __future__ import annotations

import builtins
import shlex
import stat as st
from pathlib import Path

import paramiko

from gpudesk.core.ssh.connection import Connection
from gpudesk.core.transfer.names import PART_SUFFIX
from gpudesk.ui.files.listing import Entry


def rjoin(folder: str, name: str) -> str:
    return "/" + name if folder == "/" else folder.rstrip("/") + "/" + name


class RemoteOps:
    """Holds one paramiko SFTP client per connection; every method runs on the IO thread."""

    def __init__(self) -> None:
        self._sftp: paramiko.SFTPClient | None = None
        self._conn: Connection | None = None

    def sftp(self, conn: Connection) -> paramiko.SFTPClient:
        if self._conn is not conn or self._sftp is None:
            self._sftp = conn.open_sftp()
            self._conn = conn
        return self._sftp

    def forget(self) -> None:
        self._sftp = None
        self._conn = None

    def list(self, conn: Connection, path: str) -> tuple[str, list[Entry]]:
        sftp = self.sftp(conn)
        real = sftp.normalize(path or ".")
        out = []
        for a in sftp.listdir_attr(real):
            mode = a.st_mode or 0
            full = rjoin(real, a.filename)
            is_dir = st.S_ISDIR(mode)
            if st.S_ISLNK(mode):
                try:
                    is_dir = st.S_ISDIR(sftp.stat(full).st_mode or 0)
                except OSError:
                    pass
            out.append(Entry(a.filename, full, is_dir, a.st_size or 0, a.st_mtime or 0, mode))
        return real, out

    def mkdir(self, conn: Connection, path: str) -> None:
        self.sftp(conn).mkdir(path)

    def rename(self, conn: Connection, old: str, new: str) -> None:
        self.sftp(conn).posix_rename(old, new)

    def delete(self, conn: Connection, paths: builtins.list[str]) -> None:  # `list` here is the method above
        sftp = self.sftp(conn)
        for path in paths:
            attrs = sftp.lstat(path)
            if st.S_ISDIR(attrs.st_mode or 0):
                result = conn.exec(f"rm -rf -- {shlex.quote(path)}", timeout=600)
                if result.exit_code != 0:
                    raise OSError(result.err.strip() or f"could not delete {path}")
            else:
                sftp.remove(path)

    def chmod(self, conn: Connection, path: str, mode: int) -> None:
        self.sftp(conn).chmod(path, mode)

    def fetch(self, conn: Connection, remote: str, local: Path) -> Path:
        local.parent.mkdir(parents=True, exist_ok=True)
        self.sftp(conn).get(remote, str(local))
        return local

    def store(self, conn: Connection, local: Path, remote: str) -> None:
        """Upload an edited file: to a partial name first, then an atomic rename."""
        sftp = self.sftp(conn)
        part = remote + PART_SUFFIX
        sftp.put(str(local), part, confirm=True)
        sftp.posix_rename(part, remote)
