"""The locale a remote shell gets: ``LANG``/``LC_*`` as OpenSSH's ``SendEnv LANG LC_*`` sends them.

Only UTF-8 locales are passed on. A desktop often has no usable value (Windows has no
``LANG``, a macOS app started from the Finder neither, and macOS terminals set the bare
``LC_CTYPE=UTF-8`` that Linux does not know); then ``C.UTF-8`` goes instead: it exists on
every current Linux (Debian/Ubuntu always, glibc 2.35+ built in, RHEL 8+), while
``en_US.UTF-8`` or ``zh_CN.UTF-8`` are often not generated on the container images GPU
servers run. Without a UTF-8 locale bash's line editor reads each byte of a CJK
character as a Meta key, so typed Chinese turns into editing commands.

Servers without ``AcceptEnv LANG LC_*`` drop these variables silently (the request has
no reply). :func:`server_takes_env` asks once per connection with a throwaway command; a
shell on such a server is started as ``exec env LANG=… "$SHELL" -l`` instead, so the
locale is set before the shell's first prompt and nothing is typed into it.
"""

from __future__ import annotations

import os
import re
import shlex
import threading
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

FALLBACK = "C.UTF-8"
_UTF8_LOCALE = re.compile(r"^(C|POSIX|[a-z]{2,3}(_[A-Z]{2})?)\.(UTF-8|utf-8|utf8|UTF8)(@[A-Za-z0-9]+)?$")
_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")  # a variable name a shell takes as one word, never shell text
_OWN_PREFIX = "LC_GPUDESK"  # our own markers travel in the LC_ namespace; never copied from the desktop
_probe_cache: weakref.WeakKeyDictionary[object, bool] = weakref.WeakKeyDictionary()
_probe_lock = threading.Lock()


def is_utf8_locale(value: str) -> bool:
    """True for a full locale name in UTF-8 (``de_DE.UTF-8``, ``C.UTF-8``), not the bare ``UTF-8``."""
    return bool(_UTF8_LOCALE.match(value))


def locale_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``LANG`` and ``LC_*`` to send, from the desktop's environment, always with a UTF-8 ``LANG``."""
    environ = os.environ if environ is None else environ
    out: dict[str, str] = {}
    for key, value in environ.items():
        wanted = key == "LANG" or (key.startswith("LC_") and _NAME.match(key))
        if wanted and not key.startswith(_OWN_PREFIX) and is_utf8_locale(value):
            out[key] = value
    out.setdefault("LANG", FALLBACK)
    return dict(sorted(out.items()))


def server_takes_env(conn: Connection, env: Mapping[str, str], timeout: float = 15.0) -> bool:
    """Whether the server passes ``env``'s ``LANG`` on to commands (asked once per connection).

    Any failure of the question itself counts as "yes": the shell then starts as it always did.
    """
    with _probe_lock:
        known = _probe_cache.get(conn)
    if known is not None:
        return known
    want = env.get("LANG", FALLBACK)
    try:
        chan = conn.open_channel()
        try:
            chan.settimeout(timeout)
            chan.set_environment_variable("LANG", want)
            chan.exec_command('printf "%s" "$LANG"')
            got = bytearray()
            while chunk := chan.recv(4096):
                got += chunk
        finally:
            chan.close()
        answer = got.decode("utf-8", "replace").strip() == want
    except Exception:  # noqa: BLE001 - a probe that cannot run must not keep the shell from starting
        return True
    with _probe_lock:
        _probe_cache[conn] = answer
    return answer


def login_shell_command(env: Mapping[str, str]) -> str:
    """The remote command that starts the user's login shell with ``env`` already set."""
    pairs = " ".join(shlex.quote(f"{k}={v}") for k, v in env.items())
    return f'exec env {pairs} "$SHELL" -l'


def export_prefix(env: Mapping[str, str]) -> str:
    """``export K=V; …`` for a command run by the login shell (the tmux start)."""
    return "".join(f"export {k}={shlex.quote(v)}; " for k, v in env.items() if _NAME.match(k))
