"""What the same machine costs under each billing mode, and when buying beats renting.

Modes: hourly (on-demand), daily, monthly, spot, reserved 1 year and 3 years. A provider's own
daily/monthly/reserved price is used when the catalog has one; otherwise daily is 24 h and
monthly 730 h of the hourly price (no discount), and reserved applies the typical discount of
``terms.csv``, said so in the note. Reserved terms are paid in full whether used or not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpudesk.core.catalog.data import Catalog, Offer
from gpudesk.core.catalog.money import Money
from gpudesk.core.i18n import msg

HOURS_PER_YEAR = 8760.0
MODES = ("hourly", "daily", "monthly", "spot", "reserved-1y", "reserved-3y")


@dataclass(frozen=True)
class Usage:
    """How long the machine is needed: ``hours_per_day`` for ``days`` days."""

    hours_per_day: float
    days: float

    @classmethod
    def from_hours(cls, hours: float) -> Usage:
        """A job that runs ``hours`` hours back to back."""
        if hours <= 24:
            return cls(hours, 1)
        return cls(24.0, hours / 24.0)

    @property
    def hours(self) -> float:
        return self.hours_per_day * self.days


@dataclass(frozen=True)
class BillingOption:
    mode: str
    total: float  # in the display currency, for the whole usage (or the whole term)
    billed_hours: float
    available: bool
    note: str  # a Msg: translatable


def spot_offer_for(catalog: Catalog, offer: Offer) -> Offer | None:
    """The spot price of the same instance at the same provider, when the snapshot has one."""
    for other in catalog.offers:
        if (
            other.billing == "spot"
            and other.provider == offer.provider
            and other.gpu.model == offer.gpu.model
            and other.gpu_count == offer.gpu_count
            and other.instance_type == offer.instance_type
        ):
            return other
    return None


def compare(catalog: Catalog, offer: Offer, usage: Usage, money: Money) -> list[BillingOption]:
    """Every billing mode's cost for ``usage`` of ``offer``, in ``money.currency``, cheapest first."""
    hourly = money.convert(offer.price_per_hour, offer.currency)
    month_hours = catalog.term("hours_per_month")
    hours = usage.hours
    options = [
        BillingOption(
            "hourly", hourly * hours, hours, True, msg("BillingChart", "Pay for the hours used; stop any time.")
        )
    ]

    day_price = money.convert(offer.price_per_day, offer.currency) if offer.price_per_day else 24 * hourly
    days = math.ceil(usage.days - 1e-9) if usage.hours_per_day > 0 else 0
    options.append(
        BillingOption(
            "daily",
            day_price * days,
            24.0 * days,
            True,
            msg("BillingChart", "Provider's daily price.")
            if offer.price_per_day
            else msg("BillingChart", "No daily price published: 24 h of the hourly price per day started."),
        )
    )

    month_price = (
        money.convert(offer.price_per_month, offer.currency) if offer.price_per_month else month_hours * hourly
    )
    months = max(1, math.ceil(usage.days / (month_hours / 24.0) - 1e-9))
    options.append(
        BillingOption(
            "monthly",
            month_price * months,
            month_hours * months,
            True,
            msg("BillingChart", "Provider's monthly price.")
            if offer.price_per_month
            else msg(
                "BillingChart",
                "No monthly price published: {hours:.0f} h of the hourly price per month started.",
                hours=month_hours,
            ),
        )
    )

    spot = offer if offer.billing == "spot" else spot_offer_for(catalog, offer)
    notice = catalog.term("spot_notice_minutes")
    risk = msg(
        "BillingChart",
        "Can be reclaimed at short notice (often under {minutes:.0f} minutes): checkpoint every 10–30 minutes "
        "and expect restarts; not for interactive work or services.",
        minutes=notice,
    )
    if spot is not None:
        options.append(
            BillingOption("spot", money.convert(spot.price_per_hour, spot.currency) * hours, hours, True, risk)
        )
    else:
        options.append(
            BillingOption(
                "spot",
                math.inf,
                hours,
                False,
                msg(
                    "BillingChart",
                    "{provider} has no spot price for this instance in the snapshot.",
                    provider=offer.provider,
                ),
            )
        )

    for mode, years, key in (("reserved-1y", 1, "reserved_1y_discount"), ("reserved-3y", 3, "reserved_3y_discount")):
        discount = catalog.term(key)
        term_hours = HOURS_PER_YEAR * years
        # The commitment covers the whole term; a longer job needs more terms.
        terms = max(1, math.ceil(hours / term_hours - 1e-9))
        options.append(
            BillingOption(
                mode,
                hourly * (1 - discount) * term_hours * terms,
                term_hours * terms,
                True,
                msg(
                    "BillingChart",
                    "Typical {discount:.0%} off on-demand for a {years}-year commitment (no published price for this "
                    "instance); the whole term is paid even if unused.",
                    discount=discount,
                    years=years,
                ),
            )
        )
    return sorted(options, key=lambda o: o.total)


def best_mode(options: list[BillingOption], allow_spot: bool = False) -> BillingOption:
    usable = [o for o in options if o.available and (allow_spot or o.mode != "spot")]
    return min(usable, key=lambda o: o.total)


@dataclass(frozen=True)
class BreakEven:
    """Buying the GPUs outright against renting the same count on demand."""

    purchase: float  # display currency, GPUs (+ extra hardware)
    running_per_hour: float  # electricity of the GPUs at their TDP
    rent_per_hour: float
    hours: float | None  # None: renting never costs more (or no purchase price known)
    note: str  # a Msg: translatable

    def cost_after(self, hours: float) -> tuple[float, float]:
        """(rent, buy) cumulative cost after ``hours`` of use."""
        return self.rent_per_hour * hours, self.purchase + self.running_per_hour * hours


def rent_vs_buy(
    catalog: Catalog,
    offer: Offer,
    money: Money,
    electricity_usd_per_kwh: float | None = None,
    extra_hardware_usd: float = 0.0,
    count: int | None = None,
) -> BreakEven:
    """Hours of use after which owning the GPUs is cheaper than renting this offer on demand.

    ``count`` prices a per-GPU offer at another size (e.g. 4× from RunPod's 1× row).
    """
    gpu = offer.gpu
    n = count or offer.gpu_count
    rent = money.convert(offer.price_per_hour, offer.currency) * n / offer.gpu_count
    kwh = catalog.term("electricity_usd_per_kwh") if electricity_usd_per_kwh is None else electricity_usd_per_kwh
    running = money.convert((gpu.tdp_w or 0) / 1000 * n * kwh, "USD")
    if gpu.purchase_price_usd is None:
        return BreakEven(
            0.0, running, rent, None, msg("BillingChart", "No purchase price for {gpu} in the catalog.", gpu=gpu.model)
        )
    purchase = money.convert(gpu.purchase_price_usd * n + extra_hardware_usd, "USD")
    what = {"n": n, "gpu": gpu.model, "price": gpu.purchase_price_usd, "kwh": kwh, "watts": gpu.tdp_w or 0}
    if extra_hardware_usd:
        note = msg(
            "BillingChart",
            "{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W "
            "each; host server, networking, cooling and staff not included beyond {extra:,.0f} USD of extra hardware.",
            extra=extra_hardware_usd,
            **what,
        )
    else:
        note = msg(
            "BillingChart",
            "{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W "
            "each; host server, networking, cooling and staff not included.",
            **what,
        )
    if rent <= running:
        return BreakEven(purchase, running, rent, None, note)
    return BreakEven(purchase, running, rent, purchase / (rent - running), note)
