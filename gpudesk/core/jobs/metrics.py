"""Find loss and other metrics in training logs.

Formats: ``loss=0.123``, ``loss: 0.123``, ``loss 0.123``, Keras ``- loss: 0.12 - accuracy: 0.9``,
HuggingFace Trainer dicts ``{'loss': 0.123, …}``, Lightning progress-bar postfixes
(``…, train_loss=0.512]``), and a user regex (named groups become metric names; ``step``
is special). The x value of a point is its ordinal in that metric's series, which stays
monotonic even when a script restarts its step counter each epoch; the step read from
the line, if any, is kept alongside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

NUM = r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf"

#: A metric's name must contain one of these (so ``step: 5`` or ``batch_size=32`` is never a metric).
METRIC_WORDS = (
    "loss",
    "acc",
    "ppl",
    "perplexity",
    "f1",
    "bleu",
    "rouge",
    "reward",
    "grad_norm",
    "lr",
    "learning_rate",
    "mse",
    "mae",
    "rmse",
    "psnr",
    "iou",
    "dice",
    "map",
    "wer",
    "auc",
)
_NAME = r"[A-Za-z][A-Za-z0-9_./-]*"
_DICT_ITEM = re.compile(rf"""['"](?P<name>{_NAME})['"]\s*:\s*(?P<value>{NUM})\b""")
_KEY_VALUE = re.compile(rf"""(?:(?<=^)|(?<=[\s,|{{(\[]))(?P<name>{_NAME})\s*(?:=|:)\s*(?P<value>{NUM})(?![\w.])""")
# "loss 0.1234" (no separator) only for the word loss itself: ``epoch 1 step 3 loss 0.067``.
_BARE_LOSS = re.compile(rf"(?:(?<=^)|(?<=\s))(?P<name>(?:train_|val_|eval_)?loss)\s+(?P<value>{NUM})(?![\w.])")
_STEP = re.compile(r"\b(?:global_step|step|iter|iteration)\s*[=:\s]\s*(\d+)", re.IGNORECASE)
_DICT_STEP = re.compile(r"""['"](?:global_step|step)['"]\s*:\s*(\d+)""")


def is_metric_name(name: str) -> bool:
    low = name.lower()
    if low.endswith(("_scale", "_scale_window", "_steps", "_runtime", "_per_second")) or low in ("epoch", "step"):
        return False
    parts = re.split(r"[_./-]", low)
    return any(w in parts or low == w for w in METRIC_WORDS) or "loss" in low or "acc" in parts or "accuracy" in low


@dataclass
class MetricPoint:
    name: str
    value: float
    x: int  # ordinal within this metric's series (1, 2, 3 …)
    step: int | None = None  # the step the line itself names, when it names one


@dataclass
class MetricScanner:
    """Incremental: call :meth:`scan_line` for each line; ``series`` holds what was found so far."""

    user_regex: str | None = None
    series: dict[str, tuple[list[int], list[float]]] = field(default_factory=dict)
    steps: dict[str, list[int | None]] = field(default_factory=dict)  # the step each point's line named

    def __post_init__(self) -> None:
        self._user: re.Pattern[str] | None = re.compile(self.user_regex) if self.user_regex else None

    def scan_line(self, line: str) -> list[MetricPoint]:
        found = self._user_values(line) if self._user is not None else []
        if not found:
            found = self._builtin_values(line)
        if not found:
            return []
        step = self._step(line)
        points = []
        for name, value in found:
            xs, ys = self.series.setdefault(name, ([], []))
            xs.append(len(xs) + 1)
            ys.append(value)
            self.steps.setdefault(name, []).append(step)
            points.append(MetricPoint(name, value, xs[-1], step))
        return points

    def scan_lines(self, lines: list[str]) -> list[MetricPoint]:
        points: list[MetricPoint] = []
        for line in lines:
            points.extend(self.scan_line(line))
        return points

    def step_axis(self, name: str) -> list[int] | None:
        """The steps of ``name``'s points when every line named one and they never go back (a
        script that restarts its counter each epoch keeps the ordinal axis), else None."""
        steps = self.steps.get(name) or []
        if not steps or any(s is None for s in steps):
            return None
        known = [s for s in steps if s is not None]
        if any(b < a for a, b in zip(known, known[1:], strict=False)):
            return None
        return known

    def values(self, name: str) -> list[float]:
        return list(self.series.get(name, ([], []))[1])

    @property
    def loss_names(self) -> list[str]:
        """Series worth plotting by default: the losses, training loss first."""
        names = [n for n in self.series if "loss" in n.lower()]
        return sorted(names, key=lambda n: (n.lower().startswith(("val", "eval", "test")), n))

    # -- parsing -------------------------------------------------------------
    def _user_values(self, line: str) -> list[tuple[str, float]]:
        assert self._user is not None
        m = self._user.search(line)
        if not m:
            return []
        named = {k: v for k, v in m.groupdict().items() if v is not None and k != "step"}
        if not named and m.groups():
            named = {"custom": m.group(1)}
        out = []
        for name, text in named.items():
            try:
                out.append((name, float(text)))
            except ValueError:
                continue
        return out

    def _builtin_values(self, line: str) -> list[tuple[str, float]]:
        if "{'" in line or '{"' in line:
            items = [(m.group("name"), m.group("value")) for m in _DICT_ITEM.finditer(line)]
        else:
            items = [(m.group("name"), m.group("value")) for m in _KEY_VALUE.finditer(line)]
            if not items:
                items = [(m.group("name"), m.group("value")) for m in _BARE_LOSS.finditer(line)]
        out: list[tuple[str, float]] = []
        seen = set()
        for name, text in items:
            if not is_metric_name(name) or name in seen:
                continue
            try:
                value = float(text)
            except ValueError:
                continue
            seen.add(name)
            out.append((name, value))
        return out

    @staticmethod
    def _step(line: str) -> int | None:
        m = _DICT_STEP.search(line) or _STEP.search(line)
        return int(m.group(1)) if m else None
