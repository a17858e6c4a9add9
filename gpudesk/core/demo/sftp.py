"""SFTP for the demo server: real files, confined to the sandbox folder.

Paths are the real absolute paths (so the demo shell, exec commands and SFTP agree on
every name), but nothing outside the sandbox can be read or written.
"""

from __future__ import annotations

import os
from pathlib import Path

import paramiko
from paramiko import SFTPAttributes, SFTPHandle, SFTPServer, SFTPServerInterface
from paramiko.sftp import SFTP_FAILURE, SFTP_OK, SFTP_PERMISSION_DENIED


class _Handle(SFTPHandle):
    def stat(self) -> SFTPAttributes | int:
        try:
            return SFTPAttributes.from_stat(
                os.fstat(self.readfile.fileno() if self.readfile else self.writefile.fileno())
            )
        except OSError as exc:
            return SFTPServer.convert_errno(exc.errno)

    def chattr(self, attr: SFTPAttributes) -> int:
        try:
            SFTPServer.set_file_attr(self.filename, attr)
            return SFTP_OK
        except OSError as exc:
            return SFTPServer.convert_errno(exc.errno)


class SandboxSFTP(SFTPServerInterface):
    def __init__(self, server: paramiko.ServerInterface, *args: object, root: str = "", **kwargs: object) -> None:
        super().__init__(server, *args, **kwargs)
        self.root = os.path.realpath(root)

    def _real(self, path: str) -> str:
        if not path or path == ".":
            return self.root
        if not path.startswith("/"):
            path = os.path.join(self.root, path)
        real = os.path.realpath(path)
        if real != self.root and not real.startswith(self.root + os.sep):
            raise PermissionError(f"outside the demo sandbox: {path}")
        return real

    def _nofollow(self, path: str) -> str:
        """Resolve the parent but keep the last component (for lstat, remove, readlink)."""
        if not path.startswith("/"):
            path = os.path.join(self.root, path)
        parent, name = os.path.split(os.path.normpath(path))
        real_parent = self._real(parent)
        return os.path.join(real_parent, name) if name else real_parent

    @staticmethod
    def _err(exc: OSError) -> int:
        if isinstance(exc, PermissionError) and exc.errno is None:
            return SFTP_PERMISSION_DENIED
        return SFTPServer.convert_errno(exc.errno) if exc.errno else SFTP_FAILURE

    def canonicalize(self, path: str) -> str:
        try:
            return self._real(path)
        except OSError:
            return self.root

    def list_folder(self, path: str) -> list[SFTPAttributes] | int:
        try:
            real = self._real(path)
            out = []
            for name in os.listdir(real):
                attr = SFTPAttributes.from_stat(os.lstat(os.path.join(real, name)))
                attr.filename = name
                out.append(attr)
            return out
        except OSError as exc:
            return self._err(exc)

    def stat(self, path: str) -> SFTPAttributes | int:
        try:
            return SFTPAttributes.from_stat(os.stat(self._real(path)))
        except OSError as exc:
            return self._err(exc)

    def lstat(self, path: str) -> SFTPAttributes | int:
        try:
            return SFTPAttributes.from_stat(os.lstat(self._nofollow(path)))
        except OSError as exc:
            return self._err(exc)

    def open(self, path: str, flags: int, attr: SFTPAttributes) -> SFTPHandle | int:
        try:
            real = self._real(path)
            binary = getattr(os, "O_BINARY", 0)
            mode = getattr(attr, "st_mode", None) or 0o644
            fd = os.open(real, flags | binary, mode)
        except OSError as exc:
            return self._err(exc)
        if flags & os.O_CREAT and attr is not None:
            attr._flags &= ~attr.FLAG_PERMISSIONS
            SFTPServer.set_file_attr(real, attr)
        if flags & os.O_WRONLY:
            fmode = "ab" if flags & os.O_APPEND else "wb"
        elif flags & os.O_RDWR:
            fmode = "a+b" if flags & os.O_APPEND else "r+b"
        else:
            fmode = "rb"
        try:
            fobj = os.fdopen(fd, fmode)
        except OSError as exc:
            os.close(fd)
            return self._err(exc)
        handle = _Handle(flags)
        handle.filename = real
        handle.readfile = fobj
        handle.writefile = fobj
        return handle

    def remove(self, path: str) -> int:
        try:
            os.remove(self._nofollow(path))
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def rename(self, oldpath: str, newpath: str) -> int:
        try:
            old, new = self._nofollow(oldpath), self._nofollow(newpath)
            if os.path.exists(new):
                return SFTP_FAILURE  # SFTP v3 rename never overwrites
            os.rename(old, new)
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def posix_rename(self, oldpath: str, newpath: str) -> int:
        try:
            os.replace(self._nofollow(oldpath), self._nofollow(newpath))
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def mkdir(self, path: str, attr: SFTPAttributes) -> int:
        try:
            real = self._nofollow(path)
            os.mkdir(real)
            if attr is not None:
                SFTPServer.set_file_attr(real, attr)
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def rmdir(self, path: str) -> int:
        try:
            os.rmdir(self._nofollow(path))
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def chattr(self, path: str, attr: SFTPAttributes) -> int:
        try:
            SFTPServer.set_file_attr(self._real(path), attr)
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def symlink(self, target_path: str, path: str) -> int:
        try:
            link = self._nofollow(path)
            target = target_path if not target_path.startswith("/") else self._real(target_path)
            os.symlink(target, link)
        except OSError as exc:
            return self._err(exc)
        return SFTP_OK

    def readlink(self, path: str) -> str | int:
        try:
            return os.readlink(self._nofollow(path))
        except OSError as exc:
            return self._err(exc)


DEMO_BASHRC = r"""# The demo server's shell settings (login shells and tmux read this too).
PS1='\[\e[1;32m\]demo@gpu-server\[\e[0m\]:\[\e[1;34m\]\w\[\e[0m\]\$ '
alias ls='ls --color=auto'
"""


def seed_sandbox(root: Path) -> None:
    """Give a new sandbox something to look at: a small training project."""
    for name, text in ((".bashrc", DEMO_BASHRC), (".profile", "[ -f ~/.bashrc ] && . ~/.bashrc\n")):
        if not (root / name).exists():
            (root / name).write_text(text)
    if any(p for p in root.iterdir() if not p.name.startswith(".")):
        return
    (root / "project").mkdir()
    (root / "project" / "train.py").write_text(
        '"""A tiny stand-in for a training script."""\n'
        "import time\n\n"
        "for epoch in range(1, 6):\n"
        "    for step in range(1, 11):\n"
        "        loss = 2.0 / (epoch * 10 + step)\n"
        '        print(f"epoch {epoch} step {step} loss {loss:.4f}", flush=True)\n'
        "        time.sleep(0.2)\n"
    )
    (root / "project" / "README.txt").write_text("Upload your project here, then run it from the Terminal tab.\n")
    (root / "data").mkdir()
    (root / "data" / "sample.csv").write_text("id,value\n" + "".join(f"{i},{i * i}\n" for i in range(100)))
    (root / "results").mkdir()
