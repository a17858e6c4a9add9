"""What a pyqtgraph axis paints: its tick labels with their rectangles, measured like the axis does.

``tick_labels(axis)`` asks the axis for the draw specs it would paint now (its real size, font and
ticks); ``overlapping(labels)`` lists the pairs of labels that cover each other.
"""

from __future__ import annotations

from gpudesk.ui.qt import QtCore, QtGui


def tick_labels(axis) -> list[tuple[QtCore.QRectF, str]]:  # type: ignore[no-untyped-def]
    """(rectangle in the axis's coordinates, text) of every tick label the axis draws."""
    picture = QtGui.QPicture()  # what AxisItem.paint draws on
    painter = QtGui.QPainter(picture)
    try:
        if axis.style["tickFont"]:
            painter.setFont(axis.style["tickFont"])
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    if specs is None:
        return []
    return [(QtCore.QRectF(rect), text) for rect, _flags, text in specs[2]]


def overlapping(labels: list[tuple[QtCore.QRectF, str]]) -> list[tuple[str, str]]:
    """Pairs of labels whose rectangles cover each other (by more than a pixel)."""
    pairs = []
    for i, (a, text_a) in enumerate(labels):
        for b, text_b in labels[i + 1 :]:
            common = a.intersected(b)
            if common.width() > 1 and common.height() > 1:
                pairs.append((text_a, text_b))
    return pairs


def clipped(axis, labels: list[tuple[QtCore.QRectF, str]]) -> list[str]:  # type: ignore[no-untyped-def]
    """Labels that reach past the area the axis paints in (the axis clips them there)."""
    room = QtCore.QRectF(axis.boundingRect().toAlignedRect()).adjusted(-1, -1, 1, 1)
    return [text for rect, text in labels if not room.contains(rect)]


def axis_title(axis) -> str:  # type: ignore[no-untyped-def]
    """The axis's name as painted (HTML tags dropped)."""
    doc = QtGui.QTextDocument()
    doc.setHtml(axis.labelString())
    return doc.toPlainText().strip()
