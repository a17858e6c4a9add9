"""Where the local SSH agent is, and where forwarding it can work.

paramiko finds the agent itself: on POSIX through ``SSH_AUTH_SOCK``; on Windows it ignores that
variable and asks Pageant first, then the Windows OpenSSH agent's pipe
``\\\\.\\pipe\\openssh-ssh-agent`` (``paramiko.agent.get_agent_connection``). Forwarding the agent
to a server is another matter: paramiko's forwarding thread (``AgentProxyThread._communicate``)
imports ``fcntl`` and waits with ``select()`` on the agent connection, and neither exists for
Pageant or a named pipe on Windows.
"""

from __future__ import annotations

import os
import sys

from gpudesk.core.i18n import msg


def may_have_agent() -> bool:
    """Whether logging in through the agent is worth trying (Windows: paramiko looks for one)."""
    if sys.platform == "win32":
        return True
    return bool(os.environ.get("SSH_AUTH_SOCK"))


def forwarding_problem() -> str:
    """Why agent forwarding cannot work here (a Msg), or "" where it can."""
    if sys.platform == "win32":
        return msg(
            "ConnectError",
            "Agent forwarding is not available on Windows; the server's git and ssh cannot use your "
            "local keys. Copy a deploy key to the server instead.",
        )
    return ""
