"""Check a built gpudesk.app: `python packaging/check_bundle.py dist/gpudesk.app [--arch arm64 --arch x86_64]`.

Fails (exit 1, one line per problem) when the app would not be a normal foreground app (LSBackgroundOnly or
LSUIElement set: no Dock icon, no menu bar, no ⌘-Tab), when LSMinimumSystemVersion is missing or older than
the bundled Qt needs, when the executable named by the plist is missing, or — with --arch — when
`lipo -archs` does not list exactly the intended architectures. Run by CI on the macOS runners.
"""

from __future__ import annotations

import argparse
import plistlib
import shutil
import subprocess
import sys
from pathlib import Path

_TRUE = (True, 1, "1", "YES", "yes", "true", "True")


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in str(text).split(".") if part.isdigit())


def plist_problems(plist: dict[str, object], needed_min_macos: str | None = None) -> list[str]:
    problems = []
    for key in ("LSBackgroundOnly", "LSUIElement"):
        if plist.get(key) in _TRUE:
            problems.append(f"{key} is set: macOS would run the app without a Dock icon or menu bar")
    minimum = plist.get("LSMinimumSystemVersion")
    if not minimum:
        problems.append("LSMinimumSystemVersion is missing")
    elif needed_min_macos and _version(str(minimum)) < _version(needed_min_macos):
        problems.append(f"LSMinimumSystemVersion {minimum} is older than the {needed_min_macos} the bundled Qt needs")
    if plist.get("CFBundlePackageType") != "APPL":
        problems.append("CFBundlePackageType is not APPL")
    return problems


def bundle_problems(app: Path, archs: list[str], needed_min_macos: str | None = None) -> list[str]:
    plist_path = app / "Contents" / "Info.plist"
    if not plist_path.is_file():
        return [f"{plist_path} is missing"]
    with plist_path.open("rb") as fh:
        plist = plistlib.load(fh)
    problems = plist_problems(plist, needed_min_macos)
    exe = app / "Contents" / "MacOS" / str(plist.get("CFBundleExecutable", ""))
    if not plist.get("CFBundleExecutable") or not exe.is_file():
        problems.append(f"the bundle's executable {exe} is missing")
    elif archs:
        lipo = shutil.which("lipo")
        if lipo is None:
            problems.append("lipo is not available to check the architectures")
        else:
            found = subprocess.run([lipo, "-archs", str(exe)], capture_output=True, text=True, check=True).stdout.split()
            if sorted(found) != sorted(archs):
                problems.append(f"{exe.name} is built for {' '.join(found) or 'nothing'}, expected {' '.join(archs)}")
            else:
                print(f"check_bundle: {exe.name} architectures: {' '.join(found)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app", type=Path)
    parser.add_argument("--arch", action="append", default=[], help="an architecture lipo must list (repeat)")
    parser.add_argument("--min-macos", help="the oldest macOS the bundled Qt supports (default: from its wheel)")
    args = parser.parse_args(argv)
    needed = args.min_macos
    if needed is None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import spec_options

        needed = spec_options.qt_min_macos()
    problems = bundle_problems(args.app, args.arch, needed)
    for problem in problems:
        print(f"check_bundle: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_bundle: {args.app} is a foreground app for macOS {needed}+")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
