"""Prices, granularity and the persisted meter."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest

from gpudesk.core.billing import report
from gpudesk.core.billing.meter import Meter, meter_file
from gpudesk.core.billing.price import Price, duration, money


def ts(text: str) -> float:
    return datetime.fromisoformat(text).timestamp()


@pytest.mark.parametrize(
    "granularity, seconds, billed",
    [
        ("second", 61.2, 62),
        ("minute", 61, 120),
        ("minute", 60, 60),
        ("hour", 1, 3600),
        ("hour", 3601, 7200),
        ("hour", 0, 0),
    ],
)
def test_granularity_rounds_up_to_the_step(granularity, seconds, billed):
    assert Price(3.6, "hour", "USD", granularity).billed_seconds(seconds) == billed


def test_price_units_convert_to_hourly():
    assert Price(24.0, "day").per_hour == pytest.approx(1.0)
    assert Price(720.0, "month").per_hour == pytest.approx(1.0)  # a 30-day month
    assert Price(2.0, "hour", granularity="hour").cost(10) == pytest.approx(2.0)  # a started hour is whole
    with pytest.raises(ValueError):
        Price(1.0, "week")
    with pytest.raises(ValueError):
        Price(-1.0)


def test_money_and_duration_text():
    assert money(86.2, "CNY") == "¥86.20"
    assert money(1234.5, "USD") == "$1,234.50"
    assert money(3, "GBP") == "3.00 GBP"
    assert duration(3 * 3600 + 5 * 60) == "3 h 05 min"
    assert duration(250) == "4 min 10 s"


def test_meter_counts_runs_and_survives_reload():
    m = Meter()
    m.configure("s1", "A100-node1", Price(3.6, "hour", "USD", "minute"))
    t0 = ts("2026-03-01T10:00:00")
    assert m.start("s1", t0)
    assert not m.start("s1", t0 + 5)  # one open run at a time
    assert m.seconds("s1", t0 + 90) == 90
    assert m.billed_seconds("s1", t0 + 90) == 120
    assert m.cost("s1", t0 + 90) == pytest.approx(0.12)
    m.stop("s1", t0 + 600)
    again = Meter()  # a new process reading the same file
    assert again.cost("s1", t0 + 99999) == pytest.approx(0.6)
    assert not again.is_running("s1")
    assert json.loads(meter_file().read_text())["sessions"]["s1"]["name"] == "A100-node1"


def test_a_new_price_applies_to_the_open_run_only():
    m = Meter()
    t0 = ts("2026-03-01T10:00:00")
    m.configure("s", "x", Price(1.0))
    m.start("s", t0)
    m.stop("s", t0 + 3600)
    m.start("s", t0 + 7200)
    m.configure("s", "x", Price(2.0))
    assert m.cost("s", t0 + 3 * 3600) == pytest.approx(1.0 + 2.0)


def test_day_split_at_midnight_and_today_total():
    m = Meter()
    m.configure("a", "a", Price(2.0, "hour", "CNY", "hour"))
    m.configure("b", "b", Price(1.0, "hour", "USD"))
    m.start("a", ts("2026-03-01T23:00:00"))
    m.stop("a", ts("2026-03-02T01:30:00"))  # 2.5 h → 3 billed hours, the extra half on the last day
    m.start("b", ts("2026-03-02T08:00:00"))
    now = ts("2026-03-02T10:00:00")
    rows = m.day_rows(now=now)
    by = {(r.day, r.session_id): r for r in rows}
    assert by[("2026-03-01", "a")].cost == pytest.approx(2.0)
    assert by[("2026-03-02", "a")].cost == pytest.approx(4.0)
    assert by[("2026-03-02", "b")].cost == pytest.approx(2.0)
    assert m.today(now) == {"CNY": pytest.approx(4.0), "USD": pytest.approx(2.0)}
    assert [r.day for r in m.day_rows(date(2026, 3, 2), now)] == ["2026-03-02", "2026-03-02"]
    csv_text = report.to_csv(rows)
    assert csv_text.splitlines()[0] == "day,session,session_id,billed_hours,cost,currency"
    assert "2026-03-01,a,a,1.0000,2.0000,CNY" in csv_text
    assert report.totals_by_day(rows)["2026-03-02"] == {"CNY": pytest.approx(4.0), "USD": pytest.approx(2.0)}


def test_recover_reports_what_ran_unseen():
    m = Meter()
    m.configure("s", "demo", Price(3.6))
    t0 = ts("2026-03-01T10:00:00")
    m.start("s", t0)
    m.heartbeat(t0 + 100)
    gaps = Meter().recover(t0 + 100 + 1800)
    assert len(gaps) == 1
    assert gaps[0].seconds == pytest.approx(1800)
    assert gaps[0].cost == pytest.approx(1.8)
    assert Meter().recover(t0 + 130) == []  # a short blink is not news


def test_sync_follows_the_provider_state():
    m = Meter()
    m.configure("s", "pod", Price(1.0))
    t0 = ts("2026-03-01T10:00:00")
    m.sync("s", billing=True, started_at=t0 - 600, now=t0)  # started before gpudesk saw it
    assert m.seconds("s", t0) == 600
    m.sync("s", billing=False, now=t0 + 600)
    assert not m.is_running("s") and m.seconds("s", t0 + 9999) == 1200


def test_a_damaged_file_is_reported_not_fatal():
    meter_file().parent.mkdir(parents=True, exist_ok=True)
    meter_file().write_text("{not json")
    m = Meter()
    assert "was damaged" in m.load_error and ".broken-" in m.load_error
    m.configure("s", "x", Price(1.0))
    assert Meter().entries["s"].name == "x"
