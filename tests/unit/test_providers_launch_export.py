"""The SkyPilot task YAML of a job: hostile job fields never change its structure; GPU names map to SkyPilot's."""

from __future__ import annotations

import pytest
import yaml  # a test dependency (pyproject [test]); gpudesk itself writes the YAML by hand

from gpudesk.core.jobs.export import accelerator_name, accelerators, skypilot_task, task_yaml
from gpudesk.core.jobs.model import JobInfo

COMMANDS = [
    "python train.py --lr 3e-4 \\\n  --epochs 3\necho done # not a comment to YAML\n\n",
    " leading space",
    "a\x1b[31mred\x1b[0m",
    "x: y\n- z\nrun: rm -rf /",
    "a\r\nb",
    "\u2028next",
    "tab\there",
    "ok\n\n\nend",
    "\"q\" 's' \\ \U0001f600 \x7f \x85 \ufeff",
    "|\n  fake block",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_any_command_env_and_name_read_back_unchanged(command: str) -> None:
    job = JobInfo(id="20261202-150405-3fa2", name="n: \"x\"\n- y", command=command,
                  env={"MODEL": "7b: yes\nrun: evil", "HF_TOKEN": "hf_abcdefghijklmnopqrstuvwxyz0123456789",
                       "CUDA_VISIBLE_DEVICES": "0,1", "bad-name": "x", "Z": "\x00\u2029"},
                  activation={"kind": "venv", "value": "/opt/my env/"})
    task = skypilot_task(job, accelerators="H100:8", cloud="runpod", file_mounts={"/data: x": "./d\nrun: y"})
    text = task_yaml(task)
    back = yaml.safe_load(text)
    assert back == task
    assert set(back) == {"name", "resources", "num_nodes", "workdir", "file_mounts", "envs", "setup", "run"}
    assert back["envs"]["HF_TOKEN"] is None and "hf_abcdefghij" not in text  # a secret never reaches the file
    assert "CUDA_VISIBLE_DEVICES" not in back["envs"] and "bad-name" not in back["envs"]
    assert back["run"].startswith("source '/opt/my env'/bin/activate\n")


@pytest.mark.parametrize(("name", "expected"), [
    ("NVIDIA H100 80GB HBM3", "H100"), ("NVIDIA H100 PCIe", "H100"), ("NVIDIA A100-SXM4-80GB", "A100-80GB"),
    ("NVIDIA A100-PCIE-40GB", "A100"), ("NVIDIA GeForce RTX 4090", "RTX4090"), ("Tesla T4", "T4"), ("NVIDIA L4", "L4"),
    ("NVIDIA L40S", "L40S"), ("NVIDIA RTX A6000", "A6000"), ("Tesla V100-SXM2-16GB", "V100"), ("NVIDIA A10G", "A10G"),
    ("NVIDIA H200", "H200"), ("NVIDIA GH200 480GB", "GH200"),
])
def test_gpu_names_become_skypilot_accelerators(name: str, expected: str) -> None:
    assert accelerator_name(name) == expected


def test_mixed_or_no_gpus_give_no_accelerators() -> None:
    assert accelerators(["NVIDIA H100 80GB HBM3"] * 8) == "H100:8"
    assert accelerators(["NVIDIA H100 80GB HBM3", "NVIDIA GeForce RTX 4090"]) is None
    assert accelerators([]) is None
