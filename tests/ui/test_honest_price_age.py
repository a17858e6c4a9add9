"""The Catalog's footer and its rows agree on how old each price is; every row shows a date or "live".

A live-price cache from two fetches (RunPod failed the second time, so its rows are older) is
on disk when the page opens, as after a restart; the page reads it the way the app does.
"""

from __future__ import annotations

import re

import pytest

from gpudesk.core.catalog.live import refresh, save
from gpudesk.ui.catalog.offers_model import OBSERVED, ROW_ROLE
from tests.unit.test_catalog_live import prices  # noqa: F401 (the fixture)

pytestmark = pytest.mark.gui

DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")


def _open(qtbot):  # type: ignore[no-untyped-def]
    from gpudesk.ui.catalog.page import CatalogPage

    page = CatalogPage()
    qtbot.addWidget(page)
    page.resize(1440, 900)
    page.show()
    qtbot.waitUntil(lambda: page.catalog is not None, timeout=20000)
    return page


def _observed(page) -> dict[str, list]:  # type: ignore[no-untyped-def]
    """Observed cell text → the offers showing it, as the table shows them."""
    shown: dict[str, list] = {}
    for r in range(page.proxy.rowCount()):
        text = page.proxy.data(page.proxy.index(r, OBSERVED))
        shown.setdefault(text, []).append(page.proxy.data(page.proxy.index(r, 0), ROW_ROLE).offer)
    return shown


def _agree(page) -> None:
    footer = page.sources.text()
    shown = _observed(page)
    dates = sorted(t for t in shown if DATE.match(t))
    for text, offers in shown.items():
        assert DATE.match(text) or text.startswith(("before ", "live ")), f"{text!r} is no date ({len(offers)} rows)"
        if text.startswith("before "):
            assert f"{len(offers)} from undated snapshots: {text}" in footer, (text, footer)
        elif text.startswith("live "):
            providers = ", ".join(sorted({o.provider for o in offers}))
            assert f"{len(offers)} {text} ({providers})" in footer, (text, footer)
    assert f"{sum(len(shown[d]) for d in dates)} dated {dates[0]} to {dates[-1]}" in footer, footer
    # The catalog's own date is not offered as the prices' date.
    assert "snapshot of" not in footer


def test_bundled_rows_and_footer_agree(qtbot) -> None:
    page = _open(qtbot)
    _agree(page)
    assert any(t.startswith("before ") for t in _observed(page))


def test_live_rows_keep_their_own_fetch_time(qtbot, prices) -> None:  # noqa: F811
    first = refresh([("lambda", prices.client()), ("runpod", prices.client())], clock=lambda: 1_700_000_000)
    save(first)
    prices.fail["/v2/catalog/gpus"] = [(401, {}, {"title": "Unauthorized", "status": 401, "detail": "missing bearer token"})]
    save(refresh([("lambda", prices.client()), ("runpod", prices.client())], clock=lambda: 1_700_003_600))
    page = _open(qtbot)
    _agree(page)
    shown = _observed(page)
    assert {o.provider for o in shown["live 2023-11-14 22:13 UTC"]} == {"RunPod"}
    assert {o.provider for o in shown["live 2023-11-14 23:13 UTC"]} == {"Lambda Cloud"}
