"""Bounded GPU history in numpy ring buffers, with min/mean/max tiers for long windows.

Layout: every array is ``[gpu slot, metric, time]`` so one frame is one vector write.
Tier 0 keeps raw samples (the last hour at 1 Hz); tier 1 keeps 10 s buckets for 24 h and
tier 2 one-minute buckets for a week, each with min, mean and max, so a spike of one second
still shows in a 24 h view. 8 GPUs take about 17 MB whatever the uptime.
"""

from __future__ import annotations

import csv
import math
import threading
import time
from collections.abc import Iterable
from typing import IO

import numpy as np

from gpudesk.core.telemetry.model import Frame, GpuSample

METRICS: tuple[str, ...] = (
    "util_gpu",
    "util_mem",
    "mem_used_mib",
    "temp_c",
    "power_w",
    "sm_clock_mhz",
    "mem_clock_mhz",
    "fan_pct",
)
_M = len(METRICS)
_MI = {name: i for i, name in enumerate(METRICS)}


class _Raw:
    def __init__(self, slots: int, capacity: int) -> None:
        self.capacity = capacity
        self.t = np.full(capacity, np.nan)
        self.v = np.full((slots, _M, capacity), np.nan, dtype=np.float32)
        self.n = 0  # samples written in total

    def grow(self, slots: int) -> None:
        extra = np.full((slots - self.v.shape[0], _M, self.capacity), np.nan, dtype=np.float32)
        self.v = np.concatenate([self.v, extra])

    def add(self, t: float, values: np.ndarray) -> None:
        i = self.n % self.capacity
        self.t[i] = t
        self.v[:, :, i] = values
        self.n += 1

    def ordered(self) -> tuple[np.ndarray, np.ndarray]:
        """Times and values oldest first."""
        if self.n <= self.capacity:
            return self.t[: self.n], self.v[:, :, : self.n]
        i = self.n % self.capacity
        return np.concatenate([self.t[i:], self.t[:i]]), np.concatenate([self.v[:, :, i:], self.v[:, :, :i]], axis=2)


class _Tier:
    """Fixed-width time buckets with min/mean/max, fed sample by sample."""

    def __init__(self, slots: int, width_s: float, capacity: int) -> None:
        self.width = width_s
        self.capacity = capacity
        self.t = np.full(capacity, np.nan)
        self.lo = np.full((slots, _M, capacity), np.nan, dtype=np.float32)
        self.mean = np.full((slots, _M, capacity), np.nan, dtype=np.float32)
        self.hi = np.full((slots, _M, capacity), np.nan, dtype=np.float32)
        self.n = 0
        self._bucket: float | None = None
        self._lo = np.full((slots, _M), np.nan, dtype=np.float32)
        self._hi = np.full((slots, _M), np.nan, dtype=np.float32)
        self._sum = np.zeros((slots, _M), dtype=np.float64)
        self._cnt = np.zeros((slots, _M), dtype=np.int32)

    def grow(self, slots: int) -> None:
        add = slots - self.lo.shape[0]
        pad = np.full((add, _M, self.capacity), np.nan, dtype=np.float32)
        self.lo, self.mean, self.hi = (np.concatenate([a, pad]) for a in (self.lo, self.mean, self.hi))
        self._lo = np.concatenate([self._lo, np.full((add, _M), np.nan, dtype=np.float32)])
        self._hi = np.concatenate([self._hi, np.full((add, _M), np.nan, dtype=np.float32)])
        self._sum = np.concatenate([self._sum, np.zeros((add, _M))])
        self._cnt = np.concatenate([self._cnt, np.zeros((add, _M), dtype=np.int32)])

    def add(self, t: float, lo: np.ndarray, hi: np.ndarray, total: np.ndarray, count: np.ndarray) -> bool:
        """Fold one sample (or one finer bucket) in; True when a bucket was closed."""
        bucket = math.floor(t / self.width) * self.width
        closed = False
        if self._bucket is not None and bucket != self._bucket:
            self.close()
            closed = True
        self._bucket = bucket
        np.fmin(self._lo, lo, out=self._lo)
        np.fmax(self._hi, hi, out=self._hi)
        self._sum += total
        self._cnt += count
        return closed

    def close(self) -> None:
        if self._bucket is None:
            return
        i = self.n % self.capacity
        self.t[i] = self._bucket
        self.lo[:, :, i] = self._lo
        self.hi[:, :, i] = self._hi
        with np.errstate(invalid="ignore", divide="ignore"):
            self.mean[:, :, i] = np.where(self._cnt > 0, self._sum / np.maximum(self._cnt, 1), np.nan)
        self.last = (self._lo.copy(), self._hi.copy(), self._sum.copy(), self._cnt.copy(), self._bucket)
        self.n += 1
        self._bucket = None
        self._lo.fill(np.nan)
        self._hi.fill(np.nan)
        self._sum.fill(0)
        self._cnt.fill(0)

    def ordered(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        if self.n <= self.capacity:
            s = slice(0, self.n)
            return self.t[s], self.lo[:, :, s], self.mean[:, :, s], self.hi[:, :, s]
        i = self.n % self.capacity

        def roll(a: np.ndarray) -> np.ndarray:
            return np.concatenate([a[..., i:], a[..., :i]], axis=-1)

        return roll(self.t), roll(self.lo), roll(self.mean), roll(self.hi)


class History:
    """Per-connection GPU history; thread-safe (the sampler writes, the UI reads)."""

    RAW_S = 3600
    TIERS = ((10.0, 8640), (60.0, 10080))  # (bucket width s, buckets): 24 h and 7 days

    def __init__(self, raw_capacity: int = RAW_S, slots: int = 8) -> None:
        self._lock = threading.Lock()
        self._slots: dict[str, int] = {}
        self.info: dict[str, GpuSample] = {}  # latest sample per GPU key
        self._cap = slots
        self.raw = _Raw(slots, raw_capacity)
        self.tiers = [_Tier(slots, w, n) for w, n in self.TIERS]
        self.latest_t: float | None = None

    # -- writing ---------------------------------------------------------------
    def _slot(self, key: str) -> int:
        slot = self._slots.get(key)
        if slot is None:
            slot = len(self._slots)
            if slot >= self._cap:
                self._cap *= 2
                self.raw.grow(self._cap)
                for tier in self.tiers:
                    tier.grow(self._cap)
            self._slots[key] = slot
        return slot

    def add(self, frame: Frame) -> None:
        with self._lock:
            values = np.full((self._cap, _M), np.nan, dtype=np.float32)
            for g in frame.gpus:
                slot = self._slot(g.key)
                if values.shape[0] < self._cap:
                    values = np.concatenate(
                        [values, np.full((self._cap - values.shape[0], _M), np.nan, dtype=np.float32)]
                    )
                values[slot] = [
                    np.nan if x is None else x
                    for x in (
                        g.util_gpu,
                        g.util_mem,
                        g.mem_used_mib,
                        g.temp_c,
                        g.power_w,
                        g.sm_clock_mhz,
                        g.mem_clock_mhz,
                        g.fan_pct,
                    )
                ]
                self.info[g.key] = g
            self.latest_t = frame.t
            self.raw.add(frame.t, values)
            seen = ~np.isnan(values)
            total = np.where(seen, values, 0.0)
            if self.tiers[0].add(frame.t, values, values, total, seen.astype(np.int32)):
                # A closed fine bucket is folded whole into the coarser tier.
                lo, hi, s, c, bt = self.tiers[0].last
                self.tiers[1].add(bt, lo, hi, s, c)

    def add_many(self, frames: Iterable[Frame]) -> None:
        for frame in frames:
            self.add(frame)

    # -- reading ---------------------------------------------------------------
    def gpus(self) -> list[GpuSample]:
        """Latest sample of every GPU seen, by index."""
        with self._lock:
            return sorted(self.info.values(), key=lambda g: g.index)

    def keys(self) -> list[str]:
        with self._lock:
            return list(self._slots)

    def window(
        self, key: str, metric: str, span_s: float, now: float | None = None, max_points: int = 1200
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(t, low, high)`` of one GPU's metric over the last ``span_s`` seconds.

        At most ``max_points`` points: finer data is folded into min/max pairs so spikes survive.
        Gaps (no sample for three periods) are NaN, so charts break the line there.
        """
        with self._lock:
            slot = self._slots.get(key)
            if slot is None:
                empty = np.empty(0)
                return empty, empty, empty
            t, lo, hi, res = self._select(slot, _MI[metric], span_s, now)
        return _fold(t, lo, hi, max_points, res)

    def windows(
        self, metric: str, span_s: float, now: float | None = None, max_points: int = 1200
    ) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
        """Like :meth:`window` for every GPU at once: ``(keys, t, low[gpu], high[gpu])`` (one pass for a chart)."""
        with self._lock:
            keys = list(self._slots)
            t, lo, hi, res = self._select(slice(0, len(keys)), _MI[metric], span_s, now)
        t, lo, hi = _fold(t, lo, hi, max_points, res)
        return keys, t, lo, hi

    def _select(
        self, rows: int | slice, m: int, span_s: float, now: float | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        end = now if now is not None else (self.latest_t or time.time())
        start = end - span_s
        rt, rv = _roll(self.raw.t, self.raw.n), _roll(self.raw.v[rows, m], self.raw.n)
        raw_start = rt[0] if len(rt) else end
        if start >= raw_start - 1 or self.raw.n <= self.raw.capacity or not self.tiers[0].n:
            # the raw samples reach back far enough (or hold everything seen so far)
            r0 = int(np.searchsorted(rt, start))
            # copies: the sampler thread keeps writing into the ring after the lock is released
            t, lo = rt[r0:].copy(), rv[..., r0:].copy()  # float32 all the way: charts need no more
            return t, lo, lo, (t[-1] - t[0]) / max(len(t) - 1, 1) if len(t) > 1 else 1.0
        tier = self.tiers[0] if span_s <= self.TIERS[0][0] * self.TIERS[0][1] else self.tiers[1]
        # Buckets for the whole window (the tiers are fed all the time), raw samples only for the
        # bucket still filling: one resolution per window, and a quarter of the points to fold.
        tt = _roll(tier.t, tier.n)
        i0 = int(np.searchsorted(tt, start))
        tsel = tt[i0:]
        after = (tsel[-1] + tier.width) if len(tsel) else start
        r0 = int(np.searchsorted(rt, after))
        t = np.concatenate([tsel, rt[r0:]])
        lo = np.concatenate([_roll(tier.lo[rows, m], tier.n)[..., i0:], rv[..., r0:]], axis=-1)
        hi = np.concatenate([_roll(tier.hi[rows, m], tier.n)[..., i0:], rv[..., r0:]], axis=-1)
        return t, lo, hi, tier.width

    def to_csv(self, out: IO[str]) -> int:
        """Write the whole history (raw samples, then older buckets) as CSV; returns rows written."""
        with self._lock:
            keys = list(self._slots.items())
            rt, rv = self.raw.ordered()
            tiers = [(tier.width, *tier.ordered()) for tier in self.tiers]
        # Each coarser tier fills in only the time before the next finer one starts.
        starts = [t[0] if len(t) else math.inf for _, t, *_ in tiers] + [rt[0] if len(rt) else math.inf]
        w = csv.writer(out)
        w.writerow(["time_utc", "gpu_index", "gpu_uuid", "resolution_s", "stat", *METRICS])
        rows: int = 0
        for key, slot in keys:
            g = self.info.get(key)
            index, uuid = (g.index, g.uuid) if g else ("", key)
            for n in range(len(tiers) - 1, -1, -1):
                width, tt, tlo, tmean, thi = tiers[n]
                until = min(starts[:n] + starts[-1:])  # tiers[0] is the finest
                for j in np.nonzero(tt + width <= until)[0]:
                    stamp = _stamp(tt[j])
                    for stat, arr in (("min", tlo), ("mean", tmean), ("max", thi)):
                        w.writerow([stamp, index, uuid, int(width), stat, *(_fmt(x) for x in arr[slot, :, j])])
                        rows += 1
            for k in range(len(rt)):
                w.writerow([_stamp(rt[k]), index, uuid, 1, "sample", *(_fmt(x) for x in rv[slot, :, k])])
                rows += 1
        return rows

    def nbytes(self) -> int:
        arrays = [self.raw.t, self.raw.v]
        for tier in self.tiers:
            arrays += [tier.t, tier.lo, tier.mean, tier.hi]
        return sum(a.nbytes for a in arrays)


def _stamp(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def _fmt(x: float) -> str:
    return "" if np.isnan(x) else f"{x:g}"


def _roll(a: np.ndarray, n: int) -> np.ndarray:
    """A ring buffer's valid part (last axis), oldest first."""
    cap = a.shape[-1]
    if n <= cap:
        return a[..., :n]
    i = n % cap
    return np.concatenate([a[..., i:], a[..., :i]], axis=-1)


def _fold(
    t: np.ndarray, lo: np.ndarray, hi: np.ndarray, max_points: int, res: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fold to at most ``max_points`` min/max pairs along the last axis; NaN at gaps."""
    n = len(t)
    if n > max_points:
        k = -(-n // max_points)
        cut = n - n % k
        head_t = t[:cut:k]
        shape = lo.shape[:-1] + (-1, k)
        # fmin/fmax skip NaN without nanmin's copies; an all-NaN group (a gap) stays NaN
        head_lo = np.fmin.reduce(lo[..., :cut].reshape(shape), axis=-1)
        head_hi = np.fmax.reduce(hi[..., :cut].reshape(shape), axis=-1)
        t = np.concatenate([head_t, t[cut:]])
        lo = np.concatenate([head_lo, lo[..., cut:]], axis=-1)
        hi = np.concatenate([head_hi, hi[..., cut:]], axis=-1)
        res *= k
    if len(t) > 1:
        gaps = np.nonzero(np.diff(t) > 3 * max(res, 1e-9))[0]
        if len(gaps):
            at = gaps + 1
            t = np.insert(t, at, t[gaps] + res)
            lo = np.insert(lo, at, np.nan, axis=-1)
            hi = np.insert(hi, at, np.nan, axis=-1)
    return t, lo, hi
