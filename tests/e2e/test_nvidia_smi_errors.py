"""When nvidia-smi fails, ``gpudesk gpus``/``check`` show its exit code, its own first lines and a hint.

A broken (or hostile) nvidia-smi is installed on the real test sshd's PATH; the ``nvsmi`` fixture
puts the replayed one back afterwards (the server is shared by the whole session).
"""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from tests.e2e.test_gpus_cli import cli, nvsmi  # noqa: F401 - the replay fixture restores nvidia-smi

pytestmark = pytest.mark.e2e

# Anything a terminal would act on: ESC, BEL, other C0/C1 controls (newline and tab are fine).
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.fixture
def broken_smi(sshd, nvsmi):  # noqa: F811
    """Install a shell script as nvidia-smi: ``broken_smi("echo hi; exit 3")``."""

    def install(body: str) -> None:
        sshd.install_bin("nvidia-smi", "#!/bin/sh\n" + body + "\n")

    return install


def _assert_clean(text: str) -> None:
    assert not CONTROL.search(text), repr(CONTROL.search(text).group(0))


def test_an_unknown_failure_shows_exit_code_first_lines_and_hint(sshd, broken_smi) -> None:
    broken_smi(
        "echo 'NVIDIA-SMI: something new broke (code 77)'\n"
        "echo 'second line on stderr' >&2\n"
        "echo 'third line'\n"
        "exit 3"
    )
    run = cli(sshd, "gpus")
    assert run.returncode == 4, (run.stdout, run.stderr)
    err = run.stderr
    assert "exit code 3" in err
    for line in ("NVIDIA-SMI: something new broke (code 77)", "second line on stderr", "third line"):
        assert line in err, err
    assert "Run nvidia-smi in a terminal" in err  # the hint
    as_json = cli(sshd, "gpus", "--json")
    assert as_json.returncode == 4 and as_json.stdout == ""  # --json prints nothing on failure, as before
    assert "second line on stderr" in as_json.stderr


def test_driver_not_loaded_says_exit_9_and_what_to_do(sshd, broken_smi) -> None:
    broken_smi(
        "echo \"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
        "Make sure that the latest NVIDIA driver is installed and running.\"\nexit 9"
    )
    run = cli(sshd, "gpus")
    assert run.returncode == 4
    assert "exit code 9" in run.stderr and "couldn't communicate with the NVIDIA driver" in run.stderr
    assert "Reboot the server or reinstall the driver" in run.stderr


def test_an_unknown_text_with_a_known_exit_code_still_gets_its_hint(sshd, broken_smi) -> None:
    broken_smi("echo 'Failed to initialize NVML: Unknown Error'\nexit 18")
    run = cli(sshd, "gpus")
    assert run.returncode == 4
    assert "exit code 18" in run.stderr and "Failed to initialize NVML: Unknown Error" in run.stderr
    assert "Reboot the server (or reload the nvidia kernel modules)" in run.stderr


def test_a_missing_nvidia_smi_says_exit_127(sshd, nvsmi) -> None:  # noqa: F811
    nvsmi("missing")
    run = cli(sshd, "gpus")
    assert run.returncode == 4
    assert "exit code 127" in run.stderr and "Install the NVIDIA driver" in run.stderr


def test_escape_sequences_and_megabytes_are_stripped_and_capped(sshd, broken_smi) -> None:
    # A window-title change, a screen clear, colours, a bell, a carriage-return overwrite,
    # a 2 MB line and many more lines.
    broken_smi(
        r"printf '\033]0;pwned-title\007\033[2J\033[31mFATAL\033[0m: GPU exploded\a\n'" "\n"
        r"printf 'harmless text\rFAKE OVERWRITE\n'" "\n"
        "head -c 2000000 /dev/zero | tr '\\0' 'A'; echo\n"
        "i=0; while [ $i -lt 500 ]; do echo \"line $i\"; i=$((i+1)); done\n"
        "exit 3"
    )
    run = cli(sshd, "gpus")
    assert run.returncode == 4, run.stderr
    err = run.stderr
    _assert_clean(err)
    assert "exit code 3" in err
    assert "FATAL: GPU exploded" in err and "pwned-title" not in err
    assert "harmless text" in err and "FAKE OVERWRITE" in err  # both shown: no line hides another
    assert "AAAAAAAAAA" in err and "A" * 1000 not in err  # the long line is cut
    assert "line 499" not in err and "…" in err  # a few lines, then a mark that more followed
    assert len(err) < 3000, len(err)

    check = cli(sshd, "check", "--json")
    assert check.returncode == 4
    report = json.loads(check.stdout)
    assert set(report) == {"gpus", "driver", "cuda", "checks"}
    (smi,) = [c for c in report["checks"] if c["name"] == "nvidia-smi"]
    assert smi["status"] == "fail" and set(smi) == {"name", "status", "detail", "fix"}
    assert "exit code 3" in smi["detail"] and "FATAL: GPU exploded" in smi["detail"]
    _assert_clean(smi["detail"])
    assert len(check.stdout) < 20000
    _assert_clean(check.stderr)
    assert "exit code 3" in check.stderr and "FATAL: GPU exploded" in check.stderr


def test_an_endless_nvidia_smi_is_cut_off(sshd, broken_smi) -> None:
    broken_smi("while :; do echo 'spam from a runaway nvidia-smi'; done")
    run = cli(sshd, "gpus")
    assert run.returncode == 4, run.stderr
    assert "spam from a runaway nvidia-smi" in run.stderr and len(run.stderr) < 3000


def test_check_shows_the_lines_exit_code_and_fix(sshd, broken_smi) -> None:
    broken_smi("echo 'Failed to initialize NVML: Driver/library version mismatch' >&2\necho 'NVML library version: 550.54' >&2\nexit 18")
    run = cli(sshd, "check")
    assert run.returncode == 4
    assert "[FAIL] nvidia-smi" in run.stdout and "exit code 18" in run.stdout
    assert "NVML library version: 550.54" in run.stdout
    assert "exit code 18" in run.stderr and "Driver/library version mismatch" in run.stderr
    assert "Reboot the server" in run.stderr  # the fix, on stderr too


def test_process_names_cannot_steer_the_terminal(sshd, nvsmi) -> None:  # noqa: F811
    # Any user of a shared server names their own processes; the name reaches `gpudesk gpus`.
    nvsmi("h100")
    real = sshd.home / "bin" / "nvidia-smi-real"
    shutil.copy(sshd.home / "bin" / "nvidia-smi", real)
    os.chown(real, sshd.uid, sshd.gid)
    sshd.install_bin(
        "nvidia-smi",
        "#!/bin/sh\n"
        "E=$(printf '\\033'); B=$(printf '\\007')\n"
        'case "$*" in *--query-compute-apps*) ;; *) exec "$HOME/bin/nvidia-smi-real" "$@" ;; esac\n'
        '"$HOME/bin/nvidia-smi-real" "$@" | sed "s/, \\([^,]*\\)$/, ${E}[2J${E}]0;owned${B}EVIL\\1/"\n',
    )
    try:
        run = cli(sshd, "gpus")
    finally:
        real.unlink()
    assert run.returncode == 0, run.stderr
    assert "EVIL" in run.stdout  # the injected text reached the output ...
    _assert_clean(run.stdout)  # ... without its escape sequences
    assert "owned" not in run.stdout
