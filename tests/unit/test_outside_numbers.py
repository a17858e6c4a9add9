"""Every number from outside is finite and in range: command-line flags and nvidia-smi readings."""

from __future__ import annotations

import pytest

from gpudesk.cli import main
from gpudesk.core.telemetry.parse import num


@pytest.mark.parametrize(
    "argv",
    [
        ["guard", "install", "box", "--idle-minutes", "nan"],
        ["guard", "install", "box", "--check-seconds", "inf"],
        ["guard", "install", "box", "--grace-minutes", "-1"],
        ["guard", "install", "box", "--threshold", "101"],
        ["guard", "install", "box", "--budget", "NaN"],
        ["guard", "pause", "box", "--hours", "inf"],
        ["catalog", "--hours", "nan"],
    ],
)
def test_a_number_flag_that_is_not_finite_or_in_range_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "is not a number" in err and "Traceback" not in err


@pytest.mark.parametrize("field", ["inf", "nan", "-inf", "inf W", "nan %", "1e999 MiB", "Infinity"])
def test_nvidia_smi_readings_that_are_not_finite_are_no_reading(field):
    assert num(field) is None


def test_finite_readings_still_read():
    assert num("71 %") == 71.0 and num("250.5 W") == 250.5 and num("0") == 0.0
