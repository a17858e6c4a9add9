"""The provider contracts fail where they must: stub answers and client requests outside the published specs."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.helpers_providers import contract
from tests.helpers_providers.autodl_stub import AutoDLStub
from tests.helpers_providers.base import Fault, StubServer
from tests.helpers_providers.contract import ContractViolation
from tests.helpers_providers.lambda_stub import INSTANCE as LAMBDA_INSTANCE
from tests.helpers_providers.lambda_stub import LambdaStub
from tests.helpers_providers.runpod_stub import POD, RunPodStub
from tests.helpers_providers.vast_stub import INSTANCE as VAST_INSTANCE
from tests.helpers_providers.vast_stub import VastStub


def call(stub: StubServer, method: str, path: str, body: Any = None, auth: str | None = None) -> tuple[int, Any]:
    """One raw HTTP request, so these tests do not depend on a client's own checks."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Authorization": auth if auth is not None else f"Bearer {stub.token}"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(stub.url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            raw = resp.read()
            return resp.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return exc.code, json.loads(raw) if raw else None
        except ValueError:
            return exc.code, raw.decode()


@pytest.fixture(autouse=True)
def _stubs_stopped(monkeypatch):
    """Every stub a test starts is shut down, even when the test fails before its own stop()."""
    started: list[StubServer] = []
    real_start = StubServer.start

    def start(self):
        started.append(self)
        return real_start(self)

    monkeypatch.setattr(StubServer, "start", start)
    yield
    for stub in started:
        stub.httpd.shutdown()
        stub.httpd.server_close()


def violations_at_stop(stub: StubServer) -> str:
    with pytest.raises(ContractViolation) as info:
        stub.stop()
    return str(info.value)


# -- the schema files -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", contract.NAMES)
def test_each_schema_file_is_a_valid_schema_naming_its_source_and_date(name):
    doc = json.loads((contract.SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(doc)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    source = doc["source"]
    assert source["document"].strip()
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", source["read"])
    if name != "autodl":  # AutoDL publishes no API description: its official pages and community code are named
        pinned = [source.get("commit", "")] + [v for v in source.get("files", {}).values()]
        assert any(re.search(r"[0-9a-f]{40}", p) for p in pinned), "a source pinned to a commit"
    else:
        assert source["official"] and re.search(r"[0-9a-f]{40}", source["community"])
    assert doc["operations"]
    for op, spec in doc["operations"].items():
        assert re.fullmatch(r"(GET|POST|PUT|DELETE|PATCH) /\S+", op), op
        assert spec["responses"], op
    for deviation in doc.get("deviations", []):  # a departure from the spec always says where it is seen
        assert deviation["where"] and re.search(r"issue|@|reference|section", deviation["what"]), deviation


@pytest.mark.parametrize(
    ("stub", "name"), [(RunPodStub, "runpod_v2"), (VastStub, "vast"), (LambdaStub, "lambda"), (AutoDLStub, "autodl")]
)
def test_each_provider_stub_declares_the_schema_it_follows(stub, name):
    assert stub.contract == name
    assert contract.load(name).operations


def test_operations_match_path_templates_literal_ones_first():
    vast = contract.load("vast")
    assert vast.operation("POST", "/api/v0/instances/312/ssh/") == "POST /api/v0/instances/{id}/ssh/"
    assert vast.operation("PUT", "/api/v0/instances/312/") == "PUT /api/v0/instances/{id}/"
    assert vast.operation("GET", "/api/v0/instances/312/ssh/") is None
    runpod = contract.load("runpod_v2")
    assert runpod.operation("POST", "/v2/pods/abc/action") == "POST /v2/pods/{id}/action"
    assert runpod.operation("GET", "/v2/pods") == "GET /v2/pods"
    assert runpod.operation("PATCH", "/v2/pods/abc") is None


# -- a stub answer the spec does not allow fails the test ---------------------------------------
def test_a_missing_required_field_fails_naming_operation_path_and_source():
    stub = RunPodStub().start()
    del stub.pods[POD["id"]]["cost"]
    assert call(stub, "GET", f"/v2/pods/{POD['id']}")[0] == 200  # the client is answered as before
    text = violations_at_stop(stub)
    assert "GET /v2/pods/{id} [response 200] at $: 'cost' is a required property" in text
    assert "runpod/docs api-reference-v2/openapi.json @ 081392fe1efc029efd36cb9d6f2c504694588d97" in text
    assert "read 2026-12-04" in text


def test_a_wrong_type_fails_at_its_json_path():
    stub = LambdaStub().start()
    stub.instances[LAMBDA_INSTANCE["id"]]["instance_type"]["price_cents_per_hour"] = "3592"
    call(stub, "GET", f"/api/v1/instances/{LAMBDA_INSTANCE['id']}")
    text = violations_at_stop(stub)
    assert "GET /api/v1/instances/{id} [response 200] at $.data.instance_type.price_cents_per_hour" in text
    assert "'3592' is not of type 'integer'" in text
    assert "openapi-1.8.3.json @ b6023bc07c0933df459426b281c113844f2571f5" in text


def test_a_bad_enum_value_fails():
    stub = RunPodStub().start()
    stub.pods[POD["id"]]["status"] = "PAUSED"
    call(stub, "GET", "/v2/pods")
    text = violations_at_stop(stub)
    assert "GET /v2/pods [response 200] at $.pods[0].status: 'PAUSED' is not one of" in text


def test_an_error_answer_of_the_wrong_shape_fails_even_as_a_scripted_fault():
    stub = RunPodStub().start()
    stub.fail_next(Fault(404, {"message": "not found"}))  # v1's shape, not v2's RFC 9457 problem
    assert call(stub, "GET", "/v2/pods/nope")[0] == 404
    text = violations_at_stop(stub)
    assert "GET /v2/pods/{id} [response 404] at $: 'title' is a required property" in text


def test_an_undocumented_status_from_the_stub_fails():
    stub = VastStub().start()
    assert call(stub, "PATCH", "/api/v0/ssh/")[0] == 405
    text = violations_at_stop(stub)
    assert "PATCH /api/v0/ssh/ [request] at $: no such operation in the spec" in text


def test_an_unknown_path_fails():
    stub = VastStub().start()
    assert call(stub, "GET", "/api/v0/machines/")[0] == 404
    text = violations_at_stop(stub)
    assert "GET /api/v0/machines/ [request] at $: no such operation in the spec" in text
    assert "vast.json" in text


def test_a_success_envelope_with_the_wrong_data_fails_for_autodl():
    stub = AutoDLStub().start()
    stub.balance = {"assets": "1000"}
    call(stub, "POST", "/api/v1/dev/wallet/balance", {}, auth=stub.token)
    text = violations_at_stop(stub)
    assert "POST /api/v1/dev/wallet/balance [response 200] at $.data" in text
    assert "'accumulate' is a required property" in text


# -- a request the spec does not allow fails the test ---------------------------------------------
def test_a_request_body_outside_the_spec_fails():
    stub = RunPodStub().start()
    assert call(stub, "POST", f"/v2/pods/{POD['id']}/action", {"action": "pause"})[0] == 422
    call(stub, "POST", "/v2/pods", {"name": "x", "image": "i", "gpu": {"id": "NVIDIA GeForce RTX 4090"}, "gpuCount": 1})
    text = violations_at_stop(stub)
    assert "POST /v2/pods/{id}/action [request body] at $.action: 'pause' is not one of" in text
    assert (
        "POST /v2/pods [request body] at $: Unevaluated properties are not allowed ('gpuCount' was unexpected)" in text
    )


def test_a_missing_request_body_fails():
    stub = VastStub().start()
    call(stub, "PUT", "/api/v0/instances/312/")
    text = violations_at_stop(stub)
    assert "PUT /api/v0/instances/{id}/ [request body] at $: the operation needs a JSON body" in text


# -- what the spec (or the provider's documented behaviour) allows passes --------------------------
def test_documented_provider_behaviour_beside_the_spec_passes():
    stub = VastStub().start()
    stub.fail_next(Fault(200, {"success": False, "error": "missing_billing", "msg": "add a card"}))
    assert call(stub, "PUT", "/api/v0/instances/312/", {"state": "stopped"})[1]["success"] is False
    assert call(stub, "GET", "/api/v0/instances/99999/")[1] == {"instances": None}  # null for no instance
    assert call(stub, "GET", "/api/v0/ssh/")[0] == 404  # an account without keys (show_ssh_keys.yaml)
    assert call(stub, "POST", "/api/v0/ssh/", {"ssh_key": "ssh-ed25519 AAAAC3Nz me"})[1]["success"] is True
    assert call(stub, "GET", "/api/v0/ssh/")[1][0]["key"] == "ssh-ed25519 AAAAC3Nz me"
    stub.keys_wrapped = True
    assert call(stub, "GET", "/api/v0/ssh/")[1]["ssh_keys"][0]["id"] == 100
    body = {"client_id": "me", "image": "pytorch/pytorch", "env": {}, "disk": 10, "runtype": "ssh_direc ssh_proxy"}
    assert call(stub, "PUT", "/api/v0/asks/2/", body)[1]["success"] is True
    stub.stop()  # no violation
    assert not stub.violations


def test_deliberate_malformed_successes_are_the_clients_tests_not_violations():
    stub = VastStub().start()
    stub.fail_next(
        Fault(200, ["not", "an", "object"]), Fault(502, None, text="Bad Gateway"), Fault(200, {}, delay_s=0.01)
    )
    for _ in range(3):
        call(stub, "GET", f"/api/v0/instances/{VAST_INSTANCE['id']}/")
    stub.off_spec = "hostile field types, on purpose"
    stub.instances[VAST_INSTANCE["id"]]["num_gpus"] = "one"
    call(stub, "GET", "/api/v1/instances/")
    stub.stop()


def test_the_retired_api_version_is_outside_every_spec():
    stub = RunPodStub().start()
    assert call(stub, "GET", "/v1/pods")[0] == 410
    stub.fail_next(Fault(410, {"message": "REST API v1 has been retired."}))
    assert call(stub, "GET", "/v2/pods")[0] == 410
    stub.stop()


def test_violations_are_reported_once_each_and_then_forgotten():
    stub = RunPodStub().start()
    stub.pods[POD["id"]]["status"] = "PAUSED"
    for _ in range(3):
        call(stub, "GET", f"/v2/pods/{POD['id']}")
    text = violations_at_stop(stub)
    assert text.startswith("3 contract violation(s)") and text.count("'PAUSED' is not one of") == 1
    stub.raise_violations()  # nothing left
