"""Money paths proven against the provider stubs: lists past page 1, keys on an empty account, a spot rental
that was created but not started, a new instance that answers null, live prices under a rate limit, and the
quote/note texts that say what bills."""

from __future__ import annotations

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers import launch
from gpudesk.core.providers.launchspec import LaunchSpec
from gpudesk.core.providers.runpod import MAX_PAGES
from gpudesk.core.providers.vast import VastProvider
from tests.helpers_providers.vast_stub import VastStub
from tests.unit.test_providers_launch import PUB, no_sleep, runpod  # noqa: F401 - the launch tests' stub fixture


@pytest.fixture
def vast():
    """Unlike the launch tests' fixture, Vast.ai's own 2-s poll pace is kept: these tests check it."""
    server = VastStub().start()
    yield server, VastProvider("va", server.token, server.url, sleep=no_sleep)
    server.stop()


# -- 1. RunPod v2 pages its lists ------------------------------------------------------------
def test_runpod_pods_and_stopped_volumes_past_page_one_are_seen(runpod):  # noqa: F811 - runpod is the imported fixture
    stub, p = runpod
    for i in range(5):
        stub.add_pod(f"late{i}", status="EXITED")
    stub.page_size = 2
    ids = {i.id for i in p.list_instances()}
    assert {f"late{i}" for i in range(5)} <= ids and len(ids) == 6
    cursors = [r.query.get("cursor") for r in stub.requests if r.path == "/v2/pods"]
    assert cursors == [None, ["c-2"], ["c-4"]]
    volumes = {s.instance_id for s in p.list_storage() if s.kind == "volume_disk"}
    assert volumes == {f"late{i}" for i in range(5)}  # the stopped pods on pages 2 and 3 bill too


@pytest.mark.parametrize("mode", ["repeat", "endless"])
def test_runpod_paging_of_a_hostile_server_is_bounded(runpod, mode):  # noqa: F811 - runpod is the imported fixture
    stub, p = runpod
    stub.page_size, stub.hostile_paging = 2, mode
    pods = p.list_instances()
    reads = sum(1 for r in stub.requests if r.path == "/v2/pods")
    assert 1 < reads <= MAX_PAGES and pods  # pages are followed, and never for ever
    if mode == "repeat":
        assert reads == 2  # the same cursor again ends it


# -- 2. A Vast account with no SSH key answers 404 ---------------------------------------------
def test_vast_account_without_keys_answers_404_and_the_key_is_registered(vast):
    stub, p = vast
    assert not stub.ssh_keys
    ref = launch.register_key(p, PUB, "gpudesk")
    assert ref == "100" and [k["key"] for k in stub.ssh_keys] == [PUB]
    gets = [r for r in stub.requests if r.method == "GET" and r.path == "/api/v0/ssh/"]
    assert len(gets) == 1  # the 404 was read as "no keys", not retried or raised
    assert launch.register_key(p, PUB, "gpudesk") == ref  # now listed: reused, not added twice


# -- 3. A Vast spot bid too low: an instance exists, stopped, billing its disk -------------------
def test_vast_bid_too_low_keeps_the_instance_id_says_it_bills_and_destroy_is_confirmed(vast):
    stub, p = vast
    stub.bid_floor = 0.3
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090", spot=True, bid=0.19))
    with pytest.raises(launch.RentedNotStarted) as caught:
        launch.launch(p, quote.spec, PUB, quote=quote)
    exc = caught.value
    made = exc.instance
    assert made.id and int(made.id) in stub.instances and made.status == "stopped"
    text = str(exc)
    assert made.id in text and "bills for its disk" in text and "destroy" in text
    assert "Nothing was rented" not in text
    assert launch.terminate_confirmed(p, made.id, sleep=no_sleep)
    assert int(made.id) not in stub.instances  # destroyed, and a read after it confirms it is gone


# -- 4. A new Vast instance answers {"instances": null} for a while ------------------------------
def test_vast_new_instance_that_answers_null_for_a_while_is_waited_for_not_given_up(vast, sshd):
    stub, p = vast
    p.min_poll_s = 0.0  # the pace is checked below; here the looks go as fast as the test likes
    stub.launch_ssh = (sshd.host, sshd.port)
    stub.unseen_looks = 6  # twice what gave up before
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090"))
    inst = launch.launch(p, quote.spec, PUB, quote=quote)
    ready = launch.wait_usable(p, inst.id, timeout_s=30, poll_s=0.01)
    assert ready.id == inst.id and ready.status == "running" and len(stub.unseen_gets) == 6
    assert len(stub.rented) == 1  # one rental, never a second


def test_vast_instance_unseen_past_the_grace_may_bill_and_offers_destroy_at_vasts_pace(vast):
    stub, p = vast
    stub.unseen_looks = 10**6
    p.unseen_grace_s = 3.0
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090"))
    inst = launch.launch(p, quote.spec, PUB, quote=quote)
    with pytest.raises(launch.InstanceUnseen) as caught:
        launch.wait_usable(p, inst.id, timeout_s=60, poll_s=0.01)
    exc = caught.value
    assert not isinstance(exc, launch.InstanceGone)  # never "it ended": nothing invites a second rental
    assert isinstance(exc, launch.NeverReachable) and exc.instance.id == inst.id
    assert "may still exist and bill" in str(exc) and inst.id in str(exc)
    gaps = [b - a for a, b in zip(stub.unseen_gets, stub.unseen_gets[1:], strict=False)]
    assert gaps and min(gaps) >= 1.9  # Vast.ai's documented 2 s per look at an instance, not 0.01 s
    assert launch.terminate_confirmed(p, inst.id, sleep=no_sleep)
    assert len(stub.rented) == 1


# -- 5. Vast live prices within Vast's search rate limit ------------------------------------------
def test_vast_live_prices_stay_within_the_search_rate_limit(vast, monkeypatch):
    from gpudesk.core.catalog import live

    stub, p = vast
    stub.search_interval_s = 0.5  # Vast.ai's "minimum interval between requests", scaled down
    monkeypatch.setattr(live, "VAST_SEARCH_INTERVAL_S", 0.6)
    result = live.refresh([("vast", p.api)])
    assert not result.errors and not result.partial
    searches = [r for r in stub.requests if r.path == "/api/v0/bundles/"]
    assert len(searches) <= 2  # not one per GPU
    assert {(r.gpu_name, r.gpu_count) for r in result.rows} == {("RTX 4090", 1), ("H100 SXM", 8)}


def test_vast_429_keeps_the_rows_already_fetched_and_says_the_list_is_partial(vast, monkeypatch):
    from gpudesk.core.catalog import live

    stub, p = vast
    stub.search_budget = 1  # the first search is answered, every later one is 429
    monkeypatch.setattr(live, "VAST_SEARCH_INTERVAL_S", 0.0)
    earlier = live.RefreshResult("2026-12-03T09:00Z", [live.LiveRow("Vast.ai", "RTX 4090", 1, 24, 0.5, "on-demand", "1x RTX 4090 (offer 9)", "s")], {})
    live.save(earlier)
    result = live.refresh([("vast", p.api)])
    assert {(r.gpu_name, r.gpu_count) for r in result.rows} == {("H100 SXM", 8)}  # fetched before the 429: kept
    assert result.partial == {"Vast.ai"} and "partial" in result.errors["Vast.ai"]
    live.save(result)
    cached = live.load_cached()
    assert cached is not None
    assert {(r.gpu_name, r.fetched_at) for r in cached.rows} == {("H100 SXM", result.fetched_at), ("RTX 4090", "2026-12-03T09:00Z")}


# -- 6. Usable means a login with the registered key works, not an SSH banner ----------------------
@pytest.fixture
def keyed_runpod(runpod, sshd):  # noqa: F811 - runpod is the imported fixture
    """Rented pods answer on the test sshd as its user and put the key they were sent in its authorized_keys."""
    stub, p = runpod
    auth = sshd.workdir / "authorized_keys"
    before = auth.read_text()
    stub.launch_ssh, stub.launch_user, stub.authorized_keys = (sshd.host, sshd.port), sshd.username, auth
    yield stub, p
    auth.write_text(before)


def test_a_server_that_answers_ssh_but_refuses_the_key_at_first_is_not_usable_until_the_key_logs_in(keyed_runpod, sshd):
    from gpudesk.core.providers import launch_key

    stub, p = keyed_runpod
    stub.key_delay_looks = 3  # SSH answers (a banner) while the key is not in place yet
    public = launch_key.ensure()
    key = launch_key.private_key()
    assert key is not None
    inst = launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, public)
    phases: list[str] = []
    ready = launch.wait_usable(p, inst.id, timeout_s=60, poll_s=0.01, on_progress=lambda s: phases.append(s.phase),
                               login_key=key)
    assert "login" in phases and phases[-1] == "ready"  # the banner alone did not count
    assert phases.index("login") < phases.index("ready")
    assert ready.extra["ssh_login"] is True and ready.ssh_user == sshd.username
    assert launch.probe_login(ready.ssh_host, int(ready.ssh_port or 22), ready.ssh_user, key) == launch.LOGIN_OK


def test_a_server_that_never_takes_the_key_is_never_reachable_in_words(keyed_runpod):
    from gpudesk.core.providers import launch_key

    stub, p = keyed_runpod
    stub.key_delay_looks = 10**6
    public = launch_key.ensure()
    inst = launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, public)
    with pytest.raises(launch.NeverReachable) as caught:
        launch.wait_usable(p, inst.id, timeout_s=2, poll_s=0.05, login_key=launch_key.private_key())
    assert caught.value.phase == "login" and "never accepted gpudesk's key" in str(caught.value)


# -- 7. What bills is what the quote and the notes say ----------------------------------------------
def test_runpod_rents_a_workspace_volume_so_the_stop_note_is_true(runpod):  # noqa: F811 - runpod is the imported fixture
    stub, p = runpod
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090", disk_gb=80))
    assert "volume disk (/workspace) is kept" in " ".join(str(n) for n in quote.notes)
    inst = launch.launch(p, quote.spec, PUB, quote=quote)
    (body,) = stub.created
    assert body["mounts"] == {"persistent": {"size": 80, "path": "/workspace"}}
    for _ in range(4):
        p.get_instance(inst.id)  # provisioning → running
    p.stop(inst.id)
    kept = [s for s in p.list_storage() if s.instance_id == inst.id]
    assert len(kept) == 1 and kept[0].size_gb == 80 and kept[0].price_per_hour  # the volume survives, and bills


def test_vast_quote_prices_the_disk_being_rented(vast):
    stub, p = vast
    stub.offers.append({"id": 7, "gpu_name": "RTX 5090", "num_gpus": 1, "dph_base": 0.6, "dph_total": 0.6021,
                        "storage_cost": 0.15, "min_bid": 0.3, "disk_space": 500.0, "rentable": True, "rented": False,
                        "geolocation": "Oregon, US"})  # the search_offers.yaml fields, the stub's own values
    quote = launch.quote(p, LaunchSpec(gpu="RTX 5090", disk_gb=200))
    from gpudesk.core.providers.base import HOURS_PER_MONTH

    assert quote.price_per_hour == pytest.approx(0.6 + 0.15 * 200 / HOURS_PER_MONTH)
    assert any("200 GB disk" in str(n) for n in quote.notes)
    (search,) = [r.body for r in stub.requests if r.path == "/api/v0/bundles/"]
    assert search["allocated_storage"] == 200
    spot = launch.quote(p, LaunchSpec(gpu="RTX 5090", disk_gb=200, spot=True, bid=0.35))
    assert spot.spec.bid == 0.35 and spot.price_per_hour == pytest.approx(0.35 + 0.15 * 200 / HOURS_PER_MONTH)


def test_a_docker_image_for_lambda_is_refused_in_words_before_anything_is_rented():
    from gpudesk.core.providers.lambda_cloud import LambdaProvider
    from tests.helpers_providers.lambda_stub import LambdaStub

    stub = LambdaStub()
    stub.offer_types()
    stub.start()
    try:
        p = LambdaProvider("la", stub.token, stub.url, sleep=no_sleep)
        ref = launch.register_key(p, PUB, "gpudesk")
        for image in ("pytorch/pytorch:2.4.0-cuda12.4-cudnn9-runtime", "nvcr.io/nvidia/pytorch:24.08-py3", "ubuntu:22.04"):
            with pytest.raises(E.Unsupported, match="not Docker images"):
                launch.quote(p, LaunchSpec(gpu="H100", image=image))
            with pytest.raises(E.Unsupported, match="not Docker images"):
                launch.launch(p, LaunchSpec(gpu="H100", offer_id="gpu_1x_h100_pcie", region="us-west-1", image=image), PUB,
                              key_ref=ref)
        assert not [r for r in stub.requests if r.path == "/api/v1/instance-operations/launch"]
        quote = launch.quote(p, LaunchSpec(gpu="H100", image="lambda-stack-22-04"))
        launch.launch(p, quote.spec, PUB, key_ref=ref)
        (sent,) = [r.body for r in stub.requests if r.path == "/api/v1/instance-operations/launch"]
        assert sent["image"] == {"family": "lambda-stack-22-04"}
    finally:
        stub.stop()


def test_autodl_stop_note_says_a_powered_off_instance_is_released_after_15_days():
    from gpudesk.core.providers.autodl import AutoDLProvider

    note = str(AutoDLProvider("adl", "t", "http://127.0.0.1:9").stop_note())
    assert "15 days" in note and "deleted" in note
