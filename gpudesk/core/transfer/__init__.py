"""SFTP transfers: a queue, pipelined requests, resume, atomic rename, verification, a tar fast path."""

from gpudesk.core.transfer.conflict import Conflict
from gpudesk.core.transfer.queue import (
    CANCELLED,
    DONE,
    FAILED,
    PAUSED,
    QUEUED,
    RUNNING,
    TransferItem,
    TransferQueue,
)

__all__ = ["CANCELLED", "DONE", "FAILED", "PAUSED", "QUEUED", "RUNNING", "Conflict", "TransferItem", "TransferQueue"]
