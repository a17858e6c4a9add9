"""Hard limits and alerts sent from the server, on a real sshd: the guard ends the bill at a deadline and at
a daily cap whoever is there (the app's heartbeat, a job), warns before, and its alerts reach real local
receivers from the server process while no app runs. A receiver that is slow or failing delays no action.

The "server" is the test sshd on this machine, so the guard posts to the test's receivers on 127.0.0.1.
"""

from __future__ import annotations

import time

import pytest

from gpudesk.core.alerts.model import Channel
from gpudesk.core.guard import ProviderAction, ServerLimits, actions, extend, heartbeat
from gpudesk.core.guard.alerts import server_channels
from tests.e2e.test_server_guard import box, fast  # noqa: F401 - the shared guard fixture
from tests.helpers.alert_receivers import HttpReceiver
from tests.helpers.cli import gpudesk

pytestmark = pytest.mark.e2e

WECOM_KEY = "wc0a1b2c3d4e5f60718293a4b5c6d7e8f9"
BOT_TOKEN = "123456:tg0a1b2c3d4e5f60718293a4b5c6d7e8f9"


@pytest.fixture
def receiver():
    r = HttpReceiver().start()
    yield r
    r.stop()


def channels_for(receiver: HttpReceiver, *kinds: str, events: list[str] | None = None):  # type: ignore[no-untyped-def]
    made = {
        "ntfy": (Channel("phone", "ntfy", f"{receiver.url}/gpu-alerts", events or []), None, f"{receiver.url}/gpu-alerts"),
        "wecom": (Channel("team", "wecom", f"{receiver.url}/cgi-bin/webhook/send", events or []), None,
                  f"{receiver.url}/cgi-bin/webhook/send?key={WECOM_KEY}"),
        "telegram": (Channel("tg", "telegram", f"{receiver.url}/?chat_id=42", events or [], has_secret=True),
                     BOT_TOKEN, f"{receiver.url}/?chat_id=42"),
        "webhook": (Channel("hook", "webhook", f"{receiver.url}/incoming", events or []), None,
                    f"{receiver.url}/incoming"),
    }  # fmt: skip
    chosen = [made[k] for k in kinds]
    creds = {c.name: (secret, url) for c, secret, url in chosen}
    out, skipped = server_channels([c for c, _, _ in chosen], lambda ch: creds[ch.name], "train-box")
    assert skipped == [] and len(out) == len(kinds)
    return out


def posts(receiver: HttpReceiver, path_part: str) -> list:  # type: ignore[type-arg]
    return [r for r in receiver.requests if path_part in r.path]


def test_the_deadline_stops_the_pod_though_the_app_is_there_and_warns_first(box, receiver) -> None:  # noqa: F811
    from tests.helpers_providers.runpod_stub import POD, RunPodStub

    stub = RunPodStub().start()
    try:
        pod = POD["id"]
        heartbeat(box.conn, box.root)  # the app is connected: the idle rule would wait for the user
        action = ProviderAction("runpod", instance_id=pod, api_url=stub.url, key=stub.token)
        limits = ServerLimits(deadline_in_s=9, deadline_action="stop", server_name="train-box", warn_s=6, warn2_s=3)
        box.util(90)  # and the GPU is busy: a deadline is a deadline
        box.install(fast(idle_s=3600, grace_s=600), action, limits=limits,
                    channels=channels_for(receiver, "ntfy", "wecom"))  # fmt: skip
        st = box.wait(lambda s: (s["last_action"] or {}).get("result") == "confirmed", timeout=60)
        last = st["last_action"]
        assert (last["action"], last["reason"]) == ("stop", "deadline") and stub.pods[pod]["status"] == "EXITED"
        assert "gpu" in st["held_by"] and "app" in st["held_by"]
        # Both warnings (the "30 min" and the "5 min" one, scaled) and the confirmed stop, on both channels.
        receiver.wait_for(6, timeout=30)
        ntfy = posts(receiver, "/gpu-alerts")
        titles = [r.headers["Title"] for r in ntfy]
        assert [t.startswith("train-box: deadline in") for t in titles[:2]] == [True, True], titles
        assert titles[2] == "train-box: stop confirmed by RunPod", titles
        assert "Extend by 1 h" in ntfy[0].body.decode() and "gpudesk guard extend train-box" in ntfy[0].body.decode()
        assert ntfy[2].headers["Priority"] == "4" and ntfy[2].body.decode().startswith("Why: deadline.")
        wecom = posts(receiver, "/cgi-bin/webhook/send")
        assert all(r.path.endswith(f"?key={WECOM_KEY}") for r in wecom) and len(wecom) == 3
        assert wecom[2].json() == {
            "msgtype": "text",
            "text": {"content": "train-box: stop confirmed by RunPod\n" + ntfy[2].body.decode()},
        }
        # Each alert went out once; the guard's status lists them, and its records say they were sent.
        box.wait_checks(2)
        assert len(receiver.requests) == 6
        st = box.status()
        assert [(a["event"], a["ok"]) for a in st["alerts"]].count(("guard_acted", True)) == 2
        assert {a["channel"] for a in st["alerts"]} == {"phone", "team"}
        assert st["deadline_in_s"] is not None and st["deadline_in_s"] <= 0 and st["deadline_action"] == "stop"
        assert all(a.get("alerted") is True for a in actions(box.conn, box.root))
        # The channel's key is only in the mode-600 channel file.
        d = f'"$HOME/{box.root}"'
        assert box.conn.exec(f"stat -c %a {d}/alerts/team.ch").out.strip() == "600"
        assert box.conn.exec(f"grep -rlF -- {WECOM_KEY} {d}").out.split() == [
            f"{box.sshd.home}/{box.root}/alerts/team.ch"
        ]
    finally:
        stub.stop()


def test_the_daily_cap_across_instances_stops_it_and_telegram_hears_it(box, receiver) -> None:  # noqa: F811
    # This server: 3.60/h (0.001 a second); the others 0.010 spent today and 3.60/h on: 0.002 a second together.
    limits = ServerLimits(day_cap=0.030, day_action="stop", rate_per_hour=3.6, others_today=0.010, others_rate=3.6,
                          server_name="train-box", warn_s=5, warn2_s=2)  # fmt: skip
    t0 = time.time()
    box.install(fast(idle_s=3600), limits=limits, channels=channels_for(receiver, "telegram", events=["guard_acted"]))
    st = box.wait(lambda s: s["last_action"] is not None, timeout=60)
    last = st["last_action"]
    assert (last["action"], last["reason"]) == ("stop", "day_cap") and box.stops() == ["stop day_cap"]
    # (0.030 - 0.010) / 0.002 a second: about ten seconds after the install, not before.
    assert last["t"] - t0 >= 8, last
    assert st["day_cap"]["cap"] == 0.03 and st["day_cap"]["spent"] >= 0.03 and st["day_cap"]["left_s"] == 0
    (sent,) = receiver.wait_for(1, timeout=20)
    assert sent.path == f"/bot{BOT_TOKEN}/sendMessage"
    body = sent.json()
    assert body["chat_id"] == "42" and body["text"].startswith(
        "train-box: stop requested, not yet confirmed by your stop command"
    )
    assert "Why: daily spend cap." in body["text"]
    box.wait_checks(2)
    assert len(receiver.requests) == 1  # only the events the channel asked for: no warnings


def test_a_failing_receiver_delays_no_stop_and_is_tried_again(box) -> None:  # noqa: F811
    slow = HttpReceiver(mode="slow", delay=6).start()
    failing = HttpReceiver(fail_first=2).start()
    try:
        limits = ServerLimits(deadline_in_s=6, server_name="train-box", warn_s=4, warn2_s=2,
                              alert_retry_s=1, alert_timeout_s=3)  # fmt: skip
        chans = channels_for(slow, "ntfy") + channels_for(failing, "webhook")
        t0 = time.time()
        box.install(fast(idle_s=3600), limits=limits, channels=chans)
        st = box.wait(lambda s: s["last_action"] is not None, timeout=60)
        # On time (6 s and at most a check or two late), though each alert to the slow one hangs for 3 s.
        assert st["last_action"]["reason"] == "deadline" and st["last_action"]["t"] - t0 <= 10
        # The failing one answered 503 twice, then took each alert: nothing lost.
        failing.wait_for(2 + 3, timeout=40)
        hooks = [r.json() for r in failing.requests]
        assert [h["event"] for h in hooks[-3:]].count("guard_acted") == 1
        assert all(h["source"] == "gpudesk" and h["server"] == "train-box" for h in hooks)
        st = box.wait(lambda s: any(a["channel"] == "hook" and not a["ok"] for a in s["alerts"])
                      and any(a["channel"] == "phone" and not a["ok"] for a in s["alerts"]), timeout=30)  # fmt: skip
        phone = [a for a in st["alerts"] if a["channel"] == "phone"]
        assert "no answer" in phone[0]["detail"] or "timed out" in phone[0]["detail"].lower(), phone
    finally:
        slow.stop()
        failing.stop()


def test_extend_moves_the_deadline_and_nothing_stops(box) -> None:  # noqa: F811
    box.install(fast(idle_s=3600), limits=ServerLimits(deadline_in_s=4, server_name="train-box"))
    before = box.status()["deadline"]
    later = extend(box.conn, 3600, box.root)
    assert 3590 <= later - before <= 3610
    box.wait_checks(6)
    st = box.status()
    assert st["last_action"] is None and box.stops() == [] and st["deadline_in_s"] > 3500
    # An install that names no limits keeps them.
    box.install(fast(idle_s=3600))
    assert abs(box.status()["deadline"] - later) <= 2


# -- the command line ------------------------------------------------------------------------


def test_cli_deadline_notify_extend_and_status(sshd, receiver, connect) -> None:  # type: ignore[no-untyped-def]
    import json
    import os
    import subprocess

    from gpudesk.core.guard import remove
    from tests.e2e.test_server_guard import guard_cli

    def notify(*args: str) -> subprocess.CompletedProcess[str]:
        return gpudesk("notify", *args, timeout=60)

    marker = f"{sshd.home}/.gpudesk/guard-cli-limits-{os.getpid()}"
    base = ("--action", "stop", "--idle-minutes", "60", "--check-seconds", "1", "--stop-command", f"touch {marker}")
    try:
        # Nothing the server can send through yet: said, and nothing installed.
        assert (
            notify("add", "mail", "--kind", "smtp", "--url", "smtps://mail.example.com?to=a@example.com").returncode
            == 0
        )
        refused = guard_cli(sshd, "install", None, *base, "--notify")
        assert refused.returncode == 2 and "no alert channel the server can use" in refused.stderr
        assert "mail: smtp alerts are sent by the app only" in refused.stderr
        bad = guard_cli(sshd, "install", None, *base, "--deadline", "25:61")
        assert bad.returncode == 2 and "not a time of day" in bad.stderr
        bad = guard_cli(sshd, "install", None, *base, "--day-cap", "5")
        assert bad.returncode == 2 and "--rate" in bad.stderr

        assert notify("add", "phone", "--kind", "ntfy", "--url", f"{receiver.url}/gpu-alerts").returncode == 0
        done = guard_cli(sshd, "install", None, *base, "--deadline", "90m", "--day-cap", "20", "--rate", "2.5",
                         "--notify", "--json")  # fmt: skip
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert abs(out["limits"]["deadline"] - (time.time() + 5400)) < 30 and out["limits"]["day_cap"] == 20
        assert out["alert_channels"] == ["phone"] and "mail: smtp alerts are sent by the app only" in done.stderr
        st = json.loads(guard_cli(sshd, "status", None, "--json").stdout)
        assert abs(st["deadline"] - out["limits"]["deadline"]) <= 5 and st["deadline_action"] == "stop"
        assert st["alerts"] == [] and st["day_cap"]["cap"] == 20
        later = guard_cli(sshd, "extend", None, "--hours", "1", "--json")
        assert later.returncode == 0, later.stderr
        assert abs(json.loads(later.stdout)["deadline"] - (st["deadline"] + 3600)) <= 5
        text = guard_cli(sshd, "status").stdout
        assert "Deadline: stop at" in text and "Daily cap: 20" in text
        # --no-limits removes both; extend then says there is nothing to extend.
        assert guard_cli(sshd, "install", None, *base, "--no-limits").returncode == 0
        assert json.loads(guard_cli(sshd, "status", None, "--json").stdout)["deadline"] is None
        none = guard_cli(sshd, "extend", None)
        assert none.returncode == 4 and "no deadline is set" in none.stderr
    finally:
        notify("remove", "phone")
        notify("remove", "mail")
        remove(connect())  # the command line works on the default folder (~/.gpudesk/guard): leave none behind


# -- the app ---------------------------------------------------------------------------------


def test_the_app_gives_the_guard_its_channels_and_stop_at_once_and_the_alert_comes_from_the_server(
    box,  # noqa: F811 - box is the imported fixture
    receiver,  # noqa: F811
) -> None:
    from gpudesk.core import settings
    from gpudesk.core.alerts.store import ChannelStore
    from gpudesk.core.billing.guard import GuardConfig
    from gpudesk.core.billing.idle import IdleConfig
    from gpudesk.core.billing.price import Price
    from gpudesk.core.guard.app import connect_sync
    from gpudesk.core.sessions.model import Session

    ChannelStore().add("phone", "ntfy", f"{receiver.url}/gpu-alerts", ["guard_acted", "idle_prompt"])
    ChannelStore().add("mail", "smtp", "smtps://mail.example.com?to=a@example.com", [])
    session = Session(name="my box", host=box.sshd.host, port=box.sshd.port)
    # The app's rule for a server it cannot stop: remind; after 3 s idle and no answer time.
    config = GuardConfig(idle=IdleConfig(minutes=0.05), answer_minutes=0.0, policy="remind", deadline="23:59")
    options = {"nvidia_smi": f"{box.aux_abs}/nvidia-smi", "jobs_dir": f"{box.aux}/jobs"}

    def sync():  # type: ignore[no-untyped-def]
        return connect_sync(box.conn, session, config, Price(1.0), None, root=box.root,
                            timing={"interval_s": 1, "grace_s": 2}, **options)  # fmt: skip

    view = sync()
    assert view.alert_problems == ["mail: smtp alerts are sent by the app only."]
    st = box.status()
    assert st["alert_channels"] == ["phone"] and st["deadline"] is not None and st["deadline_action"] == "remind"
    pid = box.conn.exec(f'cat "$HOME/{box.root}/pid"').out.strip()
    sync()  # nothing changed: the running guard is kept
    assert box.conn.exec(f'cat "$HOME/{box.root}/pid"').out.strip() == pid
    # The app is gone: the server idles, the guard reminds, and the phone hears it from the server.
    (sent,) = receiver.wait_for(1, timeout=40)
    assert sent.headers["Title"] == "my box is idle and nobody answers" and "still bills" in sent.body.decode()
    # Turned off in the settings: the next connection takes the channels off the server.
    settings.set("alerts.from_server", False)
    sync()
    assert box.status()["alert_channels"] == []
    assert box.conn.exec(f'ls "$HOME/{box.root}/alerts/"*.ch 2>/dev/null').out.strip() == ""
