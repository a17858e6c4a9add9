"""The guide's texts and where the user stands, read from the live workspace (no IO, no widgets, no state of its own)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gpudesk.ui.qt import QT_TRANSLATE_NOOP

CHOOSE, LOGIN, RUN, COLLECT = "choose", "login", "run", "collect"


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    why: str  # two sentences


STEPS = (
    Step(CHOOSE, QT_TRANSLATE_NOOP("Guide", "1. Choose a GPU server"),
         QT_TRANSLATE_NOOP("Guide", "The right GPU depends on your model's memory needs, not only on speed: a model that "
                                    "does not fit fails however fast the card is. Compare the hourly, spot and monthly "
                                    "prices for your expected hours before you rent.")),
    Step(LOGIN, QT_TRANSLATE_NOOP("Guide", "2. Log in and verify"),
         QT_TRANSLATE_NOOP("Guide", "Paste the SSH command your provider shows; the app remembers the server and keeps the "
                                    "password in your system keyring. The environment check then confirms the GPUs, driver, "
                                    "CUDA and PyTorch match, before you pay for hours of a broken setup.")),
    Step(RUN, QT_TRANSLATE_NOOP("Guide", "3. Deploy and run"),
         QT_TRANSLATE_NOOP("Guide", "Upload your code and data, then start training as a job: it runs in tmux on the "
                                    "server, so a dropped connection or a closed laptop does not kill it. The Jobs tab "
                                    "follows the log, plots the loss and explains known failures.")),
    Step(COLLECT, QT_TRANSLATE_NOOP("Guide", "4. Collect results and release"),
         QT_TRANSLATE_NOOP("Guide", "Download checkpoints and outputs, with the log and command archived so the run can be "
                                    "reproduced. Then stop or terminate the server: a forgotten instance keeps billing "
                                    "by the hour.")),
)

TROUBLESHOOTING = (
    (QT_TRANSLATE_NOOP("Guide", "Environment conflicts"),
     QT_TRANSLATE_NOOP("Guide", "Keep each project in its own conda env or venv and pick it in the job form. Install the "
                                "PyTorch build that matches the driver's CUDA version (the environment check shows both).")),
    (QT_TRANSLATE_NOOP("Guide", "Out of memory"),
     QT_TRANSLATE_NOOP("Guide", "CUDA out of memory: smaller batch, gradient accumulation, gradient checkpointing, mixed "
                                "precision, or split the model (FSDP/DeepSpeed). \"Killed\" with no Python error means host "
                                "RAM ran out: fewer DataLoader workers.")),
    (QT_TRANSLATE_NOOP("Guide", "Network latency"),
     QT_TRANSLATE_NOOP("Guide", "Pick a region near you for interactive work; upload many small files as one archive; run "
                                "long work as a job so a slow or dropped link does not matter. Multi-node training needs "
                                "fast links between nodes (RDMA/InfiniBand), not to you.")),
    (QT_TRANSLATE_NOOP("Guide", "Billing traps"),
     QT_TRANSLATE_NOOP("Guide", "Billing runs while the server is on, even idle; a stopped instance may still bill for its "
                                "disk. Spot instances can be taken away: save checkpoints often. Watch the cost bar and "
                                "set an idle policy.")),
)


@dataclass
class Progress:
    """Which steps are done, read from the workspace; ``current`` is the first one not done."""

    has_session: bool = False
    connected: bool = False
    ran_job: bool = False
    collected: bool = False

    @property
    def done(self) -> dict[str, bool]:
        return {CHOOSE: self.has_session, LOGIN: self.connected, RUN: self.ran_job, COLLECT: self.collected}

    @property
    def current(self) -> str:
        return next((key for key, ok in self.done.items() if not ok), COLLECT)


def read_progress(workspace: Any) -> Progress:
    """The steps done, from the workspace's servers and saved sessions (``gpudesk.core.live.workspace``)."""
    now = workspace.read_progress()
    return Progress(has_session=now.has_session, connected=now.connected, ran_job=now.ran_job, collected=now.collected)
