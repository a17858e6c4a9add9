"""What counts as a secret in names and text, and how it is hidden (one rule for logs, zips and bundles)."""

from __future__ import annotations

import re
from collections.abc import Mapping

REDACTED = "***"

# Names such as HF_TOKEN, WANDB_API_KEY, AWS_SECRET_ACCESS_KEY, DB_PASSWORD, GITHUB_PAT, OPENAI_APIKEY.
_SECRET_NAME = re.compile(
    r"(?i)(token|secret|passw(or)?d|passphrase|api_?key|access_?key|private_?key|credential|auth|cookie|session_?key|(^|_)pat$|(^|_)key$)"
)


def is_secret_name(name: str) -> bool:
    """True when an environment variable or field name looks like it holds a secret."""
    return bool(_SECRET_NAME.search(str(name)))


def redact_env(env: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``env`` whose secret-looking values are replaced by ``***``."""
    return {str(k): (REDACTED if is_secret_name(k) and str(v) else str(v)) for k, v in env.items()}
