"""Live prices against a local HTTP server that answers like Lambda, RunPod and Vast.ai do.

The server follows the documented endpoints, auth header and error shapes
(reference/providers.md §2.8, §2.11, §4.5, §5.6, §5.9); nothing here reaches the internet.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from gpudesk.core.catalog import Money, Workload, load, plan
from gpudesk.core.catalog.live import (
    LiveRow,
    RefreshResult,
    fetch_lambda,
    fetch_runpod,
    fetch_vast,
    load_cached,
    match_gpu,
    merged,
    refresh,
    save,
)
from gpudesk.core.providers.http import ApiClient

TOKEN = "sk-live-test-0123456789"
LAMBDA_TYPES = {
    "data": {
        "gpu_1x_gh200": {
            "instance_type": {"name": "gpu_1x_gh200", "description": "1x GH200 (96 GB)", "gpu_description": "GH200 (96 GB)",
                              "price_cents_per_hour": 149, "specs": {"vcpus": 64, "memory_gib": 432, "storage_gib": 4096, "gpus": 1}},
            "regions_with_capacity_available": [],
        },
        "gpu_1x_h100_sxm5": {
            "instance_type": {"name": "gpu_1x_h100_sxm5", "description": "1x H100 (80 GB SXM5)", "gpu_description": "H100 (80 GB SXM5)",
                              "price_cents_per_hour": 299, "specs": {"vcpus": 26, "memory_gib": 225, "storage_gib": 2867, "gpus": 1}},
            "regions_with_capacity_available": [{"name": "us-east-1", "description": "Virginia, USA"}],
        },
        "gpu_8x_a100_80gb_sxm4": {
            "instance_type": {"name": "gpu_8x_a100_80gb_sxm4", "description": "8x A100 (80 GB SXM4)", "gpu_description": "A100 (80 GB SXM4)",
                              "price_cents_per_hour": 1432, "specs": {"vcpus": 240, "memory_gib": 1800, "storage_gib": 20480, "gpus": 8}},
            "regions_with_capacity_available": [],
        },
    }
}  # fmt: skip
# GET /v2/catalog/gpus (RunPod's v2 OpenAPI file, runpod/docs api-reference-v2/openapi.json @ 081392fe): the
# first item is the spec's example; the others follow its GpuType schema.
RUNPOD_TYPES = {
    "gpus": [
        {"id": "NVIDIA GeForce RTX 4090", "name": "RTX 4090", "pool": "ADA_24", "manufacturer": "NVIDIA", "memory": 24,
         "secure": True, "community": True, "price": {"secure": 0.44, "community": 0.31, "serverless": 1.1},
         "maxCount": {"secure": 8, "community": 4}, "availability": "HIGH"},
        {"id": "NVIDIA A100 80GB PCIe", "name": "A100 80GB", "pool": None, "manufacturer": "NVIDIA", "memory": 80,
         "secure": True, "community": True, "price": {"secure": 1.39, "community": 1.19}, "maxCount": {"secure": 8, "community": 8}},
        {"id": "NVIDIA H100 80GB HBM3", "name": "H100 SXM", "pool": None, "manufacturer": "NVIDIA", "memory": 80,
         "secure": True, "community": False, "price": {"secure": 2.69, "community": 0}, "maxCount": {"secure": 8, "community": 0}},
    ]
}  # fmt: skip
VAST_OFFERS = {
    "offers": [
        {"id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.41, "cpu_cores_effective": 16, "cpu_ram": 65536, "geolocation": "Texas, US"},
        {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.29, "cpu_cores_effective": 8, "cpu_ram": 32768, "geolocation": "Ohio, US"},
        {"id": 3, "gpu_name": "A100 SXM4", "num_gpus": 8, "gpu_ram": 81920, "dph_total": 7.2, "cpu_cores_effective": 128, "cpu_ram": 1048576, "geolocation": "Quebec, CA"},
        {"id": 4, "gpu_name": "Imaginary RTX 9999", "num_gpus": 4, "gpu_ram": 24576, "dph_total": 0.23},
        {"id": 5, "gpu_name": "H200", "num_gpus": 8, "gpu_ram": 143771, "dph_total": 21.6, "geolocation": "Iceland, IS"},
    ]
}  # fmt: skip


@pytest.fixture(autouse=True)
def no_search_spacing(monkeypatch):
    """Vast.ai's 6-s spacing between searches is checked in test_providers_money_paths; here it would only wait."""
    from gpudesk.core.catalog import live

    monkeypatch.setattr(live, "VAST_SEARCH_INTERVAL_S", 0.0)


class PriceServer:
    """A loopback server with Lambda, RunPod GraphQL and Vast.ai price endpoints.

    ``fail[path] = [(status, headers, body), …]`` makes the next calls to ``path`` fail in order.
    """

    def __init__(self) -> None:
        self.fail: dict[str, list[tuple[int, dict[str, str], Any]]] = {}
        self.seen: list[tuple[str, str, str]] = []  # (method, path, auth header)
        self.vast_names: list[str | None] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: object) -> None:
                pass

            def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null") if length else None
                path = self.path.split("?")[0]
                server.seen.append((self.command, path, self.headers.get("Authorization", "")))
                queue = server.fail.get(path)
                if queue:
                    status, headers, payload = queue.pop(0)
                    return self._send(status, payload, headers)
                if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                    if path.startswith("/api/v1/"):
                        return self._send(401, {"error": {"code": "global/invalid-api-key", "message": "API key was invalid, expired, or deleted."}})
                    return self._send(401, {"success": False, "error": "auth_error", "msg": "Invalid user key"})
                if self.command == "GET" and path == "/api/v1/instance-types":
                    return self._send(200, LAMBDA_TYPES)
                if self.command == "GET" and path == "/v2/catalog/gpus":
                    return self._send(200, RUNPOD_TYPES)
                if self.command == "POST" and path == "/api/v0/bundles/" and body.get("type") == "on-demand":
                    names = body.get("gpu_name") or {}
                    wanted_in = names.get("in") if isinstance(names.get("in"), list) else None
                    server.vast_names.extend(wanted_in if wanted_in is not None else [names.get("eq")])
                    if wanted_in is not None:  # the documented "in" operator (search_offers.yaml)
                        return self._send(200, {"offers": [o for o in VAST_OFFERS["offers"] if o["gpu_name"] in wanted_in]})
                    wanted = names.get("eq")
                    # The real search filters by name (reference §5.6); one stub answer serves every GPU.
                    return self._send(200, {"offers": [o for o in VAST_OFFERS["offers"] if wanted in (None, o["gpu_name"])]})
                return self._send(404, {"error": {"code": "global/object-does-not-exist", "message": "not found"}})

            do_GET = _handle  # noqa: N815 - http.server's naming
            do_POST = _handle  # noqa: N815

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def client(self, token: str = TOKEN) -> ApiClient:
        return ApiClient(self.url, {"Authorization": f"Bearer {token}"}, provider="test", secret=token, backoff_s=0.01, sleep=lambda _s: None)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def prices():
    server = PriceServer()
    yield server
    server.close()


@pytest.mark.parametrize(
    ("name", "vram", "model", "gb"),
    [
        ("H100 (80 GB SXM5)", None, "H100 SXM", 80),
        ("A100 (40 GB SXM4)", None, "A100 SXM 40GB", 40),
        ("NVIDIA A100 80GB PCIe A100 80GB", 80, "A100 PCIe 80GB", 80),
        ("NVIDIA H100 80GB HBM3 H100 SXM", 80, "H100 SXM", 80),
        ("NVIDIA GeForce RTX 4090 RTX 4090", 24, "RTX 4090", 24),
        ("RTX A6000", 48, "RTX A6000", 48),
        ("RTX 6000 Ada", 48, "RTX 6000 Ada", 48),
        ("A10 (24 GB PCIe)", None, "A10", 24),
        ("A10G", None, "A10", 24),
        ("L4", 24, "L4", 24),
        ("L40S", 48, "L40S", 48),
        ("Tesla V100", 16, "V100 SXM2 16GB", 16),
        ("A100 SXM4", 80, "A100 SXM 80GB", 80),
    ],
)
def test_match_gpu(name: str, vram: float | None, model: str, gb: float) -> None:
    found = match_gpu(load(), name, vram)
    assert found is not None
    assert (found[0].model, found[1]) == (model, gb)


@pytest.mark.parametrize("name", ["GH200 (96 GB)", "B200 (180 GB SXM6)", "Imaginary RTX 9999", ""])
def test_unknown_gpus_do_not_match(name: str) -> None:
    assert match_gpu(load(), name) is None


def test_fetch_each_provider(prices) -> None:
    lam = fetch_lambda(prices.client())
    assert {(r.instance_type, r.price_per_hour, r.gpu_count) for r in lam} == {
        ("gpu_1x_gh200", 1.49, 1), ("gpu_1x_h100_sxm5", 2.99, 1), ("gpu_8x_a100_80gb_sxm4", 14.32, 8),
    }  # fmt: skip
    h100 = next(r for r in lam if r.instance_type == "gpu_1x_h100_sxm5")
    assert (h100.region, h100.vcpus, h100.ram_gb) == ("us-east-1", 26, 225)
    rp = fetch_runpod(prices.client())
    assert {(r.gpu_name.split()[-1], r.instance_type.split("(")[-1], r.price_per_hour) for r in rp} == {
        ("4090", "Secure Cloud)", 0.44), ("4090", "Community Cloud)", 0.31), ("80GB", "Secure Cloud)", 1.39),
        ("80GB", "Community Cloud)", 1.19), ("SXM", "Secure Cloud)", 2.69),
    }  # fmt: skip
    assert ("GET", "/v2/catalog/gpus", f"Bearer {TOKEN}") in prices.seen  # v2, not the rate-limited GraphQL
    vast = fetch_vast(prices.client(), sleep=lambda s: None)
    rtx = [r for r in vast if r.gpu_name == "RTX 4090"]
    assert len(rtx) == 1 and rtx[0].price_per_hour == 0.29 and rtx[0].region == "Ohio, US"  # the cheapest listing
    # Two searches ("in" lists): the large GPUs renters plan for are asked for by name, apart from the cheap ones.
    assert {"H200", "H100 SXM", "A100 SXM4", "RTX 4090"} <= set(prices.vast_names)
    assert any(r.gpu_name == "H200" and r.gpu_count == 8 for r in vast)


def test_an_old_v1_runpod_address_still_finds_the_v2_catalog(prices) -> None:
    client = ApiClient(prices.url + "/v1", {"Authorization": f"Bearer {TOKEN}"}, provider="RunPod", sleep=lambda s: None)
    assert len(fetch_runpod(client)) == 5


def test_refresh_reports_a_bad_token_without_leaking_it(prices) -> None:
    bad = "sk-wrong-token-987654"
    result = refresh([("lambda", prices.client(bad)), ("vast", prices.client())])
    assert set(result.errors) == {"Lambda Cloud"}
    assert "invalid" in result.errors["Lambda Cloud"] and bad not in result.errors["Lambda Cloud"]
    assert {r.provider for r in result.rows} == {"Vast.ai"}


def test_refresh_retries_429_and_5xx(prices) -> None:
    prices.fail["/api/v1/instance-types"] = [(429, {"Retry-After": "0"}, "API requests too frequent"), (503, {}, {})]
    client = prices.client()
    rows = fetch_lambda(client)
    assert len(rows) == 3 and client.calls == 3
    prices.fail["/api/v0/bundles/"] = [(500, {}, {})] * 10
    result = refresh([("vast", prices.client())])
    assert "server error" in result.errors["Vast.ai"] and result.rows == []


def test_refresh_rejects_a_shape_it_does_not_understand(prices) -> None:
    prices.fail["/v2/catalog/gpus"] = [(200, {}, {"gpus": "soon"})]
    result = refresh([("runpod", prices.client())])
    assert "does not understand" in result.errors["RunPod"]
    prices.fail["/v2/catalog/gpus"] = [(410, {}, {"message": "Gone"})]
    result = refresh([("runpod", prices.client())])
    assert "no longer served" in result.errors["RunPod"] and "token" not in result.errors["RunPod"].lower()


def test_cache_round_trip_and_failed_providers_keep_earlier_rows(prices, gpudesk_home) -> None:
    first = refresh([("lambda", prices.client()), ("runpod", prices.client())], clock=lambda: 1_700_000_000)
    save(first)
    cached = load_cached()
    assert cached is not None and cached.fetched_at == "2023-11-14T22:13Z" and len(cached.rows) == len(first.rows)
    prices.fail["/v2/catalog/gpus"] = [(401, {}, {"title": "Unauthorized", "status": 401, "detail": "missing bearer token"})]
    second = refresh([("lambda", prices.client()), ("runpod", prices.client())], clock=lambda: 1_700_003_600)
    save(second)
    again = load_cached()
    assert {r.provider for r in again.rows} == {"Lambda Cloud", "RunPod"}  # RunPod's earlier prices kept
    assert again.fetched_at == "2023-11-14T23:13Z"


def test_merged_live_prices_win_over_the_snapshot(prices) -> None:
    result = refresh([("lambda", prices.client()), ("runpod", prices.client()), ("vast", prices.client())], clock=lambda: 1_800_000_000)
    catalog, unmatched = merged(load(), result)
    assert {r.gpu_name for r in unmatched} == {"GH200 (96 GB)"}  # Vast's imaginary card is never asked for
    live = [o for o in catalog.offers if o.source.startswith("live: ")]
    assert len(live) == len(result.rows) - 1 and all(o.usable and o.observed_date == result.fetched_at for o in live)
    # Planner: Lambda's 1× H100 SXM is now the live 2.99, not the bundled 3.29/3.78.
    answer = plan(catalog, Workload("fine-tuning", params=7e9, gpu="H100 SXM"), Money())
    lam = next(r for r in answer.recommendations if r.offer.provider == "Lambda Cloud")
    assert lam.price_per_hour == pytest.approx(2.99) and "live" in lam.offer.source
    assert f"live {result.fetched_at.replace('T', ' ').rstrip('Z')} UTC" in lam.reasons[-1]  # the same age as the table's row
    # The bundled catalog itself is untouched.
    assert not any(o.source.startswith("live: ") for o in load().offers)


def test_merged_with_nothing_is_the_snapshot() -> None:
    assert merged(load(), None) == (load(), [])
    assert merged(load(), RefreshResult("x", [], {}))[0] is load()
    row = LiveRow("Vast.ai", "RTX 4090", 1, 24, 0.3, "on-demand", "1x", "src")
    assert len(merged(load(), RefreshResult("2026-12-02T10:00Z", [row], {}))[0].offers) == len(load().offers) + 1
