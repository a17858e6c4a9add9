from gpudesk.core.sessions.model import AUTH_METHODS, Session, ValidationError
from gpudesk.core.sessions.store import SessionStore

__all__ = ["AUTH_METHODS", "Session", "SessionStore", "ValidationError"]
