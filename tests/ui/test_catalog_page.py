"""The Catalog page: table, filters, planner, charts, currency and "Rent this" (pytest-qt, offscreen)."""

from __future__ import annotations

import pytest

from gpudesk.core import settings
from gpudesk.core.catalog import load
from gpudesk.core.sessions.model import Session
from gpudesk.core.shell import Page
from gpudesk.ui.catalog.offers_model import PER_TFLOP, PRICE, ROW_ROLE
from gpudesk.ui.qt import Qt, QtCore, QtWidgets

pytestmark = pytest.mark.gui


@pytest.fixture
def page(qtbot):
    from gpudesk.ui.catalog.page import CatalogPage

    widget = CatalogPage()
    qtbot.addWidget(widget)
    widget.resize(1500, 950)
    widget.show()
    if widget.catalog is None:
        with qtbot.waitSignal(widget.loaded, timeout=20000):
            pass
    return widget


def _rows(page) -> list:
    return [page.proxy.data(page.proxy.index(r, 0), ROW_ROLE) for r in range(page.proxy.rowCount())]


def _plan(page, task: str, params: str = "", precision: str | None = None) -> None:
    form = page.planner
    form.task.setCurrentIndex(form.task.findData(task))
    form.params.setEditText(params)
    if precision:
        form.precision.setCurrentIndex(form.precision.findData(precision))
    form.run_plan()


def test_table_lists_every_offer_sorted_by_price_per_tflop_hour(page) -> None:
    assert page.proxy.rowCount() == len(load().offers)
    values = [r.price_per_tflop_hour for r in _rows(page) if r.price_per_tflop_hour is not None]
    assert values == sorted(values)
    page.table.sortByColumn(PRICE, Qt.SortOrder.DescendingOrder)
    prices = [r.price_per_hour for r in _rows(page)]
    assert prices == sorted(prices, reverse=True)
    header = page.model.headerData(PER_TFLOP, Qt.Orientation.Horizontal)
    assert header == "Price per TFLOP-hour"
    # Every row carries its source and date where the user can see them.
    tip = page.proxy.data(page.proxy.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Source: ")
    assert "2026-12-02" in page.sources.text() and "9 providers" in page.sources.text()


def test_filters(page, qtbot) -> None:
    qtbot.keyClicks(page.search, "4090 runpod")
    rows = _rows(page)
    assert rows and all(r.gpu == "RTX 4090" and r.offer.provider == "RunPod" for r in rows)
    page.search.clear()
    page.on_demand.setChecked(True)
    assert all(r.offer.billing == "on-demand" for r in _rows(page))
    page.hide_flagged.setChecked(True)
    assert all(r.offer.usable for r in _rows(page))
    page.min_vram.setValue(80)
    rows = _rows(page)
    assert rows and all(r.offer.vram_gb_per_gpu >= 80 for r in rows)


def test_selecting_an_offer_shows_its_source(page) -> None:
    page.table.selectRow(0)
    row = _rows(page)[0]
    assert row.offer.source in page.sources.text()
    assert row.offer.date_label in page.sources.text()


def test_planner_answers_the_documented_case(page) -> None:
    _plan(page, "inference", "70B", "int4")
    table = page.planner.table
    assert page.planner.row_count() >= 3
    assert page.planner.cell(0, 1) == "1× RTX A6000 (48 GB)" and page.planner.cell(0, 2) == "RunPod"
    assert "Fits: needs" in page.planner.reasons.toPlainText()
    assert "VRAM estimate" in page.planner.memory.text()
    # Selecting another answer updates the reasons and the charts.
    table.selectRow(1)
    assert "tensor parallel" in page.planner.reasons.toPlainText()
    assert page.recommendation is page.planner.result.recommendations[1]
    assert page.recommendation.offer.source in page.sources.text()  # where this price comes from


def test_bad_model_size_is_explained_and_keeps_the_last_answer(page) -> None:
    _plan(page, "training")
    before = page.planner.row_count()
    _plan(page, "training", "abc")
    assert page.planner.error.isVisible()
    assert "'abc' is not a model size" in page.planner.error.text()
    assert page.planner.row_count() == before > 0
    _plan(page, "training", "7B")
    assert not page.planner.error.isVisible()


def test_form_changes_replan_on_their_own(page, qtbot) -> None:
    _plan(page, "training")
    page.planner.task.setCurrentIndex(page.planner.task.findData("rendering"))
    qtbot.waitUntil(lambda: page.planner.result.workload.task == "rendering", timeout=5000)
    assert page.planner.cell(0, 1).startswith("1× RTX 4090")
    assert not page.planner.params.isEnabled()


def test_charts_follow_the_selection(page) -> None:
    _plan(page, "training")
    rec = page.planner.result.recommendations[0]
    assert [o.mode for o in page.billing_chart.options] == ["hourly", "daily", "monthly", "reserved-1y", "reserved-3y"]
    assert "hourly" in page.billing_chart.note.text()
    be = page.break_even.result
    assert be is not None and be.hours is not None and be.purchase == pytest.approx(rec.gpu.purchase_price_usd * rec.count)
    assert "Buying pays off after" in page.break_even.note.text()
    usable = [r for r in page.model._rows if r.tflops and r.offer.billing == "on-demand"]
    assert len(page.scatter.scatter.points()) == len(usable)


def test_currency_and_rate_are_editable_and_saved(page, qtbot) -> None:
    _plan(page, "inference", "70B", "int4")
    usd_price = page.planner.result.recommendations[0].price_per_hour
    usd_first = _rows(page)[0].price_per_hour
    page.rate.setValue(7.0)
    page.currency.setCurrentText("CNY")
    assert page.planner.result.recommendations[0].currency == "CNY"
    assert page.planner.result.recommendations[0].price_per_hour == pytest.approx(7.0 * usd_price)
    assert page.planner.cell(0, 3).startswith("¥")
    assert _rows(page)[0].price_per_hour == pytest.approx(7.0 * usd_first)
    qtbot.waitUntil(lambda: settings.get("catalog.currency") == "CNY" and settings.get("catalog.cny_per_usd") == 7.0, timeout=5000)


def test_rent_this_emits_a_session_template_with_the_price(page, qtbot) -> None:
    _plan(page, "inference", "70B", "int4")
    opened: list[str] = []
    page.open_url = opened.append
    qtbot.mouseClick(page.rent, Qt.MouseButton.LeftButton)
    dialog = page.rent_dialog  # no RunPod account: it says so, and offers the provider's page as before
    qtbot.waitUntil(lambda: dialog.site_button.isVisible(), timeout=10000)
    with qtbot.waitSignal(page.new_session_requested, timeout=5000) as blocker:
        dialog.site_button.click()
    session = blocker.args[0]
    assert isinstance(session, Session)
    assert (session.provider, session.currency, session.host) == ("RunPod", "USD", "")
    assert session.hourly_price == pytest.approx(0.49)
    assert "RTX A6000" in session.name
    assert opened == ["https://www.runpod.io/pricing"]  # and the provider's page to rent it


def test_open_provider_page(page) -> None:
    _plan(page, "inference", "70B", "int4")
    opened: list[str] = []
    page.open_url = opened.append
    page.open_site.click()
    assert opened == ["https://www.runpod.io/pricing"]


def test_main_window_opens_the_page_and_rent_this_prefills_the_editor(window, qtbot) -> None:
    from gpudesk.ui.catalog.page import CatalogPage
    from gpudesk.ui.session_dialog import SessionDialog

    window.show_page(Page.CATALOG)
    page = window.tabs.currentWidget()
    assert isinstance(page, CatalogPage)
    if page.catalog is None:
        with qtbot.waitSignal(page.loaded, timeout=20000):
            pass
    _plan(page, "inference", "70B", "int4")
    page.open_url = lambda _url: None  # no browser in tests
    seen: dict[str, object] = {}

    def check() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(dialog, SessionDialog)
        seen.update(price=dialog.price.value(), currency=dialog.currency.currentText(), provider=dialog.provider.text())
        dialog.reject()

    page.rent.click()
    qtbot.waitUntil(lambda: page.rent_dialog.site_button.isVisible(), timeout=10000)  # no account: the provider's page
    QtCore.QTimer.singleShot(200, check)
    page.rent_dialog.site_button.click()
    assert seen == {"price": pytest.approx(0.49), "currency": "USD", "provider": "RunPod"}
    assert list(window.store) == []  # cancelled: nothing saved


def test_refresh_without_accounts_says_how_to_get_live_prices(page, qtbot) -> None:
    page.refresh.click()
    qtbot.waitUntil(lambda: page.refresh.isEnabled(), timeout=20000)
    assert "Add a Lambda Cloud, RunPod or Vast.ai account in Providers" in page.sources.text()
    assert page.live is None


def test_refresh_fetches_live_prices_from_provider_accounts(page, qtbot) -> None:
    from gpudesk.core.catalog import live
    from gpudesk.core.providers.accounts import Account, AccountStore
    from tests.unit.test_catalog_live import TOKEN, PriceServer

    server = PriceServer()
    try:
        store = AccountStore()
        store.save(Account("lab-lambda", "lambda", base_url=server.url), token=TOKEN)
        store.save(Account("pods", "runpod", base_url=server.url + "/v1"), token=TOKEN)
        store.save(Account("market", "vast", base_url=server.url), token="sk-wrong-for-vast")
        before = page.proxy.rowCount()
        page.refresh.click()
        assert page.refresh.text() == "Refreshing…"
        qtbot.waitUntil(lambda: page.refresh.isEnabled(), timeout=20000)
    finally:
        server.close()
    assert page.live is not None and {r.provider for r in page.live.rows} == {"Lambda Cloud", "RunPod"}
    text = page.sources.text()
    assert "live " in text and " UTC (Lambda Cloud, RunPod)" in text  # the rows' own age, with the providers
    assert "Vast.ai: " in text and "sk-wrong-for-vast" not in text  # the failure is shown, the token is not
    live_rows = [r for r in _rows(page) if r.offer.source.startswith("live: ")]
    assert page.proxy.rowCount() == before + len(live_rows) and live_rows
    assert any(r.offer.provider == "RunPod" and r.gpu == "RTX 4090" and r.price_per_hour == pytest.approx(0.31) for r in live_rows)  # v2 catalog, Community Cloud
    # The planner now answers from the live prices, and they survive a restart through the cache.
    _plan(page, "fine-tuning", "7B", "bf16")
    assert page.planner.catalog is page.catalog
    assert live.load_cached() is not None and live.load_cached().fetched_at == page.live.fetched_at


def test_answers_can_be_ranked_by_time(page) -> None:
    _plan(page, "training")
    panel = page.planner
    assert panel.cell(0, 0) == "1"
    panel.table.sortByColumn(6, Qt.SortOrder.AscendingOrder)
    hours = [float(panel.cell(r, 6).replace(",", "").rstrip(" h")) for r in range(panel.row_count())]
    assert hours == sorted(hours) and hours[0] < hours[-1]
    assert panel.cell(0, 0) != "1"  # the cost ranking is no longer first
    panel.table.selectRow(0)
    assert page.recommendation.est_hours == pytest.approx(hours[0], abs=0.05)
    assert page.recommendation is min(page.planner.result.recommendations, key=lambda r: r.est_hours)


def test_guided_questions_fill_the_planner(page, qtbot) -> None:
    from gpudesk.ui.catalog.guide import GuideDialog

    dialog = GuideDialog(page)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.model, "meta-llama/Llama-2-70b-chat-hf")
    assert dialog.model_hint.text() == "≈70B parameters"
    dialog.jobs.button(1).setChecked(True)  # run a trained model
    dialog.small.setChecked(True)
    dialog.hours.setValue(24)
    dialog.days.setValue(30)
    assert dialog.task() == "inference"
    dialog.apply_to(page.planner)
    page.planner.run_plan()
    w = page.planner.result.workload
    assert (w.task, w.params, w.precision, w.hours) == ("inference", 70e9, "int4", 24 * 30)
    assert page.planner.cell(0, 1) == "1× RTX A6000 (48 GB)"

    dialog.jobs.button(0).setChecked(True)  # train; LoRA is the default answer
    dialog.model.setText("no size here")
    assert "7B model is assumed" in dialog.model_hint.text()
    assert dialog.task() == "fine-tuning"
    dialog.full.setChecked(True)
    assert dialog.task() == "training"
    dialog.jobs.button(3).setChecked(True)
    assert not dialog.model_box.isEnabled() and dialog.task() == "science"


def test_guide_button_opens_the_dialog_and_applies_it(page, qtbot) -> None:
    from gpudesk.ui.catalog.guide import GuideDialog

    def answer() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        assert isinstance(dialog, GuideDialog)
        dialog.jobs.button(2).setChecked(True)  # rendering
        dialog.accept()

    QtCore.QTimer.singleShot(200, answer)
    page.planner.guide.click()
    assert page.planner.result.workload.task == "rendering"


def test_alert_me_when_the_planners_pick_is_in_stock(page, qtbot, gpudesk_home) -> None:
    from gpudesk.core.alerts import stock

    page.planner.params.setEditText("7B")
    page.planner.run_plan()
    qtbot.waitUntil(lambda: page.recommendation is not None, timeout=5000)
    assert page.watch.isEnabled()
    rec = page.recommendation
    page.watch_selected(price=1.25)
    qtbot.waitUntil(lambda: stock.wants() != [], timeout=5000)
    assert stock.wants() == [stock.Want(rec.gpu.model, 1.25, rec.count)]
