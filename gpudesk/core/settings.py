"""Every setting, declared once: name, type, default, description.

Other modules read settings through :func:`get` and never invent keys of their own.
Values live in ``settings.json`` under the config dir (atomic writes); unknown or
mistyped values fall back to the default rather than crash the app.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from gpudesk.core import datafile, paths
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg


@dataclass(frozen=True)
class Setting:
    name: str
    type: type
    default: JSON
    description: str
    choices: tuple[str, ...] = ()  # for str settings with a fixed set of values


SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in [
        Setting("ssh.connect_timeout_s", float, 15.0, "Seconds to wait for a server to answer before giving up."),
        Setting("ssh.keepalive_s", int, 15, "Send a keepalive every N seconds (0 turns it off)."),
        Setting(
            "ssh.dead_after_s",
            int,
            30,
            "Count the connection as lost after this many seconds without an answer from the server, then reconnect (0 = never).",
        ),
        Setting("ssh.read_user_known_hosts", bool, True, "Also trust host keys from ~/.ssh/known_hosts."),
        Setting("terminal.scrollback", int, 10000, "Lines of scrollback kept per terminal."),
        Setting("terminal.font_size", int, 11, "Terminal font size in points."),
        Setting("terminal.font_family", str, "", "Terminal font family; empty means the platform's monospace default."),
        Setting(
            "terminal.persistent_tmux", bool, True, "Run shells inside a remote tmux session when the server has tmux."
        ),
        Setting("telemetry.interval_ms", int, 1000, "GPU sampling interval in milliseconds."),
        Setting("ui.theme", str, "system", "Colour theme: system, light or dark.", ("system", "light", "dark")),
        Setting("ui.language", str, "system", "Interface language: system, en or zh_CN.", ("system", "en", "zh_CN")),
        Setting(
            "ui.shortcuts", dict, {}, "Keyboard shortcuts you changed, by command; the others keep their defaults."
        ),
        Setting("updates.feed_url", str, "", "Release feed (JSON) to check for new versions; empty turns checks off."),
        Setting("updates.auto_check", bool, True, "Check the release feed at most once a day at start-up."),
        Setting("billing.idle_threshold_pct", float, 5.0, "A GPU below this utilisation (%) counts as idle."),
        Setting("billing.idle_minutes", float, 15.0, "Ask before billing runs on after this many idle minutes."),
        Setting(
            "billing.ide_ceiling_minutes",
            float,
            240.0,
            "An IDE working on the server (VS Code, Cursor, Windsurf) keeps an idle GPU at most this many minutes.",
        ),
        Setting(
            "billing.idle_policy",
            str,
            "remind",
            "Without an answer to the idle prompt: remind, stop or terminate.",
            ("remind", "stop", "terminate"),
        ),
        Setting(
            "billing.answer_minutes", float, 10.0, "Minutes to wait for an answer before an automatic stop/terminate."
        ),
        Setting(
            "billing.granularity",
            str,
            "second",
            "Default billing step for typed prices: second, minute or hour.",
            ("second", "minute", "hour"),
        ),
        Setting(
            "billing.daily_budget", float, 0.0, "Colour the cost bar as today's spending nears this (0 = no budget)."
        ),
        Setting(
            "alerts.from_server",
            bool,
            True,
            "The guard on each server sends its own alerts (what it did, limits near, jobs that ended while the app "
            "was away) through the alert channels a server can use, so they arrive while this computer is off.",
        ),
        Setting(
            "catalog.currency",
            str,
            "USD",
            "Currency the catalog and planner show prices in: USD or CNY.",
            ("USD", "CNY"),
        ),
        Setting(
            "catalog.cny_per_usd",
            float,
            7.246,
            "Exchange rate used by the catalog: yuan per US dollar (default 1/0.138, the rate of the bundled snapshot).",
        ),
        Setting(
            "catalog.electricity_usd_per_kwh",
            float,
            0.131,
            "Electricity price for the rent-versus-buy break-even, USD per kWh.",
        ),
        Setting(
            "transfer.verify_sha256",
            bool,
            False,
            "Compare SHA-256 of every transferred file (resumed files are always compared).",
        ),
        Setting(
            "transfer.conflict_policy",
            str,
            "ask",
            "When a target exists: ask, overwrite, skip, rename or resume.",
            ("ask", "overwrite", "skip", "rename", "resume"),
        ),
        Setting("files.show_hidden", bool, False, "Show hidden files (names starting with a dot) in the file browser."),
        Setting("files.follow_terminal", bool, False, "The remote file pane follows the terminal's current folder."),
        Setting(
            "files.notify_after_s", int, 10, "Notify when a transfer that took longer than this many seconds ends."
        ),
        Setting(
            "transfer.stall_timeout_s",
            int,
            60,
            "Seconds without an answer from the server before a transfer counts the connection as lost.",
        ),
        Setting(
            "terminal.copy_on_select", bool, True, "Copy terminal text to the clipboard as soon as it is selected."
        ),
        Setting(
            "terminal.confirm_multiline_paste",
            bool,
            True,
            "Ask before pasting text of more than one line into a terminal.",
        ),
        Setting(
            "terminal.backspace_sends_del",
            bool,
            True,
            "Backspace sends DEL (^?, what most servers expect); off sends ^H.",
        ),
        Setting(
            "terminal.osc52",
            str,
            "set",
            "Programs on the server may set the local clipboard (OSC 52: set); off ignores them. Reading the clipboard is never allowed.",
            choices=("set", "off"),
        ),
        Setting(
            "telemetry.processes_interval_s",
            int,
            5,
            "List GPU processes every N seconds (the GPU samples keep their own interval).",
        ),
        Setting(
            "telemetry.check_on_connect",
            bool,
            True,
            "Run the environment check (driver, CUDA, PyTorch, disk, tmux) after connecting.",
        ),
        Setting(
            "telemetry.chart_window_s", int, 600, "Time window the GPU charts show at first, in seconds (60 to 86400)."
        ),
        Setting("jobs.refresh_s", int, 10, "Seconds between job list refreshes while a job runs."),
        Setting("jobs.follow_log", bool, True, "Keep the newest log lines in view in the Jobs tab."),
        Setting("jobs.max_log_lines", int, 20000, "Lines of a job's log kept in the Jobs tab's log view."),
        Setting(
            "jobs.metric_regex",
            str,
            "",
            "Your own regex for metrics in job logs; named groups become series, (?P<step>…) is the step.",
        ),
        Setting("jobs.notify", bool, True, "Notify when a job ends, with its duration and cost."),
        Setting(
            "jobs.results_folder",
            str,
            "",
            "Folder Collect results saves its zip in (the last one you chose); empty: a folder per server under gpudesk's data folder.",
        ),
        Setting(
            "sessions.sync_folder",
            str,
            "",
            "Keep a copy of the sessions (never passwords or keys) in this folder, e.g. a cloud-drive folder, and merge changes from other computers; empty turns it off.",
        ),
        Setting(
            "terminal.log_all",
            bool,
            False,
            "Log every terminal's output to a file automatically (under terminal-logs in the data folder).",
        ),
        Setting(
            "terminal.log_raw",
            bool,
            False,
            "Keep escape sequences (colours, cursor moves) in terminal logs instead of plain text.",
        ),
        Setting(
            "terminal.log_max_mb", int, 10, "Start a new terminal log file once the current one reaches this many MB."
        ),
        Setting("terminal.log_keep", int, 5, "Older terminal log files kept per terminal besides the current one."),
        Setting(
            "sync.tar_small_files",
            bool,
            True,
            "Send many small new files as one tar stream when syncing a project (needs tar on the server).",
        ),
        Setting(
            "terminal.option_as_meta",
            bool,
            False,
            "macOS: the Option key works as Meta (sends Esc + the key, for Emacs and readline) instead of typing its character.",
        ),
        Setting(
            "files.editor",
            str,
            "",
            'Command that opens a downloaded file for editing, e.g. "code --wait" or "notepad"; empty uses the system\'s text editor.',
        ),
        Setting(
            "secrets.allow_plaintext_keyring",
            bool,
            False,
            "Save passwords and tokens even when the only password store keeps them in a file without real protection (not recommended).",
        ),
    ]
}

_lock = threading.Lock()
_cache: JSONObject | None = None
_problem: tuple[str, str] = ("", "")  # (settings file, what was wrong with it) until the user has seen it


def _check_file(raw: JSON) -> tuple[JSONObject, list[str]]:
    """Every known setting must have its type; a mistyped one is skipped and reported, unknown ones kept."""
    data = dict(datafile.mapping(raw, msg("DataFile", "the file")))
    skipped = []
    check: dict[type, datafile.Check] = {
        str: datafile.text,
        bool: datafile.boolean,
        int: datafile.integer,
        float: datafile.number,
        dict: datafile.mapping,
    }
    for name, value in list(data.items()):
        setting = SETTINGS.get(name)
        if setting is None:
            continue  # a setting of a newer version: kept as it is
        try:
            check.get(setting.type, datafile.anything)(value, name)
        except datafile.Invalid as exc:
            skipped.append(exc.args[0])
            del data[name]
    return data, skipped


def _what() -> str:
    return msg("DataFile", "The settings file")


def _load() -> JSONObject:
    global _cache, _problem
    if _cache is None:
        path = paths.settings_file()
        loaded = datafile.load(path, _check_file, what=_what(), empty=dict)
        _cache = loaded.data
        if loaded.problem:
            _problem = (str(path), loaded.problem)
    return _cache


def load_problem() -> str:
    """What was wrong with the settings file when it was read (names the kept copy); "" if nothing."""
    with _lock:
        _load()
        return _problem[1] if _problem[0] == str(paths.settings_file()) else ""


def get(name: str) -> JSON:
    setting = SETTINGS[name]
    with _lock:
        value = _load().get(name, setting.default)
    if setting.type is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, setting.type) or (setting.type is int and isinstance(value, bool)):
        return setting.default
    if setting.choices and value not in setting.choices:
        return setting.default
    return value


def set(name: str, value: JSON) -> None:  # noqa: A001 - mirrors get()
    setting = SETTINGS[name]
    if setting.type is float and isinstance(value, int):
        value = float(value)
    if not isinstance(value, setting.type):
        raise TypeError(f"{name} takes {setting.type.__name__}, not {type(value).__name__}")
    if setting.choices and value not in setting.choices:
        raise ValueError(f"{name} takes one of {', '.join(setting.choices)}, not {value!r}")
    with _lock:
        mine = dict(_load())

        def change(disk: datafile.Loaded) -> JSONObject:
            # Another process may have changed other settings meanwhile: only this one is ours.
            return {**(mine if disk.damaged else disk.data), name: value}

        written = datafile.update(paths.settings_file(), _check_file, change, what=_what(), empty=dict, sort_keys=True)
        global _cache, _problem
        if written.problem:
            _problem = (str(paths.settings_file()), written.problem)
        _cache = written.data


def reset_cache() -> None:
    """Forget cached values (tests point GPUDESK_HOME elsewhere between runs)."""
    global _cache, _problem
    with _lock:
        _cache = None
        _problem = ("", "")
