"""Smoke-test the built app on a machine without the source tree on sys.path: `python packaging/smoke.py`.

1. `gpudesk-cli --version`; 2. `gpudesk-cli demo-server` answers an SSH login (a shell command, and on POSIX the
demo's nvidia-smi, whose stand-in is a shell script); 3. the detached demo host starts; 4. the GUI users launch
(windowed gpudesk.exe on Windows, gpudesk.app's executable on macOS) starts offscreen, shows its window and
says so in a file — a windowed exe has no stdout. Exit code 0 when all pass.

``--app-dir DIR`` tests an installed copy (the folder with gpudesk.exe, or gpudesk.app) instead of dist/.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def targets(platform: str, app_dir: Path | None = None) -> tuple[Path, Path]:
    """(the GUI executable users launch, the console executable for commands) of a build on ``platform``."""
    if platform == "win32":
        folder = app_dir or ROOT / "dist" / "gpudesk"
        return folder / "gpudesk.exe", folder / "gpudesk-cli.exe"
    if platform == "darwin":
        macos = (app_dir or ROOT / "dist" / "gpudesk.app") / "Contents" / "MacOS"
        return macos / "gpudesk", macos / "gpudesk-cli"
    folder = app_dir or ROOT / "dist" / "gpudesk"
    return folder / "gpudesk", folder / "gpudesk"


def check_demo_login(cli: Path, env: dict[str, str], cwd: str, platform: str) -> None:
    server = subprocess.Popen([str(cli), "demo-server", "--gpus", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    try:
        info = json.loads(server.stdout.readline())
        import paramiko

        client = paramiko.SSHClient()
        client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        client.connect(info["host"], info["port"], info["username"], info["password"], look_for_keys=False, allow_agent=False, timeout=30)
        try:
            _, out, _ = client.exec_command("echo shell-ok")  # the same in sh and in cmd /c
            text = out.read().decode(errors="replace")
            assert "shell-ok" in text, text
            _, out, _ = client.exec_command("nvidia-smi -L")
            gpus = out.read().decode(errors="replace")
        finally:
            client.close()
        # The demo's nvidia-smi stand-in is a POSIX shell script; where a platform has one, it must answer.
        if platform != "win32" or "GPU " in gpus:
            assert gpus.count("GPU ") == 2, f"the demo nvidia-smi did not answer in the packaged app: {gpus!r}"
            print("smoke: demo-server login ok, demo nvidia-smi ok")
        else:
            print("smoke: demo-server login ok (no demo nvidia-smi on Windows)")
    finally:
        server.terminate()
        server.wait(10)


def check_demo_host(cli: Path, env: dict[str, str], cwd: str) -> None:
    """The detached demo host (the demo's server and provider API outliving the app) answers too."""
    spec = json.dumps({"password": "smoke-pw", "token": "smoke-token", "train_s": 0, "folder": tempfile.mkdtemp(prefix="gpudesk-smoke-host-")})
    host = subprocess.Popen([str(cli), "__demo-host"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
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


def check_window_shown(gui: Path, env: dict[str, str], cwd: str) -> None:
    """The GUI executable shows its window: it writes GPUDESK_SHOWN_FILE (no stdout needed) and exits 0."""
    shown = Path(tempfile.mkdtemp(prefix="gpudesk-smoke-shown-")) / "shown.txt"
    run = subprocess.run([str(gui)], capture_output=True, text=True, timeout=180, cwd=cwd,
                         env={**env, "GPUDESK_EXIT_AFTER_SHOW": "1", "GPUDESK_SHOWN_FILE": str(shown)})
    text = shown.read_text(encoding="utf-8") if shown.exists() else ""
    assert run.returncode == 0 and "window-shown" in text, (run.returncode, text, run.stderr[-2000:])
    print(f"smoke: GUI window shown ({gui.name})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="smoke-test the packaged gpudesk")
    parser.add_argument("--app-dir", type=Path, help="an installed copy instead of dist/")
    args = parser.parse_args(argv)
    gui, cli = targets(sys.platform, args.app_dir)
    for exe in {gui, cli}:
        if not exe.is_file():
            raise SystemExit(f"smoke: {exe} is missing: build first (python packaging/build.py)")
    home = tempfile.mkdtemp(prefix="gpudesk-smoke-")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GPUDESK_SHOWN_FILE")}
    env.update(GPUDESK_HOME=home, QT_QPA_PLATFORM="offscreen")
    cwd = tempfile.mkdtemp(prefix="gpudesk-smoke-cwd-")  # not the source tree
    version = subprocess.run([str(cli), "--version"], capture_output=True, text=True, env=env, cwd=cwd, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("gpudesk "), version
    print("smoke: version ok:", version.stdout.strip())
    check_demo_login(cli, env, cwd, sys.platform)
    check_demo_host(cli, env, cwd)
    check_window_shown(gui, env, cwd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
