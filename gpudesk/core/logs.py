"""The app's log file: rotated, under the data dir, with secrets scrubbed on the way in."""

from __future__ import annotations

import logging
import logging.handlers
import re
from pathlib import Path

from gpudesk.core import paths

_SECRET_PATTERNS = [
    re.compile(r"(?i)(password|passphrase|token|secret|authorization)(\s*[=:]\s*)(\S+)"),
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.S),
]


def scrub(text: str) -> str:
    text = _SECRET_PATTERNS[0].sub(lambda m: f"{m.group(1)}{m.group(2)}***", text)
    return _SECRET_PATTERNS[1].sub("[private key removed]", text)


class _ScrubFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = scrub(str(record.getMessage()))
        record.args = ()
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
