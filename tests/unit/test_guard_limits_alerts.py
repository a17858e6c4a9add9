"""The server guard's hard limits and its own alerts, without a server: the requests each channel kind
renders for it, what the server cannot send, the deadline's words, the day's sums in sh, hostile alert text
through sh's substitution and JSON escaping (dash and bash), and hostile ``alerts.jsonl`` records."""

from __future__ import annotations

import json
import time

import pytest

from gpudesk.core.alerts.model import Channel
from gpudesk.core.billing.guard import GuardConfig
from gpudesk.core.guard import LimitError, ServerLimits, parse_deadline, records
from gpudesk.core.guard.alerts import render, server_channels
from gpudesk.core.guard.app import plan_limits
from gpudesk.core.guard.policy import ProviderAction
from gpudesk.core.guard.remote import limits_hold
from tests.unit.test_server_guard_script import SHELLS, lib


def test_each_kind_renders_its_documented_request_with_placeholders() -> None:
    ntfy = render(Channel("phone", "ntfy", "https://ntfy.example/t"), "tk_abc", "https://ntfy.example/t", "box")
    assert "url https://ntfy.example/t" in ntfy.spec and "header Title: @TITLE@" in ntfy.spec
    assert "header Authorization: Bearer tk_abc" in ntfy.spec and "escape raw" in ntfy.spec
    assert ntfy.body == "@TEXT@"
    tg = render(Channel("tg", "telegram", "https://api.telegram.org/?chat_id=7", has_secret=True), "1:AB",
                "https://api.telegram.org/?chat_id=7")  # fmt: skip
    assert "url https://api.telegram.org/bot1:AB/sendMessage" in tg.spec and "escape json" in tg.spec
    assert json.loads(tg.body.replace("@TITLE@", "T").replace("@TEXT@", "x")) == {
        "chat_id": "7", "text": "T\nx", "disable_web_page_preview": True}  # fmt: skip
    wecom = render(
        Channel("w", "wecom", "https://qyapi/x"), None, "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K"
    )
    assert json.loads(wecom.body.replace("@", "")) == {"msgtype": "text", "text": {"content": "TITLE\nTEXT"}}
    hook = render(Channel("h", "webhook", "https://example/h", ["guard_acted"]), None, "https://example/h", "box")
    body = json.loads(hook.body.replace("@", ""))
    assert body["event"] == "EVENT" and body["server"] == "box" and hook.events == ("guard_acted",)


def test_what_the_server_cannot_send_is_said() -> None:
    chans = [
        Channel("mail", "smtp", "smtps://mail.example?to=a@b.c"),
        Channel("tray", "desktop"),
        Channel("signed", "dingtalk", "https://oapi.dingtalk.com/robot/send", has_secret=True),
        Channel("quoted", "webhook", 'https://example/h"x'),
        Channel("jobsonly", "ntfy", "https://n/t", ["credit_low"]),  # nothing the guard has: left out quietly
        Channel("ok", "feishu", "https://open.feishu.cn/open-apis/bot/v2/hook/abc"),
    ]
    creds = {"signed": ("SECsign", "https://oapi.dingtalk.com/robot/send?access_token=t")}
    out, skipped = server_channels(chans, lambda c: creds.get(c.name, (None, c.url)), "box")
    assert [c.name for c in out] == ["ok"]
    text = "\n".join(skipped)
    assert "mail: smtp alerts are sent by the app only" in text and "tray: desktop" in text
    assert "signed: a signed dingtalk robot" in text and "quoted: its address" in text and "jobsonly" not in text
    _, skipped = server_channels(chans, lambda c: (None, c.url), only=["ok", "nope"])
    assert skipped == ["nope: no such alert channel."]
    # The keyring did not give the secret (locked, or gone): said, not sent without it.
    locked = [Channel("bot", "wecom", "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=***", has_url_secret=True),
              Channel("tg", "telegram", "https://api.telegram.org/?chat_id=1", has_secret=True)]  # fmt: skip
    out, skipped = server_channels(locked, lambda c: (None, c.url))
    assert out == [] and all("could not be read from the keyring" in s for s in skipped) and len(skipped) == 2


def test_deadline_words() -> None:
    now = time.mktime((2026, 12, 4, 20, 30, 0, 0, 0, -1))
    assert parse_deadline("8h", now) == 8 * 3600 and parse_deadline("90m", now) == 5400
    assert parse_deadline("1h30m", now) == 5400 and parse_deadline("2.5h", now) == 9000
    assert parse_deadline("02:00", now) == 5.5 * 3600  # the next 02:00: tomorrow
    assert parse_deadline("21:00", now) == 1800
    for bad in ("", "soon", "25:61", "0m", "40d", "-1h", "1h; rm -rf ~", "800h"):
        with pytest.raises(LimitError):
            parse_deadline(bad, now)
    with pytest.raises(LimitError, match="price"):
        ServerLimits(day_cap=5)
    with pytest.raises(LimitError):
        ServerLimits(deadline_action="explode")


def test_the_sessions_stop_at_and_day_budget_reach_the_server_with_a_possible_action() -> None:
    from gpudesk.core.billing.price import Price
    from gpudesk.core.sessions.model import Session

    session = Session(name="box", host="h")
    cfg = GuardConfig(deadline="23:00", deadline_policy="stop", answer_minutes=10, budget_day=4.0,
                      budget_policy="terminate")  # fmt: skip
    limits = plan_limits(session, cfg, ProviderAction("autodl"), Price(2.0))
    # AutoDL stops from inside but cannot terminate: the day budget only reminds there (the app's own rule).
    assert limits.deadline_action == "stop" and limits.day_action == "remind"
    assert limits.day_cap == 4.0 and limits.rate_per_hour == 2.0
    # The server acts when the app would: the answer time after "Stop at".
    from gpudesk.core.billing.guard import next_time_of_day

    want = next_time_of_day("23:00", time.time()) - time.time() + 600
    assert abs(limits.deadline_in_s - want) < 5  # type: ignore[operator]
    assert plan_limits(session, GuardConfig(), ProviderAction("none"), None).deadline_in_s is None
    # ensure() reinstalls only when the server's limits differ.
    now = {"deadline_in_s": want - 30, "deadline_action": "stop", "day_cap": {"cap": 4.0}}
    assert limits_hold(now, limits)
    assert not limits_hold({**now, "deadline_in_s": None}, limits)
    assert not limits_hold({**now, "day_cap": None}, limits)
    assert not limits_hold({**now, "deadline_action": "remind"}, limits)


HOSTILE = 'a "quoted" \\ back\\slash & amp $(id) `id` @TEXT@ @TITLE@\nline two\ttab\x1b[31m red 中文'


@pytest.mark.parametrize("shell", SHELLS)
def test_hostile_words_stay_words_in_json_and_in_headers(shell: str) -> None:
    escaped = lib(shell, 'json_esc "$1"', HOSTILE)
    assert json.loads(f'"{escaped}"') == HOSTILE.replace("\t", "").replace("\x1b", "")
    filled = lib(shell, 'fill "$1" "$(json_esc "$3")" "$(json_esc "$2")" job_failed',
                 '{"t": "@TITLE@\\n@TEXT@", "e": "@EVENT@", "x": "a@b"}', HOSTILE, "T@TEXT@")  # fmt: skip
    # Each placeholder filled once, with the text as given: a placeholder inside the text stays text.
    assert json.loads(filled) == {
        "t": "T@TEXT@\n" + HOSTILE.replace("\t", "").replace("\x1b", ""), "e": "job_failed", "x": "a@b"}  # fmt: skip
    header = lib(shell, 'header_word "$1"', 'Job "x" \\ done\r\nX-Evil: 1')
    assert header == "Job x  doneX-Evil: 1"
    utf8 = lib(shell, 'header_word "$1"', "训练完成 box")
    assert utf8.startswith("=?UTF-8?B?") and utf8.endswith("?=")
    import base64

    assert base64.b64decode(utf8[10:-2]).decode() == "训练完成 box"


@pytest.mark.parametrize("shell", SHELLS)
def test_the_day_counts_this_server_since_midnight_and_the_others_as_last_known(shell: str, tmp_path) -> None:
    # A day of 86400 s at UTC+8; this server since 01:00 local at 3.600/h; now 03:00 local.
    off = 8 * 3600
    day = 20000
    midnight = day * 86400 - off
    now = midnight + 3 * 3600
    (tmp_path / "day").write_text(f"{day} 5000 1800 {now - 3600}\n")  # others: 5.000 an hour ago, 1.800/h
    code = (f'dir="$1"; now={now}; STARTED_AT={midnight + 3600}; RATE_MILLI=3600; DAY_CAP_MILLI=20000; '
            f'TZ_OFFSET_S={off}; limits; echo "$DAY $DAY_SPENT $DAY_LEFT_S"')  # fmt: skip
    got = lib(shell, code, str(tmp_path)).split()
    # mine 2 h at 3.6 = 7.200; others 5.000 + 1 h at 1.8 = 6.800; 6.000 left at 5.400/h = 4000 s.
    assert got == [str(day), "14000", "4000"]
    # The app's figures are from yesterday: the others billed on since midnight at their rate.
    (tmp_path / "day").write_text(f"{day - 1} 9000 1800 {midnight - 60}\n")
    got = lib(shell, code, str(tmp_path)).split()
    assert got[1] == str(7200 + 5400)
    # A forged day file is no figure.
    (tmp_path / "day").write_text("$(reboot) 1 2 3\n")
    assert lib(shell, code, str(tmp_path)).split()[1] == "7200"


def test_hostile_alert_records_are_checked() -> None:
    now = time.time()
    lines = "\n".join(
        [
            json.dumps(
                {
                    "sent_at": now - 5,
                    "event": "guard_acted",
                    "channel": "phone",
                    "ok": True,
                    "attempt": 1,
                    "detail": "ok",
                }
            ),  # fmt: skip
            json.dumps({"sent_at": now + 10**6, "event": "x", "channel": "c", "ok": True}),  # from the future
            json.dumps({"sent_at": "soon", "event": "x", "channel": "c", "ok": True}),
            json.dumps({"sent_at": now, "event": "x\x1b[2J", "channel": "c" * 500, "ok": "yes"}),  # ok not a bool
            json.dumps({"sent_at": now, "event": "job\x1b[2J", "channel": "c" * 500, "ok": False, "attempt": 10**400}),
            "not json",
            "[1, 2]",
        ]
    )
    got = records.alert_records(lines, now)
    assert [g["event"] for g in got] == ["guard_acted", "job [2J"]
    assert len(got[1]["channel"]) == 64 and got[1]["attempt"] is None and got[1]["ok"] is False


def test_the_app_does_not_repeat_an_alert_the_guard_sent_itself() -> None:
    from gpudesk.core.alerts.dispatch import AlertDispatcher

    sent = []

    class Sender:
        def send(self, alert) -> None:  # type: ignore[no-untyped-def]
            sent.append(alert)

    class Srv:
        id = "s1"

        class session:  # noqa: N801
            name = "box"

    dispatch = AlertDispatcher.__new__(AlertDispatcher)
    dispatch.sender = Sender()  # type: ignore[assignment]
    dispatch.guard_news(Srv(), {"t": 1, "action": "stop", "outcome": "confirmed", "alerted": True})  # type: ignore[arg-type]
    assert sent == []
    dispatch.guard_news(Srv(), {"t": 1, "action": "stop", "outcome": "confirmed"})  # type: ignore[arg-type]
    assert len(sent) == 1 and sent[0].event == "guard_acted"


@pytest.mark.parametrize("shell", SHELLS)
def test_a_channel_gets_at_most_its_hourly_share(shell: str, tmp_path) -> None:
    (tmp_path / "alerts").mkdir()
    (tmp_path / "alerts" / "phone.ch").write_text(
        "kind ntfy\nevents guard_acted\nescape raw\nurl http://127.0.0.1:9/t\n"
    )
    (tmp_path / "alerts" / "phone.body").write_text("@TEXT@")
    now = int(time.time())
    sent = [json.dumps({"sent_at": now - 60 * i, "event": "guard_acted", "channel": "phone", "ok": True,
                        "attempt": 1, "detail": "ok"}) for i in range(3)]  # fmt: skip
    (tmp_path / "alerts.jsonl").write_text("\n".join(sent) + "\n")
    code = (f'dir="$1"; now={now}; LOG_MAX=100000; ALERT_PER_HOUR=3; kick_sender() {{ :; }}; '
            'alert guard_acted k1 "T" "x"; ls "$dir/outbox" | grep -c meta || true')  # fmt: skip
    assert lib(shell, code, str(tmp_path)).strip() == "0"  # three this hour already: dropped, and logged
    assert "sent in the last hour" in (tmp_path / "guard.log").read_text()
    code = code.replace("ALERT_PER_HOUR=3", "ALERT_PER_HOUR=4").replace("k1", "k2")
    assert lib(shell, code, str(tmp_path)).strip() == "1"
