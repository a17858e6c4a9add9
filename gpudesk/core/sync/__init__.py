"""Project sync: a local folder and a remote folder kept in step, sending only what changed."""

from gpudesk.core.sync.excludes import DEFAULT_EXCLUDES, ExcludeRules
from gpudesk.core.sync.pairs import SyncPair, SyncPairStore
from gpudesk.core.sync.plan import SyncPlan, make_plan
from gpudesk.core.sync.run import SyncResult, run_plan

__all__ = [
    "DEFAULT_EXCLUDES",
    "ExcludeRules",
    "SyncPair",
    "SyncPairStore",
    "SyncPlan",
    "SyncResult",
    "make_plan",
    "run_plan",
]
