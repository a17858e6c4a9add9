"""Smoke-test the built app in dist/gpudesk on a machine without the source tree on sys.path.

1. `gpudesk --version`; 2. `gpudesk demo-server` answers an SSH login (shell command and the
demo nvidia-smi); 3. the detached demo host starts; 4. the GUI starts offscreen and shows its window. Exit code 0 when all pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = ROOT / "dist" / "gpudesk" / ("gpudesk.exe" if os.name == "nt" else "gpudesk")
CLI = ROOT / "dist" / "gpudesk" / ("gpudesk-cli.exe" if os.name == "nt" else "gpudesk")


def main() -> int:
    home = tempfile.mkdtemp(prefix="gpudesk-smoke-")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env.update(GPUDESK_HOME=home, QT_QPA_PLATFORM="offscreen")
    cwd = tempfile.mkdtemp(prefix="gpudesk-smoke-cwd-")  # not the source tree
    version = subprocess.run([str(CLI), "--version"], capture_output=True, text=True, env=env, cwd=cwd, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("gpudesk "), version
    print("smoke: version ok:", version.stdout.strip())

    server = subprocess.Popen([str(CLI), "demo-server", "--gpus", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    try:
        info = json.loads(server.stdout.readline())
        import paramiko

        client = paramiko.SSHClient()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(info["host"], info["port"], info["username"], info["password"], look_for_keys=False, allow_agent=False, timeout=30)
        _, out, _ = client.exec_command("echo shell-ok; nvidia-smi -L")
        text = out.read().decode()
        client.close()
        assert "shell-ok" in text, text
        assert text.count("GPU ") == 2, f"the demo nvidia-smi did not answer in the packaged app: {text!r}"
        print("smoke: demo-server login ok, demo nvidia-smi ok")
    finally:
        server.terminate()
        server.wait(10)

    # The detached demo host (the demo's server and provider API outliving the app) answers too.
    spec = json.dumps({"password": "smoke-pw", "token": "smoke-token", "train_s": 0, "folder": tempfile.mkdtemp(prefix="gpudesk-smoke-host-")})
    host = subprocess.Popen([str(CLI), "__demo-host"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    try:
        host.stdin.write(spec + "\n")
        host.stdin.close()
        line = host.stdout.readline()
        assert line.startswith("ready "), (line, host.stderr.read()[-2000:] if host.poll() is not None else "")
        info = json.loads(line[len("ready "):])
        import urllib.error
        import urllib.request

        try:
            urllib.request.urlopen(info["api_url"] + "/v2/pods", timeout=10)
        except urllib.error.HTTPError as exc:
            assert exc.code == 401, exc
        print("smoke: demo host ok")
    finally:
        host.terminate()
        host.wait(20)

    gui = subprocess.run([str(CLI)], capture_output=True, text=True, env={**env, "GPUDESK_EXIT_AFTER_SHOW": "1"}, cwd=cwd, timeout=120)
    assert gui.returncode == 0 and "window-shown" in gui.stdout, gui.stderr[-2000:]
    print("smoke: GUI window shown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
