"""The server guard as POSIX ``sh`` text, and the small scripts that install, read and remove it.

The guard runs on the rented server itself (in its own tmux session on gpudesk's private tmux
socket, or under ``setsid nohup``), so it keeps watching when the app and the laptop are gone.
It needs no Python, no root and no systemd: rented GPUs are mostly containers. Its folder
(``~/.gpudesk/guard`` by default) holds:

- ``guard.sh`` (this text), ``config`` (sh assignments written by gpudesk), ``policy.json``;
- ``key`` (mode 600, only when gpudesk was given a per-instance key), ``started_at``;
- ``heartbeat`` (the server time of the app's last heartbeat) and ``pause`` (keep until);
- ``state`` (its own memory), ``status.json`` (what it saw last), ``last_action.json``,
  ``actions.jsonl`` (every action, for the app's billing audit log) and ``guard.log`` (bounded).

Pure text builders: unit-tested (shellcheck, dash and bash) without a server.
"""

from __future__ import annotations

import secrets
import shlex

#: Bumped whenever GUARD_SCRIPT changes: the app re-installs a guard whose version differs.
VERSION = "2"
DEFAULT_ROOT = ".gpudesk/guard"
TMUX_SOCKET = "gpudesk"  # the jobs' private tmux server: a user's ``tmux kill-server`` spares it

GUARD_SCRIPT = r"""#!/bin/sh
# gpudesk server guard: ends this rented server's bill when it sits idle and the gpudesk app is
# not there to ask. Installed and upgraded by gpudesk ("gpudesk guard install"); settings in
# ./config, memory in ./state, what it saw in ./status.json, decisions in ./guard.log.
GUARD_VERSION='@VERSION@'
umask 077
dir=$(cd "$(dirname "$0")" && pwd) || exit 1
ONCE=0
[ "${1:-}" != "--once" ] || ONCE=1

# Defaults; ./config (written by gpudesk) sets the user's policy.
INTERVAL_S=60; IDLE_S=900; THRESHOLD=5; GRACE_S=300; ACTION=remind; RETRY_S=300
BUDGET_MILLI=0; RATE_MILLI=0; BUDGET_ACTION=remind; STARTED_AT=0
METHOD=none; INSTANCE_ID=''; API_URL=''; STOP_COMMAND=''; NVIDIA_SMI=nvidia-smi
JOBS_DIR="$HOME/.gpudesk/jobs"; LOG_MAX=262144; GUARD_PATH=''; WATCH='tty transfer'
[ -r "$dir/config" ] || { echo "gpudesk guard: no config in $dir" >&2; exit 2; }
# shellcheck source=/dev/null
. "$dir/config"
if [ -n "$GUARD_PATH" ]; then PATH=$GUARD_PATH; export PATH; fi

log() {
  if [ -f "$dir/guard.log" ] && [ "$(($(wc -c < "$dir/guard.log") + 0))" -gt "$LOG_MAX" ]; then
    mv -f "$dir/guard.log" "$dir/guard.log.1"
  fi
  printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >> "$dir/guard.log"
}

# A JSON string: control characters dropped, backslash and quote escaped.
jstr() {
  printf '"%s"' "$(printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g')"
}

num_or_null() {
  case $1 in ''|*[!0-9]*) printf 'null' ;; *) printf '%s' "$1" ;; esac
}

is_guard() {  # is pid $1 a guard of this folder?
  [ -n "$1" ] || return 1
  kill -0 "$1" 2>/dev/null || return 1
  [ -r "/proc/$1/cmdline" ] || return 0
  tr '\0' ' ' < "/proc/$1/cmdline" | grep -qF "$dir/guard.sh"
}

# The value of variable $1 here, else in PID 1's environment: container platforms put the
# instance's id and key there, and an SSH login does not inherit them.
env_of() {
  v=$(env | sed -n "s/^$1=//p" | head -n 1)
  if [ -z "$v" ] && [ -r /proc/1/environ ]; then
    v=$(tr '\0' '\n' < /proc/1/environ 2>/dev/null | sed -n "s/^$1=//p" | head -n 1)
  fi
  printf '%s' "$v"
}

gpu_util() {  # sets GPU (the busiest GPU's utilisation, %) or GPU_PROBLEM
  GPU=''; GPU_PROBLEM=''
  if ! command -v "$NVIDIA_SMI" > /dev/null 2>&1; then
    GPU_PROBLEM="nvidia-smi not found ($NVIDIA_SMI): the guard cannot tell an idle GPU and will not act on idleness"
    return
  fi
  out=$("$NVIDIA_SMI" --query-gpu=utilization.gpu --format=csv,noheader,nounits 2>&1)
  rc=$?
  if [ "$rc" -ne 0 ]; then
    GPU_PROBLEM="nvidia-smi failed (exit $rc): $(printf '%s' "$out" | head -n 1 | cut -c1-200)"
    return
  fi
  for v in $out; do
    case $v in ''|*[!0-9]*) continue ;; esac
    if [ -z "$GPU" ] || [ "$v" -gt "$GPU" ]; then GPU=$v; fi
  done
  [ -n "$GPU" ] || GPU_PROBLEM="nvidia-smi printed no utilisation: $(printf '%s' "$out" | head -n 1 | cut -c1-200)"
}

# Running gpudesk jobs, found as "gpudesk jobs list" finds them: a pid file, no exit file, the
# process alive and running that job's wrapper (a pid from before a reboot may be someone else).
running_jobs() {
  for jd in "$JOBS_DIR"/*/; do
    [ -f "${jd}pid" ] || continue
    [ ! -f "${jd}exit" ] || continue
    pid=$(cat "${jd}pid" 2>/dev/null)
    [ -n "$pid" ] || continue
    kill -0 "$pid" 2>/dev/null || continue
    id=$(basename "$jd")
    if [ -r "/proc/$pid/cmdline" ] && ! tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF "$id/run.sh"; then
      continue
    fi
    printf '%s ' "$id"
  done
}

# Someone typed in a terminal: a pts of this user was read (its access time moves when the
# shell reads typed keys; Linux stamps it in 8-second steps) since the last check.
tty_active() {
  since=$1
  uid=$(id -u)
  for t in /dev/pts/[0-9]*; do
    [ -e "$t" ] || continue
    info=$(stat -c '%u %X' "$t" 2>/dev/null) || continue
    [ "${info% *}" = "$uid" ] || continue
    if [ "${info#* }" -ge "$since" ]; then return 0; fi
  done
  return 1
}

# Bytes read and written so far by this user's sftp-server, scp and rsync processes: when the
# sum moves between two checks, a transfer is in progress.
transfer_io() {
  total=0
  uid=$(id -u)
  for p in /proc/[0-9]*; do
    { read -r comm < "$p/comm"; } 2> /dev/null || continue
    case $comm in sftp-server|scp|rsync) ;; *) continue ;; esac
    [ "$(stat -c %u "$p" 2>/dev/null)" = "$uid" ] || continue  # another user's transfer is not ours
    [ -r "$p/io" ] || continue
    while read -r key value; do
      case $key in rchar:|wchar:) total=$((total + value)) ;; esac
    done < "$p/io"
  done
  printf '%s' "$total"
}

http() {  # METHOD URL BODY KEY -> prints the HTTP status; the key never appears on a command line
  if command -v curl > /dev/null 2>&1; then
    if [ -n "$3" ]; then
      printf 'header = "Authorization: Bearer %s"\n' "$4" | curl -sS -o "$dir/http.out" -w '%{http_code}' \
        --max-time 30 -X "$1" -H 'Content-Type: application/json' --data "$3" -K - "$2" 2> "$dir/http.err"
    else
      printf 'header = "Authorization: Bearer %s"\n' "$4" | curl -sS -o "$dir/http.out" -w '%{http_code}' \
        --max-time 30 -X "$1" -K - "$2" 2> "$dir/http.err"
    fi
  elif command -v wget > /dev/null 2>&1; then
    printf 'header = Authorization: Bearer %s\n' "$4" > "$dir/wgetrc"
    if WGETRC="$dir/wgetrc" wget -q -T 30 -O "$dir/http.out" --method="$1" --body-data="$3" \
        --header='Content-Type: application/json' "$2" 2> "$dir/http.err"; then
      printf '200'
    else
      printf '000'
    fi
    rm -f "$dir/wgetrc"
  else
    echo "neither curl nor wget is installed" > "$dir/http.err"
    printf '000'
  fi
}

key_for() {  # the per-instance key: gpudesk's key file (mode 600), else the platform's variable
  k=$(cat "$dir/key" 2>/dev/null)
  [ -n "$k" ] || k=$(env_of "$1")
  printf '%s' "$k"
}

http_result() {  # CODE -> RESULT/DETAIL
  case $1 in
    2??) RESULT=ok; DETAIL="HTTP $1" ;;
    *) RESULT=failed
       DETAIL="HTTP $1: $(cat "$dir/http.err" "$dir/http.out" 2>/dev/null | tr '\n' ' ' | cut -c1-300)" ;;
  esac
  rm -f "$dir/http.out" "$dir/http.err"
}

run_cmd() {  # LABEL COMMAND...: run it with a time limit; RESULT/DETAIL from its exit status and first line
  label=$1
  shift
  if command -v timeout > /dev/null 2>&1; then
    out=$(timeout 300 "$@" 2>&1 < /dev/null)
  else
    out=$("$@" 2>&1 < /dev/null)
  fi
  rc=$?
  first=$(printf '%s' "$out" | head -n 1 | cut -c1-300)
  if [ "$rc" -eq 0 ]; then RESULT=ok; else RESULT=failed; fi
  DETAIL="$label exited $rc${first:+: $first}"
}

# The provider's own way to stop (or terminate) this instance from inside it. Sets RESULT, DETAIL.
provider_act() {
  what=$1
  case $METHOD in
    runpod)
      id=${INSTANCE_ID:-$(env_of RUNPOD_POD_ID)}
      [ -n "$id" ] || { RESULT=failed; DETAIL="no pod id (RUNPOD_POD_ID is not set)"; return; }
      key=$(key_for RUNPOD_API_KEY)
      if [ -z "$API_URL" ] && command -v runpodctl > /dev/null 2>&1; then
        verb=stop
        [ "$what" != terminate ] || verb=remove
        if [ -n "$key" ]; then RUNPOD_API_KEY=$key; export RUNPOD_API_KEY; fi
        run_cmd "runpodctl $verb pod" runpodctl "$verb" pod "$id"
      else
        [ -n "$key" ] || { RESULT=failed; DETAIL="no RunPod key (RUNPOD_API_KEY is not set)"; return; }
        code=$(http POST "${API_URL:-https://api.runpod.io}/v2/pods/$id/action" "{\"action\":\"$what\"}" "$key")
        http_result "$code"
      fi ;;
    vast)
      id=${INSTANCE_ID:-$(env_of CONTAINER_ID)}
      [ -n "$id" ] || { RESULT=failed; DETAIL="no instance id (CONTAINER_ID is not set)"; return; }
      key=$(key_for CONTAINER_API_KEY)
      [ -n "$key" ] || { RESULT=failed; DETAIL="no Vast.ai key (CONTAINER_API_KEY is not set)"; return; }
      if [ "$what" = terminate ]; then
        code=$(http DELETE "${API_URL:-https://console.vast.ai}/api/v0/instances/$id/" "" "$key")
      else
        code=$(http PUT "${API_URL:-https://console.vast.ai}/api/v0/instances/$id/" '{"state":"stopped"}' "$key")
      fi
      http_result "$code" ;;
    autodl)
      if [ "$what" = terminate ]; then RESULT=failed; DETAIL="AutoDL cannot release an instance from inside it"; return; fi
      run_cmd shutdown shutdown ;;
    command)
      GPUDESK_GUARD_ACTION=$what; GPUDESK_GUARD_REASON=$REASON
      export GPUDESK_GUARD_ACTION GPUDESK_GUARD_REASON
      run_cmd "the stop command" sh -c "$STOP_COMMAND" gpudesk-guard "$what" ;;
    poweroff)
      if command -v poweroff > /dev/null 2>&1; then run_cmd poweroff poweroff; else run_cmd shutdown shutdown -h now; fi ;;
    *) RESULT=failed; DETAIL="no way to stop this server is configured" ;;
  esac
}

record() {  # ACTION REASON RESULT DETAIL: one JSON line, kept for the app's billing audit log
  line="{\"t\": $now, \"action\": $(jstr "$1"), \"reason\": $(jstr "$2"), \"result\": $(jstr "$3"), \"detail\": $(jstr "$4"), \"method\": $(jstr "$METHOD"), \"idle_s\": $(num_or_null "$idle_for"), \"spend\": $spend, \"automatic\": true, \"by\": \"server-guard\"}"
  printf '%s\n' "$line" > "$dir/last_action.json"
  printf '%s\n' "$line" >> "$dir/actions.jsonl"
  if [ "$(wc -l < "$dir/actions.jsonl")" -gt 400 ]; then
    tail -n 200 "$dir/actions.jsonl" > "$dir/actions.tmp" && mv -f "$dir/actions.tmp" "$dir/actions.jsonl"
  fi
  log "ACTION $1 ($2): $3 - $4"
}

act() {  # ACTION REASON: do it once; a failure is tried again after RETRY_S
  REASON=$2
  if [ "$1" = remind ]; then
    RESULT=ok; DETAIL="remind only: nothing stopped, the app shows it at the next connection"
  else
    provider_act "$1"
  fi
  record "$1" "$2" "$RESULT" "$DETAIL"
  if [ "$RESULT" = ok ]; then
    ACTED=1; NEXT_TRY=0
    [ "$2" != budget ] || BUDGET_DONE=1
  else
    NEXT_TRY=$((now + RETRY_S))
  fi
}

IDLE_SINCE=''; ACTED=0; BUDGET_DONE=0; NEXT_TRY=0; IO_LAST=''; LAST_CHECK=0
# shellcheck source=/dev/null
[ ! -r "$dir/state" ] || . "$dir/state"

save_state() {
  printf 'IDLE_SINCE=%s\nACTED=%s\nBUDGET_DONE=%s\nNEXT_TRY=%s\nIO_LAST=%s\nLAST_CHECK=%s\n' \
    "$IDLE_SINCE" "$ACTED" "$BUDGET_DONE" "$NEXT_TRY" "$IO_LAST" "$now" > "$dir/state.tmp" \
    && mv -f "$dir/state.tmp" "$dir/state"
}

check() {
  now=$(date +%s)
  problems=''
  held=''
  gpu_util
  [ -z "$GPU_PROBLEM" ] || problems="$problems,$(jstr "$GPU_PROBLEM")"
  jobs=$(running_jobs)
  [ -z "$jobs" ] || held="$held job"
  since=$((LAST_CHECK > 0 ? LAST_CHECK - 8 : now - INTERVAL_S - 8))
  case " $WATCH " in *" tty "*) if tty_active "$since"; then held="$held terminal"; fi ;; esac
  case " $WATCH " in
    *" transfer "*)
      io=$(transfer_io)
      if [ -n "$IO_LAST" ] && [ "$io" != "$IO_LAST" ]; then held="$held transfer"; fi
      IO_LAST=$io ;;
  esac
  if [ -n "$GPU" ] && [ "$GPU" -ge "$THRESHOLD" ]; then held="$held gpu"; fi
  if [ -n "$held" ]; then
    IDLE_SINCE=''; ACTED=0  # someone or something works: a new idle episode may start later
  elif [ -z "$GPU" ]; then
    IDLE_SINCE=''  # the GPU cannot be read: never call it idle
  else
    IDLE_SINCE=${IDLE_SINCE:-$now}
  fi
  idle_for=''
  [ -z "$IDLE_SINCE" ] || idle_for=$((now - IDLE_SINCE))
  hb=$(cat "$dir/heartbeat" 2>/dev/null)
  hb_age=''
  case $hb in ''|*[!0-9]*) ;; *) hb_age=$((now - hb)) ;; esac
  app=0
  if [ -n "$hb_age" ] && [ "$hb_age" -lt "$GRACE_S" ]; then app=1; fi
  pause=$(cat "$dir/pause" 2>/dev/null)
  case $pause in ''|*[!0-9]*) pause='' ;; esac
  if [ -n "$pause" ] && [ "$pause" -le "$now" ]; then pause=''; fi
  spend=null; over=0
  if [ "$RATE_MILLI" -gt 0 ] && [ "$STARTED_AT" -gt 0 ]; then
    s=$((RATE_MILLI * (now - STARTED_AT) / 3600))
    spend=$(printf '%d.%03d' $((s / 1000)) $((s % 1000)))
    if [ "$BUDGET_MILLI" -gt 0 ] && [ "$s" -ge "$BUDGET_MILLI" ]; then over=1; fi
  fi
  if [ -n "$pause" ]; then
    decision="paused until $pause"
  elif [ "$over" = 1 ] && [ "$BUDGET_DONE" = 0 ]; then
    if [ "$app" = 1 ]; then
      decision="budget reached; the app is connected and asks the user"
    elif [ "$now" -lt "$NEXT_TRY" ]; then
      decision="budget reached; the last attempt failed, next try at $NEXT_TRY"
    else
      decision="budget reached: $BUDGET_ACTION"
      act "$BUDGET_ACTION" budget
    fi
  elif [ -n "$idle_for" ] && [ "$idle_for" -ge "$IDLE_S" ]; then
    if [ "$app" = 1 ]; then
      decision="idle ${idle_for}s; the app is connected and asks the user"
    elif [ "$ACTED" = 1 ]; then
      decision="idle ${idle_for}s; already acted in this idle episode"
    elif [ "$now" -lt "$NEXT_TRY" ]; then
      decision="idle ${idle_for}s; the last attempt failed, next try at $NEXT_TRY"
    else
      decision="idle ${idle_for}s: $ACTION"
      act "$ACTION" idle
    fi
  elif [ -n "$idle_for" ]; then
    decision="idle ${idle_for}s of ${IDLE_S}s"
  elif [ -n "$held" ]; then
    decision="busy:$held"
  else
    decision="not idle: the GPU cannot be read"
  fi
  hbtxt=never
  [ -z "$hb_age" ] || hbtxt="${hb_age}s ago"
  log "check: $decision; gpu ${GPU:-?}%; jobs ${jobs:-none}; app heartbeat $hbtxt"
  held_json=''
  for h in $held; do held_json="$held_json,$(jstr "$h")"; done
  [ "$app" = 0 ] || held_json="$held_json,\"app\""
  [ -z "$pause" ] || held_json="$held_json,\"paused\""
  jobs_json=''
  for j in $jobs; do jobs_json="$jobs_json,$(jstr "$j")"; done
  last=$(cat "$dir/last_action.json" 2>/dev/null)
  [ -n "$last" ] || last=null
  [ "$ACTED" = 1 ] && acted=true || acted=false
  printf '{"version": %s, "pid": %s, "t": %s, "interval_s": %s, "decision": %s, "held_by": [%s], "jobs": [%s], "gpu_util": %s, "idle_since": %s, "idle_s": %s, "heartbeat_age_s": %s, "paused_until": %s, "spend": %s, "acted": %s, "problems": [%s], "last_action": %s}\n' \
    "$(jstr "$GUARD_VERSION")" "$$" "$now" "$INTERVAL_S" "$(jstr "$decision")" "${held_json#,}" "${jobs_json#,}" \
    "$(num_or_null "$GPU")" "$(num_or_null "$IDLE_SINCE")" "$(num_or_null "$idle_for")" "$(num_or_null "$hb_age")" \
    "$(num_or_null "$pause")" "$spend" "$acted" "${problems#,}" "$last" > "$dir/status.tmp" \
    && mv -f "$dir/status.tmp" "$dir/status.json"
  save_state
}

if [ "$ONCE" = 0 ]; then
  old=$(cat "$dir/pid" 2>/dev/null)
  if [ "$old" != "$$" ] && is_guard "$old"; then
    echo "gpudesk guard: already running as $old" >&2
    exit 3
  fi
  echo "$$" > "$dir/pid"
  trap '' HUP
  trap 'rm -f "$dir/pid"; log "stopped"; exit 0' TERM INT
  log "started: version $GUARD_VERSION, method $METHOD, idle ${IDLE_S}s then $ACTION, every ${INTERVAL_S}s"
fi
while :; do
  [ -r "$dir/config" ] || exit 0  # removed: go quietly
  check
  [ "$ONCE" = 0 ] || break
  sleep "$INTERVAL_S" &
  wait $!
done
"""


def guard_script() -> str:
    """The guard as installed on the server."""
    return GUARD_SCRIPT.replace("@VERSION@", VERSION)


def guard_dir(root: str = DEFAULT_ROOT) -> str:
    """The guard's folder as a shell word (``$HOME`` expands on the server)."""
    root = root.strip().rstrip("/") or DEFAULT_ROOT
    if root.startswith("/"):
        return shlex.quote(root)
    return '"$HOME"/' + shlex.quote(root.removeprefix("~/"))


def session_name(root: str = DEFAULT_ROOT) -> str:
    """The guard's tmux session: one per guard folder (tests use their own folders)."""
    import hashlib

    if root == DEFAULT_ROOT:
        return "gpudesk-guard"
    return "gpudesk-guard-" + hashlib.sha1(root.encode()).hexdigest()[:10]


def _marker(*texts: str) -> str:
    marker = "GPUDESK_GUARD_END_" + secrets.token_hex(8)
    while any(marker in t for t in texts):  # pragma: no cover - 64 random bits
        marker = "GPUDESK_GUARD_END_" + secrets.token_hex(8)
    return marker


#: Is $pid the guard of folder $d? (Shared by the install, status and remove scripts.)
_IS_GUARD = (
    'is_guard() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null || return 1; '
    '[ -r "/proc/$1/cmdline" ] || return 0; tr \'\\0\' \' \' < "/proc/$1/cmdline" | grep -qF "$d/guard.sh"; }'
)


def _stop_lines(root: str) -> list[str]:
    return [
        'pid=$(cat "$d/pid" 2>/dev/null)',
        'if is_guard "$pid"; then',
        '  kill -TERM "$pid" 2>/dev/null',
        '  i=0; while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i+1)); done',
        '  kill -KILL "$pid" 2>/dev/null',
        "fi",
        f"tmux -L {TMUX_SOCKET} kill-session -t {session_name(root)} 2>/dev/null",
        'rm -f "$d/pid"',
    ]


def build_install_script(
    config_text: str,
    policy_json: str,
    *,
    root: str = DEFAULT_ROOT,
    key: str | None = None,
    started_at: int | None = None,
    path: str | None = None,
    runner: str = "auto",
) -> str:
    """The script (fed to ``sh -s``) that writes the guard's folder and (re)starts it.

    It prints ``old_version=…``, ``runner=…``, ``warn=…`` and ``pid=…`` lines; exit 5 means the
    folder cannot be written (a read-only home), 4 that the guard did not start.
    """
    script = guard_script()
    files = {"guard.sh.new": script, "config.new": config_text, "policy.json": policy_json}
    if key:
        files["key"] = key
    marker = _marker(*files.values())
    lines = ["set -u", "umask 077", f"d={guard_dir(root)}", _IS_GUARD]
    if path is not None:
        lines.append(f"PATH={shlex.quote(path)}; export PATH")
    else:
        # Where GPU images keep nvidia-smi and shutdown when a non-login shell's PATH lacks them.
        lines.append('PATH="$PATH:/usr/local/nvidia/bin:/usr/sbin:/sbin"; export PATH')
    lines += [
        'err=$(mkdir -p "$d" 2>&1) || { echo "cannot create $d: $err" >&2; exit 5; }',
        'err=$( (: > "$d/.write-test") 2>&1) || { echo "cannot write in $d: $err" >&2; exit 5; }',
        'rm -f "$d/.write-test"',
        'old=$(sed -n "s/^GUARD_VERSION=\'\\(.*\\)\'$/\\1/p" "$d/guard.sh" 2>/dev/null | head -n 1)',
        'echo "old_version=$old"',
        *_stop_lines(root),
        # A fresh start: a new policy begins a new idle episode (the old one's memory is dropped).
        'rm -f "$d/state" "$d/status.json" "$d/key" "$d/warnings"',
    ]
    for name, text in files.items():
        lines += [f"cat > \"$d/{name}\" <<'{marker}' || exit 5", text.rstrip("\n"), marker]
    if started_at is not None:
        lines.append(f'echo {int(started_at)} > "$d/started_at"')
    lines += [
        'sa=$(cat "$d/started_at" 2>/dev/null)',
        'case $sa in ""|*[!0-9]*) sa=$(date +%s); echo "$sa" > "$d/started_at" ;; esac',
        'printf "STARTED_AT=%s\\n" "$sa" >> "$d/config.new"',
        # The guard keeps this login's PATH (where nvidia-smi, tmux and curl were found).
        'case $PATH in *"\'"*) ;; *) printf "GUARD_PATH=\'%s\'\\n" "$PATH" >> "$d/config.new" ;; esac',
        'chmod 600 "$d/config.new" "$d/policy.json"',
        '[ ! -f "$d/key" ] || chmod 600 "$d/key"',
        'mv -f "$d/config.new" "$d/config" && mv -f "$d/guard.sh.new" "$d/guard.sh" || exit 5',
        'chmod 700 "$d/guard.sh"',
    ]
    tmux = f'tmux -L {TMUX_SOCKET} new-session -d -s {session_name(root)} -x 120 -y 20 "exec sh \\"$d/guard.sh\\""'
    nohup = (
        'if command -v setsid > /dev/null 2>&1; then setsid nohup sh "$d/guard.sh" > /dev/null 2>&1 < /dev/null & '
        'else nohup sh "$d/guard.sh" > /dev/null 2>&1 < /dev/null & fi'
    )
    if runner == "nohup":
        lines += [nohup, "runner='nohup'"]
    else:
        lines += [
            "if command -v tmux > /dev/null 2>&1 && " + tmux + "; then runner=tmux; else",
            '  command -v tmux > /dev/null 2>&1 || { echo warn=tmux-missing; echo tmux-missing >> "$d/warnings"; }',
            "  " + nohup,
            "  runner='nohup'",
            "fi",
        ]
    lines += [
        'echo "$runner" > "$d/runner"',
        'echo "runner=$runner"',
        "i=0",
        'while [ ! -s "$d/pid" ] && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i+1)); done',
        '[ -s "$d/pid" ] || { echo "the guard did not start: $(tail -n 2 "$d/guard.log" 2>/dev/null)" >&2; exit 4; }',
        'echo "pid=$(cat "$d/pid")"',
    ]
    return "\n".join(lines) + "\n"


def build_status_script(root: str = DEFAULT_ROOT) -> str:
    """Prints ``@@name value`` lines and the JSON files, for :func:`gpudesk.core.guard.remote.status`."""
    return (
        "\n".join(
            [
                f"d={guard_dir(root)}",
                _IS_GUARD,
                'echo "@@now $(date +%s)"',
                '[ -f "$d/guard.sh" ] || { echo "@@installed 0"; exit 0; }',
                'echo "@@installed 1"',
                'echo "@@version $(sed -n "s/^GUARD_VERSION=\'\\(.*\\)\'$/\\1/p" "$d/guard.sh" | head -n 1)"',
                'pid=$(cat "$d/pid" 2>/dev/null)',
                'if is_guard "$pid"; then echo "@@running 1"; else echo "@@running 0"; fi',
                'echo "@@runner $(cat "$d/runner" 2>/dev/null)"',
                'echo "@@heartbeat $(cat "$d/heartbeat" 2>/dev/null)"',
                "echo \"@@warnings $(tr '\\n' ' ' < \"$d/warnings\" 2>/dev/null)\"",
                'printf "@@policy\\n"; cat "$d/policy.json" 2>/dev/null',
                'printf "\\n@@status\\n"; cat "$d/status.json" 2>/dev/null',
                'printf "\\n@@end\\n"',
            ]
        )
        + "\n"
    )


def build_remove_script(root: str = DEFAULT_ROOT) -> str:
    return "\n".join([f"d={guard_dir(root)}", _IS_GUARD, *_stop_lines(root), 'rm -rf -- "$d"', "exit 0"]) + "\n"


def build_heartbeat_command(root: str = DEFAULT_ROOT) -> str:
    """The app's heartbeat: the server's own clock, so a skewed laptop clock does not matter."""
    d = guard_dir(root)
    return f'd={d}; mkdir -p "$d" && date +%s > "$d/heartbeat.tmp" && mv -f "$d/heartbeat.tmp" "$d/heartbeat"'


def build_pause_command(seconds: int | None, root: str = DEFAULT_ROOT) -> str:
    """Keep the server (no guard action) for ``seconds`` from now on the server's clock; None resumes."""
    d = guard_dir(root)
    if seconds is None:
        return f"rm -f {d}/pause"
    return (
        f'd={d}; [ -d "$d" ] || {{ echo "the guard is not installed" >&2; exit 3; }}; '
        f'echo $(( $(date +%s) + {int(seconds)} )) > "$d/pause.tmp" && mv -f "$d/pause.tmp" "$d/pause" && cat "$d/pause"'
    )


def build_actions_command(root: str = DEFAULT_ROOT) -> str:
    return f"cat {guard_dir(root)}/actions.jsonl 2>/dev/null; exit 0"
