"""``gpudesk demo-server``: the demo GPU server, headless."""

from __future__ import annotations

import argparse
import json
import signal
import sys

from gpudesk.commands.target import UsageError


def run(args: argparse.Namespace) -> int:
    from gpudesk.core.demo.server import DemoConfig, DemoServer

    if args.gpus < 1 or args.gpus > 64:
        raise UsageError("--gpus must be between 1 and 64.")
    if args.load not in ("idle", "training", "oom"):
        raise UsageError("--load must be idle, training or oom.")
    server = DemoServer(
        DemoConfig(args.host, args.port, args.gpus, args.gpu_model, args.load, health=getattr(args, "health", ""))
    )
    try:
        server.start()
    except OSError as exc:
        raise UsageError(f"Cannot listen on {args.host}:{args.port}: {exc.strerror}.") from None
    print(json.dumps(server.info()), flush=True)
    signal.signal(signal.SIGTERM, lambda *_: server.stop())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    sys.stdout.flush()
    return 0
