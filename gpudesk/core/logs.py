"""The app's log file: rotated, under the data dir, with secrets scrubbed on the way in."""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path
from typing import TYPE_CHECKING, cast

from gpudesk.core import paths, redact

if TYPE_CHECKING:
    import io
    from types import TracebackType


def scrub(text: str) -> str:
    """``text`` with secrets hidden (one rule, :func:`gpudesk.core.redact.scrub_text`)."""
    return redact.scrub_text(text)


class _ScrubFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = scrub(str(record.getMessage()))
        record.args = ()
        # A traceback can carry a secret in an exception's text: scrub it before the formatter sees it.
        if record.exc_info:
            record.exc_text = scrub(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = scrub(record.exc_text)
        if record.stack_info:
            record.stack_info = scrub(record.stack_info)
        return True


def log_dir() -> Path:
    return paths.private_dir(paths.data_dir() / "logs")


class _PrivateFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files only this user can read (0600 on POSIX), also after a rotation."""

    def _open(self) -> io.TextIOWrapper:  # logging's own signature
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        if os.name == "posix":
            try:
                os.fchmod(fd, 0o600)  # a file an older version made 0644
            except OSError:
                pass  # not ours to change: still written, as before
        return cast("io.TextIOWrapper", open(fd, self.mode, encoding=self.encoding, errors=self.errors))  # noqa: SIM115 - the handler owns it


def setup() -> Path:
    """Send the app's log records to ``logs/gpudesk.log`` (1 MB × 3 files), with what crashed.

    Also logs a start line (version, platform) and every exception nobody caught, on any thread:
    "the app did something odd" must leave a trace the diagnostics bundle can carry.
    """
    path = log_dir() / "gpudesk.log"
    logger = logging.getLogger("gpudesk")
    for old in [h for h in logger.handlers if isinstance(h, logging.handlers.RotatingFileHandler)]:
        if Path(old.baseFilename) != path.absolute():  # the data folder moved (GPUDESK_HOME): log there now
            logger.removeHandler(old)
            old.close()
    if not any(isinstance(h, logging.handlers.RotatingFileHandler) for h in logger.handlers):
        handler = _PrivateFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.addFilter(_ScrubFilter())
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        _hook_uncaught()
        import platform
        import sys

        from gpudesk import __version__

        logger.info("gpudesk %s started: Python %s on %s", __version__, platform.python_version(), sys.platform)
    return path


_hooked = False


def _hook_uncaught() -> None:
    global _hooked
    if _hooked:  # once per process, also when the log moved to another folder
        return
    _hooked = True
    import sys
    import threading

    log = logging.getLogger("gpudesk.crash")
    previous = sys.excepthook

    def on_main(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            log.error("uncaught %s", kind.__name__, exc_info=(kind, value, tb))
        previous(kind, value, tb)

    previous_thread = threading.excepthook

    def on_thread(args) -> None:  # type: ignore[no-untyped-def]
        if args.exc_type is not SystemExit:
            name = args.thread.name if args.thread is not None else "?"
            log.error(
                "uncaught %s in thread %s",
                args.exc_type.__name__,
                name,
                exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
            )
        previous_thread(args)

    sys.excepthook = on_main
    threading.excepthook = on_thread
