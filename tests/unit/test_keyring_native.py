"""A real round trip through the operating system's own password store (Credential Manager, the macOS keychain).

Everything else in the suite uses a file keyring. This test runs where CI says the platform's store is there
to use (``GPUDESK_NATIVE_KEYRING=1``: the Windows and macOS runners, the macOS one with a temporary keychain
made for the run); elsewhere it skips with the reason. It runs in a child process, because the test set-up
pins the file backend for this one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest

CHILD = r"""
import json, sys
from gpudesk.core import secrets
name, account, value = sys.argv[1], sys.argv[2], sys.argv[3]
info = secrets.backend_info()
out = {"backend": info.name, "kind": info.kind, "usable": info.usable}
if info.usable:
    secrets.set_secret(name, account, value)
    out["read"] = secrets.get_secret(name, account) == value
    secrets.delete_secret(name, account)
    out["gone"] = secrets.get_secret(name, account) is None
print(json.dumps(out))
"""


@pytest.mark.skipif(os.environ.get("GPUDESK_NATIVE_KEYRING") != "1", reason="set on the Windows and macOS CI runners")
def test_a_secret_the_size_of_a_4096_bit_key_round_trips_through_the_os_store(tmp_path) -> None:
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHON_KEYRING_BACKEND", "GPUDESK_ALLOW_PLAINTEXT_KEYRING")
    }
    env["GPUDESK_HOME"] = str(tmp_path / "home")
    # An OpenSSH 4096-bit RSA private key is about 3,300 characters: over Windows' 2,560-byte limit per entry.
    value = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + ("A1b2C3d4" * 420) + "\n-----END OPENSSH PRIVATE KEY-----\n"
    name = f"gpudesk-ci-{uuid.uuid4().hex[:8]}"
    result = subprocess.run(
        [sys.executable, "-c", CHILD, name, "ci-user", value], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["kind"] == "secure" and out["usable"], out  # the OS store, not a file
    assert out["read"] and out["gone"], out
