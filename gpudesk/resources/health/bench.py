"""gpudesk's GPU micro-benchmark: runs ON the server with the server's own python3 and PyTorch.

Sent over SSH by ``gpudesk check TARGET --health --bench`` and read back as ONE JSON line on stdout.
It never installs anything: without PyTorch (or without CUDA in it) it says so and exits 0.
Budget: about 30 s in all, whatever the GPU count (each part checks the clock and stops early).

Figures per GPU: dense matmul throughput in BF16 and FP16 (TFLOP/s, 2·n³ per product, CUDA events),
device memory bandwidth (a device-to-device copy, bytes read + written per second, GB/s) and
host↔device copy bandwidth from pinned memory (GB/s). With two GPUs or more: an all-reduce through
NCCL (torch.distributed, one process per GPU), reported as bus bandwidth the way nccl-tests do
(algbw · 2(n-1)/n).
"""

import json
import os
import sys
import time

BUDGET_S = float(os.environ.get("GPUDESK_BENCH_BUDGET_S", "30"))
T0 = time.monotonic()


def left():
    return BUDGET_S - (time.monotonic() - T0)


def timed(torch, fn, iters, warm=3):
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / 1000.0 / iters  # seconds per call


def matmul_tflops(torch, dev, dtype, free_bytes):
    n = 8192
    while n > 1024 and 3 * n * n * 2 > free_bytes // 2:
        n //= 2
    a = torch.randn(n, n, device=dev, dtype=dtype)
    b = torch.randn(n, n, device=dev, dtype=dtype)
    c = torch.empty(n, n, device=dev, dtype=dtype)
    # One product first to size the loop to the time that is left (a slow card gets fewer).
    once = timed(torch, lambda: torch.mm(a, b, out=c), 1, warm=1)
    iters = max(3, min(20, int(min(2.0, left() / 8) / max(once, 1e-6))))
    s = timed(torch, lambda: torch.mm(a, b, out=c), iters)
    return round(2 * n**3 / s / 1e12, 1)


def device_bandwidth(torch, dev, free_bytes):
    size = min(1 << 30, free_bytes // 4)
    src = torch.empty(size, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(src)
    s = timed(torch, lambda: dst.copy_(src), 10)
    return round(2 * size / s / 1e9, 1)


def host_bandwidth(torch, dev):
    size = 256 << 20
    host = torch.empty(size, dtype=torch.uint8, pin_memory=True)
    gpu = torch.empty(size, dtype=torch.uint8, device=dev)
    h2d = timed(torch, lambda: gpu.copy_(host, non_blocking=True), 5)
    d2h = timed(torch, lambda: host.copy_(gpu, non_blocking=True), 5)
    return round(size / h2d / 1e9, 1), round(size / d2h / 1e9, 1)


def _allreduce_worker(rank, world, port, size, queue):
    import torch
    import torch.distributed as dist

    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world)
    x = torch.ones(size // 4, dtype=torch.float32, device=f"cuda:{rank}")
    s = timed(torch, lambda: dist.all_reduce(x), 10, warm=3)
    dist.barrier()
    if rank == 0:
        algbw = size / s / 1e9
        queue.put(round(algbw * 2 * (world - 1) / world, 1))
    dist.destroy_process_group()


def allreduce_busbw(world):
    import socket

    import torch.multiprocessing as mp

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_allreduce_worker, args=(r, world, port, 256 << 20, queue)) for r in range(world)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=max(5.0, left()))
    for p in procs:
        if p.is_alive():
            p.kill()
    return queue.get(timeout=1) if not queue.empty() else None


def main():
    out = {"ok": False, "torch": None, "cuda": None, "gpus": [], "allreduce_busbw_gbs": None, "error": None}
    try:
        import torch
    except Exception as e:  # noqa: BLE001 - any import failure means "no PyTorch here"
        out["error"] = "no_torch: " + type(e).__name__
        print(json.dumps(out))
        return
    out["torch"] = torch.__version__
    out["cuda"] = torch.version.cuda
    if not torch.cuda.is_available():
        out["error"] = "no_cuda"
        print(json.dumps(out))
        return
    n = torch.cuda.device_count()
    for i in range(n):
        dev = torch.device("cuda", i)
        g = {"index": i, "name": torch.cuda.get_device_name(i)}
        try:
            torch.cuda.set_device(dev)
            free, _total = torch.cuda.mem_get_info(dev)
            if left() > 4:
                g["bf16_tflops"] = matmul_tflops(torch, dev, torch.bfloat16, free)
            if left() > 4:
                g["fp16_tflops"] = matmul_tflops(torch, dev, torch.float16, free)
            if left() > 3:
                g["mem_bw_gbs"] = device_bandwidth(torch, dev, free)
            if left() > 3:
                g["h2d_gbs"], g["d2h_gbs"] = host_bandwidth(torch, dev)
            torch.cuda.empty_cache()
        except Exception as e:  # noqa: BLE001 - one broken card is a finding, not the end of the report
            g["error"] = (type(e).__name__ + ": " + str(e))[:300]
        out["gpus"].append(g)
    if n > 1 and left() > 8:
        try:
            out["allreduce_busbw_gbs"] = allreduce_busbw(n)
        except Exception as e:  # noqa: BLE001
            out["error"] = ("allreduce: " + type(e).__name__ + ": " + str(e))[:300]
    out["ok"] = True
    out["seconds"] = round(time.monotonic() - T0, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
    sys.stdout.flush()
