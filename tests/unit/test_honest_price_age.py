"""Every offer says how old its price is: a date, "before" the catalog's date, or live with its minute."""

from __future__ import annotations

import re

from gpudesk.core.catalog import load
from gpudesk.core.catalog.age import summary
from gpudesk.core.catalog.live import load_cached, merged, refresh, save
from tests.unit.test_catalog_live import prices  # noqa: F401 (the fixture)

DATE = r"\d{4}-\d{2}(-\d{2})?"
AGE = re.compile(rf"^({DATE}|before {DATE}|live {DATE} \d{{2}}:\d{{2}} UTC)$")


def test_every_bundled_offer_shows_a_date() -> None:
    catalog = load()
    labels = {str(o.date_label) for o in catalog.offers}
    assert all(AGE.match(label) for label in labels), sorted(labels)
    # The SkyPilot snapshots record no date: all that is certain is that they predate the catalog.
    assert f"before {catalog.snapshot_date}" in labels
    undated = sum(1 for o in catalog.offers if not o.observed_date)
    assert f"{undated} from undated snapshots: before {catalog.snapshot_date}" in summary(catalog.offers)


def test_summary_says_the_dates_the_rows_show() -> None:
    catalog = load()
    text = str(summary(catalog.offers))
    dated = sorted(o.observed_date for o in catalog.offers if o.observed_date)
    assert f"{len(dated)} dated {dated[0]} to {dated[-1]}" in text, text


def test_kept_live_rows_keep_the_time_they_were_fetched(prices, gpudesk_home) -> None:  # noqa: F811
    first = refresh([("lambda", prices.client()), ("runpod", prices.client())], clock=lambda: 1_700_000_000)
    save(first)
    prices.fail["/v2/catalog/gpus"] = [(401, {}, {"title": "Unauthorized", "status": 401, "detail": "missing bearer token"})]
    second = refresh([("lambda", prices.client()), ("runpod", prices.client())], clock=lambda: 1_700_003_600)
    save(second)
    catalog, _unmatched = merged(load(), load_cached())
    live = [o for o in catalog.offers if o.live]
    ages = {p: {str(o.date_label) for o in live if o.provider == p} for p in {o.provider for o in live}}
    # RunPod failed the second time: its rows are the first fetch's, and say so.
    assert ages == {"Lambda Cloud": {"live 2023-11-14 23:13 UTC"}, "RunPod": {"live 2023-11-14 22:13 UTC"}}
    text = str(summary(catalog.offers))
    runpod = sum(1 for o in live if o.provider == "RunPod")
    assert f"{runpod} live 2023-11-14 22:13 UTC (RunPod)" in text, text
    assert "live 2023-11-14 23:13 UTC (Lambda Cloud)" in text, text
