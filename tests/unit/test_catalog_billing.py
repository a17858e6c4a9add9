"""Billing modes and rent-versus-buy, computed by hand from the bundled offers and terms."""

from __future__ import annotations

import pytest

from gpudesk.core.catalog import Money, load
from gpudesk.core.catalog.billing import Usage, best_mode, compare, rent_vs_buy, spot_offer_for


def _offer(instance_type: str, billing: str = "on-demand"):
    return next(o for o in load().offers if o.instance_type == instance_type and o.billing == billing)


def _by_mode(options):
    return {o.mode: o for o in options}


def test_short_job_is_cheapest_hourly_and_daily_rounds_up() -> None:
    cat = load()
    offer = _offer("1x_H100-SXM_SECURE")  # RunPod 2.99/h, spot 2.69/h
    options = compare(cat, offer, Usage.from_hours(10), Money())
    modes = _by_mode(options)
    assert modes["hourly"].total == pytest.approx(29.9)
    assert modes["daily"].total == pytest.approx(24 * 2.99)
    assert modes["monthly"].total == pytest.approx(730 * 2.99)
    assert modes["spot"].total == pytest.approx(26.9) and modes["spot"].available
    assert "reclaimed" in modes["spot"].note and "checkpoint" in modes["spot"].note
    assert modes["reserved-1y"].total == pytest.approx(2.99 * 0.6 * 8760)
    assert modes["reserved-3y"].total == pytest.approx(2.99 * 0.45 * 8760 * 3)
    assert [o.total for o in options] == sorted(o.total for o in options)
    assert best_mode(options).mode == "hourly"
    assert best_mode(options, allow_spot=True).mode == "spot"


def test_days_of_use_bill_whole_days_and_months() -> None:
    cat = load()
    offer = _offer("1x_RTX4090_SECURE")  # 0.69/h
    modes = _by_mode(compare(cat, offer, Usage(hours_per_day=6, days=40), Money()))
    assert modes["hourly"].total == pytest.approx(0.69 * 240)
    assert modes["daily"].total == pytest.approx(0.69 * 24 * 40)
    assert modes["monthly"].total == pytest.approx(0.69 * 730 * 2)  # 40 days start a second month


def test_year_round_use_makes_reserved_cheapest() -> None:
    cat = load()
    offer = _offer("gpu_8x_a100_80gb_sxm4")  # Lambda 8× A100 14.32/h, no spot market
    options = compare(cat, offer, Usage(24, 365), Money())
    modes = _by_mode(options)
    assert not modes["spot"].available and "no spot price" in modes["spot"].note
    assert best_mode(options).mode == "reserved-1y"
    # Three years of use: the 3-year term beats three 1-year terms.
    long = _by_mode(compare(cat, offer, Usage(24, 3 * 365), Money()))
    assert long["reserved-1y"].total == pytest.approx(3 * 14.32 * 0.6 * 8760)
    assert long["reserved-3y"].total < long["reserved-1y"].total


def test_spot_offer_is_matched_by_instance_type() -> None:
    cat = load()
    on_demand = _offer("p4d.24xlarge")
    spot = spot_offer_for(cat, on_demand)
    assert spot is not None and spot.price_per_hour == pytest.approx(6.7915) and spot.provider == "AWS"


def test_prices_convert_to_the_display_currency() -> None:
    cat = load()
    offer = _offer("1x RTX 4090")  # Vast.ai 0.40 USD/h (the AutoDL row is CNY)
    autodl = next(o for o in cat.offers if o.provider == "AutoDL" and o.gpu.model == "RTX 4090")
    cny = Money("CNY", 7.0)
    assert _by_mode(compare(cat, offer, Usage.from_hours(10), cny))["hourly"].total == pytest.approx(28.0)
    assert _by_mode(compare(cat, autodl, Usage.from_hours(10), cny))["hourly"].total == pytest.approx(25.0)
    assert _by_mode(compare(cat, autodl, Usage.from_hours(10), Money("USD", 7.0)))["hourly"].total == pytest.approx(25 / 7)


def test_rent_vs_buy_8x_a100_server() -> None:
    cat = load()
    offer = _offer("gpu_8x_a100_80gb_sxm4")
    be = rent_vs_buy(cat, offer, Money())
    running = 8 * 0.4 * 0.131  # 8 GPUs × 400 W × 0.131 USD/kWh
    assert be.purchase == pytest.approx(8 * 15000)
    assert be.running_per_hour == pytest.approx(running)
    assert be.hours == pytest.approx(120000 / (14.32 - running))
    rent, buy = be.cost_after(be.hours)
    assert rent == pytest.approx(buy)
    assert "host server" in be.note
    # Extra hardware and dearer power push the break-even out.
    later = rent_vs_buy(cat, offer, Money(), electricity_usd_per_kwh=0.3, extra_hardware_usd=40000)
    assert later.hours > be.hours


def test_rent_vs_buy_without_a_purchase_price() -> None:
    be = rent_vs_buy(load(), _offer("1x_H100_SECURE"), Money())  # H100 PCIe: no sourced price
    assert be.hours is None and "No purchase price" in be.note


def test_usage_from_hours() -> None:
    assert Usage.from_hours(5) == Usage(5, 1)
    assert Usage.from_hours(48).hours == pytest.approx(48) and Usage.from_hours(48).days == pytest.approx(2)
