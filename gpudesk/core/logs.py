"""The app's log file: rotated, under the data dir, with secrets scrubbed on the way in."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from gpudesk.core import paths, redact


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
    path = paths.data_dir() / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def setup() -> Path:
    """Send the app's log records to ``logs/gpudesk.log`` (1 MB × 3 files)."""
    path = log_dir() / "gpudesk.log"
    logger = logging.getLogger("gpudesk")
    if not any(isinstance(h, logging.handlers.RotatingFileHandler) for h in logger.handlers):
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.addFilter(_ScrubFilter())
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    return path
