"""The Catalog page (step 1): GPU models, offers, the planner and its charts."""
