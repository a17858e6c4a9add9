"""The cost bar, the idle prompt and the spending report."""
