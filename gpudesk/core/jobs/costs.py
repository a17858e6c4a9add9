"""A job's cost, pinned to the session and price it ran under.

The price of a session can change later (a server relaunched on another offer, a new rent under
the same name), and a job's run time must not grow after it ended. So the first time a job is
seen, the session's hourly price and currency are pinned to it; when it is seen ended, its run
time and cost are pinned too. Pins are kept in ``jobs/costs.json`` in the data folder (written
atomically), so a restart shows the same figure.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gpudesk.core import atomic, paths
from gpudesk.core.datafile import JSON
from gpudesk.core.jobs.model import JobInfo

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session

log = logging.getLogger(__name__)

#: pins kept per session: the newest ones (a server may have run thousands of jobs)
MAX_PER_SESSION = 2000


@dataclass
class JobCost:
    """What a job costs: its price pinned when first seen, its run time and cost once it ended."""

    session_id: str
    job_id: str
    session_name: str
    hourly_price: float | None
    currency: str
    pinned_at: float
    duration_s: float | None = None
    cost: float | None = None
    final: bool = False

    def cost_now(self, job: JobInfo | None = None, now: float | None = None) -> float | None:
        """The pinned cost of an ended job; for a running one, the pinned price times its run time so far."""
        if self.final:
            return self.cost
        if job is None or self.hourly_price is None:
            return None
        return job.cost(self.hourly_price, now)


def _key(session_id: str, job_id: str) -> str:
    return f"{session_id}/{job_id}"


class CostBook:
    """Pinned job costs of every session, persisted."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else paths.data_dir() / "jobs" / "costs.json"
        self._lock = threading.Lock()
        self._pins: dict[str, JobCost] = self._load()

    def _load(self) -> dict[str, JobCost]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("job costs not read (%s); pins start anew", exc)
            return {}
        pins: dict[str, JobCost] = {}
        for item in raw if isinstance(raw, list) else []:
            try:
                pin = JobCost(
                    session_id=str(item["session_id"]),
                    job_id=str(item["job_id"]),
                    session_name=str(item.get("session_name", "")),
                    hourly_price=_number(item.get("hourly_price")),
                    currency=str(item.get("currency", "")),
                    pinned_at=float(item.get("pinned_at", 0.0)),
                    duration_s=_number(item.get("duration_s")),
                    cost=_number(item.get("cost")),
                    final=bool(item.get("final", False)),
                )
            except (KeyError, TypeError, ValueError):
                continue
            pins[_key(pin.session_id, pin.job_id)] = pin
        return pins

    def _save(self) -> None:
        by_session: dict[str, list[JobCost]] = {}
        for pin in self._pins.values():
            by_session.setdefault(pin.session_id, []).append(pin)
        kept: list[JobCost] = []
        for pins in by_session.values():
            kept.extend(sorted(pins, key=lambda p: p.pinned_at)[-MAX_PER_SESSION:])
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_text(self.path, json.dumps([asdict(p) for p in kept], indent=1))
        except OSError as exc:
            log.warning("job costs not saved: %s", exc)

    def get(self, session_id: str, job_id: str) -> JobCost | None:
        with self._lock:
            return self._pins.get(_key(session_id, job_id))

    def observe(
        self,
        session_id: str,
        session_name: str,
        hourly_price: float | None,
        currency: str,
        jobs: Iterable[JobInfo],
        now: float | None = None,
    ) -> list[JobCost]:
        """Pin the price of each job seen for the first time and the cost of each one that ended; the pins changed."""
        now = time.time() if now is None else now
        changed: list[JobCost] = []
        with self._lock:
            for job in jobs:
                key = _key(session_id, job.id)
                pin = self._pins.get(key)
                if pin is None:
                    pin = JobCost(session_id, job.id, session_name, hourly_price, currency, now)
                    self._pins[key] = pin
                    changed.append(pin)
                if job.finished and not pin.final and job.exit_code is not None:
                    pin.duration_s = job.duration_s(now)
                    pin.cost = job.cost(pin.hourly_price, now)
                    pin.final = True
                    if pin not in changed:
                        changed.append(pin)
            if changed:
                self._save()
        return changed


def _number(value: JSON) -> float | None:
    if value is None or isinstance(value, bool):
        return None
    return float(value)


_book: CostBook | None = None
_book_lock = threading.Lock()


def book() -> CostBook:
    """The app's cost book (in the current data folder)."""
    global _book
    with _book_lock:
        path = paths.data_dir() / "jobs" / "costs.json"
        if _book is None or _book.path != path:
            _book = CostBook(path)
        return _book


def price_of(session_id: str, hourly_price: float | None, currency: str, job_id: str) -> tuple[float | None, str]:
    """The price a job ran under: its pin, or (not pinned yet) the session's price now."""
    pin = book().get(session_id, job_id)
    if pin is not None:
        return pin.hourly_price, pin.currency
    return hourly_price, currency


def pin_jobs(session: Session, jobs: Iterable[JobInfo]) -> None:
    """Pin the price (and, once ended, the cost) of ``jobs`` of ``session`` (a Session); never raises."""
    try:
        book().observe(session.id, session.name, session.hourly_price, session.currency, jobs)
    except Exception:  # noqa: BLE001 - a cost record must never break the job list
        log.exception("job costs not pinned")
