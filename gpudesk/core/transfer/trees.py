"""Folders up and down: a walk that stays inside the tree, a tar fast path, then per-file SFTP.

A folder that does not exist at the target is built under ``NAME.gpudesk-part`` and renamed
when every file is in place and verified, so a cut leaves no half-copied folder under the
real name. Small files go first as one tar stream over an exec channel when the server has
tar (one round trip instead of several per file); every file is then size-checked and
anything missing or short is sent again over SFTP, which also finishes a resumed folder.
"""

from __future__ import annotations

import os
import shlex
import stat as st
from dataclasses import dataclass
from pathlib import Path

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.transfer import tarpath
from gpudesk.core.transfer.errors import RemoteError, TransferError, VerifyFailed, describe_local, renamed_note
from gpudesk.core.transfer.files import Job, download_file, upload_file
from gpudesk.core.transfer.longpath import extended, shown
from gpudesk.core.transfer.names import PART_SUFFIX, inside, rbase, rjoin, rparent, safe_name, unique_name, valid_rel
from gpudesk.core.transfer.rawsftp import Attrs
from gpudesk.core.transfer.verify import local_sha256

SMALL = 1024 * 1024  # files up to this size ride the tar stream
TAR_MIN_FILES = 8


@dataclass
class LocalFile:
    rel: str  # POSIX relative path
    path: Path
    size: int


@dataclass
class RemoteFile:
    remote: str
    rel: str  # POSIX relative path as the server names it
    local_rel: str  # the safe local relative path
    attrs: Attrs


def walk_local(root: Path, job: Job) -> tuple[list[str], list[LocalFile]]:
    """Folders and files under ``root``; links are followed only when they stay inside it."""
    dirs: list[str] = []
    files: list[LocalFile] = []
    stack = [(extended(root, root=True), "")]  # files deeper than Windows' 260 characters still opens
    while stack:
        folder, rel = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            job.warn(describe_local(exc, str(folder)))
            continue
        for entry in entries:
            erel = f"{rel}/{entry.name}" if rel else entry.name
            path = Path(entry.path)
            if entry.is_symlink():
                if not inside(root, path):
                    job.warn(msg("TransferError", "Skipped the link {path}: it points outside the folder.", path=erel))
                    continue
                if path.is_dir():
                    job.warn(
                        msg("TransferError", "Skipped the link {path}: links to folders are not followed.", path=erel)
                    )
                    continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    dirs.append(erel)
                    stack.append((path, erel))
                elif path.is_file():
                    files.append(LocalFile(erel, path, path.stat().st_size))
                else:
                    job.warn(msg("TransferError", "Skipped {path}: not a regular file.", path=erel))
            except OSError as exc:
                job.warn(describe_local(exc, erel))
    return dirs, files


def _listing_by_find(job: Job, root: str) -> list[tuple[str, Attrs]] | None:
    """Every entry under ``root`` in one round trip (GNU find), or ``None`` to walk by SFTP."""
    cmd = f"cd -- {shlex.quote(root)} && find . -mindepth 1 -printf '%y/%s/%T@/%m/%P\\0'"
    try:
        result = job.conn.exec(cmd, timeout=600)
    except Exception:  # noqa: BLE001 - the SFTP walk is the fallback
        return None
    if result.exit_code != 0:
        return None
    kinds = {"f": st.S_IFREG, "d": st.S_IFDIR, "l": st.S_IFLNK}
    out: list[tuple[str, Attrs]] = []
    for record in result.stdout.split(b"\0"):
        if not record:
            continue
        try:
            kind, size, mtime, mode, rel = record.split(b"/", 4)
            attrs = Attrs(size=int(size), mtime=int(float(mtime)), mode=kinds.get(kind.decode(), 0) | int(mode, 8))
        except (ValueError, UnicodeDecodeError):
            return None  # not the output we asked for: walk by SFTP instead
        out.append((rel.decode("utf-8", "surrogateescape"), attrs))
    return out


def _listing_by_sftp(job: Job, root: str) -> list[tuple[str, Attrs]]:
    out: list[tuple[str, Attrs]] = []
    stack = [(root, "")]
    while stack:
        folder, rel = stack.pop()
        for name, attrs in job.sftp.listdir(folder):
            erel = f"{rel}/{name}" if rel else name
            out.append((erel, attrs))
            if attrs.is_dir:
                stack.append((rjoin(folder, name), erel))
    return out


def walk_remote(job: Job, root: str) -> tuple[list[str], list[RemoteFile]]:
    """Folders (as safe local relative paths) and files under the remote ``root``."""
    sftp = job.sftp
    real_root = sftp.realpath(root)
    listing = _listing_by_find(job, root)
    if listing is None:
        listing = _listing_by_sftp(job, root)
    listing.sort(key=lambda e: e[0].split("/"))  # parents before children
    dirs: list[str] = []
    files: list[RemoteFile] = []
    local_of: dict[str, str] = {"": ""}  # remote relative folder -> its safe local path
    taken: dict[str, set[str]] = {}
    for erel, attrs in listing:
        if not valid_rel(erel):
            job.warn(
                msg("TransferError", "Skipped {path}: the server listed a name no folder can hold.", path=repr(erel))
            )
            continue
        parent, _, name = erel.rpartition("/")
        lparent = local_of.get(parent)
        if lparent is None:
            continue  # inside a folder that was skipped
        local_name = safe_name(name)
        used = taken.setdefault(parent, set())
        if local_name.lower() in used:  # also avoids clashes on case-insensitive disks
            local_name = unique_name(local_name, exists=lambda c, u=used: c.lower() in u)
        used.add(local_name.lower())
        elrel = f"{lparent}/{local_name}" if lparent else local_name
        if local_name != name:
            job.warn(renamed_note(erel, elrel))
        path = rjoin(root, erel)
        if attrs.is_link:
            try:
                target = sftp.realpath(path)
                attrs = sftp.stat(path)
            except RemoteError:
                job.warn(msg("TransferError", "Skipped the broken link {path}.", path=erel))
                continue
            if not (target + "/").startswith(real_root.rstrip("/") + "/"):
                job.warn(msg("TransferError", "Skipped the link {path}: it points outside the folder.", path=erel))
                continue
            if attrs.is_dir:
                job.warn(msg("TransferError", "Skipped the link {path}: links to folders are not followed.", path=erel))
                continue
        if attrs.is_dir:
            dirs.append(elrel)
            local_of[erel] = elrel
        elif attrs.is_file:
            files.append(RemoteFile(path, erel, elrel, attrs))
        else:
            job.warn(msg("TransferError", "Skipped {path}: not a regular file.", path=erel))
    return dirs, files


def _remote_tree(job: Job, root: str) -> tuple[set[str], dict[str, int]]:
    """Folders and file sizes already under the remote ``root`` (relative paths)."""
    listing = _listing_by_find(job, root)
    if listing is None:
        listing = _listing_by_sftp(job, root)
    dirs = {rel for rel, attrs in listing if attrs.is_dir}
    sizes = {rel: attrs.size for rel, attrs in listing if attrs.is_file and attrs.size is not None}
    return dirs, sizes


def upload_tree(job: Job, local_root: Path, remote_parent: str) -> None:
    sftp = job.sftp
    dest = rjoin(remote_parent, local_root.name)
    dirs, files = walk_local(local_root, job)
    job.meter.total = sum(f.size for f in files)
    existing = sftp.exists(dest)
    if existing is not None and not existing.is_dir:
        raise TransferError(
            msg("TransferError", "A file with this name already exists on the server ({path}).", path=dest)
        )
    fresh = existing is None
    work = dest + PART_SUFFIX if fresh else dest
    if sftp.exists(work) is None:
        sftp.mkdir(work)
    _, have = _remote_tree(job, work)
    small = [f for f in files if f.size <= SMALL and have.get(f.rel) != f.size]
    counted: set[str] = set()
    if fresh and len(small) >= TAR_MIN_FILES and tarpath.remote_has_tar(job.conn):
        try:
            tarpath.upload(job, work, small, counted)
        except TransferError as exc:
            job.warn(
                msg(
                    "TransferError",
                    "The fast path for small files failed ({error}); sending them one by one.",
                    error=message_of(exc),
                )
            )
    present, have = _remote_tree(job, work)
    for d in dirs:  # parents come before children in the walk
        if d not in present:
            sftp.mkdir(rjoin(work, d))
    for f in files:
        job.check()
        if fresh and have.get(f.rel) == f.size and f.size <= SMALL:
            if f.rel not in counted:
                job.meter.add(f.size)
            continue
        if f.rel in counted:  # the stream broke off inside this file; it is sent again
            job.meter.done -= f.size
        if f.rel in job.completed:
            job.meter.add(f.size)
            continue
        upload_file(job, f.path, rjoin(work, f.rel), overwrite=fresh)
        job.completed.add(f.rel)
    if job.verify:
        _verify_tree_upload(job, work, files)
    if fresh:
        sftp.rename(work, dest)


def _remote_hashes(job: Job, root: str) -> dict[str, str] | None:
    cmd = (
        f"cd -- {shlex.quote(root)} && if command -v sha256sum >/dev/null 2>&1; then H=sha256sum; "
        "elif command -v shasum >/dev/null 2>&1; then H='shasum -a 256'; else exit 127; fi; "
        "find . -type f -exec $H {} +"
    )
    result = job.conn.exec(cmd, timeout=3600)
    if result.exit_code != 0:
        return None
    out: dict[str, str] = {}
    for line in result.stdout.decode("utf-8", "surrogateescape").splitlines():
        digest, _, name = line.partition("  ")
        if name.startswith("./"):
            out[name[2:]] = digest.lstrip("\\")
    return out


def _verify_tree_upload(job: Job, work: str, files: list[LocalFile]) -> None:
    hashes = _remote_hashes(job, work)
    if hashes is None:
        job.warn(msg("TransferError", "The server has no sha256sum/shasum; the folder was checked by size only."))
        return
    bad = [f.rel for f in files if hashes.get(f.rel) not in (None, local_sha256(f.path))]
    if bad:
        raise VerifyFailed(
            msg(
                "TransferError",
                "SHA-256 check failed for {count} file(s), e.g. {path}. Retry the transfer.",
                count=len(bad),
                path=bad[0],
            )
        )


def download_tree(job: Job, remote_root: str, local_parent: Path) -> Path:
    name = safe_name(rbase(remote_root))
    if name != rbase(remote_root):
        job.warn(renamed_note(rbase(remote_root), name))
    local_parent = extended(local_parent, root=True)  # files deeper than Windows' 260 characters still opens
    dest = local_parent / name
    dirs, files = walk_remote(job, remote_root)
    job.meter.total = sum(f.attrs.size or 0 for f in files)
    if dest.exists() and not dest.is_dir():
        raise TransferError(
            msg("TransferError", "A file with this name already exists here ({path}).", path=shown(dest))
        )
    fresh = not dest.exists()
    work = local_parent / (name + PART_SUFFIX) if fresh else dest
    if fresh and work.is_symlink():  # the staging folder is ours: a link there is not
        raise TransferError(
            msg(
                "TransferError",
                "Refused to write outside {folder} ({path}).",
                folder=shown(local_parent),
                path=work.name,
            )
        )
    try:
        work.mkdir(exist_ok=True)
        for d in dirs:
            target = work / d
            if not fresh and not inside(work, target):
                raise TransferError(
                    msg("TransferError", "Refused to write outside {folder} ({path}).", folder=shown(work), path=d)
                )
            target.mkdir(exist_ok=True)
    except OSError as exc:
        raise TransferError(describe_local(exc, str(work))) from None

    def have(f: RemoteFile) -> bool:
        try:
            return (work / f.local_rel).stat().st_size == (f.attrs.size or 0)
        except OSError:
            return False

    small = [f for f in files if (f.attrs.size or 0) <= SMALL and not have(f)]
    counted: set[str] = set()
    if fresh and len(small) >= TAR_MIN_FILES and tarpath.remote_has_tar(job.conn):
        try:
            tarpath.download(job, rparent(remote_root), rbase(remote_root), work, small, counted)
        except TransferError as exc:
            job.warn(
                msg(
                    "TransferError",
                    "The fast path for small files failed ({error}); fetching them one by one.",
                    error=message_of(exc),
                )
            )
    for f in files:
        job.check()
        target = work / f.local_rel
        # A fresh staging folder holds only what we made from safe names; a folder that
        # existed before may hold links, so there every target is resolved first.
        if not fresh and not inside(work, target):
            job.warn(
                msg(
                    "TransferError",
                    "Skipped {path}: it would be written outside {folder}.",
                    path=f.rel,
                    folder=shown(work),
                )
            )
            continue
        if fresh and (f.attrs.size or 0) <= SMALL and have(f):
            if f.rel not in counted:
                job.meter.add(f.attrs.size or 0)
            continue
        if f.rel in counted:
            job.meter.done -= f.attrs.size or 0
        if f.rel in job.completed:
            job.meter.add(f.attrs.size or 0)
            continue
        download_file(job, f.remote, f.attrs, target, overwrite=fresh)
        job.completed.add(f.rel)
    if job.verify:
        hashes = _remote_hashes(job, remote_root)
        if hashes is None:
            job.warn(msg("TransferError", "The server has no sha256sum/shasum; the folder was checked by size only."))
        else:
            bad = [f.rel for f in files if f.rel in hashes and hashes[f.rel] != local_sha256(work / f.local_rel)]
            if bad:
                raise VerifyFailed(
                    msg(
                        "TransferError",
                        "SHA-256 check failed for {count} file(s), e.g. {path}. Retry the transfer.",
                        count=len(bad),
                        path=bad[0],
                    )
                )
    if fresh:
        try:
            os.replace(work, dest)
        except OSError as exc:
            raise TransferError(describe_local(exc, str(dest))) from None
    return Path(shown(dest))
