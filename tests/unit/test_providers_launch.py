"""Renting through the providers' APIs against the local provider servers and the real sshd.

Each provider: the documented create body, the key registration, the provisioning wait until a real
SSH banner answers, a capacity refusal with the next-best offer, and an instance that never becomes
reachable. No retry of a launch after a 5xx: a second request is a second bill.
"""

from __future__ import annotations

import threading

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers import launch
from gpudesk.core.providers.lambda_cloud import LambdaProvider
from gpudesk.core.providers.launchspec import LaunchSpec
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.providers.vast import VastProvider
from tests.helpers_providers.lambda_stub import LambdaStub
from tests.helpers_providers.listeners import Forward, SilentPort
from tests.helpers_providers.runpod_stub import NO_INSTANCES, RunPodStub
from tests.helpers_providers.vast_stub import VastStub

PUB = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILXGDN/SclOozk1xsDztpmhGiKkkrfQB9SKoO8dSIQQZ gpudesk-launch"


def no_sleep(_s: float) -> None:
    pass


@pytest.fixture
def runpod():
    server = RunPodStub().start()
    yield server, RunPodProvider("rp", server.token, server.url, sleep=no_sleep)
    server.stop()


@pytest.fixture
def vast():
    server = VastStub().start()
    provider = VastProvider("va", server.token, server.url, sleep=no_sleep)
    provider.min_poll_s = 0.0  # Vast.ai's 2-s pace is checked in test_providers_money_paths
    yield server, provider
    server.stop()


@pytest.fixture
def lam():
    server = LambdaStub()
    server.offer_types()
    server.start()
    yield server, LambdaProvider("la", server.token, server.url, sleep=no_sleep)
    server.stop()


def wait(provider, inst_id, **kw):
    phases: list[str] = []
    kw.setdefault("timeout_s", 30)
    got = launch.wait_usable(provider, inst_id, on_progress=lambda p: phases.append(p.phase), poll_s=0.01, **kw)
    return got, phases


def posts(server, path):
    return [r for r in server.requests if r.method in ("POST", "PUT") and r.path == path]


# -- RunPod v2 -------------------------------------------------------------------------------
def test_runpod_rents_with_the_documented_body_and_waits_for_a_real_ssh_banner(runpod, sshd):
    stub, p = runpod
    stub.launch_ssh = (sshd.host, sshd.port)
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090", count=2, region="US-KS-2"))
    assert (quote.spec.offer_id, quote.price_per_hour) == ("NVIDIA GeForce RTX 4090", 0.88)
    assert "volume disk" in " ".join(str(n) for n in quote.notes)  # what keeps billing after stop
    assert launch.register_key(p, PUB, "gpudesk") is None  # RunPod: the key goes with the pod
    inst = launch.launch(p, quote.spec, PUB, quote=quote)
    (body,) = stub.created
    assert body["gpu"] == {"id": "NVIDIA GeForce RTX 4090", "count": 2} and body["env"] == {"PUBLIC_KEY": PUB}
    assert "22/tcp" in body["ports"] and body["dataCenterIds"] == ["US-KS-2"] and body["image"] == p.default_image
    assert (inst.status, inst.price_per_hour) == ("starting", 0.88)
    ready, phases = wait(p, inst.id)
    assert phases == ["provisioning", "booting", "ready"]
    assert (ready.ssh_host, ready.ssh_port) == (sshd.host, sshd.port)
    assert ready.extra["ssh_banner"].startswith("SSH-2.0-OpenSSH")


def test_runpod_capacity_refusal_is_a_capacity_error_in_its_words_and_sent_once(runpod):
    stub, p = runpod
    stub.capacity_detail = NO_INSTANCES
    quote = launch.quote(p, LaunchSpec(gpu="H100 SXM"))
    with pytest.raises(E.CapacityError) as caught:
        launch.launch(p, quote.spec, PUB, quote=quote)
    assert caught.value.reason == NO_INSTANCES and "could not place" in str(caught.value)
    assert len(posts(stub, "/v2/pods")) == 1


def test_a_5xx_on_create_is_not_retried_and_warns_that_it_may_be_rented(runpod):
    stub, p = runpod
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090"))
    stub.fail_next(stub.server_error_fault())
    with pytest.raises(E.ServerError, match="may have been rented"):
        launch.launch(p, quote.spec, PUB)
    assert len(posts(stub, "/v2/pods")) == 1


def test_runpod_spot_is_refused_before_anything_is_sent(runpod):
    stub, p = runpod
    with pytest.raises(E.Unsupported, match="spot"):
        launch.quote(p, LaunchSpec(gpu="RTX 4090", spot=True))
    with pytest.raises(E.Unsupported):
        launch.launch(p, LaunchSpec(gpu="RTX 4090", offer_id="NVIDIA GeForce RTX 4090", spot=True), PUB)
    assert not stub.requests


# -- Vast.ai ---------------------------------------------------------------------------------
@pytest.mark.parametrize("wrapped", [False, True])
def test_vast_registers_the_key_once_rents_the_cheapest_offer_and_reaches_ssh(vast, sshd, wrapped):
    stub, p = vast
    stub.keys_wrapped = wrapped  # both documented list shapes
    stub.launch_ssh = (sshd.host, sshd.port)
    first = launch.register_key(p, PUB, "gpudesk")
    assert launch.register_key(p, PUB + " other-comment", "gpudesk") == first  # the same key: reused
    assert len(posts(stub, "/api/v0/ssh/")) == 1
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090"))
    assert (quote.spec.offer_id, quote.price_per_hour) == ("2", 0.35)
    inst = launch.launch(p, quote.spec, PUB, key_ref=first, quote=quote)
    (body,) = stub.rented
    assert body["offer"] == 2 and body["client_id"] == "me" and body["runtype"] == "ssh_direc ssh_proxy"
    assert "price" not in body  # on demand: no bid
    assert stub.attached == [(int(inst.id), PUB)]
    assert inst.price_per_hour == 0.35
    ready, phases = wait(p, inst.id)
    assert phases == ["provisioning", "booting", "ready"] and ready.extra["ssh_banner"].startswith("SSH-")


@pytest.mark.parametrize("status", [404, 410])
def test_vast_offer_gone_is_a_capacity_error_and_next_best_is_the_other_offer(vast, status):
    stub, p = vast
    stub.gone_status = status
    spec = LaunchSpec(gpu="RTX 4090")
    offers = p.offers(spec)
    failed = offers[0]
    stub.gone.add(int(failed.spec.offer_id))
    with pytest.raises(E.CapacityError) as caught:
        launch.launch(p, failed.spec, PUB)
    assert "no_such_ask" in caught.value.reason and "no longer available" in str(caught.value)
    alt = launch.next_best(offers, failed)
    assert alt is not None and alt.spec.offer_id == "1" and alt.price_per_hour == 0.41
    assert launch.next_best(offers, failed, tried=[alt]) is None
    assert len(posts(stub, "/api/v0/asks/2/")) == 1


def test_vast_spot_bids_at_least_the_minimum(vast):
    stub, p = vast
    quote = launch.quote(p, LaunchSpec(gpu="RTX 4090", spot=True))
    assert quote.spec.bid == quote.price_per_hour == 0.18  # the offer's min_bid
    assert any("Interruptible" in str(n) for n in quote.notes)
    with pytest.raises(E.CapacityError):  # below every host's minimum bid: nothing would run
        launch.quote(p, LaunchSpec(gpu="RTX 4090", spot=True, bid=0.01))
    launch.launch(p, quote.spec, PUB)
    assert stub.rented[-1]["price"] == 0.18


def test_vast_offer_id_must_be_a_number(vast):
    stub, p = vast
    with pytest.raises(E.ProviderError, match="not a Vast.ai offer id"):
        launch.quote(p, LaunchSpec(offer_id="2/../../instances"))
    assert not stub.requests


# -- Lambda Cloud ----------------------------------------------------------------------------
def test_lambda_registers_a_named_key_launches_in_a_region_with_capacity_and_reaches_port_22(lam, sshd):
    stub, p = lam
    stub.ssh_keys.append({"id": "1" * 32, "name": "gpudesk", "public_key": "ssh-ed25519 AAAAsomeoneelse x"})
    try:
        forward = Forward((sshd.host, sshd.port), port=22)
    except OSError as exc:
        pytest.skip(f"cannot listen on a loopback port 22 here: {exc}")
    try:
        stub.launch_ip = forward.host
        name = launch.register_key(p, PUB, "gpudesk")
        assert name.startswith("gpudesk-") and launch.register_key(p, PUB, "gpudesk") == name  # found again
        quote = launch.quote(p, LaunchSpec(gpu="H100"))
        assert (quote.spec.offer_id, quote.spec.region, quote.price_per_hour) == ("gpu_1x_h100_pcie", "us-west-1", 2.49)
        inst = launch.launch(p, quote.spec, PUB, key_ref=name, quote=quote)
        (body,) = stub.launches
        assert body == {"region_name": "us-west-1", "instance_type_name": "gpu_1x_h100_pcie", "ssh_key_names": [name],
                        "name": "gpudesk"}
        ready, phases = wait(p, inst.id)
        assert phases == ["booting", "ready"]  # Lambda says "booting" from the start
        assert (ready.ssh_host, ready.ssh_port, ready.ssh_user) == (forward.host, 22, "ubuntu")
        assert ready.extra["ssh_banner"].startswith("SSH-2.0-OpenSSH")
    finally:
        forward.close()


def test_lambda_insufficient_capacity_code_is_a_capacity_error(lam):
    stub, p = lam
    stub.capacity_error = True
    quote = launch.quote(p, LaunchSpec(gpu="B200", count=8))
    with pytest.raises(E.CapacityError) as caught:
        launch.launch(p, quote.spec, PUB)
    assert caught.value.reason == "Not enough capacity to fulfill launch request."
    alt = launch.next_best(p.offers(LaunchSpec(gpu="B200", count=8)), quote)
    assert alt is None  # one type: nothing else to offer
    with pytest.raises(E.CapacityError, match="no region has capacity"):
        launch.quote(p, LaunchSpec(gpu="GH200"))  # listed, but no region has it now
    with pytest.raises(E.Unsupported, match="no spot"):
        launch.quote(p, LaunchSpec(gpu="H100", spot=True))


# -- never reachable, gone, cancelled --------------------------------------------------------
def test_an_instance_whose_ssh_never_answers_is_reported_with_the_instance_to_terminate(runpod):
    stub, p = runpod
    silent = SilentPort()
    try:
        stub.launch_ssh = ("127.0.0.1", silent.port)
        inst = launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, PUB)
        with pytest.raises(launch.NeverReachable) as caught:
            wait(p, inst.id, timeout_s=0.5, probe_timeout_s=0.1)
    finally:
        silent.close()
    exc = caught.value
    assert exc.phase == "address" and exc.instance.id == inst.id and exc.exit_code == 3
    assert "terminate it" in str(exc) and f"127.0.0.1:{silent.port}" in str(exc)
    p.terminate(exc.instance.id)  # what the caller offers
    assert stub.pods[inst.id]["status"] == "TERMINATED"


def test_a_launch_stuck_in_provisioning_says_so(runpod):
    stub, p = runpod
    stub.stuck = True
    inst = launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, PUB)
    with pytest.raises(launch.NeverReachable, match="never found a machine") as caught:
        wait(p, inst.id, timeout_s=0.2)
    assert caught.value.phase == "provisioning"


def test_an_instance_that_ends_while_starting_is_gone_and_a_cancel_stops_the_wait(runpod):
    stub, p = runpod
    inst = launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, PUB)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(launch.LaunchCancelled):
        launch.wait_usable(p, inst.id, cancel=cancel)
    stub.pods[inst.id]["status"] = "EXITED"  # taken back (spot) or stopped from the console
    with pytest.raises(launch.InstanceGone, match="EXITED"):
        wait(p, inst.id)


# -- hostile replies -------------------------------------------------------------------------
HOSTILE_PODS = [[], "pod", {"id": None}, {"id": ["x"]}, {"id": "../../v2/account"}, {"id": "a" * 5000},
                {"id": "x\ny"}, {"id": True}]


@pytest.mark.parametrize("body", HOSTILE_PODS)
def test_runpod_create_reply_that_is_not_a_pod_says_it_may_be_rented(runpod, body):
    stub, p = runpod
    stub.fail_next(E_fault(201, body))
    with pytest.raises(E.ProviderError, match="may have been rented"):
        launch.launch(p, LaunchSpec(gpu="RTX 4090", offer_id="NVIDIA GeForce RTX 4090"), PUB)


@pytest.mark.parametrize("body", [{"success": True}, {"success": True, "new_contract": "1; rm -rf /"},
                                  {"success": True, "new_contract": True}, {"success": True, "new_contract": -5},
                                  {"success": True, "new_contract": {"id": 1}}, "ok", None])
def test_vast_rent_reply_without_a_contract_id_says_it_may_be_rented(vast, body):
    stub, p = vast
    stub.fail_next(E_fault(200, body))
    with pytest.raises(E.ProviderError, match="may have been rented"):
        launch.launch(p, LaunchSpec(gpu="RTX 4090", offer_id="2"), PUB)


@pytest.mark.parametrize("body", [{"data": None}, {"data": {"instance_ids": "abc"}}, {"data": {"instance_ids": []}},
                                  {"data": {"instance_ids": [{"id": "x"}]}}, {"data": {"instance_ids": ["a b\u2028"]}}])
def test_lambda_launch_reply_without_ids_says_it_may_be_rented(lam, body):
    stub, p = lam
    stub.ssh_keys.append({"id": "2" * 32, "name": "gpudesk", "public_key": PUB})
    stub.fail_next(E_fault(200, body))
    with pytest.raises(E.ProviderError, match="may have been rented"):
        launch.launch(p, LaunchSpec(gpu="H100", offer_id="gpu_1x_h100_pcie", region="us-west-1"), PUB, key_ref="gpudesk")


def test_an_ssh_host_that_is_an_option_or_a_line_break_is_never_knocked_on(runpod):
    stub, p = runpod
    inst = launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, PUB)
    pod = dict(stub.pods[inst.id], status="RUNNING",
               ssh={"direct": {"host": "-oProxyCommand=touch /tmp/pwned", "port": 22}, "proxy": None}, runtime=None)
    stub.fail_next(*[E_fault(200, pod)] * 50)
    with pytest.raises(launch.NeverReachable) as caught:
        wait(p, inst.id, timeout_s=0.2)
    assert caught.value.phase == "booting"  # no usable address, so nothing was probed


def test_a_huge_capacity_reason_is_cut_and_control_characters_do_not_pass(runpod):
    stub, p = runpod
    stub.capacity_detail = "\x1b[31mno GPUs\x1b[0m " + "x" * 100_000
    with pytest.raises(E.CapacityError) as caught:
        launch.launch(p, launch.quote(p, LaunchSpec(gpu="RTX 4090")).spec, PUB)
    assert len(caught.value.reason) <= 300 and len(str(caught.value)) < 1000


@pytest.mark.parametrize("catalog", [None, "gpus", [{"id": "NVIDIA GeForce RTX 4090", "price": "free"}],
                                     [{"id": "NVIDIA GeForce RTX 4090", "price": {"secure": float("nan")}}],
                                     [{"id": "NVIDIA GeForce RTX 4090", "price": {"secure": 1e300}, "maxCount": "many"}],
                                     [{"id": 4090}, "x", None]])
def test_a_catalog_with_wrong_types_gives_no_price_or_no_gpu_but_never_a_crash(runpod, catalog):
    stub, p = runpod
    stub.off_spec = "a catalog of the wrong types, on purpose"
    stub.catalog = catalog
    try:
        quote = launch.quote(p, LaunchSpec(gpu="RTX 4090"))
    except E.ProviderError as exc:
        assert "no GPU type" in str(exc)
    else:
        assert quote.price_per_hour is None


@pytest.mark.parametrize("keys", [[1, "x", None], [{"id": 3, "key": 42}], {"ssh_keys": "none"}, "text"])
def test_vast_key_listing_with_wrong_types_still_registers_the_key(vast, keys):
    stub, p = vast
    stub.fail_next(E_fault(200, keys))
    assert launch.register_key(p, PUB) == "100"
    assert stub.ssh_keys[-1]["key"] == PUB


def test_spec_with_control_characters_or_silly_counts_is_refused_before_sending(runpod):
    stub, p = runpod
    for spec in (LaunchSpec(gpu="RTX 4090\nX-Evil: 1"), LaunchSpec(gpu="RTX 4090", count=0),
                 LaunchSpec(gpu="RTX 4090", disk_gb=-1), LaunchSpec(gpu="RTX 4090", bid=1.0)):
        with pytest.raises(E.ProviderError):
            launch.quote(p, spec)
    assert not stub.requests


def E_fault(status, body):  # noqa: N802 - reads as a fault constructor
    from tests.helpers_providers.base import Fault

    return Fault(status, body)


# -- the planner's ranked list -----------------------------------------------------------------
def test_next_best_follows_the_planner_ranking_and_skips_providers_without_a_launch_api():
    from gpudesk.core.catalog.data import load
    from gpudesk.core.catalog.planner import Workload, plan

    ranked = plan(load(), Workload(task="fine-tuning", params=7e9)).recommendations
    launchable = [r for r in ranked if launch.kind_for_title(r.offer.provider)]
    assert len(launchable) >= 2
    first = launchable[0]
    alt = launch.next_best(ranked, first)
    assert alt is launchable[1]
    assert launch.next_best(ranked, first, tried=launchable[1:]) is None
    kind, spec = launch.spec_from_offer(alt)
    assert kind in ("runpod", "vast", "lambda") and spec.count == alt.count
    if kind == "lambda":
        assert spec.offer_id == alt.offer.instance_type
