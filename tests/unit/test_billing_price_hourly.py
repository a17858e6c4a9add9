"""A rate per hour as money: a rate under a cent is never written as a zero."""

from __future__ import annotations

from gpudesk.core.billing.price import hourly


def test_a_rate_under_a_cent_keeps_two_significant_digits() -> None:
    assert hourly(2.49, "USD") == "$2.49"
    assert hourly(0.0104, "USD") == "$0.01"
    assert hourly(50 * 0.07 / 720, "USD") == "$0.0049"  # a 50 GB volume at $0.07 per GB and month
    assert hourly(0.00012, "CNY") == "¥0.00012"
    assert hourly(0.0049, "GBP") == "0.0049 GBP"
    assert hourly(0.009999, "USD") == "$0.01"  # rounds to a cent: written as one
    assert hourly(0.0, "USD") == "$0.00"  # nothing bills: a zero
