"""The guard's records on the server are outside input: anyone with the server account can write them. A forged
record never closes the meter in the future or hides the real ones after it, huge numbers and control
characters never get in, and `gpudesk guard status` prints what it read without crashing or being steered."""

from __future__ import annotations

import json
import time

from gpudesk.commands.guard import format_status
from gpudesk.core.guard import records

NOW = time.time()
REAL = {"t": int(NOW) - 60, "action": "stop", "reason": "idle", "result": "confirmed", "detail": "EXITED",
        "format": 2, "automatic": True, "by": "server-guard"}


def test_a_record_from_the_future_a_huge_time_or_a_wrong_type_is_no_record() -> None:
    forged = [
        {**REAL, "t": 4102444800},  # 2100: would close the meter then and hide every later action
        {**REAL, "t": int("9" * 400)},  # a 400-digit time: float() of it overflows
        {**REAL, "t": 1e300},
        {**REAL, "t": float("nan")},
        {**REAL, "t": "soon"},
        {**REAL, "t": True},
        {**REAL, "action": "rm -rf /"},
        {**REAL, "result": "done"},
        [1, 2],
    ]
    lines = "\n".join(json.dumps(f) for f in forged) + "\n" + json.dumps(REAL) + "\n{not json\n" + "x" * 100_000
    assert [r["t"] for r in records.records(lines, NOW)] == [REAL["t"]]


def test_text_and_numbers_in_a_record_are_bounded_and_plain() -> None:
    entry = {**REAL, "detail": "\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07" + "A" * 10_000, "idle_s": 1e300,
             "spend": -5, "requested_at": 4102444800, "result": "failed: 503 from\x1b[2J the API"}
    checked = records.record(entry, NOW)
    assert checked is not None
    assert "\x1b" not in checked["detail"] and len(checked["detail"]) <= records.MAX_TEXT
    assert "idle_s" not in checked and "spend" not in checked and "requested_at" not in checked
    assert checked["result"] == "failed"


def test_guard_status_prints_hostile_state_without_crashing_or_escapes() -> None:
    state = {"decision": "idle\x1b]0;owned\x07", "idle_s": 1e300, "gpu_util": "lots", "paused_until": float("inf"),
             "held_by": ["\x9b31m"] * 500, "last_action": {**REAL, "t": 1e300}, "pending": "reboot"}
    checked = records.status_fields(state, NOW)
    assert checked["idle_s"] is None and checked["gpu_util"] is None and checked["paused_until"] is None
    assert checked["last_action"] is None and checked["pending"] is None and len(checked["held_by"]) == 20
    data = {"installed": True, "running": True, "version": "3", "runner": "tmux", "last_heartbeat_s": None,
            "policy": {"idle_s": "x", "threshold_pct": 1e300, "action": "stop\x1b[2J", "method": "runpod", "budget": 1e400},
            "problems": ["\x1b]52;c;aGk=\x07"], **checked, "last_action": {**REAL, "t": 1e300, "action": "\x1bstop"}}
    text = format_status(data)
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
