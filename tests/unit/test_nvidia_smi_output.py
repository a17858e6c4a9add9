"""nvidia-smi's own words are kept for people, but cleaned and bounded: a hostile one may print anything."""

from __future__ import annotations

from gpudesk.core.telemetry.model import SmiState
from gpudesk.core.telemetry.parse import classify, clean_output
from gpudesk.core.telemetry.snapshot import parse_snapshot


def test_escape_sequences_controls_and_bidi_tricks_are_removed() -> None:
    text = (
        "\x1b]0;title\x07\x1b[2J\x1b[1;31mFATAL\x1b[0m: bad\x07\n"
        "\x1bP1$qm\x1b\\dcs gone\n"
        "ok\u202egnp.exe\n"
        "before\rafter\n"
        "\x9b31mC1 CSI\n"
    )
    assert clean_output(text) == ("FATAL: bad", "dcs gone", "okgnp.exe", "before", "after", "C1 CSI")


def test_lines_and_their_length_are_capped() -> None:
    out = clean_output("\n".join(["x" * 100_000] + [f"line {i}" for i in range(10_000)]))
    assert len(out) == 7 and out[-1] == "…" and len(out[0]) <= 200 and out[0].endswith("…")
    status = classify("\n".join(f"err {i}" for i in range(10_000)), 3)
    assert status.exit_code == 3 and len(status.output) == 7 and len(status.report()) < 2000


def test_the_exit_code_may_come_before_the_error_lines() -> None:
    # "X rc" travels on its own descriptor and can overtake nvidia-smi's last lines.
    snap = parse_snapshot("V x\nX 9\nG NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\nP.\n")
    assert snap.status.state is SmiState.DRIVER_UNREACHABLE and snap.status.exit_code == 9
    assert "exit code 9" in snap.status.report() and "couldn't communicate" in snap.status.report()


def test_a_flood_of_error_lines_is_kept_bounded() -> None:
    flood = "V x\n" + "".join(f"G junk line {i} " + "y" * 5000 + "\n" for i in range(5_000)) + "X 3\n"
    snap = parse_snapshot(flood)
    assert snap.status.exit_code == 3 and snap.status.output[0].startswith("junk line 0")
    assert len(snap.status.report()) < 2000


def test_known_exit_codes_explain_unknown_text() -> None:
    assert classify("Failed to initialize NVML: Unknown Error", 9).state is SmiState.DRIVER_UNREACHABLE
    assert classify("something", 18).state is SmiState.NVML_MISMATCH
    assert "Reinstall the NVIDIA driver" in classify("NVIDIA-SMI couldn't find libnvidia-ml.so library in your system.", 12).meaning
    missing = classify("", 127)
    assert missing.state is SmiState.MISSING and "exit code 127" in missing.report()
