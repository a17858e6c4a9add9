"""Texts made in the Qt-free core (planner, environment check, provider errors) show in the UI language."""

from __future__ import annotations

import json

import pytest

from gpudesk.core.i18n import msg
from gpudesk.core.providers.errors import ProviderError
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QtCore

pytestmark = pytest.mark.gui

ZH = {
    ("Planner", "VRAM estimate: {estimate}; {assumptions}"): "显存估算：{estimate}；{assumptions}",
    ("Planner", "Fits: {need} of {vram:.0f} GB per GPU"): "可容纳：{need}，每块 GPU 共 {vram:.0f} GB",
    ("Estimate", "needs ≈{need:.0f} GB ({parts} GB, + overhead)"): "约需 {need:.0f} GB（{parts} GB，另加开销）",
    ("Estimate", "weights"): "权重",
    ("Estimate", "'{text}' is not a model size; write it like 7B, 70B, 1.5B or 350M."): "'{text}' 不是模型规模；请写成 7B、70B、1.5B 或 350M。",
    ("Offers", "on-demand"): "按需",
    ("EnvCheck", "Disk (home)"): "磁盘（主目录）",
    ("EnvCheck", "Only {size} free on {path}."): "{path} 上仅剩 {size} 可用。",
    ("EnvCheck", "Delete old checkpoints or caches (~/.cache/pip, ~/.cache/huggingface), or grow the disk."): "删除旧的检查点或缓存，或扩容磁盘。",
    ("ProviderError", "{provider} ({status}): server error: {message}. Try again later."): "{provider}（{status}）：服务器错误：{message}。请稍后重试。",
    ("Duration", "{hours} h {minutes:02d} min"): "{hours} 小时 {minutes:02d} 分",
    ("Planner", "Broken {field}"): "坏了 {feld}",
    ("Duration", "{minutes} min {seconds:02d} s"): "{minutes} 分 {seconds:02d} 秒",
    ("NvidiaSmi", 'nvidia-smi said: "{line}". {meaning}'): "nvidia-smi 输出：“{line}”。{meaning}",
    ("NvidiaSmi", "This user may not read the GPUs. Ask the administrator to add it to the video group."):
        "此用户无权读取 GPU。请让管理员把它加入 video 组。",
    ("TransferError", "The local disk is full ({path}). Free some space and retry."): "本地磁盘已满（{path}）。请腾出空间后重试。",
    ("TransferError", "Renamed {old} to {new}: the name is not safe on this computer."): "已将 {old} 重命名为 {new}：该名称在本机上不安全。",
    ("ConnectError", "The server refused the connection: check the port number and that the server is running."):
        "服务器拒绝连接：请检查端口号，并确认服务器正在运行。",
    ("ConnectError", "{address} refused the connection: nothing listens on port {port}. "
                     "Check the port number, and that the server is running."):
        "{address} 拒绝连接：端口 {port} 上没有程序在监听。请检查端口号，并确认服务器正在运行。",
    ("ConnectError", "Connecting was cancelled."): "连接已取消。",
}


class TableTranslator(QtCore.QTranslator):
    """A translator from a dict, standing in for a compiled .qm in these tests."""

    def __init__(self, table: dict[tuple[str, str], str]) -> None:
        super().__init__()
        self.table = table

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: ANN001, ANN201 - Qt's signature
        return self.table.get((context, source))  # None: not translated here

    def isEmpty(self) -> bool:  # noqa: N802 - Qt API
        return False


@pytest.fixture
def chinese(qapp):
    translator = TableTranslator(ZH)
    assert qapp.installTranslator(translator)
    try:
        yield translator
    finally:
        qapp.removeTranslator(translator)


def test_tr_msg_without_a_translation_is_the_english_text(qapp) -> None:
    m = msg("Planner", "Fits: {need} of {vram:.0f} GB per GPU", need=msg("Estimate", "weights"), vram=47.6)
    assert tr_msg(m) == "Fits: weights of 48 GB per GPU" == m
    assert tr_msg("plain text") == "plain text" and tr_msg(None) == "" and tr_msg(3) == "3"


def test_tr_msg_translates_the_template_and_the_values_that_are_core_texts(chinese) -> None:
    m = msg("Planner", "Fits: {need} of {vram:.0f} GB per GPU", need=msg("Estimate", "weights"), vram=47.6)
    assert tr_msg(m) == "可容纳：权重，每块 GPU 共 48 GB"
    assert str(m) == "Fits: weights of 48 GB per GPU"  # the core's (and the CLI's) text is untouched
    from gpudesk.core.billing.price import duration

    assert tr_msg(duration(3725)) == "1 小时 02 分"
    # A translation whose fields do not match its template shows the English rather than failing.
    broken = msg("Planner", "Broken {field}", field="x")
    assert tr_msg(broken) == "Broken x"


def test_exceptions_raised_with_a_core_text_show_translated(chinese) -> None:
    exc = ProviderError(
        msg("ProviderError", "{provider} ({status}): server error: {message}. Try again later.",
            provider="RunPod", status=503, message="maintenance")
    )  # fmt: skip
    assert tr_msg(exc) == "RunPod（503）：服务器错误：maintenance。请稍后重试。"
    assert str(exc) == "RunPod (503): server error: maintenance. Try again later."
    assert tr_msg(ValueError("only English")) == "only English"


@pytest.fixture
def catalog_page(qtbot):
    from gpudesk.ui.catalog.page import CatalogPage

    widget = CatalogPage()
    qtbot.addWidget(widget)
    widget.show()
    if widget.catalog is None:
        with qtbot.waitSignal(widget.loaded, timeout=20000):
            pass
    return widget


def _plan_70b_int4(page) -> None:
    form = page.planner
    form.task.setCurrentIndex(form.task.findData("inference"))
    form.params.setEditText("70B")
    form.precision.setCurrentIndex(form.precision.findData("int4"))
    form.run_plan()


def test_catalog_page_shows_the_planner_texts_in_english_without_a_translator(catalog_page) -> None:
    _plan_70b_int4(catalog_page)
    assert catalog_page.planner.memory.text().startswith("VRAM estimate: needs ≈40 GB (weights 36.1, KV cache 1.3 GB")
    assert "Fits: needs ≈40 GB" in catalog_page.planner.reasons.toPlainText()


def test_catalog_page_shows_the_planner_texts_in_chinese(chinese, catalog_page, qtbot) -> None:
    page = catalog_page
    _plan_70b_int4(page)
    memory = page.planner.memory.text()
    assert memory.startswith("显存估算：约需 40 GB（权重 36.1, KV cache 1.3 GB，另加开销）；"), memory
    assert "context 4096 tokens" in memory  # no translation for that one here: it stays English
    reasons = page.planner.reasons.toPlainText()
    assert "可容纳：约需 40 GB（权重 36.1" in reasons and "每块 GPU 共" in reasons, reasons
    # The offers table's availability column comes from core too.
    from gpudesk.ui.catalog.offers_model import AVAILABILITY

    shown = {page.model.data(page.model.index(r, AVAILABILITY)) for r in range(page.model.rowCount())}
    assert "按需" in shown and "on-demand" not in shown
    # Errors raised by the core while reading the form.
    page.planner.params.setEditText("huge")
    page.planner.run_plan()
    assert page.planner.error.text() == "'huge' 不是模型规模；请写成 7B、70B、1.5B 或 350M。"


def _low_disk_report():
    from gpudesk.core.envcheck import evaluate, parse_facts
    from gpudesk.core.telemetry.model import GpuSample, Versions
    from gpudesk.core.telemetry.snapshot import Snapshot

    gpus = [GpuSample(0, "GPU-0", "NVIDIA A100-SXM4-80GB", util_gpu=0, mem_used_mib=1, mem_total_mib=81920)]
    text = "== nvcc\n\n== torch\n" + json.dumps({"installed": False}) + "\n== tensorflow\n{}\n"
    text += f"== df\n/root /dev/vda 300000000 1000 {512 * 1024} 1% /\n== tmux\ntmux 3.3a\n== end\n"
    return evaluate(Snapshot(gpus=gpus, versions=Versions("550.54.15", "12.4")), parse_facts(text))


def test_environment_report_shows_check_names_details_and_fixes_translated(chinese, qtbot) -> None:
    from gpudesk.ui.gpus.envreport import EnvReportView

    view = EnvReportView()
    qtbot.addWidget(view)
    view.set_report(_low_disk_report())
    rows = {view.topLevelItem(i).text(1): view.topLevelItem(i).text(2) for i in range(view.topLevelItemCount())}
    assert rows["磁盘（主目录）"] == "/root 上仅剩 0.5 GB 可用。\n→ 删除旧的检查点或缓存，或扩容磁盘。", rows
    assert "Disk (home)" not in rows
    assert rows["tmux"] == "tmux 3.3a"  # a fact from the server, not a text to translate


def test_durations_and_the_nvidia_smi_status_show_translated(chinese) -> None:
    from gpudesk.core.jobs.model import format_duration
    from gpudesk.core.telemetry.parse import classify

    assert tr_msg(format_duration(75)) == "1 分 15 秒" and format_duration(75) == "1 min 15 s"
    status = classify("Insufficient Permissions", 4)
    assert tr_msg(status.message()) == "nvidia-smi 输出：“Insufficient Permissions”。此用户无权读取 GPU。请让管理员把它加入 video 组。"


def test_transfer_queue_tooltips_show_errors_and_warnings_translated(chinese, qtbot) -> None:
    import errno

    from gpudesk.core.transfer import FAILED
    from gpudesk.core.transfer.errors import describe_local, renamed_note
    from gpudesk.core.transfer.queue import TransferItem
    from gpudesk.ui.files.queue_view import QueueView

    view = QueueView()
    qtbot.addWidget(view)
    item = TransferItem(1, "download", "/srv/run/a:b.txt", "/tmp", state=FAILED)
    item.error = describe_local(OSError(errno.ENOSPC, "No space left on device"), "/tmp/a_b.txt.gpudesk-part")
    item.warnings.append(renamed_note("a:b.txt", "a_b.txt"))
    view.update_item(item)
    tip = view.tree.topLevelItem(0).toolTip(0)
    assert tip == "本地磁盘已满（/tmp/a_b.txt.gpudesk-part）。请腾出空间后重试。\n已将 'a:b.txt' 重命名为 'a_b.txt'：该名称在本机上不安全。", tip
    assert item.error == "The local disk is full (/tmp/a_b.txt.gpudesk-part). Free some space and retry."


def test_connection_errors_show_a_headline_and_the_details_translated(chinese) -> None:
    from gpudesk.core.ssh import errors as E
    from gpudesk.ui.errors_text import explain

    exc = E.ConnectionRefused(
        msg("ConnectError", "{address} refused the connection: nothing listens on port {port}. "
                            "Check the port number, and that the server is running.", address="10.0.0.5:2222", port=2222)
    )  # fmt: skip
    assert explain(exc) == "服务器拒绝连接：请检查端口号，并确认服务器正在运行。\n10.0.0.5:2222 拒绝连接：端口 2222 上没有程序在监听。请检查端口号，并确认服务器正在运行。"
    assert str(exc).startswith("10.0.0.5:2222 refused the connection")  # the CLI's text is unchanged
    # A detail that says what the headline says is shown once.
    assert explain(E.Cancelled(msg("ConnectError", "Connecting was cancelled."))) == "连接已取消。"
    # A detail the core did not make translatable (a server's own words) stays as it is, under the headline.
    assert explain(E.ConnectionRefused("proxy said no")) == "服务器拒绝连接：请检查端口号，并确认服务器正在运行。\nproxy said no"
