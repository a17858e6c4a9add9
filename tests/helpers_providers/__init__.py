"""Local provider API servers for contract tests: one per provider, on 127.0.0.1.

Each follows the paths, auth header, JSON shapes and error bodies written down in
``reference/providers.md``; where the reference says NOT FOUND the stub picks the most
neutral shape and says so in a comment.
"""
