"""Log scanners on real-looking logs: metrics, progress/ETA and the diagnosis of known failures."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core.jobs.diagnose import RULES, Diagnoser, diagnose
from gpudesk.core.jobs.lines import LineSplitter, split_text, strip_ansi
from gpudesk.core.jobs.metrics import MetricScanner, is_metric_name
from gpudesk.core.jobs.progress import ProgressTracker, format_eta, parse_clock

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


def scan(name: str, user_regex: str | None = None) -> MetricScanner:
    scanner = MetricScanner(user_regex)
    scanner.scan_lines(split_text((LOGS / name).read_text("utf-8")))
    return scanner


# -- metrics ----------------------------------------------------------------
def test_huggingface_trainer_dicts() -> None:
    s = scan("hf_trainer.log")
    assert s.values("loss") == [2.8422, 2.2909, 1.8616, 1.5272, 1.2668, 1.064, 0.9061, 0.7831, 0.6873, 0.6127]
    assert s.values("eval_loss") == [1.0412]
    assert s.values("learning_rate")[0] == pytest.approx(4.5e-05)
    # Runtime and throughput figures in the same dicts are not metrics.
    assert "eval_runtime" not in s.series and "train_samples_per_second" not in s.series and "epoch" not in s.series
    assert s.loss_names[0] == "loss"
    assert s.series["loss"][0] == list(range(1, 11))


def test_lightning_progress_bar_postfix() -> None:
    s = scan("lightning.log")
    train = s.values("train_loss")
    assert len(train) == 12 and train[0] == 2.047 and train[-1] == 0.411
    assert s.values("val_loss")[:2] == [1.21, 1.041]
    assert "v_num" not in s.series
    assert s.loss_names == ["train_loss", "val_loss"]


def test_plain_formats_and_false_friends() -> None:
    s = scan("plain_loss.log")
    # loss=…, loss: …, Keras "- loss: …", and the demo's "loss 4.33"; never "loss scale to 32768".
    assert s.values("loss") == [4.8123, 4.7310, 4.6402, 4.5517, 4.4012, 4.3321]
    assert s.values("val_loss") == [4.9021, 4.6120]
    assert s.values("accuracy") == [0.1530]
    assert "loss_scale_window" not in s.series and "batch_size" not in s.series
    assert all(v < 100 for v in s.values("loss"))


def test_metric_name_filter() -> None:
    for name in ("loss", "train_loss", "val/loss", "eval_accuracy", "lr", "grad_norm", "ppl"):
        assert is_metric_name(name), name
    for name in ("step", "epoch", "batch_size", "loss_scale", "eval_runtime", "num_workers", "v_num"):
        assert not is_metric_name(name), name


def test_user_regex_named_groups() -> None:
    s = MetricScanner(r"iter (?P<step>\d+): reward=(?P<reward>[-\d.]+) kl=(?P<kl>[-\d.]+)")
    points = s.scan_lines(["iter 10: reward=0.25 kl=0.01", "noise loss=3.0", "iter 20: reward=0.5 kl=0.02"])
    assert s.values("reward") == [0.25, 0.5] and s.values("kl") == [0.01, 0.02]
    assert [p.step for p in points if p.name == "reward"] == [10, 20]
    # A user regex that does not match a line leaves the built-in formats to it.
    assert s.values("loss") == [3.0]


def test_user_regex_unnamed_group() -> None:
    s = MetricScanner(r"score is ([\d.]+)")
    s.scan_line("the score is 0.75 now")
    assert s.values("custom") == [0.75]


def test_splitter_handles_carriage_returns_ansi_and_split_utf8() -> None:
    sp = LineSplitter()
    data = "\x1b[32mloss=1.5\x1b[0m\n 10%|█         | 1/10\r 20%|██        | 2/10\n".encode()
    cut = data.index("█".encode()) + 1  # inside a multi-byte character
    lines = sp.feed(data[:cut]) + sp.feed(data[cut:])
    assert lines == ["loss=1.5", " 10%|█         | 1/10", " 20%|██        | 2/10"]
    assert sp.feed(b"partial") == [] and sp.flush() == ["partial"]
    assert strip_ansi("\x1b[1;31mError\x1b[0m") == "Error"


# -- progress -----------------------------------------------------------------
def test_tqdm_progress_and_its_own_eta() -> None:
    p = ProgressTracker()
    got = p.scan_line(" 33%|███▎      | 1000/3000 [41:12<1:22:24,  2.47s/it]", now=0)
    assert got is not None and (got.done, got.total) == (1000, 3000)
    assert got.eta_s == 3600 + 22 * 60 + 24
    assert got.fraction == pytest.approx(1 / 3)


def test_evaluation_bar_does_not_replace_the_training_bar() -> None:
    p = ProgressTracker()
    for i, line in enumerate(split_text((LOGS / "hf_trainer.log").read_text("utf-8"))[:80]):
        p.scan_line(line, now=float(i))
    assert p.current is not None and p.current.total == 100


def test_step_progress_eta_from_the_observed_rate() -> None:
    p = ProgressTracker()
    assert p.scan_line("step 100/1000 loss=2.0", now=10.0).eta_s is None
    got = p.scan_line("step 200/1000 loss=1.9", now=30.0)
    # 100 steps in 20 s → 800 steps left take 160 s.
    assert got.eta_s == pytest.approx(160.0)
    assert p.scan_line("no progress here", now=31.0) is None


def test_epoch_progress_when_nothing_finer_is_known() -> None:
    p = ProgressTracker()
    got = p.scan_line("Epoch 3/10 - 12s - loss: 0.5", now=0)
    assert got is not None and got.source == "epoch" and (got.done, got.total) == (3, 10)


def test_clock_and_eta_formats() -> None:
    assert parse_clock("01:22:24") == 4944 and parse_clock("00:36") == 36 and parse_clock("?") is None
    assert format_eta(4944) == "1:22:24" and format_eta(36) == "0:36" and format_eta(None) == "–"


# -- diagnosis ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("log", "rule", "detail"),
    [
        ("cuda_oom.log", "cuda_oom", "Tried to allocate 1.96 GiB"),
        ("driver_too_old.log", "cuda_driver", "found version 11040"),
        ("no_kernel_image.log", "no_kernel_image", "CUDA capability sm_90"),
        ("nccl_timeout.log", "nccl_timeout", "Timeout(ms)=600000"),
        ("nccl_error.log", "nccl_error", "Connect to 172.17.0.1<43127> failed : Connection refused"),
        ("disk_full.log", "disk_full", ""),
        ("oom_killer.log", "oom_killer", ""),
        ("file_not_found.log", "file_not_found", "No such file or directory: 'data/train.jsonl'"),
        ("module_not_found.log", "missing_module", "No module named 'transformers'"),
    ],
)
def test_each_failure_is_recognised(log: str, rule: str, detail: str) -> None:
    findings = diagnose((LOGS / log).read_text("utf-8"))
    assert [f.id for f in findings][:1] == [rule]
    assert findings[0].detail == detail
    assert findings[0].rule.remedies and findings[0].rule.explanation
    assert findings[0].line in (LOGS / log).read_text("utf-8")


@pytest.mark.parametrize("log", ["clean.log", "hf_trainer.log", "lightning.log", "plain_loss.log"])
def test_healthy_logs_have_no_diagnosis(log: str) -> None:
    assert diagnose((LOGS / log).read_text("utf-8"), exit_code=0) == []


def test_oom_remedies_are_the_seeds() -> None:
    rule = next(r for r in RULES if r.id == "cuda_oom")
    text = " ".join(rule.remedies).lower()
    for remedy in ("smaller batch", "gradient accumulation", "gradient checkpointing", "mixed precision", "model parallelism"):
        assert remedy in text


def test_nccl_remedies_mention_network_rdma_and_debug() -> None:
    for rule_id in ("nccl_timeout", "nccl_error"):
        text = " ".join(next(r for r in RULES if r.id == rule_id).remedies)
        assert "NCCL_DEBUG=INFO" in text and "RDMA" in text and "network" in text.lower()


def test_sigkill_exit_without_text_points_at_the_oom_killer() -> None:
    d = Diagnoser()
    d.scan_lines(["loading data", "tokenizing"])
    assert d.finish(137) is not None and d.primary is not None and d.primary.id == "oom_killer"
    assert Diagnoser().finish(0) is None


def test_first_failure_is_primary_and_rules_report_once() -> None:
    d = Diagnoser()
    d.scan_lines(["torch.OutOfMemoryError: CUDA out of memory.", "CUDA out of memory again", "NCCL error in: x"])
    assert [f.id for f in d.findings] == ["cuda_oom", "nccl_error"]
    assert d.primary.id == "cuda_oom" and d.findings[0].line_no == 1


def test_nan_loss() -> None:
    assert [f.id for f in diagnose("step 10 loss=nan lr=3e-4\n")] == ["nan_loss"]
