"""Job templates for the seed's parallel strategies, with hyper-parameters as fields.

A template turns a script, its arguments and hyper-parameter values into one command line:
single GPU (``python``), one node with N GPUs (``torchrun --nproc_per_node=N``, DDP), and
several nodes (``torchrun`` with a c10d rendezvous on the first node, one job per node).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field, replace

from gpudesk.core.i18n import msg
from gpudesk.core.jobs.model import JobSpec, new_job_id


@dataclass(frozen=True)
class HyperParam:
    """A value the user edits as a field; rendered as ``--flag value`` (omitted when empty).

    Fields start empty: a script that does not take ``--batch-size`` would crash on a value the
    user never typed. ``suggestion`` is shown greyed in the empty field, as an example only.
    """

    key: str
    label: str
    flag: str
    suggestion: str = ""


COMMON_PARAMS = (
    HyperParam("batch_size", "Batch size", "--batch-size", "32"),
    HyperParam("lr", "Learning rate", "--lr", "3e-4"),
    HyperParam("epochs", "Epochs", "--epochs", "3"),
    HyperParam("grad_accum", "Gradient accumulation steps", "--grad-accum", "4"),
)


@dataclass(frozen=True)
class Template:
    id: str
    title: str
    description: str
    params: tuple[HyperParam, ...] = field(default=COMMON_PARAMS)
    multi_gpu: bool = False
    multi_node: bool = False


TEMPLATES: dict[str, Template] = {
    t.id: t
    for t in (
        Template("custom", "Custom command", "Runs the command line as written.", params=()),
        Template("single", "Single GPU", "python SCRIPT on one GPU (pick it with GPUs, e.g. 0)."),
        Template(
            "ddp",
            "DDP on this server (torchrun)",
            "torchrun --standalone --nproc_per_node=N: one process per GPU, gradients averaged every step.",
            multi_gpu=True,
        ),
        Template(
            "multinode",
            "Multi-node DDP (torchrun on several servers)",
            "One torchrun per server; they meet at a rendezvous on the first node (its port must be open between nodes).",
            multi_gpu=True,
            multi_node=True,
        ),
    )
}


def render_params(template: Template, values: dict[str, str]) -> list[str]:
    """``--flag value`` words for the declared parameters that have a value."""
    words: list[str] = []
    for param in template.params:
        value = str(values.get(param.key, "")).strip()
        if value:
            words += [param.flag, value]
    return words


def build_command(
    template_id: str,
    script: str,
    args: str = "",
    params: dict[str, str] | None = None,
    nproc: int = 1,
    python: str = "python",
) -> str:
    """The command line for one node (for multi-node, see :func:`multinode_specs`)."""
    template = TEMPLATES[template_id]
    if template_id == "custom":
        return " ".join(p for p in (script.strip(), args.strip()) if p)
    if not script.strip():
        raise ValueError(msg("JobError", "Say which script to run (e.g. train.py)."))
    tail = [script.strip(), *(shlex.split(args) if args.strip() else []), *render_params(template, params or {})]
    if template_id == "single":
        head = [python]
    elif template_id == "ddp":
        head = ["torchrun", "--standalone", f"--nproc_per_node={max(1, nproc)}"]
    else:
        raise ValueError("Multi-node commands differ per node: use multinode_specs().")
    return " ".join(head + [shlex.quote(w) for w in tail])


@dataclass
class Node:
    """One server of a multi-node job: a label (the session name) and how the others reach it."""

    label: str
    address: str


def multinode_command(
    script: str,
    args: str,
    params: dict[str, str],
    nproc: int,
    nnodes: int,
    rdzv_host: str,
    rdzv_port: int,
    rdzv_id: str,
) -> str:
    template = TEMPLATES["multinode"]
    head = [
        "torchrun",
        f"--nnodes={nnodes}",
        f"--nproc_per_node={max(1, nproc)}",
        f"--rdzv_id={rdzv_id}",
        "--rdzv_backend=c10d",
        f"--rdzv_endpoint={rdzv_host}:{rdzv_port}",
    ]
    tail = [script.strip(), *(shlex.split(args) if args.strip() else []), *render_params(template, params)]
    return " ".join(shlex.quote(w) for w in head + tail)


def multinode_specs(
    base: JobSpec,
    nodes: list[Node],
    script: str,
    args: str = "",
    params: dict[str, str] | None = None,
    nproc: int = 1,
    rdzv_port: int = 29500,
) -> list[JobSpec]:
    """One JobSpec per node; every node meets at the first node's address (c10d rendezvous).

    The first node hosts the rendezvous store, so it is listed (and started) first. The
    rendezvous id is the run's id; each node's job id adds ``-nodeN`` to it.
    """
    if len(nodes) < 2:
        raise ValueError(msg("JobError", "A multi-node job needs at least two servers."))
    if not script.strip():
        raise ValueError(msg("JobError", "Say which script to run (e.g. train.py)."))

    job_id = base.job_id or new_job_id()
    master = nodes[0].address
    command = multinode_command(script, args, params or {}, nproc, len(nodes), master, rdzv_port, job_id)
    specs = []
    for rank, node in enumerate(nodes):
        env = dict(base.env)
        # NCCL picks the wrong interface on hosts with docker bridges; logging makes that visible.
        env.setdefault("NCCL_DEBUG", "WARN")
        specs.append(
            replace(
                base,
                command=command,
                env=env,
                template="multinode",
                job_id=f"{job_id}-node{rank}",  # distinct, so two nodes sharing a home never collide
                name=f"{base.name or 'multinode'} [{rank + 1}/{len(nodes)} {node.label}]",
            )
        )
    return specs
