"""The terminal canvas with pytest-qt: keys to bytes, painting, find, paste, IME, zoom, selection."""

from __future__ import annotations

import pytest

from gpudesk.ui.qt import QtCore, QtGui, QtWidgets
from tests.helpers.canvas import shown_canvas

pytestmark = pytest.mark.gui
Qt = QtCore.Qt


@pytest.fixture
def canvas(qtbot):
    c = shown_canvas(qtbot)
    sent: list[bytes] = []
    c.send.connect(sent.append)
    c.reply.connect(sent.append)
    c.sent = sent
    return c


@pytest.mark.parametrize(
    ("key", "mods", "text", "expected"),
    [
        (Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier, "a", b"a"),
        (Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier, "\x03", b"\x03"),
        (Qt.Key.Key_Up, Qt.KeyboardModifier.NoModifier, "", b"\x1b[A"),
        (Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier, "", b"\x1b[1;5C"),
        (Qt.Key.Key_F5, Qt.KeyboardModifier.NoModifier, "", b"\x1b[15~"),
        (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier, "\t", b"\t"),
        (Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier, "\x08", b"\x7f"),
        (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r", b"\r"),
        (Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier, "b", b"\x1bb"),
        (Qt.Key.Key_PageDown, Qt.KeyboardModifier.NoModifier, "", b"\x1b[6~"),
    ],
)
def test_keys_produce_xterm_bytes(canvas, qtbot, key, mods, text, expected) -> None:
    qtbot.keyClick(canvas, key, mods) if not text or len(text) != 1 or not text.isprintable() else None
    if text and len(text) == 1 and text.isprintable():
        event = QtGui.QKeyEvent(QtCore.QEvent.Type.KeyPress, key, mods, text)
        QtWidgets.QApplication.sendEvent(canvas, event)
    assert canvas.sent == [expected]


def test_application_cursor_mode_changes_arrows(canvas, qtbot) -> None:
    canvas.feed(b"\x1b[?1h")
    qtbot.keyClick(canvas, Qt.Key.Key_Up)
    assert canvas.sent == [b"\x1bOA"]


def test_painting_colours_wide_chars_and_cursor(canvas, qtbot) -> None:
    canvas.feed("\x1b[1;31mred\x1b[0m \x1b[38;2;10;200;10m真彩\x1b[7minv\x1b[0m\r\n中文宽字符\r\n".encode())
    image = canvas.grab().toImage()
    assert not image.isNull()
    lp = canvas.painter
    # The red "r" paints red pixels inside its own cell, the background stays the theme's.
    cell = image.copy(0, 0, int(lp.cell_w), int(lp.cell_h))
    colours = {cell.pixelColor(x, y).name() for x in range(cell.width()) for y in range(cell.height())}
    assert lp.theme.background.name() in colours
    assert any(QtGui.QColor(c).red() > 150 and QtGui.QColor(c).green() < 120 for c in colours)
    assert canvas.screen.display[1].startswith("中文宽字符")


def test_only_dirty_rows_are_repainted(canvas, qtbot) -> None:
    canvas.feed(b"hello")
    canvas.screen.take_dirty()
    canvas.screen.feed(b"\x1b[5;1Hx")
    assert canvas.screen.take_dirty() == {4}


def test_find_highlights_matches_in_scrollback_and_screen(canvas, qtbot) -> None:
    from gpudesk.ui.terminal.findbar import FindBar

    bar = FindBar(canvas)
    qtbot.addWidget(bar)
    canvas.feed(b"".join(b"line %d needle\r\n" % i if i % 20 == 0 else b"line %d\r\n" % i for i in range(200)))
    canvas.feed("中文needle\r\n".encode())
    bar.open()
    bar.edit.setText("NEEDLE")
    assert len(bar.matches) == 11
    assert bar.count.text() == "11 of 11"
    last = bar.matches[-1]
    line = canvas.all_line(last[0])
    assert line is not None and "".join(line.chars).startswith("中文needle")
    assert last[1:] == (4, 10)  # after two wide chars (four cells)
    bar.previous()
    bar.previous()
    first_shown = canvas.current_match
    assert first_shown is not None and first_shown[0] < len(canvas.screen.history)
    assert canvas.offset > 0  # scrolled back to show it
    image = canvas.grab().toImage()
    assert not image.isNull()
    bar.close_bar()
    assert canvas.highlights == {}


def test_multiline_paste_asks_first_and_uses_bracketed_mode(canvas, qtbot) -> None:
    canvas.feed(b"\x1b[?2004h")
    answers = []

    def answer(button: QtWidgets.QMessageBox.StandardButton) -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if box is None:
            QtCore.QTimer.singleShot(20, lambda: answer(button))
            return
        answers.append(box.text())
        box.button(button).click()

    QtCore.QTimer.singleShot(20, lambda: answer(QtWidgets.QMessageBox.StandardButton.No))
    assert canvas.paste("rm -rf build\nmake\n") is False
    assert canvas.sent == []
    QtCore.QTimer.singleShot(20, lambda: answer(QtWidgets.QMessageBox.StandardButton.Yes))
    assert canvas.paste("rm -rf build\nmake\n") is True
    assert canvas.sent == [b"\x1b[200~rm -rf build\rmake\r\x1b[201~"]
    assert "2 line" in answers[0]
    canvas.sent.clear()
    assert canvas.paste("one line") is True  # no question for one line
    assert canvas.sent == [b"\x1b[200~one line\x1b[201~"]


def test_ctrl_shift_v_pastes_the_clipboard(canvas, qtbot) -> None:
    QtWidgets.QApplication.clipboard().setText("echo hi")
    qtbot.keyClick(canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert canvas.sent == [b"echo hi"]


def test_input_method_commit_and_preedit(canvas, qtbot) -> None:
    canvas.feed(b"$ ")
    pre = QtGui.QInputMethodEvent("zhong", [])
    QtWidgets.QApplication.sendEvent(canvas, pre)
    assert canvas.preedit == "zhong"
    assert canvas.sent == []
    rect = canvas.inputMethodQuery(Qt.InputMethodQuery.ImCursorRectangle)
    assert rect.x() == int(2 * canvas.painter.cell_w)
    canvas.grab()  # paints the preedit at the cursor
    commit = QtGui.QInputMethodEvent("", [])
    commit.setCommitString("中")
    QtWidgets.QApplication.sendEvent(canvas, commit)
    assert canvas.sent == ["中".encode()]
    assert canvas.preedit == ""


def test_ctrl_wheel_zooms_and_resizes_the_grid(canvas, qtbot) -> None:
    sizes = []
    canvas.size_changed.connect(lambda c, r: sizes.append((c, r)))
    before = canvas.painter.font.pointSize()
    cols_before = canvas.screen.cols
    pos = QtCore.QPointF(10, 10)
    event = QtGui.QWheelEvent(
        pos, canvas.mapToGlobal(pos), QtCore.QPoint(), QtCore.QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    QtWidgets.QApplication.sendEvent(canvas, event)
    assert canvas.painter.font.pointSize() == before + 1
    assert canvas.screen.cols < cols_before
    assert sizes and sizes[-1] == (canvas.screen.cols, canvas.screen.rows)


def test_wheel_scrolls_history_and_typing_returns_to_live(canvas, qtbot) -> None:
    canvas.feed(b"".join(b"row %d\r\n" % i for i in range(100)))
    pos = QtCore.QPointF(10, 10)
    event = QtGui.QWheelEvent(
        pos, canvas.mapToGlobal(pos), QtCore.QPoint(), QtCore.QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    QtWidgets.QApplication.sendEvent(canvas, event)
    assert canvas.offset == 3
    top = "".join(canvas.visible_lines()[0].chars).rstrip()
    assert top == f"row {100 - canvas.screen.rows + 1 - 3}"
    qtbot.keyClick(canvas, Qt.Key.Key_X)
    assert canvas.offset == 0


def test_mouse_reporting_when_the_application_asks(canvas, qtbot) -> None:
    canvas.feed(b"\x1b[?1000h\x1b[?1006h")
    lp = canvas.painter
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(int(lp.cell_w * 3.5), int(lp.cell_h * 1.5)))
    assert canvas.sent == [b"\x1b[<0;4;2M", b"\x1b[<0;4;2m"]


def test_select_copies_text(canvas, qtbot) -> None:
    canvas.feed(b"alpha beta\r\ngamma")
    lp = canvas.painter
    y = int(lp.cell_h * 0.5)
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(int(lp.cell_w * 6.2), y))
    qtbot.mouseMove(canvas, QtCore.QPoint(int(lp.cell_w * 2.5), int(lp.cell_h * 1.5)))
    QtWidgets.QApplication.sendEvent(
        canvas,
        QtGui.QMouseEvent(
            QtCore.QEvent.Type.MouseMove, QtCore.QPointF(lp.cell_w * 2.5, lp.cell_h * 1.5),
            canvas.mapToGlobal(QtCore.QPointF(lp.cell_w * 2.5, lp.cell_h * 1.5)),
            Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
        ),
    )  # fmt: skip
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(int(lp.cell_w * 2.5), int(lp.cell_h * 1.5)))
    assert canvas.selected_text() == "beta\ngam"
    assert QtWidgets.QApplication.clipboard().text() == "beta\ngam"


def test_ctrl_letters_reach_the_shell_even_over_app_shortcuts(canvas, qtbot) -> None:
    fired = []
    shortcut = QtGui.QShortcut(QtGui.QKeySequence("Ctrl+N"), canvas)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
    shortcut.activated.connect(lambda: fired.append(1))
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert canvas.sent == [b"\x0e"]
    assert fired == []


def test_view_find_shortcut_opens_the_find_bar(qtbot) -> None:
    from gpudesk.core.sessions import Session
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.view import TerminalView

    controller = ConnectionController(Session(name="x", host="127.0.0.1"))
    view = TerminalView(controller.server, "t1")
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    view.activateWindow()
    qtbot.waitActive(view)
    view.canvas.feed(b"alpha\r\nbeta alpha\r\n")
    view.canvas.setFocus()
    qtbot.waitUntil(view.canvas.hasFocus)
    qtbot.keyClick(view.canvas, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert view.findbar.isVisible()
    qtbot.keyClicks(view.findbar.edit, "alpha")
    assert [m[1:] for m in view.findbar.matches] == [(0, 5), (5, 10)]
    assert view.state == "idle"  # not connected: no shell was opened
    controller.close()


def test_a_flood_is_parsed_in_slices_and_never_freezes_the_ui(canvas, qtbot) -> None:
    import time

    from gpudesk.core.terminal.shell import OutputBuffer
    from tests.benchmarks.bench_terminal import build_output

    data = build_output(8)  # parsing this in one go takes about a second here
    source = OutputBuffer(limit=len(data) + 1)
    for i in range(0, len(data), 65536):
        source.put(data[i : i + 65536])
    canvas.source = source
    gaps: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    heartbeat = QtCore.QTimer()
    heartbeat.timeout.connect(beat)
    heartbeat.start(5)
    canvas.data_ready()
    qtbot.waitUntil(lambda: len(source) == 0, timeout=120000)
    heartbeat.stop()
    assert len(gaps) > 20
    # Unsliced, this flood holds the UI for a second or more; sliced, no gap comes near that even on a busy machine.
    assert max(gaps) < 0.7, f"the UI stalled for {max(gaps) * 1000:.0f} ms"
    assert len(canvas.screen.history) == 10000  # everything went through, scrollback full


def test_a_flood_of_queries_sends_each_answer_once_per_frame(canvas, qtbot) -> None:
    """64 MB of ``ESC[c`` once queued 21.6 M answers; a frame now sends each distinct answer once."""
    sent = []
    canvas.reply.connect(sent.append)
    canvas.feed(b"\x1b[c" * 100_000 + b"\x1b[5n" * 1000)
    canvas._frame()
    assert len(sent) == 2 and len(set(sent)) == 2
