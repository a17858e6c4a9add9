"""The live GPU feed (Qt-free) against the real sshd with the nvidia-smi replay.

The link is announced the way the connection's owner announces it (state, then the connection):
the feed must start one stream per connection, keep the history in the core, publish a typed
summary, stop its remote loop as soon as the link is down, and never call a stopped server billed.
"""

from __future__ import annotations

import dataclasses
import threading

import pytest

from gpudesk.core import settings
from gpudesk.core.live.billing import BillingState
from gpudesk.core.live.server import LiveServer
from gpudesk.core.live.state import LinkState
from gpudesk.core.sessions import Session
from gpudesk.core.telemetry.hints import TUNING, Warmup, summary
from gpudesk.core.telemetry.model import SmiState
from gpudesk.core.telemetry.summary import GpuSummary
from tests.e2e.test_gpus_cli import INTERVAL_MS, LOOPS, nvsmi, wait_for  # noqa: F401 - nvsmi is a fixture

pytestmark = pytest.mark.e2e
IDLE_ALL = "All GPUs are idle while the server is billed"


@pytest.fixture
def live(sshd):
    """A LiveServer for the test sshd (closed after the test), sampling at the replay-counted interval."""
    settings.set("telemetry.interval_ms", INTERVAL_MS)
    settings.set("telemetry.processes_interval_s", 1)
    made: list[LiveServer] = []

    def make() -> LiveServer:
        session = Session(
            name="gpu-box",
            host=sshd.host,
            port=sshd.port,
            username=sshd.username,
            auth="key_file",
            identity_file=str(sshd.key_path),
            keepalive_s=0,
        )
        server = LiveServer(session)
        made.append(server)
        return server

    yield make
    for server in made:
        server.close()


def link_up(server: LiveServer, conn) -> None:  # type: ignore[no-untyped-def]
    """What the connection's owner does once a login worked: the state, then the connection."""
    link = server.link
    link.state = LinkState.CONNECTED
    link.state_changed.emit(LinkState.CONNECTED)
    link.connection = conn
    link.connected.emit(conn)


def link_down(server: LiveServer, state: LinkState = LinkState.DROPPED) -> None:
    link = server.link
    link.state = state
    link.connection = None
    link.state_changed.emit(state)


def loops(conn) -> int:  # type: ignore[no-untyped-def]
    return int(conn.exec(LOOPS).out.strip() or 0)


def record(event) -> list:  # type: ignore[no-untyped-def]
    got: list = []
    event.subscribe(got.append)
    return got


def test_frames_history_and_a_typed_summary(live, connect, nvsmi) -> None:  # noqa: F811
    nvsmi("v100-x8")
    server = live()
    feed = server.telemetry
    frames, summaries, procs, versions, statuses = (
        record(e)
        for e in (feed.frame, feed.summary_changed, feed.processes_changed, feed.versions_changed, feed.status_changed)
    )
    changed = record(server.changed)
    conn = connect()
    link_up(server, conn)
    wait_for(lambda: len(frames) >= 3 and procs and versions and feed.summary is not None)
    assert len(frames[-1].gpus) == 8 and feed.history.raw.n >= 3
    assert [g.index for g in feed.history.gpus()] == list(range(8))
    s = feed.summary
    assert isinstance(s, GpuSummary) and s.count == 8 and s.model == "V100" and s.util_mean == 100.0
    assert len(s.utils) == len(s.mems_mib) == 8 and s.mems_mib[1] == 3085.0
    assert s.text == summary(feed.history.gpus()) and s.text.startswith("8× V100 · 100%")
    assert summaries and summaries[-1] == s and server in changed
    assert len(procs[-1]) == 8 and 1552275 in {p.pid for p in feed.processes}
    assert versions[-1].driver == "535.129.03" and feed.versions.cuda == "12.2"
    assert statuses and feed.status is not None and feed.status.state is SmiState.OK
    assert feed.sampler is not None and feed.sampler.streams_started == 1
    assert loops(conn) == 1  # one looping query on the server


def test_the_remote_loop_stops_when_the_link_drops(live, connect, nvsmi) -> None:  # noqa: F811
    nvsmi("h100")
    server = live()
    feed = server.telemetry
    summaries = record(feed.summary_changed)
    conn = connect()
    link_up(server, conn)
    wait_for(lambda: feed.history.raw.n >= 2 and loops(conn) == 1)
    first = feed.sampler
    link_down(server)  # the transport is still open: only the feed can end the remote loop
    assert feed.sampler is None and feed.summary is None and summaries[-1] is None
    wait_for(lambda: not first.running and loops(conn) == 0, 15)
    # The history stays in the core; a new connection resumes it with one new stream.
    n = feed.history.raw.n
    again = connect()
    link_up(server, again)
    wait_for(lambda: feed.history.raw.n >= n + 2 and feed.summary is not None)
    assert feed.sampler is not first and feed.sampler.conn is again and feed.sampler.streams_started == 1
    assert loops(again) == 1


def test_one_stream_per_connection(live, connect, nvsmi) -> None:  # noqa: F811
    nvsmi("gtx1650")
    server = live()
    feed = server.telemetry
    conn = connect()
    link_up(server, conn)
    sampler = feed.sampler
    link_up(server, conn)  # the same news twice (a view and the owner both announce it)
    server.link.connected.emit(conn)
    assert feed.sampler is sampler
    wait_for(lambda: feed.history.raw.n >= 3)
    assert sampler.streams_started == 1 and loops(conn) == 1
    # Another connection replaces the stream: the old one ends, one loop remains.
    other = connect()
    link_up(server, other)
    assert feed.sampler is not sampler and feed.sampler.conn is other
    n = feed.history.raw.n
    wait_for(lambda: feed.history.raw.n >= n + 2 and not sampler.running)
    wait_for(lambda: loops(other) == 1, 15)


def test_idle_advice_only_while_the_server_is_billed(live, connect, nvsmi) -> None:  # noqa: F811
    """ "Idle while the server is billed" is said while billing is BILLING or UNKNOWN, never once it stopped."""
    from gpudesk.core.billing.price import Price

    nvsmi("gtx1650")  # one idle GPU, 1 MiB in use, no processes
    server = live()
    feed, billing = server.telemetry, server.billing
    feed.warmup = Warmup(warmup_s=0.0)
    told = record(feed.hints_changed)
    link_up(server, connect())

    def idle_said() -> bool:
        return any(h.text.startswith(IDLE_ALL) for h in feed.hints)

    wait_for(idle_said)
    assert billing.state == BillingState.UNKNOWN and told[-1] == feed.hints  # nobody knows: it may cost money
    sid, meter = server.session.id, billing.meter
    meter.configure(sid, "gpu-box", Price(2.0), "manual")
    meter.start(sid)
    wait_for(lambda: billing.state == BillingState.BILLING)
    assert idle_said()

    meter.stop(sid)  # stopped (as the guard or another process would): compute is billed no more
    wait_for(lambda: billing.state == BillingState.STOPPED)
    wait_for(lambda: not any(h.kind == "idle" for h in feed.hints), 5)
    assert not any(h.kind == "idle" for h in told[-1])  # views were told
    n = feed.history.raw.n
    wait_for(lambda: feed.history.raw.n >= n + 3)
    assert billing.state == BillingState.STOPPED
    assert not any(h.kind == "idle" for h in feed.hints)  # later samples do not bring it back

    meter.start(sid)  # running again
    wait_for(lambda: billing.state == BillingState.BILLING)
    wait_for(idle_said, 5)
    assert not {h.kind for h in feed.hints} & (set(TUNING) - {"idle"})


def test_a_snapshot_without_a_stream_is_the_feeds_state(live, connect, nvsmi) -> None:  # noqa: F811
    """What ``gpudesk gpus`` does: one read, the same history, summary and advice as the GUI's feed."""
    nvsmi("v100-x8")
    server = live()
    feed = server.telemetry
    frames = record(feed.frame)
    conn = connect()
    wait_for(lambda: loops(conn) == 0, 15)  # an earlier test's stream may still be ending
    snap = feed.snapshot(conn)
    assert len(snap.gpus) == 8 and feed.sampler is None and loops(conn) == 0
    assert len(frames) == 1 and feed.history.raw.n == 1
    assert feed.summary is not None and feed.summary.text == summary(snap.gpus)
    assert {p.pid for p in feed.processes} == {p.pid for p in snap.processes} and feed.versions.driver == "535.129.03"
    report = feed.check(conn)
    assert feed.report is report and report.driver == "535.129.03" and len(report.gpus) == 8


def test_closing_the_server_ends_the_stream_for_good(live, connect, nvsmi) -> None:  # noqa: F811
    nvsmi("h100")
    server = live()
    feed = server.telemetry
    conn, watcher = connect(), connect()
    link_up(server, conn)
    wait_for(lambda: feed.history.raw.n >= 1 and loops(watcher) == 1)
    sampler = feed.sampler
    server.close()
    assert feed.sampler is None and not feed.running
    wait_for(lambda: not sampler.running and loops(watcher) == 0, 15)
    link_up(server, conn)  # a late announcement must not start a stream on a closed server
    assert feed.sampler is None


def test_a_late_frame_of_a_stopped_stream_is_dropped(live, connect, nvsmi) -> None:  # noqa: F811
    nvsmi("h100")
    server = live()
    feed = server.telemetry
    conn = connect()
    link_up(server, conn)
    wait_for(lambda: feed.history.raw.n >= 1)
    sampler = feed.sampler
    link_down(server)
    n = feed.history.raw.n
    got = threading.Event()
    feed.frame.subscribe(lambda _f: got.set())
    # The stopped sampler's decoder may still hold a line: whatever it delivers is no news any more.
    from gpudesk.core.telemetry.model import Frame

    sampler.decoder.on_frame(Frame(feed.history.latest_t + 1, feed.history.gpus()))
    assert not got.is_set() and feed.history.raw.n == n and feed.summary is None


def untimed(gpus):  # type: ignore[no-untyped-def]
    return [dataclasses.replace(g, timestamp="") for g in gpus]


def test_the_clis_detached_feed_reads_like_the_servers(live, connect, nvsmi) -> None:  # noqa: F811
    """``gpudesk gpus``/``check`` read through a feed of their own: same decoding, summary and report."""
    from gpudesk.core.live.telemetry import TelemetryFeed

    nvsmi("gtx1080ti-x8")
    conn = connect()
    detached = TelemetryFeed(None)
    attached = live().telemetry
    try:
        snap = detached.snapshot(conn)
        assert detached.sampler is None and len(snap.gpus) == 8
        assert attached.snapshot(conn).to_json() == snap.to_json()
        assert detached.summary == attached.summary and detached.summary.text == summary(snap.gpus)
        # The same GPUs read the same way; the replay stamps each read with the clock, which may tick between the two.
        assert untimed(detached.history.gpus()) == untimed(attached.history.gpus())
        assert detached.billed  # no billing known: the server may cost money
        report = detached.check(conn)
        assert detached.report is report and len(report.gpus) == 8
        assert [c.name for c in report.checks] == [c.name for c in attached.check(conn).checks]
    finally:
        detached.close()
