"""Which catalog model a GPU is, from nvidia-smi's product name and memory size.

nvidia-smi says ``NVIDIA H100 80GB HBM3``, ``A100-SXM4-40GB``, ``NVIDIA A10G``; the catalog says
``H100 SXM``, ``A100 SXM 40GB``, ``A10``. The family (H100, A100, L40S …) comes from the name; the
form factor (SXM or PCIe) and the memory pick the model within it. HBM3 on an H100 means SXM.
"""

from __future__ import annotations

import re

from gpudesk.core.catalog.data import Catalog, GpuModel

_FAMILY = re.compile(
    r"(RTX\s*6000\s*ADA|RTX\s*A\d{4}|RTX\s*\d{4}|GTX\s*\d{3,4}|[HABL]\d{2,3}S?G?|L4\b|T4\b|V100)", re.IGNORECASE
)


def family(name: str) -> str:
    """``NVIDIA H100 80GB HBM3`` → ``H100``; ``NVIDIA A10G`` → ``A10G``; '' when unknown."""
    m = _FAMILY.search(name.replace("-", " "))
    return re.sub(r"\s+", " ", m.group(1).upper()) if m else ""


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def identify(catalog: Catalog, name: str, mem_total_mib: int | None = None) -> GpuModel | None:
    """The catalog model a reported GPU is, or None when the catalog does not list its family."""
    found = catalog.find_gpu(name)
    if found is not None:
        return found
    fam = family(name)
    if not fam:
        return None
    alias = catalog.find_gpu(fam)
    candidates = [m for m in catalog.gpus.values() if _norm(m.model).startswith(_norm(fam))]
    if not candidates:
        return alias
    upper = name.upper()
    form = "SXM" if ("SXM" in upper or "HBM3" in upper) else "PCIE" if "PCIE" in upper else ""
    if form:
        narrowed = [m for m in candidates if form in m.model.upper()]
        candidates = narrowed or candidates
    if mem_total_mib:
        gib = mem_total_mib / 1024
        candidates.sort(key=lambda m: abs(m.vram_gb - gib))
    return candidates[0]


__all__ = ["family", "identify"]
