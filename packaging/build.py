"""Build gpudesk for this OS: `python packaging/build.py`.

Always: a one-folder app in dist/gpudesk/ (executable dist/gpudesk/gpudesk, .exe on Windows).
Then, where the OS has the tools: Windows → an Inno Setup installer (iscc on PATH);
macOS → gpudesk.app in a .dmg (hdiutil), signed/notarised when the CODESIGN_IDENTITY /
NOTARY_PROFILE environment variables are set; Linux → a .tar.gz of the folder.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))

from gpudesk import __version__  # noqa: E402


def run(*cmd: str) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build_folder() -> Path:
    run(sys.executable, str(ROOT / "packaging" / "translations.py"), "release")  # fresh .qm files ship
    run(sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller"), str(ROOT / "packaging" / "gpudesk.spec"))
    app = DIST / "gpudesk"
    exe = app / ("gpudesk.exe" if os.name == "nt" else "gpudesk")
    if not exe.exists():
        raise SystemExit(f"build failed: {exe} is missing")
    print(f"built {exe} ({folder_size(app) / 1e6:.0f} MB)")
    return app


def windows_installer() -> None:
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    if not iscc:
        print("Inno Setup (iscc) not found: skipping the installer; the folder build is in dist/gpudesk")
        return
    run(iscc, f"/DAppVersion={__version__}", f"/DSourceDir={DIST / 'gpudesk'}", f"/O{DIST}", str(ROOT / "packaging" / "windows" / "gpudesk.iss"))


def macos_dmg() -> None:
    run("bash", str(ROOT / "packaging" / "macos" / "make_dmg.sh"), str(DIST / "gpudesk.app"), str(DIST / f"gpudesk-{__version__}.dmg"))


def linux_tarball(app: Path) -> None:
    out = DIST / f"gpudesk-{__version__}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(app, arcname="gpudesk")
    print(f"packed {out} ({out.stat().st_size / 1e6:.0f} MB)")


def main() -> None:
    app = build_folder()
    if sys.platform == "win32":
        windows_installer()
    elif sys.platform == "darwin":
        macos_dmg()
    elif "--no-archive" not in sys.argv:
        linux_tarball(app)


if __name__ == "__main__":
    main()
