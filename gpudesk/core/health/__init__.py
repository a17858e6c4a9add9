"""GPU health on arrival: is this the GPU that was paid for, and is it sound? (issue #34).

``smi_text``/``smi_xml`` read ``nvidia-smi -q`` (text or XML) into :class:`~.facts.GpuFacts`;
``xid`` reads the kernel log's ``NVRM: Xid`` lines; ``rules`` turns both (and the provider's claim)
into findings and a verdict per GPU; ``bench`` runs the opt-in micro-benchmark; ``collect`` does
the one exec on the server. Pure Python, no Qt.
"""
