"""The Jobs sub-tab: run a job, follow its log, chart its loss, diagnose it, collect its results."""
