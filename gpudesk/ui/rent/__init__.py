"""Rent from the app: the confirmation, the progress until a verified login, and what follows a preemption."""
