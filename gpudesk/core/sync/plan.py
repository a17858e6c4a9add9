"""The sync plan: what is new, changed and deleted, decided by size, mtime and (where those
disagree) a content hash.

Size differs → changed. Same size and mtime → unchanged. Same size, other mtime → both sides
are hashed (the remote side in one exec for all such files); equal content only gets its
mtime fixed at the target, so the next sync does not hash it again.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.sync.excludes import ExcludeRules
from gpudesk.core.sync.scan import Entry, Listing, SyncError, local_hashes, remote_hashes, scan_local, scan_remote
from gpudesk.core.transfer.names import rjoin
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

    @property
    def bytes(self) -> int:
        return sum(self.source[r].size for r in (*self.new, *self.changed))

    @property
    def empty(self) -> bool:
        return not (self.new or self.changed or self.touch or self.new_dirs or (self.delete and self.deleted))

    def to_json(self) -> dict[str, object]:
        return {
            "direction": self.direction,
            "local": str(self.local_root),
            "remote": self.remote_root,
            "new": self.new,
            "changed": self.changed,
            "deleted": self.deleted,
            "delete": self.delete,
            "unchanged": self.unchanged,
            "bytes": self.bytes,
            "warnings": self.warnings,
        }


def resolve_remote(conn: Connection, remote: str) -> str:
    """``~`` and relative paths are taken from the login user's home, as ``scp`` does."""
    remote = remote.strip()
    if remote.startswith("/"):
        return remote
    home = conn.exec("pwd", timeout=30).out.strip() or "."
    rest = remote[1:].lstrip("/") if remote.startswith("~") else remote
    return f"{home.rstrip('/')}/{rest}".rstrip("/") if rest else home


def read_gitignore(conn: Connection, direction: str, local_root: Path, remote_root: str) -> str | None:
    """The source side's ``.gitignore`` text, if it has one."""
    if direction == UPLOAD:
        try:
            return (local_root / ".gitignore").read_text("utf-8", "replace")
        except OSError:
            return None
    result = conn.exec(f"cat -- {shlex.quote(rjoin(remote_root, '.gitignore'))} 2>/dev/null", timeout=60)
    return result.out if result.exit_code == 0 else None


def make_rules(conn: Connection, direction: str, local_root: Path, remote_root: str, excludes: list[str],
               use_gitignore: bool = True, defaults: bool = True) -> ExcludeRules:  # fmt: skip
    gitignore = read_gitignore(conn, direction, local_root, remote_root) if use_gitignore else None
    return ExcludeRules.for_sync(excludes, gitignore, defaults)


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
    """Compare both sides and decide what to send (blocking: call off the GUI thread)."""
    if direction not in (UPLOAD, DOWNLOAD):
        raise SyncError(msg("SyncError", "Unknown direction {direction}: use upload or download.", direction=repr(direction)))
    local_root = Path(local_root).expanduser()
    remote_root = remote_root.rstrip("/") or "/"
    rules = make_rules(conn, direction, local_root, remote_root, list(excludes or []), use_gitignore)
    local = scan_local(local_root, rules)
    remote = scan_remote(conn, sftp, remote_root, rules)
    src, dst = (local, remote) if direction == UPLOAD else (remote, local)
    if not src.exists:
        if direction == UPLOAD:
            raise SyncError(msg("SyncError", "The folder to sync from does not exist here: {path}", path=str(local_root)))
        raise SyncError(msg("SyncError", "The folder to sync from does not exist on the server: {path}", path=remote_root))
    plan = SyncPlan(direction, local_root, remote_root, delete, source=src.files, target_exists=dst.exists)
    _compare(plan, src, dst, conn)
    return plan


def _compare(plan: SyncPlan, src: Listing, dst: Listing, conn: Connection) -> None:
    candidates: list[str] = []
    for rel, s in src.files.items():
        t = dst.files.get(rel)
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
        theirs = remote_hashes(conn, plan.remote_root, candidates)
        ours = local_hashes(plan.local_root, candidates)
        for rel in candidates:
            if theirs is None:
                plan.changed.append(rel)  # no hash tool on the server: mtime decides
            elif theirs.get(rel) is not None and theirs.get(rel) == ours.get(rel):
                plan.touch.append(rel)
                plan.unchanged += 1
            else:
                plan.changed.append(rel)
        if theirs is None:
            plan.warnings.append("The server has no sha256sum/shasum; files with another mtime count as changed.")
    plan.deleted = sorted(rel for rel in dst.files if rel not in src.files)
    plan.new_dirs = sorted((d for d in src.dirs if d not in dst.dirs), key=lambda d: (d.count("/"), d))
    plan.gone_dirs = sorted((d for d in dst.dirs if d not in src.dirs), key=lambda d: (-d.count("/"), d))
    plan.new.sort()
    plan.changed.sort()
