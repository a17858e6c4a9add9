"""SSH connections: connect, authenticate, verify host keys, keep alive."""
