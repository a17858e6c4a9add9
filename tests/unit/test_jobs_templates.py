"""Job templates (single GPU, DDP, multi-node), the generated scripts, and the listing parser."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.jobs import script
from gpudesk.core.jobs.model import (
    FAILED,
    LOST,
    RUNNING,
    STOPPED,
    SUCCEEDED,
    Activation,
    JobInfo,
    JobSpec,
    format_duration,
    new_job_id,
    valid_job_id,
)
from gpudesk.core.jobs.runner import parse_listing
from gpudesk.core.jobs.templates import TEMPLATES, Node, build_command, multinode_specs


def test_single_gpu_with_hyper_parameters() -> None:
    cmd = build_command("single", "train.py", "--data 'my data'", {"batch_size": "16", "lr": "1e-4", "grad_accum": ""})
    assert shlex.split(cmd) == ["python", "train.py", "--data", "my data", "--batch-size", "16", "--lr", "1e-4"]
    # A value the user never typed is never passed: a script without --epochs would crash on it.
    assert build_command("single", "train.py", "", {}) == "python train.py"


def test_ddp_uses_torchrun_with_one_process_per_gpu() -> None:
    cmd = build_command("ddp", "train.py", "", {"batch_size": "8"}, nproc=4)
    words = shlex.split(cmd)
    assert words[:4] == ["torchrun", "--standalone", "--nproc_per_node=4", "train.py"]
    assert words[words.index("--batch-size") + 1] == "8"


def test_custom_template_keeps_the_line_as_written() -> None:
    assert build_command("custom", "python a.py && python b.py", "") == "python a.py && python b.py"
    assert TEMPLATES["custom"].params == ()


def test_script_is_required_for_python_templates() -> None:
    with pytest.raises(ValueError):
        build_command("single", "  ")


def test_multinode_rendezvous_on_the_first_node() -> None:
    base = JobSpec("", name="llm", workdir="~/proj", gpus="0,1,2,3", job_id="20261202-120000-abcd")
    nodes = [Node("node-a", "10.0.0.11"), Node("node-b", "10.0.0.12"), Node("node-c", "10.0.0.13")]
    specs = multinode_specs(base, nodes, "train.py", "--cfg big.yaml", {"lr": "2e-4"}, nproc=4, rdzv_port=29400)
    assert len(specs) == 3
    assert len({s.command for s in specs}) == 1  # c10d assigns node ranks itself
    words = shlex.split(specs[0].command)
    assert words[:6] == ["torchrun", "--nnodes=3", "--nproc_per_node=4", "--rdzv_id=20261202-120000-abcd",
                         "--rdzv_backend=c10d", "--rdzv_endpoint=10.0.0.11:29400"]
    assert words[6:9] == ["train.py", "--cfg", "big.yaml"]
    assert [s.job_id for s in specs] == [f"{base.job_id}-node{i}" for i in range(3)]
    assert all(s.template == "multinode" and s.gpus == "0,1,2,3" for s in specs)
    assert [s.name for s in specs] == ["llm [1/3 node-a]", "llm [2/3 node-b]", "llm [3/3 node-c]"]
    assert specs[1].env["NCCL_DEBUG"] == "WARN"
    with pytest.raises(ValueError):
        multinode_specs(base, nodes[:1], "train.py")


def test_job_ids() -> None:
    job_id = new_job_id(0)
    assert job_id.startswith("19700101-000000-") and valid_job_id(job_id)
    for bad in ("", "../x", "a b", "a;b", ".hidden", "x" * 65):
        assert not valid_job_id(bad)


def test_shell_paths() -> None:
    assert script.shell_path("~") == '"$HOME"'
    assert script.shell_path("") == '"$HOME"'
    assert script.shell_path("~/my proj") == '"$HOME"/\'my proj\''
    assert script.shell_path("/data/x") == "/data/x"
    assert script.shell_path("proj/run 1") == '"$HOME"/\'proj/run 1\''  # not relative to the job's own folder


def _run_cmd_script(tmp_path: Path, spec: JobSpec) -> subprocess.CompletedProcess[str]:
    text = script.build_cmd_script(spec, "20261202-000000-0000")
    path = tmp_path / "cmd.sh"
    path.write_text(text)
    env = {"HOME": str(tmp_path), "PATH": os.environ["PATH"]}
    return subprocess.run(["sh", str(path)], capture_output=True, text=True, env=env, timeout=30)


def test_cmd_script_env_folder_and_quoting(tmp_path: Path) -> None:
    (tmp_path / "my proj").mkdir()
    spec = JobSpec("pwd; echo \"$MSG|$CUDA_VISIBLE_DEVICES|$PYTHONUNBUFFERED\"", workdir="~/my proj",
                   env={"MSG": "it's $HOME; `x`"}, gpus="2")
    result = _run_cmd_script(tmp_path, spec)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [str(tmp_path / "my proj"), "it's $HOME; `x`|2|1"]


def test_cmd_script_venv_activation(tmp_path: Path) -> None:
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "activate").write_text('export VIRTUAL_ENV="$HOME/venv"\n')
    result = _run_cmd_script(tmp_path, JobSpec('echo "$VIRTUAL_ENV"', activation=Activation("venv", "~/venv")))
    assert result.stdout.strip() == str(tmp_path / "venv")
    missing = _run_cmd_script(tmp_path, JobSpec("echo never", activation=Activation("venv", "~/nope")))
    assert missing.returncode == 2 and "never" not in missing.stdout and "could not activate" in missing.stderr


def test_cmd_script_conda_missing_is_explained(tmp_path: Path) -> None:
    result = _run_cmd_script(tmp_path, JobSpec("echo never", activation=Activation("conda", "torch")))
    assert result.returncode == 127 and "conda: command not found" in result.stderr


def test_bad_env_name_is_refused() -> None:
    with pytest.raises(ValueError):
        script.build_cmd_script(JobSpec("true", env={"BAD-NAME": "1"}), "20261202-000000-0000")


def test_generated_scripts_parse(tmp_path: Path) -> None:
    spec = JobSpec("python train.py --name 'x y'", name="n", workdir="~/p", env={"A": "1"}, activation=Activation("conda", "e"))
    for text in (script.build_launch_script(spec, "20261202-000000-0000"), script.build_wrapper(spec, "20261202-000000-0000"),
                 script.LIST_SCRIPT, script.build_stop_script("20261202-000000-0000")):
        path = tmp_path / "s.sh"
        path.write_text(text)
        assert subprocess.run(["sh", "-n", str(path)], capture_output=True).returncode == 0, text


def test_wrapper_records_exit_code_and_meta_locally(tmp_path: Path) -> None:
    """Run the real wrapper with sh (no server needed) and read back what it wrote."""
    job = tmp_path / "job"
    job.mkdir()
    spec = JobSpec("echo out; echo err >&2; exit 7", name="local é", env={"X": "1"})
    (job / "run.sh").write_text(script.build_wrapper(spec, "20261202-000000-0000"))
    (job / "cmd.sh").write_text(script.build_cmd_script(spec, "20261202-000000-0000"))
    result = subprocess.run(["sh", str(job / "run.sh"), "nohup"], capture_output=True, text=True,
                            env={"HOME": str(tmp_path), "PATH": os.environ["PATH"]}, timeout=60)
    assert result.returncode == 7
    assert sorted((job / "log").read_text().splitlines()) == ["err", "out"]
    listing = f"\n@@gpudesk-job {job.name}\n{(job / 'meta.json').read_text()}\n@@exit {(job / 'exit').read_text()}\n@@alive 0\n@@size 8\n"
    [info] = parse_listing(listing)
    assert info.exit_code == 7 and info.status == FAILED and info.name == "local é" and info.runner == "nohup"
    assert info.env == {"X": "1"} and info.start is not None and info.end is not None


def test_listing_parser_states_and_damage() -> None:
    text = (
        '\n@@gpudesk-job a\n{"id": "a", "name": "A", "start": 100, "end": null, "exit_code": null}\n@@exit \n@@alive 1\n@@size 42\n'
        '\n@@gpudesk-job b\n{"id": "b", "start": 200, "en\n@@exit 0 260\n@@alive 0\n@@size 0\n'
        '\n@@gpudesk-job c\n{"id": "c", "start": 50}\n@@exit \n@@alive 0\n@@size 3\n'
        '\n@@gpudesk-job d\n{"id": "d", "start": 300}\n@@exit 143 310\n@@alive 0\n@@size 3\n'
    )
    jobs = {j.id: j for j in parse_listing(text)}
    assert jobs["a"].status == RUNNING and jobs["a"].log_size == 42 and jobs["a"].name == "A"
    assert jobs["b"].status == SUCCEEDED and jobs["b"].end == 260.0  # half-written meta.json still lists
    assert jobs["c"].status == LOST
    assert jobs["d"].status == STOPPED
    assert [j.id for j in parse_listing(text)] == ["d", "a", "c", "b"]  # newest start first, unknown start last


def test_duration_cost_and_spec_roundtrip() -> None:
    info = JobInfo("x", start=1000.0, end=1000.0 + 5400, env={"CUDA_VISIBLE_DEVICES": "0", "A": "1"},
                   activation={"kind": "venv", "value": "~/v"})
    assert info.duration_s() == 5400 and info.cost(2.0) == pytest.approx(3.0)
    assert format_duration(5400) == "1 h 30 min" and format_duration(75) == "1 min 15 s" and format_duration(None) == "–"
    spec = info.to_spec()
    assert spec.gpus == "0" and spec.env == {"A": "1"} and spec.activation == Activation("venv", "~/v")


def test_running_duration_uses_the_server_clock() -> None:
    import time

    now = int(time.time())
    # The server's clock is 1 h ahead of ours; its job started 60 s ago by its own clock.
    text = f"@@now {now + 3600}\n\n@@gpudesk-job r\n{{\"start\": {now + 3600 - 60}}}\n@@exit \n@@alive 1\n@@size 0\n"
    [job] = parse_listing(text)
    assert 59 <= job.duration_s() <= 62
