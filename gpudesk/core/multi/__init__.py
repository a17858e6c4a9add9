"""Several servers at once: one command on all of them, one upload to all of them."""

from gpudesk.core.multi.run import MultiRun, RunResult
from gpudesk.core.multi.servers import Server
from gpudesk.core.multi.upload import MultiUpload, UploadResult

__all__ = ["MultiRun", "MultiUpload", "RunResult", "Server", "UploadResult"]
