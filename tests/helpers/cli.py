"""The command line as the tests run it: ``python -m gpudesk`` in a child process of this interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def gpudesk(
    *args: str,
    home: Path | None = None,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
    timeout: float = 180,
) -> subprocess.CompletedProcess[str]:
    """Run ``gpudesk ARGS`` from the repository root, this process's environment with ``env`` on top (and
    GPUDESK_HOME=``home`` when given); stdin is ``stdin`` or empty, so no command waits on a question."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    if home is not None:
        full["GPUDESK_HOME"] = str(home)
    extra: dict[str, Any] = {"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}
    return subprocess.run(
        [sys.executable, "-m", "gpudesk", *args],
        capture_output=True,
        text=True,
        env=full,
        cwd=ROOT,
        timeout=timeout,
        **extra,
    )


def on_sshd(sshd: Any) -> list[str]:
    """The target arguments for the test sshd: its URL, the test key and its known_hosts file."""
    return [sshd.url(), "--identity", str(sshd.key_path), "--known-hosts", str(sshd.known_hosts)]
