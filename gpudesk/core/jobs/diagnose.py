"""Recognise known failures in a job's log and explain them with remedies.

Each rule is a few regular expressions over log lines (ANSI-stripped) plus a plain-language
explanation and what to try, in the order that usually helps most. The texts are English;
the UI passes them through Qt's translation (context "Diagnosis").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpudesk.core.jobs.lines import split_text


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    explanation: str
    remedies: tuple[str, ...]
    patterns: tuple[str, ...]
    detail: str | None = None  # a regex whose first group is worth quoting (a path, a size)

    def compiled(self) -> list[re.Pattern[str]]:
        return [re.compile(p, re.IGNORECASE) for p in self.patterns]


RULES: tuple[Rule, ...] = (
    Rule(
        "cuda_oom",
        "The GPU ran out of memory (CUDA out of memory)",
        "The model's weights, activations, gradients and optimizer state need more GPU memory than is free on the card.",
        (
            "Use a smaller batch size (halve it until it fits).",
            "Keep the effective batch with gradient accumulation (e.g. batch 8 × 4 accumulation steps instead of 32).",
            "Turn on gradient checkpointing (model.gradient_checkpointing_enable() in Transformers): less memory for ~30 % more compute.",
            "Train in mixed precision (bf16 on A100/H100, fp16 elsewhere: torch.autocast, or --bf16 in the HF Trainer).",
            "Split the model over several GPUs: model parallelism, FSDP or DeepSpeed ZeRO, or rent a GPU with more memory.",
            "Check that no other process holds GPU memory (GPUs tab → processes); PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True helps with fragmentation.",
        ),
        (
            r"CUDA out of memory",
            r"OutOfMemoryError",
            r"CUBLAS_STATUS_ALLOC_FAILED",
            r"CUDA error: out of memory",
            r"RESOURCE_EXHAUSTED: Out of memory",
            r"cudaErrorMemoryAllocation",
        ),
        detail=r"(Tried to allocate [\d.]+ [KMG]iB)",
    ),
    Rule(
        "cuda_driver",
        "The CUDA build and the GPU driver do not match",
        "This PyTorch was built for a newer CUDA than the server's driver supports, or no driver is loaded at all.",
        (
            "Install the PyTorch build that matches the driver: see the CUDA version in the environment check (gpudesk check), "
            "then pip install torch --index-url https://download.pytorch.org/whl/cu1XX for that version or older.",
            "Or choose a server image with a newer driver; the driver, not the CUDA toolkit, limits what runs.",
            "Keep each project in its own conda env or venv, so one project's CUDA packages do not break another's.",
        ),
        (
            r"NVIDIA driver on your system is too old",
            r"CUDA driver version is insufficient for CUDA runtime version",
            r"Found no NVIDIA driver on your system",
            r"couldn't communicate with the NVIDIA driver",
            r"forward compatibility was attempted on non supported HW",
            r"CUDA driver initialization failed",
        ),
        detail=r"(found version \d+)",
    ),
    Rule(
        "no_kernel_image",
        "This PyTorch build has no code for this GPU (no kernel image)",
        "The GPU's architecture (its sm_XX capability) is newer than the ones this PyTorch or CUDA extension was compiled for.",
        (
            "Install a PyTorch build that supports the GPU (H100 needs sm_90: CUDA 11.8 builds or later; Blackwell needs CUDA 12.8 builds).",
            'Rebuild custom CUDA extensions for this GPU (set TORCH_CUDA_ARCH_LIST, e.g. "9.0", before building).',
            "Use a fresh conda env or venv so an old wheel from another project is not picked up.",
        ),
        (
            r"no kernel image is available for execution on the device",
            r"with CUDA capability sm_\d+ is not compatible with the current PyTorch installation",
        ),
        detail=r"(CUDA capability sm_\d+)",
    ),
    Rule(
        "nccl_timeout",
        "A distributed operation timed out (NCCL)",
        "The GPUs waited for each other longer than the timeout: a rank crashed or hung, or the nodes cannot reach each other fast enough.",
        (
            "Check the network: every node must reach the others, and the rendezvous port (29500 by default) and NCCL's ports must be open between them.",
            "Run with NCCL_DEBUG=INFO to see which interface and transport NCCL picks; set NCCL_SOCKET_IFNAME to the right interface.",
            "Across nodes, use RDMA/InfiniBand when the provider offers it; to test whether it is at fault, try NCCL_IB_DISABLE=1.",
            "Look at the other ranks' logs: the first failure (often an out-of-memory or an exception on one rank) makes the others wait.",
            "For long first steps (compilation, data loading) raise the timeout in init_process_group(timeout=…).",
        ),
        (
            r"Watchdog caught collective operation timeout",
            r"NCCL.*time(?:d)? ?out",
            r"ProcessGroupNCCL.*Timeout",
            r"DistStoreError: .*Timed out",
            r"RendezvousTimeoutError",
            r"Socket Timeout",
        ),
        detail=r"(Timeout\(ms\)=\d+)",
    ),
    Rule(
        "nccl_error",
        "The GPUs could not talk to each other (NCCL error)",
        "NCCL failed to set up or use its connections between GPUs or nodes, often because it picked the wrong network interface.",
        (
            "Run with NCCL_DEBUG=INFO and read the NET/ lines: which interface and transport were chosen.",
            "Set NCCL_SOCKET_IFNAME to the interface the nodes share (e.g. eth0), so docker0 or lo is never used.",
            "Check the network between nodes (firewall, security group) and, when available, RDMA/InfiniBand (NCCL_IB_HCA).",
            "Make sure every node runs the same PyTorch and NCCL versions.",
        ),
        (
            r"NCCL error",
            r"ncclSystemError",
            r"ncclInternalError",
            r"ncclUnhandledCudaError",
            r"ncclRemoteError",
            r"ncclInvalidUsage",
            r"NCCL WARN",
            r"DistBackendError",
        ),
        detail=r"(Connect to \S+ failed[^\n]*)",
    ),
    Rule(
        "disk_full",
        "The disk is full",
        "Writing a checkpoint, a cache or a log failed because the server's disk (or your quota on it) has no space left.",
        (
            "See what uses the space: df -h and du -sh ~/.cache/* in the Terminal.",
            "Delete old checkpoints, or keep fewer (save_total_limit in the HF Trainer).",
            "Clear caches: ~/.cache/huggingface, ~/.cache/pip, conda clean -a.",
            "Write checkpoints and data to the larger data disk, or rent a bigger one.",
        ),
        (
            r"No space left on device",
            r"\[Errno 28\]",
            r"Disk quota exceeded",
            r"\[Errno 122\]",
            r"PytorchStreamWriter failed writing file",
        ),
    ),
    Rule(
        "oom_killer",
        "The system killed the job: host memory (RAM) ran out",
        "Linux's out-of-memory killer stopped the process (SIGKILL) because the server's RAM, not the GPU's, was exhausted.",
        (
            "Use fewer DataLoader workers (num_workers) and a smaller prefetch_factor; each worker copies data.",
            "Stream or memory-map the dataset instead of loading it all into RAM (datasets with streaming=True, numpy memmap).",
            "Load models with low_cpu_mem_usage=True (Transformers) so weights are not held twice.",
            "Watch RAM with free -h in the Terminal; rent a server with more RAM or add swap.",
        ),
        (
            r"^\s*Killed\s*$",
            r"line \d+:\s+\d+ Killed\b",
            r"exitcode\s*:\s*-9\b",
            r"Signal 9 \(SIGKILL\)",
            r"Signals\.SIGKILL",
            r"Out of memory: Killed process",
            r"oom-kill",
        ),
    ),
    Rule(
        "file_not_found",
        "A file or folder was not found",
        "The job looked for a path that does not exist on the server; relative paths start from the job's working folder.",
        (
            "Check the working folder of the job: relative paths are resolved from there.",
            "Upload the missing file or folder (Files tab); paths on your own computer do not exist on the server.",
            "Check the spelling and the case: Linux file names are case-sensitive.",
        ),
        (r"FileNotFoundError", r"No such file or directory", r"can't open file"),
        detail=r"""((?:No such file or directory|can't open file)\S*:?\s*['"]?[^'"\n]+['"]?)""",
    ),
    Rule(
        "missing_module",
        "A package is missing in this environment",
        "Python (or the shell) cannot find a package or program: it is not installed in the environment the job runs in.",
        (
            "Activate the right environment in the job (conda env or venv field), the one you installed the packages into.",
            "Install the package there: python -m pip install <package> (python -m pip uses the same Python as the job).",
            "Pin versions in requirements.txt so every server gets the same environment.",
        ),
        (r"ModuleNotFoundError: No module named", r"ImportError: ", r": command not found"),
        detail=r"(No module named \S+|\S+: command not found)",
    ),
    Rule(
        "nan_loss",
        "The loss became NaN",
        "The numbers overflowed or diverged: usually a learning rate that is too high, or fp16 overflow.",
        (
            "Lower the learning rate (÷10) or use a warm-up.",
            "Clip gradients (max_grad_norm=1.0).",
            "Prefer bf16 to fp16 on GPUs that support it; check the data for NaN/inf values.",
        ),
        (r"\bloss['\"]?\s*[=:]?\s*nan\b",),
    ),
)


@dataclass
class Finding:
    rule: Rule
    line: str  # the log line that triggered it (ANSI stripped, trimmed)
    line_no: int  # 1-based, among the lines scanned
    detail: str = ""

    @property
    def id(self) -> str:
        return self.rule.id


@dataclass
class Diagnoser:
    """Incremental: feed lines as they arrive; each rule reports once, at its first match."""

    findings: list[Finding] = field(default_factory=list)
    _lines: int = 0

    def __post_init__(self) -> None:
        self._compiled = [(rule, rule.compiled()) for rule in RULES]

    def scan_line(self, line: str) -> Finding | None:
        self._lines += 1
        seen = {f.id for f in self.findings}
        for rule, patterns in self._compiled:
            if rule.id in seen:
                continue
            if any(p.search(line) for p in patterns):
                detail = ""
                if rule.detail:
                    m = re.search(rule.detail, line, re.IGNORECASE)
                    detail = m.group(1).strip() if m else ""
                finding = Finding(rule, line.strip()[:400], self._lines, detail)
                self.findings.append(finding)
                return finding
        return None

    def scan_lines(self, lines: list[str]) -> list[Finding]:
        new = []
        for line in lines:
            found = self.scan_line(line)
            if found is not None:
                new.append(found)
        return new

    def finish(self, exit_code: int | None) -> Finding | None:
        """A SIGKILL exit (137) with no text evidence still points at the OOM killer."""
        if exit_code in (137, -9) and not any(f.id == "oom_killer" for f in self.findings):
            rule = next(r for r in RULES if r.id == "oom_killer")
            finding = Finding(rule, f"exit code {exit_code} (killed by SIGKILL)", self._lines, "")
            self.findings.append(finding)
            return finding
        return None

    @property
    def primary(self) -> Finding | None:
        """The first failure in the log: later ones (NCCL after an OOM) are usually its echoes."""
        return self.findings[0] if self.findings else None


def diagnose(text: str, exit_code: int | None = None) -> list[Finding]:
    d = Diagnoser()
    d.scan_lines(split_text(text))
    d.finish(exit_code)
    return d.findings
