"""The sync plan: what is new, changed and deleted, decided by size, mtime and (where those
disagree) a content hash.

Size differs → changed. Same size and mtime → unchanged. Same size, other mtime → both sides
are hashed (the remote side in one exec for all such files); equal content only gets its
mtime fixed at the target, so the next sync does not hash it again.

A download compares in local-name space: every remote name is first mapped to the name it gets
here (:func:`gpudesk.core.transfer.names.safe_name`, the rule of every transfer), so a file
such as ``ckpt_10:00.pt`` is compared with its local copy ``ckpt_10_00.pt`` and not sent and
deleted again on every run. Two remote names that map to one local name are a conflict: both
are left out (and the local file of that name is kept), and the plan says so.
"""

from __future__ import annotations

import shlex
import threading
from dataclasses import dataclass, field
from pathlib import Path

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.errors import SyncError
from gpudesk.core.sync.excludes import ExcludeRules, PatternError
from gpudesk.core.sync.remote import open_ahead
from gpudesk.core.sync.scan import GITIGNORE_MAX as SCAN_GITIGNORE_MAX
from gpudesk.core.sync.scan import (
    Entry,
    Listing,
    local_hashes,
    probe_remote,
    prune,
    remote_hashes,
    scan_local,
    walk_remote,
)
from gpudesk.core.transfer.longpath import extended, shown
from gpudesk.core.transfer.names import case_insensitive_dir, fold, local_rel, rjoin
from gpudesk.core.transfer.rawsftp import RawSftp

UPLOAD, DOWNLOAD = "upload", "download"


@dataclass
class SyncPlan:
    """What one sync will do; a dry run shows it, :func:`gpudesk.core.sync.run_plan` carries it out."""

    direction: str
    local_root: Path
    remote_root: str
    delete: bool
    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # only at the target; removed only when ``delete``
    touch: list[str] = field(default_factory=list)  # same content, other mtime: the target's mtime is fixed
    new_dirs: list[str] = field(default_factory=list)
    gone_dirs: list[str] = field(default_factory=list)
    unchanged: int = 0
    hashed: int = 0
    source: dict[str, Entry] = field(default_factory=dict)
    target_exists: bool = True
    warnings: list[str] = field(default_factory=list)
    # Download only: remote relative path -> the local one it is written to (safe names).
    local_of: dict[str, str] = field(default_factory=dict)
    # Local relative path -> the remote names that all map to it (left out of the sync).
    conflicts: dict[str, list[str]] = field(default_factory=dict)
    tools: str = "?"  # what the server has: "t" tar, "h" a SHA-256 tool; "?" not known
    remote_links: set[str] = field(default_factory=set)  # links on the server (never written through)

    def local(self, rel: str) -> str:
        """The local relative path of the source entry ``rel`` (itself for an upload)."""
        return self.local_of.get(rel, rel) if self.direction == DOWNLOAD else rel

    @property
    def bytes(self) -> int:
        return sum(self.source[r].size for r in (*self.new, *self.changed))

    @property
    def empty(self) -> bool:
        return not (self.new or self.changed or self.touch or self.new_dirs or (self.delete and self.deleted))

    def to_json(self) -> dict[str, object]:
        return {
            "direction": self.direction,
            "local": shown(self.local_root),
            "remote": self.remote_root,
            "new": self.new,
            "changed": self.changed,
            "deleted": self.deleted,
            "delete": self.delete,
            "unchanged": self.unchanged,
            "bytes": self.bytes,
            "warnings": self.warnings,
            "renamed": {r: lr for r, lr in self.local_of.items() if r != lr},
            "conflicts": self.conflicts,
        }


def resolve_remote(conn: Connection, remote: str) -> str:
    """``~`` and relative paths are taken from the login user's home, as ``scp`` does."""
    remote = remote.strip()
    if remote.startswith("/"):
        return remote
    home = conn.exec("pwd", timeout=30).out.strip() or "."
    rest = remote[1:].lstrip("/") if remote.startswith("~") else remote
    return f"{home.rstrip('/')}/{rest}".rstrip("/") if rest else home


GITIGNORE_MAX = SCAN_GITIGNORE_MAX  # git, too, refuses pattern files beyond a size


def _gitignore_text(data: bytes | None, warnings: list[str] | None) -> str | None:
    if data is None:
        return None
    if len(data) > GITIGNORE_MAX:
        if warnings is not None:
            warnings.append(msg("SyncError", "Ignored .gitignore: it is larger than {size} bytes.", size=GITIGNORE_MAX))
        return None
    return data.decode("utf-8", "replace")


def read_gitignore(conn: Connection, direction: str, local_root: Path, remote_root: str,
                   warnings: list[str] | None = None) -> str | None:  # fmt: skip
    """The source side's ``.gitignore`` text, if it has one; one over the size limit is ignored
    (with a warning): a server must not be able to make every sync parse gigabytes."""
    if direction == UPLOAD:
        try:
            with open(local_root / ".gitignore", "rb") as fh:
                data = fh.read(GITIGNORE_MAX + 1)
        except OSError:
            return None
    else:
        path = shlex.quote(rjoin(remote_root, ".gitignore"))
        result = conn.exec(f"head -c {GITIGNORE_MAX + 1} -- {path} 2>/dev/null", timeout=60)
        if result.exit_code != 0:
            return None
        data = result.stdout
    return _gitignore_text(data, warnings)


def _rules(gitignore: str | None, excludes: list[str], defaults: bool, warnings: list[str] | None) -> ExcludeRules:
    try:
        rules = ExcludeRules.for_sync(excludes, gitignore, defaults)
    except PatternError as exc:
        raise SyncError(str(exc)) from None
    if warnings is not None:
        warnings.extend(rules.warnings)
    return rules


def make_rules(conn: Connection, direction: str, local_root: Path, remote_root: str, excludes: list[str],
               use_gitignore: bool = True, defaults: bool = True, warnings: list[str] | None = None) -> ExcludeRules:  # fmt: skip
    """The rules of one sync; a user pattern that is not valid is a :class:`SyncError`, a
    ``.gitignore`` line that is not valid is skipped with a warning (as git does)."""
    gitignore = read_gitignore(conn, direction, local_root, remote_root, warnings) if use_gitignore else None
    return _rules(gitignore, excludes, defaults, warnings)


def make_plan(
    conn: Connection,
    local_root: Path | str,
    remote_root: str,
    direction: str = UPLOAD,
    excludes: list[str] | None = None,
    delete: bool = False,
    use_gitignore: bool = True,
    sftp: RawSftp | None = None,
) -> SyncPlan:
    """Compare both sides and decide what to send (blocking: call off the GUI thread).

    ``remote_root`` may start with ``~`` or be relative to the login folder; the plan holds it
    resolved. The server is asked once for its tree, tools and (for a download) ``.gitignore``,
    and once more for hashes when sizes agree but times do not.
    """
    if direction not in (UPLOAD, DOWNLOAD):
        raise SyncError(
            msg("SyncError", "Unknown direction {direction}: use upload or download.", direction=repr(direction))
        )
    local_root = extended(Path(local_root).expanduser(), root=True)  # files past Windows' 260 characters open
    absolute = remote_root.strip().startswith("/")
    if absolute:
        remote_root = remote_root.strip().rstrip("/") or "/"
    warnings: list[str] = []
    excludes = list(excludes or [])
    rules = None
    scanned: list[Listing | BaseException] = []
    scanner = None
    if direction == UPLOAD:
        rules = make_rules(conn, direction, local_root, remote_root, excludes, use_gitignore, warnings=warnings)
        # This side is walked while the server lists its own.
        scanner = threading.Thread(
            target=_scan_into, args=(scanned, local_root, rules), daemon=True, name="gpudesk-sync-scan"
        )
        scanner.start()
    opener, spare = open_ahead(conn)  # for the hash pass: its channel opens while the tree is listed
    try:
        side = probe_remote(conn, remote_root, gitignore=direction == DOWNLOAD and use_gitignore)
        if side.tools == "?":
            # Not the answer of a POSIX shell: do it the slow way, one question at a time.
            root = remote_root if absolute else resolve_remote(conn, remote_root)
            root = root.rstrip("/") or "/"
            gitignore = (
                read_gitignore(conn, DOWNLOAD, local_root, root, warnings)
                if direction == DOWNLOAD and use_gitignore
                else None
            )
            remote_raw = walk_remote(conn, sftp, root)
        else:
            root = side.root.rstrip("/") or "/"
            gitignore = _gitignore_text(side.gitignore, warnings) if direction == DOWNLOAD and use_gitignore else None
            remote_raw = side.listing if side.listing is not None else walk_remote(conn, sftp, root)
        if scanner is None:
            rules = _rules(gitignore, excludes, True, warnings)
            _scan_into(scanned, local_root, rules)
        else:
            scanner.join()
        if isinstance(scanned[0], BaseException):
            raise scanned[0]
        local = scanned[0]
        assert rules is not None
        remote = prune(remote_raw, rules)
        src, dst = (local, remote) if direction == UPLOAD else (remote, local)
        if not src.exists:
            if direction == UPLOAD:
                raise SyncError(
                    msg("SyncError", "The folder to sync from does not exist here: {path}", path=shown(local_root))
                )
            raise SyncError(msg("SyncError", "The folder to sync from does not exist on the server: {path}", path=root))
        plan = SyncPlan(
            direction, local_root, root, delete, source=src.files, target_exists=dst.exists, tools=side.tools
        )
        plan.warnings.extend(warnings)
        plan.warnings.extend(remote.warnings)
        plan.remote_links = set(remote.links)
        if direction == DOWNLOAD and remote.links:
            # As rsync without --links: a link is neither copied nor followed (its target may be
            # anywhere on the server, and a link made here could later lead a write elsewhere).
            plan.warnings.append(msg("SyncError", "Skipped {count} link(s) on the server, e.g. {path}: links are not copied.",
                                     count=len(remote.links), path=min(remote.links)))  # fmt: skip
        opener.join(60)
        compare(plan, src, dst, conn, spare[0] if spare else None)
        spare.clear()
    finally:
        if scanner is not None:
            scanner.join()
        opener.join(60)
        for chan in spare:
            chan.close()
    if direction == UPLOAD:
        _keep_off_links(plan)
    return plan


def _scan_into(out: list[Listing | BaseException], root: Path, rules: ExcludeRules) -> None:
    try:
        out.append(scan_local(root, rules))
    except BaseException as exc:  # noqa: BLE001 - raised again on the caller's thread
        out.append(exc)


def _keep_off_links(plan: SyncPlan) -> None:
    """An upload never writes through a link on the server: a folder of the source where the
    server has a link is left out with everything in it (its target may be anywhere there)."""
    links = plan.remote_links
    if not links:
        return
    blocked = {d for d in plan.new_dirs if d in links}
    if not blocked:
        return

    def under(rel: str) -> bool:
        return _within(blocked, rel)

    for name in ("new", "changed", "touch", "new_dirs"):
        setattr(plan, name, [r for r in getattr(plan, name) if not under(r)])
    for rel in sorted(blocked):
        plan.warnings.append(msg("SyncError", "Skipped {path}: the server has a link there, and a sync never writes through one.",
                                 path=rel))  # fmt: skip


def compare(plan: SyncPlan, src: Listing, dst: Listing, conn: Connection | None,
            chan: paramiko.Channel | None = None) -> None:  # fmt: skip
    """Fill ``plan`` from the source and target listings (``conn`` hashes files whose size
    agrees but mtime does not; with none at hand such files count as changed). ``chan``: an
    open channel for the hash pass (it is used or closed)."""
    if plan.direction == DOWNLOAD:
        _compare_download(plan, src, dst, conn, chan)
    else:
        _compare(plan, src, dst, conn, chan=chan)


def _within(keys: set[str], rel: str) -> bool:
    """Whether ``rel`` or a folder above it is one of ``keys``."""
    if not keys:
        return False
    parts = rel.split("/")
    return any("/".join(parts[:n]) in keys for n in range(1, len(parts) + 1))


def map_to_local(src: Listing, insensitive: bool | None = None) -> tuple[Listing, dict[str, str], dict[str, list[str]]]:
    """The remote listing ``src`` in local-name space.

    Returns the listing keyed by local relative paths, the map remote → local, and the
    conflicts: local path → the remote names that all map to it. Entries of a conflict, and
    everything below one, are left out of the listing.
    """
    claims: dict[str, list[str]] = {}
    local_of: dict[str, str] = {}
    for rel in (*src.dirs, *src.files):
        local_of[rel] = local_rel(rel)
        claims.setdefault(fold(local_of[rel], insensitive), []).append(rel)
    clash = {key for key, rels in claims.items() if len(rels) > 1}
    conflicts = {local_of[rels[0]]: sorted(rels) for key, rels in claims.items() if key in clash}

    def clashing(lrel: str) -> bool:
        return _within(clash, fold(lrel, insensitive))

    out = Listing({}, set(), src.exists)
    for rel in src.dirs:
        if not clashing(local_of[rel]):
            out.dirs.add(local_of[rel])
    for rel, entry in src.files.items():
        if not clashing(local_of[rel]):
            out.files[local_of[rel]] = entry
    return out, {r: lr for r, lr in local_of.items() if r in src.files and not clashing(lr)}, conflicts


def _compare_download(plan: SyncPlan, src: Listing, dst: Listing, conn: Connection | None,
                      chan: paramiko.Channel | None = None) -> None:  # fmt: skip
    # The local disk says whether it folds case (a guess by platform only when it cannot tell):
    # a case-only rename on the server must match the local file, not delete it.
    insensitive = case_insensitive_dir(plan.local_root)
    mapped, local_of, conflicts = map_to_local(src, insensitive)
    remote_of = {lr: r for r, lr in local_of.items()}
    plan.local_of = local_of
    plan.conflicts = conflicts
    for lrel, rels in sorted(conflicts.items()):
        plan.warnings.append(msg("SyncError", "Left out {names}: they would all be {path} here. Rename them on the server.",
                                 names=", ".join(rels), path=lrel))  # fmt: skip
    # The local files of a conflict stay: which remote file they stand for is not known.
    keep = {fold(lrel, insensitive) for lrel in conflicts}
    local_dst = Listing(
        {r: e for r, e in dst.files.items() if not _within(keep, fold(r, insensitive))},
        {d for d in dst.dirs if not _within(keep, fold(d, insensitive))},
        dst.exists,
    )
    _compare(plan, mapped, local_dst, conn, remote_of, chan, insensitive)
    plan.source = {remote_of[lr]: e for lr, e in mapped.files.items()}
    for name in ("new", "changed", "touch"):
        setattr(plan, name, sorted(remote_of[lr] for lr in getattr(plan, name)))


def _same(rel: str) -> str:
    return rel


def _compare(plan: SyncPlan, src: Listing, dst: Listing, conn: Connection | None, remote_of: dict[str, str] | None = None,
             chan: paramiko.Channel | None = None, insensitive: bool | None = None) -> None:  # fmt: skip
    """Compare two listings keyed alike; ``remote_of`` maps a download's local keys to remote names."""

    def folded(rel: str) -> str:
        return fold(rel, insensitive)

    key = folded if remote_of is not None else _same  # local names clash by case where the disk folds it
    dst_of = {key(rel): rel for rel in dst.files}
    candidates: list[str] = []
    for rel, s in src.files.items():
        t_rel = dst_of.get(key(rel))
        t = dst.files[t_rel] if t_rel is not None else None
        if t is None:
            plan.new.append(rel)
        elif s.size != t.size:
            plan.changed.append(rel)
        elif s.mtime == t.mtime:
            plan.unchanged += 1
        else:
            candidates.append(rel)
    if candidates:
        plan.hashed = len(candidates)
        remote_rels = [remote_of[r] for r in candidates] if remote_of is not None else candidates
        ours: dict[str, str] = {}
        # This side's files are read while the server reads its own.
        hasher = threading.Thread(target=lambda: ours.update(local_hashes(plan.local_root, candidates)), daemon=True)
        hasher.start()
        try:
            theirs = remote_hashes(conn, plan.remote_root, remote_rels, chan) if conn is not None else None
        finally:
            chan = None
            hasher.join()
        for rel, rrel in zip(candidates, remote_rels, strict=True):
            if theirs is None:
                plan.changed.append(rel)  # no hash tool on the server: mtime decides
            elif theirs.get(rrel) is not None and theirs.get(rrel) == ours.get(rel):
                plan.touch.append(rel)
                plan.unchanged += 1
            else:
                plan.changed.append(rel)
        if theirs is None and conn is not None:
            plan.warnings.append(
                msg("SyncError", "The server has no sha256sum/shasum; files with another mtime count as changed.")
            )
    src_files = {key(r) for r in src.files}
    src_dirs = {key(d) for d in src.dirs}
    dst_dirs = {key(d) for d in dst.dirs}
    plan.deleted = sorted(rel for rel in dst.files if key(rel) not in src_files)
    # Folders carry the names of the side they are made on (new) or removed from (gone).
    plan.new_dirs = sorted((d for d in src.dirs if key(d) not in dst_dirs), key=lambda d: (d.count("/"), d))
    plan.gone_dirs = sorted((d for d in dst.dirs if key(d) not in src_dirs), key=lambda d: (-d.count("/"), d))
    plan.new.sort()
    plan.changed.sort()
    if chan is not None:
        chan.close()
