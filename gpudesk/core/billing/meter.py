"""The running cost meter: billed time per session, kept on disk so it survives crashes.

A run opens when the instance starts (API) or at first connection (manual) and closes when
it is stopped. The server bills whether or not gpudesk is running, so an open run keeps
counting while the app is closed; ``last_seen`` (a heartbeat) tells what ran unseen.
Every change is written atomically (temp file, fsync, rename).
"""

from __future__ import annotations

import copy
import threading
import time
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

from gpudesk.core import datafile, paths
from gpudesk.core.billing.price import Price
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg


def meter_file() -> Path:
    return paths.data_dir() / "billing" / "meter.json"


def _what() -> str:
    return msg("DataFile", "The billing record")


def check_price_json(value: JSON, where: str = "") -> JSONObject:
    """A price as JSON (amount, unit, currency, granularity) that makes a valid :class:`Price`."""
    data: JSONObject = datafile.record(
        {"amount": datafile.number, "unit": datafile.text, "currency": datafile.text, "granularity": datafile.text},
        ["amount"],
    )(value, where)
    try:
        Price(**data)
    except (TypeError, ValueError) as exc:
        raise datafile.Invalid(msg("DataFile", "{field}: {error}", field=where, error=str(exc))) from exc
    return data


_check_run = datafile.record(
    {"start": datafile.number, "end": datafile.optional(datafile.number), "price": datafile.optional(check_price_json)},
    ["start"],
)
_check_entry = datafile.record(
    {
        "name": datafile.text,
        "source": datafile.text,
        "price": datafile.optional(check_price_json),
        "runs": datafile.items_of(_check_run),
        "last_seen": datafile.optional(datafile.number),
    }
)


def _check_file(raw: JSON) -> tuple[dict[str, JSONObject], list[str]]:
    """Entries by session id; a damaged entry is skipped and reported, the others load."""
    top = datafile.mapping(raw, msg("DataFile", "the file"))
    good, skipped = datafile.entries(datafile.mapping(top.get("sessions", {}), "sessions"), _check_entry)
    return {sid: _entry_json(_entry(sid, item)) for sid, item in good.items()}, skipped


def _entry(sid: str, data: JSONObject) -> Entry:
    price = data.get("price")
    return Entry(
        session_id=sid,
        name=str(data.get("name", "")),
        source=str(data.get("source", "manual")),
        price=Price(**price) if isinstance(price, dict) else None,
        runs=[Run.from_json(r) for r in data.get("runs", [])],
        last_seen=data.get("last_seen"),
    )


def _entry_json(e: Entry) -> JSONObject:
    return {
        "name": e.name,
        "source": e.source,
        "price": asdict(e.price) if e.price else None,
        "runs": [r.to_json() for r in e.runs or []],
        "last_seen": e.last_seen,
    }


@dataclass
class Run:
    start: float
    end: float | None = None
    price: Price | None = None

    def seconds(self, now: float) -> float:
        return max(0.0, (self.end if self.end is not None else now) - self.start)

    def cost(self, now: float) -> float:
        return self.price.cost(self.seconds(now)) if self.price else 0.0

    def to_json(self) -> JSONObject:
        return {"start": self.start, "end": self.end, "price": asdict(self.price) if self.price else None}

    @classmethod
    def from_json(cls, data: JSONObject) -> Run:
        price = data.get("price")
        return cls(float(data["start"]), data.get("end"), Price(**price) if isinstance(price, dict) else None)


@dataclass
class Entry:
    session_id: str
    name: str = ""
    source: str = "manual"  # "api": runs follow the provider's instance state; "manual": first connection
    price: Price | None = None
    runs: list[Run] | None = None
    last_seen: float | None = None

    def __post_init__(self) -> None:
        if self.runs is None:
            self.runs = []

    @property
    def open_run(self) -> Run | None:
        assert self.runs is not None
        return self.runs[-1] if self.runs and self.runs[-1].end is None else None


@dataclass
class Gap:
    """Time an open run billed while gpudesk was not running."""

    session_id: str
    name: str
    seconds: float
    cost: float
    currency: str


@dataclass
class DayRow:
    day: str  # YYYY-MM-DD, local time
    session_id: str
    name: str
    seconds: float
    cost: float
    currency: str


class Meter:
    """Billed time and money for every metered session. Thread-safe; one writer process."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or meter_file()
        self._lock = threading.RLock()
        self.entries: dict[str, Entry] = {}
        self.load_error = ""
        self._base: JSONObject = {}
        self._load()

    # -- persistence ---------------------------------------------------------------
    def _load(self) -> None:
        # A damaged file is kept aside (whole or, with damaged entries, as a copy) and explained.
        loaded = datafile.load(self.path, _check_file, what=_what(), empty=dict)
        self.load_error = loaded.problem
        self._adopt(loaded.data)

    def _adopt(self, data: dict[str, JSONObject]) -> None:
        """Take ``data`` (checked JSON by session id); unchanged entries stay the same objects."""
        self.entries = {
            sid: self.entries[sid]
            if sid in self.entries and _entry_json(self.entries[sid]) == item
            else _entry(sid, item)
            for sid, item in data.items()
        }
        self._base = copy.deepcopy(data)  # what this meter last read or wrote: the merge base

    def reload(self) -> None:
        """Read the file again (another process or meter wrote it); readers never see it half loaded."""
        with self._lock:
            self._load()

    def _save(self) -> None:
        """Re-read the file under its lock and apply this meter's changes (by session) to it."""
        mine = {sid: _entry_json(e) for sid, e in self.entries.items()}

        def change(disk: datafile.Loaded) -> JSONObject:
            merged = datafile.merge(self._base, mine, self._base if disk.damaged else disk.data)
            return {"version": 1, "sessions": merged}

        written = datafile.update(self.path, _check_file, change, what=_what(), empty=dict, indent=1)
        if written.problem:
            self.load_error = written.problem
        self._adopt(written.data["sessions"])

    # -- changes -------------------------------------------------------------------
    def configure(
        self, session_id: str, name: str = "", price: Price | None = None, source: str | None = None
    ) -> Entry:
        """Create or update a session's entry; a new price applies to the open run too."""
        with self._lock:
            entry = self.entries.setdefault(session_id, Entry(session_id))
            entry.name = name or entry.name
            if source:
                entry.source = source
            if price is not None and price != entry.price:
                entry.price = price
                run = entry.open_run
                if run is not None:
                    run.price = price
            self._save()
            return entry

    def start(self, session_id: str, at: float | None = None) -> bool:
        """Open a run at ``at`` (instance start or first connection); False if one is already open."""
        at = time.time() if at is None else at
        with self._lock:
            entry = self.entries.setdefault(session_id, Entry(session_id))
            if entry.open_run is not None:
                return False
            assert entry.runs is not None
            entry.runs.append(Run(at, None, entry.price))
            entry.last_seen = max(at, time.time())
            self._save()
            return True

    def stop(self, session_id: str, at: float | None = None) -> bool:
        at = time.time() if at is None else at
        with self._lock:
            entry = self.entries.get(session_id)
            run = entry.open_run if entry else None
            if run is None:
                return False
            run.end = max(run.start, at)
            self._save()
            return True

    def sync(self, session_id: str, billing: bool, started_at: float | None = None, now: float | None = None) -> None:
        """Follow the provider's word: open a run when it bills, close it when it does not."""
        now = time.time() if now is None else now
        with self._lock:
            entry = self.entries.setdefault(session_id, Entry(session_id, source="api"))
            entry.source = "api"
            if billing and entry.open_run is None:
                at = started_at if started_at and started_at <= now else now
                # A provider's start time can be the first launch's (a resumed instance keeps it): one from
                # before the last run ended is stale, and the run starts when it was seen billing again —
                # never earlier, or the stopped minutes would be billed twice.
                ended = max((r.end for r in entry.runs or [] if r.end is not None), default=None)
                self.start(session_id, now if ended is not None and at < ended else at)
            elif not billing and entry.open_run is not None:
                self.stop(session_id, now)

    def heartbeat(self, now: float | None = None) -> None:
        """Note that gpudesk saw the open runs at ``now`` (what ran unseen is measured from here)."""
        now = time.time() if now is None else now
        with self._lock:
            touched = False
            for entry in self.entries.values():
                if entry.open_run is not None:
                    entry.last_seen = now
                    touched = True
            if touched:
                self._save()

    def recover(self, now: float | None = None, min_gap_s: float = 60.0) -> list[Gap]:
        """After a restart: what each open run billed since gpudesk last saw it."""
        now = time.time() if now is None else now
        gaps = []
        with self._lock:
            for entry in self.entries.values():
                run = entry.open_run
                if run is None or entry.last_seen is None:
                    continue
                unseen = now - max(entry.last_seen, run.start)
                if unseen >= min_gap_s:
                    cost = run.cost(now) - run.cost(max(entry.last_seen, run.start))
                    gaps.append(Gap(entry.session_id, entry.name, unseen, cost, self.currency(entry.session_id)))
        return gaps

    def forget(self, session_id: str) -> None:
        with self._lock:
            if self.entries.pop(session_id, None) is not None:
                self._save()

    # -- questions -----------------------------------------------------------------
    def is_running(self, session_id: str) -> bool:
        entry = self.entries.get(session_id)
        return bool(entry and entry.open_run)

    def currency(self, session_id: str) -> str:
        entry = self.entries.get(session_id)
        return entry.price.currency if entry and entry.price else ""

    def rate_per_hour(self, session_id: str) -> float | None:
        entry = self.entries.get(session_id)
        if entry is None or entry.price is None:
            return None
        return entry.price.per_hour

    def seconds(self, session_id: str, now: float | None = None) -> float:
        now = time.time() if now is None else now
        entry = self.entries.get(session_id)
        return sum(r.seconds(now) for r in entry.runs or []) if entry else 0.0

    def billed_seconds(self, session_id: str, now: float | None = None) -> float:
        now = time.time() if now is None else now
        entry = self.entries.get(session_id)
        if not entry:
            return 0.0
        return sum(r.price.billed_seconds(r.seconds(now)) if r.price else r.seconds(now) for r in entry.runs or [])

    def cost(self, session_id: str, now: float | None = None) -> float:
        now = time.time() if now is None else now
        entry = self.entries.get(session_id)
        return sum(r.cost(now) for r in entry.runs or []) if entry else 0.0

    def day_rows(self, since: date | None = None, now: float | None = None) -> list[DayRow]:
        """Billed time and money per local day and session (the spending report)."""
        now = time.time() if now is None else now
        rows: dict[tuple[str, str], DayRow] = {}
        with self._lock:
            for entry in self.entries.values():
                currency = entry.price.currency if entry.price else ""
                for run in entry.runs or []:
                    for day, secs, cost in _split_run(run, now):
                        if since and day < since:
                            continue
                        key = (day.isoformat(), entry.session_id)
                        row = rows.setdefault(
                            key,
                            DayRow(
                                key[0],
                                entry.session_id,
                                entry.name,
                                0.0,
                                0.0,
                                run.price.currency if run.price else currency,
                            ),
                        )
                        row.seconds += secs
                        row.cost += cost
        return sorted(rows.values(), key=lambda r: (r.day, r.name))

    def today(self, now: float | None = None) -> dict[str, float]:
        """Today's spending per currency, across all sessions."""
        now = time.time() if now is None else now
        today = datetime.fromtimestamp(now).date()
        totals: dict[str, float] = {}
        for row in self.day_rows(today, now):
            if row.currency:
                totals[row.currency] = totals.get(row.currency, 0.0) + row.cost
        return totals

    def session_today(self, session_id: str, now: float | None = None) -> float:
        now = time.time() if now is None else now
        today = datetime.fromtimestamp(now).date()
        return sum(r.cost for r in self.day_rows(today, now) if r.session_id == session_id)


def _split_run(run: Run, now: float) -> list[tuple[date, float, float]]:
    """Cut a run at local midnights; rounding up to the billing step lands on its last day."""
    end = run.end if run.end is not None else now
    if end <= run.start:
        return []
    pieces: list[tuple[date, float]] = []
    t = run.start
    while t < end:
        day = datetime.fromtimestamp(t).date()
        midnight = datetime.combine(day + timedelta(days=1), datetime.min.time()).timestamp()
        stop = min(end, midnight)
        pieces.append((day, stop - t))
        t = stop
    per_second = run.price.per_second if run.price else 0.0
    total = run.price.billed_seconds(end - run.start) if run.price else end - run.start
    out = [(day, secs, secs * per_second) for day, secs in pieces]
    extra = total - (end - run.start)
    if out and extra > 0:
        day, secs, cost = out[-1]
        out[-1] = (day, secs + extra, cost + extra * per_second)
    return out


_shared: Meter | None = None
_shared_lock = threading.Lock()


def shared_meter() -> Meter:
    """The app's one meter (the cost bar, the guard and the Providers page share it)."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.path != meter_file():  # tests move GPUDESK_HOME between runs
            _shared = Meter()
        return _shared
