"""Build gpudesk for this OS: `python packaging/build.py`.

Always: a one-folder app in dist/gpudesk/ (dist/gpudesk/gpudesk; on Windows the windowed gpudesk.exe plus
gpudesk-cli.exe, on macOS also gpudesk.app). Then the installer of the OS:
Windows → an Inno Setup installer (ISCC from PATH, $ISCC or the default install folder; missing → the build
fails, `--no-installer` skips it on purpose), Authenticode-signed when WINDOWS_SIGN_PFX (a .pfx file) and
WINDOWS_SIGN_PASSWORD are set; macOS → gpudesk.app in a .dmg (hdiutil), signed/notarised when the
CODESIGN_IDENTITY / NOTARY_PROFILE environment variables are set; Linux → a .tar.gz of the folder.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "packaging"))

import spec_options  # noqa: E402

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
    suffix = ".exe" if os.name == "nt" else ""
    for name, _console in spec_options.executables():
        if not (app / f"{name}{suffix}").is_file():
            raise SystemExit(f"build failed: {app / name}{suffix} is missing")
    if sys.platform == "darwin" and not (DIST / "gpudesk.app" / "Contents" / "Info.plist").is_file():
        raise SystemExit("build failed: dist/gpudesk.app is missing")
    print(f"built {app} ({folder_size(app) / 1e6:.0f} MB)")
    return app


def find_iscc() -> str | None:
    """Inno Setup's command-line compiler: $ISCC, PATH, or where its installer (and choco) put it."""
    candidates = [os.environ.get("ISCC", ""), shutil.which("iscc") or "", shutil.which("ISCC") or ""]
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
        if base:
            candidates.append(str(Path(base) / "Inno Setup 6" / "ISCC.exe"))
    return next((c for c in candidates if c and Path(c).is_file()), None)


def find_signtool() -> str | None:
    """signtool.exe: $SIGNTOOL, PATH, or the newest Windows SDK's x64 one."""
    found = os.environ.get("SIGNTOOL") or shutil.which("signtool")
    if found:
        return found
    kits = Path(os.environ.get("ProgramFiles(x86)", r"C:\Program Files (x86)")) / "Windows Kits" / "10" / "bin"
    tools = sorted(kits.glob("10.*/x64/signtool.exe")) if kits.is_dir() else []
    return str(tools[-1]) if tools else None


def sign_windows(files: Iterable[Path]) -> bool:
    """Authenticode-sign ``files`` when WINDOWS_SIGN_PFX is set; False (nothing done) otherwise."""
    pfx = os.environ.get("WINDOWS_SIGN_PFX")
    if not pfx:
        return False
    signtool = find_signtool()
    if not signtool:
        raise SystemExit("WINDOWS_SIGN_PFX is set but signtool.exe was not found (install the Windows SDK)")
    stamp = os.environ.get("WINDOWS_SIGN_TIMESTAMP_URL", "http://timestamp.digicert.com")
    names = [str(f) for f in files]
    print("+ signtool sign /fd SHA256 /tr", stamp, *names, flush=True)  # never echo the password
    subprocess.run([signtool, "sign", "/f", pfx, "/p", os.environ.get("WINDOWS_SIGN_PASSWORD", ""), "/fd", "SHA256",
                    "/tr", stamp, "/td", "SHA256", *names], check=True, cwd=ROOT)
    run(signtool, "verify", "/pa", *names)
    return True


def windows_installer(app: Path) -> Path | None:
    sign_windows([app / "gpudesk.exe", app / "gpudesk-cli.exe"])
    if "--no-installer" in sys.argv:
        print("--no-installer: the folder build is in dist/gpudesk")
        return None
    iscc = find_iscc()
    if not iscc:
        raise SystemExit("Inno Setup's ISCC.exe was not found (set ISCC, or install Inno Setup 6); "
                         "`--no-installer` builds only dist/gpudesk")
    run(iscc, f"/DAppVersion={__version__}", f"/DSourceDir={app}", f"/O{DIST}", str(ROOT / "packaging" / "windows" / "gpudesk.iss"))
    setup = DIST / f"gpudesk-{__version__}-setup.exe"
    if not setup.is_file():
        raise SystemExit(f"Inno Setup finished but {setup} is missing")
    sign_windows([setup])
    return setup


def macos_dmg() -> Path:
    dmg = DIST / f"gpudesk-{__version__}.dmg"
    run("bash", str(ROOT / "packaging" / "macos" / "make_dmg.sh"), str(DIST / "gpudesk.app"), str(dmg))
    if not dmg.is_file():
        raise SystemExit(f"{dmg} is missing")
    return dmg


def linux_tarball(app: Path) -> None:
    out = DIST / f"gpudesk-{__version__}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(app, arcname="gpudesk")
    print(f"packed {out} ({out.stat().st_size / 1e6:.0f} MB)")


def main() -> None:
    app = build_folder()
    if sys.platform == "win32":
        windows_installer(app)
    elif sys.platform == "darwin":
        macos_dmg()
    elif "--no-archive" not in sys.argv:
        linux_tarball(app)


if __name__ == "__main__":
    main()
