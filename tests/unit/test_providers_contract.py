"""Every provider client against a local server that follows that provider's documented API."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest

from gpudesk.core.providers import errors as E
from gpudesk.core.providers.autodl import AutoDLProvider
from gpudesk.core.providers.base import BaseProvider
from gpudesk.core.providers.generic import GenericRestProvider
from gpudesk.core.providers.lambda_cloud import LambdaProvider
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.providers.vast import VastProvider
from tests.helpers_providers.autodl_stub import AutoDLStub
from tests.helpers_providers.base import Fault, StubServer
from tests.helpers_providers.generic_stub import GenericStub
from tests.helpers_providers.lambda_stub import LambdaStub
from tests.helpers_providers.runpod_stub import RunPodStub
from tests.helpers_providers.vast_stub import VastStub


@dataclass
class Case:
    name: str
    stub: type[StubServer]
    provider: type[BaseProvider]
    known_id: str
    expect: dict[str, Any]
    options: dict[str, Any] | None = None
    # AutoDL documents no HTTP status for these: its errors are code != Success (a plain ProviderError)
    bad_token_error: type[Exception] = E.BadToken
    not_found_error: type[Exception] = E.NotFound


GENERIC_OPTIONS = {
    "status_url": "/machines/{id}",
    "start_url": "/machines/{id}/start",
    "stop_url": "/machines/{id}/stop",
    "instance_ids": ["box1"],
    "price_per_hour": 1.5,
    "currency": "USD",
}

CASES = [
    Case(
        "lambda",
        LambdaStub,
        LambdaProvider,
        "0920582c7ff041399e34823a0be62549",
        dict(
            status="running",
            raw_status="active",
            gpu_type="H100 (80 GB SXM5)",
            gpu_count=8,
            price_per_hour=35.92,
            ssh_host="198.51.100.2",
            ssh_port=22,
            ssh_user="ubuntu",
        ),
    ),
    Case(
        "runpod",
        RunPodStub,
        RunPodProvider,
        "7h9k2m4n6p",
        dict(
            status="running",
            raw_status="RUNNING",
            gpu_type="NVIDIA GeForce RTX 4090",
            gpu_count=1,
            price_per_hour=0.44,
            ssh_host="195.26.233.3",
            ssh_port=34446,
            ssh_user="root",
        ),
    ),
    Case(
        "vast",
        VastStub,
        VastProvider,
        "312",
        dict(
            status="running",
            gpu_type="RTX 4090",
            gpu_count=1,
            price_per_hour=0.8021,
            ssh_host="192.0.2.45",
            ssh_port=20000,
            ssh_user="root",
        ),
    ),
    Case(
        "autodl",
        AutoDLStub,
        AutoDLProvider,
        "pro-1",
        dict(
            status="running",
            gpu_type="RTX 4090",
            price_per_hour=1.88,
            currency="CNY",
            ssh_host="connect.westa.seetacloud.com",
            ssh_port=41234,
            ssh_user="root",
        ),
        bad_token_error=E.ProviderError,
        not_found_error=E.ProviderError,
    ),
    Case(
        "generic",
        GenericStub,
        GenericRestProvider,
        "box1",
        dict(status="running", gpu_type="A100", gpu_count=2, price_per_hour=1.5, ssh_host="203.0.113.7", ssh_port=2222),
        options=GENERIC_OPTIONS,
    ),
]


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture(params=CASES, ids=[c.name for c in CASES])
def case(request):
    c: Case = request.param
    server = c.stub().start()
    yield c, server
    server.stop()


def make(c: Case, server: StubServer, token: str | None = None, **kw) -> BaseProvider:
    kw.setdefault("sleep", Sleeps())
    return c.provider(c.name, server.token if token is None else token, server.url, options=c.options, **kw)


def test_get_reads_documented_fields(case):
    c, server = case
    inst = make(c, server).get_instance(c.known_id)
    assert inst.id == c.known_id
    for key, value in c.expect.items():
        got = getattr(inst, key)
        assert got == pytest.approx(value) if isinstance(value, float) else got == value, key
    assert inst.billing


def test_list_and_auth_header(case):
    c, server = case
    p = make(c, server)
    ids = [i.id for i in p.list_instances()]
    assert c.known_id in ids
    p.check()
    sent = server.requests[-1].headers.get("Authorization")
    assert sent == (server.token if c.name == "autodl" else f"Bearer {server.token}")


def test_bad_token_is_typed_and_never_echoed(case):
    c, server = case
    wrong = "wrong-token-ABCDEFGH"
    with pytest.raises(c.bad_token_error) as info:
        make(c, server, token=wrong).get_instance(c.known_id)
    assert wrong not in str(info.value)
    if c.bad_token_error is E.BadToken:
        assert info.value.exit_code == 3


def test_unknown_instance(case):
    c, server = case
    with pytest.raises(c.not_found_error):
        make(c, server).get_instance("999999" if c.name == "vast" else "no-such-id")


def test_documented_not_found_body(case):
    c, server = case
    server.fail_next(server.not_found_fault())
    with pytest.raises(c.not_found_error):
        make(c, server).get_instance(c.known_id)


def test_429_with_retry_after_waits_that_long(case):
    c, server = case
    server.fail_next(server.rate_limit_fault(retry_after="2"))
    sleeps = Sleeps()
    inst = make(c, server, sleep=sleeps).get_instance(c.known_id)
    assert inst.id == c.known_id
    assert sleeps[0] == 2.0


def test_429_without_retry_after_backs_off(case):
    c, server = case
    server.fail_next(server.rate_limit_fault(), server.rate_limit_fault())
    sleeps = Sleeps()
    p = make(c, server, sleep=sleeps, backoff_s=0.25)
    assert p.get_instance(c.known_id).id == c.known_id
    assert len(sleeps) == 2 and sleeps[1] > sleeps[0] > 0  # exponential, not a fixed wait


def test_429_that_persists_raises_rate_limited(case):
    c, server = case
    server.fail_next(*[server.rate_limit_fault(retry_after="1") for _ in range(4)])
    with pytest.raises(E.RateLimited) as info:
        make(c, server, retries=3).get_instance(c.known_id)
    assert info.value.retry_after == 1.0
    assert info.value.exit_code == 4


def test_long_retry_after_is_not_slept_through(case):
    c, server = case
    server.fail_next(server.rate_limit_fault(retry_after="3600"))
    sleeps = Sleeps()
    with pytest.raises(E.RateLimited) as info:
        make(c, server, sleep=sleeps).get_instance(c.known_id)
    assert info.value.retry_after == 3600 and sleeps == []


def test_500_is_retried_then_reported(case):
    c, server = case
    server.fail_next(server.server_error_fault())
    assert make(c, server).get_instance(c.known_id).id == c.known_id
    server.fail_next(*[server.server_error_fault() for _ in range(3)])
    with pytest.raises(E.ServerError):
        make(c, server, retries=2).get_instance(c.known_id)


def test_slow_response_hits_the_timeout(case):
    c, server = case
    server.fail_next(Fault(200, {}, delay_s=3.0))
    p = make(c, server, timeout=0.4)
    t0 = time.monotonic()
    with pytest.raises(E.ProviderTimeout) as info:
        p.get_instance(c.known_id)
    assert time.monotonic() - t0 < 2.5  # not retried into minutes
    assert info.value.exit_code == 3


def test_unreachable_api_is_a_timeout_error(case):
    c, _server = case
    p = c.provider(c.name, "tok", "http://127.0.0.1:9", options=c.options, retries=1, sleep=Sleeps())
    with pytest.raises(E.ProviderTimeout):
        p.get_instance(c.known_id)


@pytest.mark.parametrize(
    "c", [c for c in CASES if c.name in ("runpod", "vast", "autodl", "generic")], ids=lambda c: c.name
)
def test_stop_then_start(c: Case):
    server = c.stub().start()
    try:
        p = make(c, server)
        p.stop(c.known_id)
        assert p.get_instance(c.known_id).status == "stopped"
        p.start(c.known_id)
        # Asynchronous, as the APIs are: RunPod passes through PROVISIONING and STARTING first.
        states = [p.get_instance(c.known_id).status for _ in range(3)]
        assert states[-1] == "running" and set(states) <= {"starting", "running"}
        assert p.stop_note()
    finally:
        server.stop()


def test_lambda_has_no_stop_and_terminates():
    server = LambdaStub().start()
    try:
        p = make(CASES[0], server)
        assert "stop" not in p.actions
        with pytest.raises(E.Unsupported, match="no stop"):
            p.stop(CASES[0].known_id)
        assert "until" in p.stop_note()
        p.terminate(CASES[0].known_id)
        assert p.get_instance(CASES[0].known_id).status == "terminating"
        assert p.list_instances() == []  # terminated on the next poll
        assert server.requests[-3].body == {"instance_ids": [CASES[0].known_id]}
        assert p.prices() == {"gpu_8x_h100_sxm5gdr": 35.92}
    finally:
        server.stop()


def test_vast_paginates_and_success_false_fails():
    server = VastStub(count=30).start()
    try:
        p = make(CASES[2], server)
        found = p.list_instances()
        assert len(found) == 30
        assert sum(1 for r in server.requests if r.path == "/api/v1/instances/") == 2
        proxied = next(i for i in found if i.id == "313")
        assert (proxied.ssh_host, proxied.ssh_port) == ("ssh123.vast.ai", 10600)  # no 22/tcp: the proxy
        server.fail_next(Fault(200, {"success": False, "error": "missing_billing", "msg": "add a card"}))
        with pytest.raises(E.ProviderError, match="add a card"):
            p.stop("312")
        p.terminate("312")
        with pytest.raises(E.NotFound):
            p.get_instance("312")
    finally:
        server.stop()


def test_autodl_accepts_both_status_shapes_and_release():
    server = AutoDLStub().start()
    try:
        p = make(CASES[3], server)
        server.bare_status = True
        assert p.get_instance("pro-1").status == "running"
        p.stop("pro-1")
        assert p.get_instance("pro-1").raw_status == "shutdown"
        p.terminate("pro-1")
        assert p.list_instances() == []
    finally:
        server.stop()


def test_vast_offer_prices():
    server = VastStub().start()
    try:
        p = make(CASES[2], server)
        assert p.prices() == {"1× RTX 4090": 0.35, "8× H100 SXM": 19.2}
        assert p.prices("H100 SXM") == {"8× H100 SXM": 19.2}
        assert server.requests[-1].body["gpu_name"] == {"eq": "H100 SXM"}
    finally:
        server.stop()


def test_410_is_a_retired_api_never_a_bad_token(case):
    c, server = case
    server.fail_next(Fault(410, {"message": "Gone"}))
    with pytest.raises(E.ProviderError) as info:
        make(c, server).get_instance(c.known_id)
    if c.name != "autodl":  # AutoDL answers errors inside a 2xx envelope (reference §6.3)
        assert isinstance(info.value, E.VersionRetired) and not isinstance(info.value, E.BadToken)
        assert "no longer served" in str(info.value) and "Update gpudesk" in str(info.value)
        assert info.value.exit_code == 4
