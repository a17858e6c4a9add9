""" "Collect results": download a job's outputs and archive them with its log, command, code, environment and cost.

One zip per job, named after it, so a run can be reproduced later. The code is the script and
configuration files the command names (``train.py``, ``configs/a.yaml``, ``-m pkg.train``) under
``job/code/``, and, when the working folder is in a git repository, its commit, status and
uncommitted changes (``job/git.txt``, ``job/git.diff``), as they are when collecting. Files come over one exec channel as a
``tar`` stream (DESIGN §5: far faster than file-by-file SFTP for many small files) and go
straight into the zip without touching the local disk unpacked. The zip is written to a
temporary name and renamed when complete.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import tarfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gpudesk.core import ctrlchars, paths
from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.jobs import script
from gpudesk.core.jobs.model import JobInfo, format_duration, valid_job_id
from gpudesk.core.jobs.runner import JobError, read_log
from gpudesk.core.redact import REDACTED, is_secret_name, redact_env
from gpudesk.core.ssh.errors import RemoteCommandError

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import Connection

STORED_SUFFIXES = (
    ".pt",
    ".pth",
    ".bin",
    ".safetensors",
    ".ckpt",
    ".npy",
    ".npz",
    ".zip",
    ".gz",
    ".bz2",
    ".xz",
    ".zst",
    ".png",
    ".jpg",
    ".jpeg",
    ".mp4",
    ".tar",
    ".pkl",
    ".h5",
    ".onnx",
    ".parquet",
)
_GLOB_CHUNK = re.compile(r"(\*|\?|\[[^\]/]*\])")
_BRACKET_SAFE = set("!^-_.:+,@%=~")
#: What a zip can hold (MS-DOS dates): older or newer file times are clamped to these.
_ZIP_MIN = (1980, 1, 1, 0, 0, 0)
_ZIP_MAX = (2107, 12, 31, 23, 59, 58)

Progress = Callable[[int, int | None, str], None]  # (bytes done, bytes total or None, current file)

#: Files a command names that hold the run's code or configuration.
CODE_SUFFIXES = (
    ".py",
    ".sh",
    ".bash",
    ".ipynb",
    ".yaml",
    ".yml",
    ".json",
    ".toml",
    ".cfg",
    ".ini",
    ".r",
    ".jl",
    ".lua",
)
MAX_CODE_FILES = 12
MAX_CODE_BYTES = 2 * 1024 * 1024  # a bigger "script" is data, not code
MAX_DIFF_BYTES = 16 * 1024 * 1024


def default_patterns(job: JobInfo) -> list[str]:
    """What a job usually leaves behind: its declared results, its TensorBoard dir, common output folders."""
    found = list(job.results)
    if job.log_dir and job.log_dir not in found:
        found.append(job.log_dir)
    for name in ("outputs", "checkpoints", "results", "runs", "*.log"):
        if name not in found:
            found.append(name)
    return found


def glob_word(pattern: str) -> str:
    """A shell word that expands ``pattern`` as a glob but can never run anything.

    Literal parts are single-quoted; only ``*``, ``?`` and ``[...]`` of letters, digits and ``!^-_.:+,@%=~``
    stay bare. A group holding a space, a line break or a shell character (``[ \n]``) would end the
    word or the line, so it is quoted and matches only itself.
    """
    pattern = pattern.strip()
    prefix = ""
    if pattern == "~" or pattern.startswith("~/"):
        prefix, pattern = '"$HOME"', pattern[1:]
    parts = [p for p in _GLOB_CHUNK.split(pattern) if p]
    out = []
    for part in parts:
        if _GLOB_CHUNK.fullmatch(part) and all(c.isalnum() or c in _BRACKET_SAFE for c in part[1:-1]):
            out.append(part)
        else:
            out.append(shlex.quote(part))
    return prefix + "".join(out)


def _list_script(job: JobInfo, patterns: list[str]) -> str:
    words = " ".join(glob_word(p) for p in patterns if p.strip())
    return "\n".join(
        [
            f"cd -- {script.shell_path(job.workdir)} || exit 2",
            f"for f in {words}; do",
            '  [ -e "$f" ] || continue',
            '  printf "%s\\t%s\\n" "$(du -sk -- "$f" | cut -f1)" "$f"',
            "done",
        ]
    )


@dataclass
class CollectResult:
    path: Path
    files: int = 0
    bytes: int = 0
    matched: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    code: list[str] = field(default_factory=list)  # the command's script files, as it names them
    git_commit: str | None = None  # the working folder's commit when it is in a git repository
    git_changes: bool = False  # ... with uncommitted changes (in job/git.diff)


def match_results(conn: Connection, job: JobInfo, patterns: list[str]) -> list[tuple[str, int]]:
    """``[(path relative to the working folder, size in bytes (approx.))]`` that the patterns match now."""
    result = conn.exec("sh -s", timeout=120, stdin=_list_script(job, patterns).encode())
    if result.exit_code == 2:
        raise JobError(
            msg("JobError", "The job's working folder {path} is gone on the server.", path=job.workdir or "~")
        )
    found: list[tuple[str, int]] = []
    seen: set[str] = set()
    for line in result.out.splitlines():
        size, _, name = line.partition("\t")
        if name and name not in seen and size.isdigit():
            seen.add(name)
            found.append((name, int(size) * 1024))
    return found


def safe_member_name(name: str) -> str | None:
    """A tar member's path as a relative, clean zip path (no absolute paths, no ``..``)."""
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        return None
    return "/".join(parts) or None


def archive_name(job: JobInfo) -> str:
    """The zip's file name: the job's name and id (``finetune-llama-20261202-150405-3fa2.zip``)."""
    if not valid_job_id(job.id):
        raise JobError(msg("JobError", "'{id}' is not a job id.", id=ctrlchars.escape(job.id)))
    name = re.sub(r"[^\w.-]+", "_", ctrlchars.clean(job.name or "")).strip("._-")[:60]
    return f"{name}-{job.id}.zip" if name and name != job.id else f"{job.id}.zip"


def archive_path(job: JobInfo, session_label: str = "", folder: Path | None = None) -> Path:
    """Where the zip goes: ``folder`` (the one the user chose last) or the data folder's jobs/<server>."""
    name = archive_name(job)
    if folder is None:
        folder = paths.data_dir() / "jobs"
        if session_label:
            folder = folder / (re.sub(r"[^\w.-]+", "_", session_label).strip("_") or "server")
        folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def code_files(command: str) -> list[str]:
    """The script and configuration files ``command`` names, in order (``-m pkg.train`` → ``pkg/train.py``)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        words = list(lexer)
    except ValueError:  # an unbalanced quote: the plain words still name the files
        words = command.split()
    found: list[str] = []
    for i, word in enumerate(words):
        candidates = [word, word.partition("=")[2]]
        if i and words[i - 1] == "-m" and re.fullmatch(r"[A-Za-z_][\w.]*", word):
            candidates.append(word.replace(".", "/") + ".py")
        for item in candidates:
            if (
                item
                and not item.startswith("-")
                and item.lower().endswith(CODE_SUFFIXES)
                and "\0" not in item
                and item not in found
            ):
                found.append(item)
    return found[:MAX_CODE_FILES]


def read_code(conn: Connection, job: JobInfo) -> dict[str, bytes]:
    """``{name as the command gives it: content}`` of the command's code files found in the working folder."""
    out: dict[str, bytes] = {}
    for name in code_files(job.command):
        word = _word(name)
        result = conn.exec(
            f"cd -- {script.shell_path(job.workdir)} && [ -f {word} ] && head -c {MAX_CODE_BYTES + 1} -- {word}",
            timeout=60,
        )
        if result.exit_code == 0 and len(result.stdout) <= MAX_CODE_BYTES:
            out[name] = result.stdout
    return out


_GIT_STATE = """
git rev-parse --is-inside-work-tree > /dev/null 2>&1 || exit 3
echo "repository: $(git rev-parse --show-toplevel)"
echo "commit: $(git rev-parse --verify -q HEAD || echo '(no commit yet)')"
echo "branch: $(git symbolic-ref -q --short HEAD || echo '(detached)')"
echo "== git status --short"
git -c core.quotepath=off status --short | head -n 2000
"""


def git_state(conn: Connection, job: JobInfo) -> tuple[str, bytes] | None:
    """The working folder's git commit and status (text) and its uncommitted changes (a diff); None outside git."""
    cd = f"cd -- {script.shell_path(job.workdir)} || exit 2"
    state = conn.exec("sh -s", timeout=60, stdin=(cd + _GIT_STATE).encode())
    if state.exit_code != 0:
        return None
    diff = conn.exec(f"{cd}; {{ git diff HEAD 2>/dev/null || git diff; }} | head -c {MAX_DIFF_BYTES}", timeout=120)
    return state.out, diff.stdout


def cost_report(job: JobInfo, hourly_price: float | None, currency: str = "") -> JSONObject:
    duration = job.duration_s()
    return {
        "duration_s": duration,
        "duration": format_duration(duration),
        "hourly_price": hourly_price,
        "currency": currency,
        "cost": None if hourly_price is None else round(job.cost(hourly_price) or 0.0, 4),
    }


def command_text(job: JobInfo) -> str:
    """The job as a script to read or run again; secret-looking variables are written as ``***``."""
    one = ctrlchars.clean
    lines = [f"# {one(job.name)}  ({one(job.id)})", f"# template: {one(job.template)}  runner: {one(job.runner)}"]
    if job.workdir:
        lines.append(f"cd {_word(job.workdir)}")
    act = job.activation or {}
    if act.get("kind") == "conda" and act.get("value"):
        lines.append(f"conda activate {shlex.quote(str(act['value']))}")
    elif act.get("kind") == "venv" and act.get("value"):
        lines.append(f". {_word(str(act['value']) + '/bin/activate')}")
    for key, value in redact_env(job.env).items():
        if key.isidentifier():
            lines.append(f"export {key}={shlex.quote(value)}")
    lines.append(job.command)
    return "\n".join(lines) + "\n"


def _word(path: str) -> str:
    """A path as one shell word for the readable command.sh: quoted, with a leading ``~/`` left to expand."""
    if path == "~":
        return path
    if path.startswith("~/"):
        return "~/" + shlex.quote(path[2:])
    return shlex.quote(path)


def secret_values(job: JobInfo) -> list[bytes]:
    """The values of the job's secret-looking variables (HF_TOKEN…), longest first, as they would appear in text."""
    values = {v for k, v in job.env.items() if is_secret_name(k) and len(v) >= 4}
    return sorted((v.encode("utf-8") for v in values), key=len, reverse=True)


def scrub(data: bytes, secrets: list[bytes]) -> bytes:
    """``data`` with every secret value replaced by ``***`` (a job or a tool may print its token)."""
    for value in secrets:
        data = data.replace(value, REDACTED.encode())
    return data


def zip_time(mtime: float) -> tuple[int, int, int, int, int, int]:
    """A file time a zip can store: local time, clamped to 1980–2107 (zipfile refuses anything else)."""
    try:
        stamp = tuple(time.localtime(mtime)[:6])
    except (OverflowError, OSError, ValueError):
        return _ZIP_MIN
    return max(_ZIP_MIN, min(_ZIP_MAX, stamp))  # type: ignore[return-value]


def collect_results(
    conn: Connection,
    job: JobInfo,
    patterns: list[str],
    dest: Path,
    hourly_price: float | None = None,
    currency: str = "",
    env_report: str | None = None,
    progress: Progress | None = None,
) -> CollectResult:
    """Download what ``patterns`` match (relative to the job's working folder) and write ``dest`` (a zip)."""
    matched = match_results(conn, job, patterns) if patterns else []
    total = sum(size for _, size in matched) or None
    result = CollectResult(dest, matched=[name for name, _ in matched])
    result.missing = [p for p in patterns if p.strip() and not any(_matches(p, name) for name, _ in matched)]
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_name(dest.name + ".part")
    # What gpudesk writes into the zip never holds a secret in clear text: the job's real environment
    # stays on the server; here secret-looking variables are "***" and their values are scrubbed.
    secrets = secret_values(job)
    meta = job.to_json()
    meta["env"] = redact_env(job.env)
    try:
        with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
            zf.writestr("job/log.txt", scrub(read_log(conn, job.id), secrets))
            zf.writestr("job/command.sh", scrub(command_text(job).encode("utf-8"), secrets))
            zf.writestr("job/meta.json", scrub(json.dumps(meta, indent=2).encode("utf-8"), secrets))
            zf.writestr("job/cost.json", json.dumps(cost_report(job, hourly_price, currency), indent=2))
            if env_report:
                zf.writestr("job/environment.txt", scrub(env_report.encode("utf-8"), secrets))
            _write_code(conn, job, zf, result, secrets)
            if matched:
                _stream_tar(conn, job, [name for name, _ in matched], zf, result, total, progress)
        os.replace(part, dest)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return result


def _write_code(
    conn: Connection, job: JobInfo, zf: zipfile.ZipFile, result: CollectResult, secrets: list[bytes]
) -> None:
    """The command's script files under job/code/, and the git commit, status and diff when in a repository."""
    for name, data in read_code(conn, job).items():
        member = safe_member_name(name.removeprefix("~/"))
        if member is not None:
            zf.writestr("job/code/" + member, scrub(data, secrets))
            result.code.append(name)
    git = git_state(conn, job)
    if git is not None:
        state, diff = git
        header = f"# The job's working folder {job.workdir or '~'} when its results were collected.\n"
        zf.writestr("job/git.txt", scrub((header + state).encode("utf-8"), secrets))
        zf.writestr("job/git.diff", scrub(diff, secrets))
        commit = re.search(r"^commit: (\S+)", state, re.M)
        result.git_commit = commit.group(1) if commit and not commit.group(1).startswith("(") else None
        result.git_changes = bool(diff.strip())


def _matches(pattern: str, name: str) -> bool:
    pattern = pattern.strip().rstrip("/")
    return fnmatch.fnmatch(name, pattern) or name == pattern


def _stream_tar(
    conn: Connection,
    job: JobInfo,
    names: list[str],
    zf: zipfile.ZipFile,
    result: CollectResult,
    total: int | None,
    progress: Progress | None,
) -> None:
    chan = conn.open_channel()
    try:
        # Names arrive NUL-separated on stdin, so no path is ever parsed by a shell.
        chan.exec_command(f"cd -- {script.shell_path(job.workdir)} && tar cf - --null -T -")
        chan.sendall(b"".join(n.encode("utf-8") + b"\0" for n in names))
        chan.shutdown_write()
        stream = chan.makefile("rb")
        done = 0
        last = 0.0
        with tarfile.open(fileobj=stream, mode="r|") as tar:
            for member in tar:
                name = safe_member_name(member.name)
                if name is None or not member.isfile():
                    continue
                src = tar.extractfile(member)
                if src is None:
                    continue
                stored = name.lower().endswith(STORED_SUFFIXES) or member.size > 64 * 1024 * 1024
                info = zipfile.ZipInfo("results/" + name, zip_time(member.mtime))
                info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                info.external_attr = (member.mode & 0o777) << 16
                with zf.open(info, "w", force_zip64=member.size > 2**31) as out:
                    while chunk := src.read(1024 * 1024):
                        out.write(chunk)
                        done += len(chunk)
                        now = time.monotonic()
                        if progress is not None and now - last > 0.2:
                            last = now
                            progress(done, total, name)
                result.files += 1
                result.bytes += member.size
        err = chan.recv_stderr(65536).decode("utf-8", "replace").strip() if chan.recv_stderr_ready() else ""
        code = chan.recv_exit_status()
        if code not in (0, 1):  # GNU tar: 1 = "some files changed while being read", fine for a running job
            if err:
                raise JobError(msg("JobError", "Downloading the results failed: {error}.", error=err))
            raise JobError(msg("JobError", "Downloading the results failed: tar exit code {code}.", code=code))
        if progress is not None:
            progress(done, total, "")
    finally:
        chan.close()


_ENV_REPORT = r"""
echo "== host"; uname -a; date -u
echo "== gpus"; nvidia-smi 2>&1 | head -n 40
echo "== python"; command -v python; python -V 2>&1
echo "== pip freeze"; python -m pip freeze 2>&1 | head -n 1000
if command -v conda > /dev/null 2>&1; then echo "== conda"; conda list --export 2>&1 | head -n 1000; fi
"""


def environment_report(conn: Connection, job: JobInfo) -> str:
    """Host, GPUs, Python and package versions as seen from the job's environment (for reproducing it)."""
    preamble = script.build_cmd_script(job.to_spec(command=""), job.id)
    shell = "bash --login -s" if conn.exec("command -v bash", timeout=30).exit_code == 0 else "sh -s"
    try:
        result = conn.exec(shell, timeout=120, stdin=(preamble + _ENV_REPORT).encode())
    except RemoteCommandError as exc:
        return f"(the environment report failed: {exc})\n"
    out: str = result.out
    return out + (("\n== errors\n" + result.err) if result.err.strip() else "")
