"""Terminal parse benchmark: our TerminalScreen (10 000-line scrollback) against plain pyte.

Run: ``python tests/benchmarks/bench_terminal.py [--mb 20] [--pyte-mb 2] [--frames]``.

Builds realistic output (a training log with ANSI colours and tqdm bars redrawn with ``\\r``,
``ls --color`` listings, long wrapped lines, CJK text), feeds the same bytes through both
in 64 KiB chunks (as they arrive off a channel), median of 3, and prints as the last line
``terminal: ratio=… ours_MBps=… pyte_MBps=…``; before it, ``terminal_hostile: worst_ms_per_64k=…``
is the slowest 64 KiB of :func:`hostile_streams`. Plain pyte is slow (≈0.3 MB/s), so it is timed
on the first ``--pyte-mb`` megabytes (a slice of the same mix) and its rate is used as is; the
output says so. With ``--frames`` it also cats a 20 MB file through the real widget over the
real test sshd and prints ``terminal_frames: worst_ms=…`` (needs root, like the e2e tests).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHUNK = 65536


def _training_log(rng: random.Random, steps: int) -> list[str]:
    out = []
    for epoch in range(1, 4):
        for step in range(steps):
            pct = step * 100 // max(1, steps - 1)
            bar = "█" * (pct // 4) + " " * (25 - pct // 4)
            out.append(
                f"\rEpoch {epoch}: {pct:3d}%|{bar}| {step}/{steps} [00:{step % 60:02d}<01:{(60 - step % 60) % 60:02d}, "
                f"{rng.uniform(3, 9):.2f}it/s, loss={rng.uniform(0.1, 2.5):.4f}, lr=3.0e-4]"
            )
            if step % 50 == 49:
                out.append(
                    f"\r\n\x1b[32m[2026-12-02 14:{step % 60:02d}:{epoch * 7 % 60:02d}]\x1b[0m \x1b[1mINFO\x1b[0m "
                    f"step={step} \x1b[33mloss\x1b[0m={rng.uniform(0.1, 2.5):.4f} "
                    f"\x1b[36mgrad_norm\x1b[0m={rng.uniform(0.1, 9):.3f} tokens/s={rng.randint(9000, 40000)}\r\n"
                )
        out.append("\r\n\x1b[1;31mWARNING\x1b[0m: \x1b[38;5;208mgradient overflow, skipping step\x1b[0m\r\n")
    return out


def _ls_color(rng: random.Random, n: int) -> list[str]:
    kinds = [("01;34", "d", "drwxr-xr-x"), ("01;32", "x", "-rwxr-xr-x"), ("00", "f", "-rw-r--r--"), ("01;36", "l", "lrwxrwxrwx")]
    out = ["total 4812\r\n"]
    for i in range(n):
        colour, kind, perms = rng.choice(kinds)
        name = f"checkpoint_{i:05d}.pt" if kind == "f" else f"run_{i:04d}"
        out.append(
            f"{perms} 1 root root {rng.randint(100, 10**9):>10} Dec  2 14:{i % 60:02d} \x1b[{colour}m{name}\x1b[0m\r\n"
        )
    return out


def _long_lines(rng: random.Random, n: int) -> list[str]:
    words = ["the", "model", "gradient", "tensor", "cuda", "device", "batch", "optimizer", "scheduler", "checkpoint"]
    return [" ".join(rng.choice(words) for _ in range(rng.randint(40, 90))) + "\r\n" for _ in range(n)]


def _cjk(rng: random.Random, n: int) -> list[str]:
    text = "训练模型时显存不足请减小批大小或使用梯度累积混合精度检查点日志已保存到远程服务器"
    return [
        f"\x1b[35m[信息]\x1b[0m 第{i}步：" + "".join(rng.choice(text) for _ in range(rng.randint(10, 70))) + "\r\n"
        for i in range(n)
    ]


def build_output(total_mb: float, seed: int = 7) -> bytes:
    """About ``total_mb`` MB of mixed, realistic terminal output."""
    rng = random.Random(seed)
    block = "".join(
        _training_log(rng, 400) + _ls_color(rng, 300) + _long_lines(rng, 120) + _cjk(rng, 200)
    ).encode("utf-8")
    target = int(total_mb * 1_000_000)
    reps = target // len(block) + 1
    return (block * reps)[:target]


def _fill(unit: bytes, size: int, head: bytes = b"") -> bytes:
    return (head + unit * (size // len(unit) + 1))[:size]


def hostile_streams(size: int = CHUNK) -> dict[str, bytes]:
    """Byte streams a broken or hostile host might send, ``size`` bytes each.

    Huge counts in every counted sequence, endless parameter lists and digit strings, strings
    (OSC, DCS) that never end, floods of marks that all land on one cell, of BEL and of
    whole-screen sequences, and seeded random bytes.
    """
    rng = random.Random(11)
    big = b"999999999"
    counted = {
        "cht": b"I", "cbt": b"Z", "rep": b"b", "ich": b"@", "dch": b"P", "ech": b"X", "il": b"L",
        "dl": b"M", "su": b"S", "sd": b"T", "cuu": b"A", "cud": b"B", "cuf": b"C", "cub": b"D",
        "cnl": b"E", "cpl": b"F", "cha": b"G", "hpa": b"`", "hpr": b"a", "vpa": b"d", "vpr": b"e",
    }  # fmt: skip
    streams = {name: _fill(b"\x1b[" + big + final, size, b"a") for name, final in counted.items()}
    streams.update(
        {
            "cup": _fill(b"\x1b[" + big + b";" + big + b"H", size),
            "params_semicolons": _fill(b";", size - 4, b"\x1b[?") + b"25l",
            "params_digits": _fill(b"9", size - 3, b"\x1b[") + b"I",
            "sgr_endless": _fill(b"1;38;5;208;", size, b"\x1b["),
            "osc_open": _fill(b"a", size, b"\x1b]0;"),
            "dcs_open": _fill(b"q#0;2;0;0;0", size, b"\x1bP"),
            "osc_cut_by_esc": _fill(b"\x1b]0;x\x1b[m", size),
            "bel": _fill(b"\x07", size),
            "combining": _fill("\u0301".encode(), size, b"e"),
            "zwj": _fill("\u200d".encode(), size, "\U0001f44d".encode()),
            "variation_selectors": _fill("\ufe0f".encode(), size, b"e"),
            "tabs": _fill(b"\t", size),
            "decaln": _fill(b"\x1b#8", size),
            "ris": _fill(b"\x1bc", size),
            "deccolm": _fill(b"\x1b[?3h", size),
            "alt_screen": _fill(b"\x1b[?1049h\x1b[?1049l", size),
            "erase_display": _fill(b"\x1b[2J", size),
            "lone_esc": _fill(b"\x1b", size),
            "random": bytes(rng.getrandbits(8) for _ in range(size)),
        }
    )
    return streams


def time_hostile(size: int = CHUNK, repeat: int = 3) -> dict[str, float]:
    """Seconds each hostile stream takes to parse (best of ``repeat``) on an 80x24 screen."""
    from gpudesk.core.terminal import TerminalScreen

    out = {}
    for name, data in hostile_streams(size).items():
        best = float("inf")
        for _ in range(repeat):
            screen = TerminalScreen(80, 24, scrollback=10000)
            screen.on_reply = lambda _b: None
            t0 = time.perf_counter()
            screen.feed(data)
            best = min(best, time.perf_counter() - t0)
        out[name] = best
    return out


def _chunks(data: bytes) -> list[bytes]:
    return [data[i : i + CHUNK] for i in range(0, len(data), CHUNK)]


def time_ours(data: bytes) -> float:
    from gpudesk.core.terminal import TerminalScreen

    chunks = _chunks(data)
    screen = TerminalScreen(120, 40, scrollback=10000)
    t0 = time.perf_counter()
    for c in chunks:
        screen.feed(c)
    elapsed = time.perf_counter() - t0
    assert len(screen.scrollback) == 10000, len(screen.scrollback)
    return elapsed


def time_pyte(data: bytes) -> float:
    import pyte

    chunks = _chunks(data)
    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)
    t0 = time.perf_counter()
    for c in chunks:
        stream.feed(c)
    return time.perf_counter() - t0


def measure_frames(data: bytes) -> tuple[float, float, float]:
    """Worst GUI frame (ms), cat time (s) and Ctrl-C stop (s) of the real widget over the real sshd.

    One run of :func:`bench_terminal_e2e.measure` (the issue's end-to-end benchmark), so both scripts measure
    the same thing the same way.
    """
    from tests.benchmarks.bench_terminal_e2e import measure

    r = measure(data, 1, False)
    return float(r["worst_frame_ms"]), float(r["seconds"]), float(r["ctrl_c_s"])  # type: ignore[arg-type]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mb", type=float, default=20.0, help="megabytes fed through our screen")
    ap.add_argument("--pyte-mb", type=float, default=2.0, help="megabytes fed through plain pyte (extrapolated)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--frames", action="store_true", help="also measure GUI frame times over the real sshd")
    args = ap.parse_args()

    data = build_output(args.mb)
    pyte_data = data[: int(args.pyte_mb * 1_000_000)]
    mb = len(data) / 1e6
    pyte_mb = len(pyte_data) / 1e6
    ours = statistics.median(time_ours(data) for _ in range(args.repeat))
    theirs = statistics.median(time_pyte(pyte_data) for _ in range(args.repeat))
    ours_rate = mb / ours
    pyte_rate = pyte_mb / theirs
    print(f"ours: {mb:.1f} MB in {ours:.2f} s with a 10000-line scrollback (median of {args.repeat})")
    print(
        f"pyte: plain ByteStream+Screen timed on the first {pyte_mb:.1f} MB of the same bytes in {theirs:.2f} s "
        f"(median of {args.repeat}); its rate is extrapolated to the full {mb:.1f} MB"
    )
    if args.frames:
        worst_ms, cat_s, stop_s = measure_frames(data)
        print(f"terminal_frames: worst_ms={worst_ms:.1f} cat_s={cat_s:.1f} ctrl_c_stop_s={stop_s:.2f}")
    hostile = time_hostile()
    worst = max(hostile, key=hostile.__getitem__)
    print(
        f"terminal_hostile: worst_ms_per_64k={hostile[worst] * 1000:.1f} worst={worst} "
        f"median_ms_per_64k={statistics.median(hostile.values()) * 1000:.1f} streams={len(hostile)}"
    )
    print(f"terminal: ratio={ours_rate / pyte_rate:.1f} ours_MBps={ours_rate:.2f} pyte_MBps={pyte_rate:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
