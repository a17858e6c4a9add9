"""Collect results keeps the job's code: its script files, and in a git repository the commit and the diff.

Against the real test sshd: a job run from a git working tree with an uncommitted change and a
config file, one run outside git, and the zip named after the job.
"""

from __future__ import annotations

import time
import zipfile

import pytest

from gpudesk.core.jobs import JobSpec, start_job
from gpudesk.core.jobs.collect import archive_name, archive_path, code_files, collect_results
from gpudesk.core.jobs.runner import get_job, remove_job

pytestmark = pytest.mark.e2e

SETUP = r"""
rm -rf ~/honest-collect ~/honest-plain && mkdir -p ~/honest-collect/configs ~/honest-plain && cd ~/honest-collect
printf 'mkdir -p outputs\necho "lr=$2" > outputs/done.txt\n' > train.sh
printf 'lr: 0.1\n' > configs/base.yaml
git init -q . && git add train.sh configs/base.yaml
git -c user.name=gpudesk -c user.email=test@example.invalid commit -qm first
printf '# tuned after the commit\n' >> train.sh
cp train.sh ~/honest-plain/train.sh
"""


def _wait(conn, job_id: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        info = get_job(conn, job_id)
        if info is not None and info.exit_code is not None:
            return info
        time.sleep(0.2)
    raise AssertionError("job did not finish")


@pytest.fixture
def project(connect):
    conn = connect()
    assert conn.exec("sh -s", stdin=SETUP.encode()).exit_code == 0
    yield conn
    conn.exec("rm -rf ~/honest-collect ~/honest-plain")


def test_command_names_its_code() -> None:
    assert code_files("python train.py --config configs/base.yaml > out.log") == ["train.py", "configs/base.yaml"]
    assert code_files("torchrun --nproc_per_node=8 -m pkg.train --cfg=run.toml; bash post.sh") == ["pkg/train.py", "run.toml", "post.sh"]
    assert code_files("echo 'unbalanced") == []


def test_zip_named_after_the_job_holds_script_commit_and_diff(project, tmp_path) -> None:
    conn = project
    info = start_job(conn, JobSpec("sh train.sh --lr 0.1 configs/base.yaml", name="Fine-tune llama 7B", workdir="~/honest-collect",
                                   env={"HF_TOKEN": "hf_secretvalue123"}))
    try:
        job = _wait(conn, info.id)
        assert job.exit_code == 0
        assert archive_name(job) == f"Fine-tune_llama_7B-{job.id}.zip"
        dest = archive_path(job, folder=tmp_path)
        assert dest == tmp_path / archive_name(job)
        # The diff carries a token the job knows: the zip must not.
        conn.exec("cd ~/honest-collect && echo 'TOKEN=hf_secretvalue123' >> configs/base.yaml")
        result = collect_results(conn, job, ["outputs", "checkpoints"], dest)
        assert result.code == ["train.sh", "configs/base.yaml"]
        commit = conn.exec("cd ~/honest-collect && git rev-parse HEAD").out.strip()
        assert result.git_commit == commit and result.git_changes
        with zipfile.ZipFile(dest) as zf:
            assert zf.read("job/code/train.sh").endswith(b"# tuned after the commit\n")
            assert zf.read("results/outputs/done.txt") == b"lr=0.1\n"
            git = zf.read("job/git.txt").decode()
            assert f"commit: {commit}" in git and "branch: " in git and "M train.sh" in git
            diff = zf.read("job/git.diff").decode()
            assert "+# tuned after the commit" in diff and "+TOKEN=***" in diff
            assert not any(b"hf_secretvalue123" in zf.read(n) for n in zf.namelist())
    finally:
        remove_job(conn, info.id)


def test_outside_git_the_script_alone(project, tmp_path) -> None:
    conn = project
    info = start_job(conn, JobSpec("sh ./train.sh --lr 2 missing.yaml", workdir="~/honest-plain"))
    try:
        job = _wait(conn, info.id)
        assert archive_name(job) == f"{job.id}.zip"  # no name: the id alone
        result = collect_results(conn, job, ["outputs"], tmp_path / "plain.zip")
        assert result.code == ["./train.sh"] and result.git_commit is None
        with zipfile.ZipFile(tmp_path / "plain.zip") as zf:
            names = zf.namelist()
            assert "job/code/train.sh" in names and not any(n.startswith("job/git") for n in names)
    finally:
        remove_job(conn, info.id)
