"""Remote commands of a sync: byte command lines, quoted names, output with a ceiling.

Names travel as the server's bytes (``surrogateescape``), so a command line is built as bytes
and handed to the SSH exec request as it is: a name with a newline, a quote or bytes that are
not UTF-8 reaches the server's shell exactly, inside single quotes.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.transfer.errors import ConnectionLost, connection_lost

OUTPUT_MAX = 256 * 1024 * 1024  # a listing of a few million files still fits; a flood does not
_ERR_KEEP = 64 * 1024


def raw(name: str) -> bytes:
    """The server's bytes of a name."""
    return name.encode("utf-8", "surrogateescape")


def quote(name: str | bytes) -> bytes:
    """``name`` as one shell word in single quotes (any bytes but NUL)."""
    data = raw(name) if isinstance(name, str) else name
    return b"'" + data.replace(b"'", b"'\\''") + b"'"


def nul_list(names: list[str]) -> bytes:
    return b"".join(raw(n) + b"\0" for n in names)


@dataclass
class Output:
    code: int
    stdout: bytes
    stderr: bytes

    @property
    def last_error(self) -> str:
        lines = self.stderr.decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""


def open_ahead(conn: Connection) -> tuple[threading.Thread, list[paramiko.Channel]]:
    """Open a channel on a thread, so the next command does not wait a round trip for it."""
    box: list[paramiko.Channel] = []

    def work() -> None:
        try:
            box.append(conn.open_channel())
        except Exception:  # noqa: BLE001 - the command opens its own then
            pass

    thread = threading.Thread(target=work, name="gpudesk-sync-open", daemon=True)
    thread.start()
    return thread, box


def run(conn: Connection, command: bytes, stdin: bytes | None = None, timeout: float = 600.0,
        limit: int = OUTPUT_MAX, chan: paramiko.Channel | None = None) -> Output:  # fmt: skip
    """Run ``command``, feed ``stdin``, collect at most ``limit`` bytes of output.

    More output than ``limit`` is a :class:`SyncError`: a server must not be able to fill this
    computer's memory with a listing that never ends.
    """
    chan = chan or conn.open_channel()
    err = bytearray()
    try:
        chan.settimeout(timeout)
        chan.exec_command(command)
        if stdin:
            chan.sendall(stdin)
        chan.shutdown_write()

        def read_stderr() -> None:
            try:
                while chunk := chan.recv_stderr(65536):
                    err.extend(chunk)
                    if len(err) > _ERR_KEEP:
                        del err[: len(err) - _ERR_KEEP]
            except (OSError, EOFError, paramiko.SSHException):
                pass

        reader = threading.Thread(target=read_stderr, name="gpudesk-sync-stderr", daemon=True)
        reader.start()
        out = bytearray()
        while chunk := chan.recv(1 << 20):
            out.extend(chunk)
            if len(out) > limit:
                raise SyncError(msg("SyncError", "The server sent more than {size} bytes for one listing; sync a smaller folder.",
                                    size=limit))  # fmt: skip
        reader.join(timeout)
        return Output(chan.recv_exit_status(), bytes(out), bytes(err))
    except TimeoutError:
        raise SyncError(
            msg("SyncError", "The server did not answer within {seconds:.0f} s.", seconds=timeout)
        ) from None
    except (OSError, EOFError, paramiko.SSHException) as exc:
        raise ConnectionLost(connection_lost(exc)) from None
    finally:
        chan.close()
