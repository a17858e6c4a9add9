"""Make the app icons for the installers from gpudesk/resources/gpudesk.svg: `python packaging/icons.py`.

Writes gpudesk/resources/gpudesk.ico (Windows: exe, installer, Start menu) and gpudesk.icns (macOS: the .app).
Qt renders the SVG; the two containers are written here with the standard library, so the build needs
no image library beyond Qt. Both formats hold PNG images, which Windows Vista+ and macOS 10.7+ read.
The files are committed; run this again after changing the SVG.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "gpudesk" / "resources" / "gpudesk.svg"
ICO = ROOT / "gpudesk" / "resources" / "gpudesk.ico"
ICNS = ROOT / "gpudesk" / "resources" / "gpudesk.icns"

ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
# ICNS element types that hold PNG data, by pixel size (the @2x types reuse the bigger image).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render_png(size: int, svg: Path = SVG) -> bytes:
    """The SVG drawn on a transparent square of ``size`` pixels, as PNG bytes."""
    from PySide6 import QtCore, QtGui, QtSvg

    if QtGui.QGuiApplication.instance() is None:
        render_png.app = QtGui.QGuiApplication(sys.argv[:1])  # kept alive: Qt needs one for fonts/painting
    image = QtGui.QImage(size, size, QtGui.QImage.Format.Format_ARGB32)
    image.fill(QtCore.Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    QtSvg.QSvgRenderer(str(svg)).render(painter, QtCore.QRectF(0, 0, size, size))
    painter.end()
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode a {size}px PNG")
    return bytes(buffer.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico file whose entries are the given PNGs (size → data), smallest first."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns file with every ICNS_TYPES element, each a PNG of its pixel size."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(ico: Path = ICO, icns: Path = ICNS, svg: Path = SVG) -> None:
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    pngs = {size: render_png(size, svg) for size in sizes}
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    icns.write_bytes(icns_bytes(pngs))
    print(f"wrote {ico} and {icns}")


if __name__ == "__main__":
    write_icons()
