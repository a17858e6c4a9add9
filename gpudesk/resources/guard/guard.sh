#!/bin/sh
# gpudesk server guard: ends this rented server's bill when it sits idle and the gpudesk app is
# not there to ask. Installed and upgraded by gpudesk ("gpudesk guard install"); settings in
# ./config, memory in ./state, what it saw in ./status.json, decisions in ./guard.log.
GUARD_VERSION='@VERSION@'
umask 077

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
    v=$( (tr '\0' '\n' < /proc/1/environ) 2>/dev/null | sed -n "s/^$1=//p" | head -n 1)
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

# CPU ticks used so far by this user's IDE servers (VS Code, Cursor, Windsurf over Remote-SSH): when the
# sum moves between two checks, the user works in an editor on this server.
ide_cpu() {
  uid=$(id -u)
  grep -lsaE '/[.](vscode|cursor|windsurf)-server/' /proc/[0-9]*/cmdline 2>/dev/null | {
    total=0
    while read -r f; do
      p=${f%/cmdline}
      [ "$(stat -c %u "$p" 2>/dev/null)" = "$uid" ] || continue
      { read -r line < "$p/stat"; } 2>/dev/null || continue
      # shellcheck disable=SC2086 # the fields after the command name, split on purpose
      set -- ${line##*) }
      [ $# -ge 13 ] || continue
      total=$((total + ${12} + ${13}))  # utime + stime
    done
    printf '%s' "$total"
  }
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

# --- Talking to the provider -------------------------------------------------------------------
# Everything a provider answers is hostile text: only its first 64 KiB are kept, and only a few
# hundred bytes of it, with control characters stripped, ever reach a record or the log.

clean() {  # stdin -> one bounded line without control characters
  head -c 4096 | tr '\n\r\t' '   ' | tr -d '\000-\037\177' | cut -c1-240
}

limited() {  # SECONDS COMMAND...: run it, killed after SECONDS where timeout(1) exists
  s=$1
  shift
  if command -v timeout > /dev/null 2>&1; then timeout "$s" "$@"; else "$@"; fi
}

# shellcheck disable=SC2020  # one newline for each of the four cut characters
# The first string value of key $1 in the JSON file $2 (no jq: it may be missing). The text is
# cut at commas and braces and the key looked up line by line: enough for the flat answers used
# here, and bounded (64 KiB read, 120 characters kept).
json_str() {
  head -c 65536 "$2" 2>/dev/null | tr -d '\000-\037' | tr ',{}[' '\n\n\n\n' \
    | sed -n "s/^[[:space:]]*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]\{0,120\}\)\".*/\1/p" | head -n 1
}

# shellcheck disable=SC2020
json_lit() {  # the first literal (true, false, null, a number) of key $1 in the JSON file $2
  head -c 65536 "$2" 2>/dev/null | tr -d '\000-\037' | tr ',{}[' '\n\n\n\n' \
    | sed -n "s/^[[:space:]]*\"$1\"[[:space:]]*:[[:space:]]*\([a-z0-9.+-]\{1,24\}\).*/\1/p" | head -n 1
}

# METHOD URL BODY KEY: prints the HTTP status (000: no answer). The first 64 KiB of the answer go
# to ./http.out, the transport's complaint to ./http.err. Time-limited; the key never appears on
# a command line (curl reads its header from stdin, wget from a mode-600 file).
http() {
  rm -f "$dir/http.out" "$dir/http.err" "$dir/http.hdr"
  if command -v curl > /dev/null 2>&1; then
    if [ -n "$3" ]; then
      printf 'header = "Authorization: Bearer %s"\n' "$4" | curl -sS -D "$dir/http.hdr" -o - \
        --connect-timeout 10 --max-time "$HTTP_MAX_S" \
        -X "$1" -H 'Content-Type: application/json' --data "$3" -K - "$2" 2> "$dir/http.err" \
        | head -c 65536 > "$dir/http.out"
    else
      printf 'header = "Authorization: Bearer %s"\n' "$4" | curl -sS -D "$dir/http.hdr" -o - \
        --connect-timeout 10 --max-time "$HTTP_MAX_S" \
        -X "$1" -K - "$2" 2> "$dir/http.err" | head -c 65536 > "$dir/http.out"
    fi
    code=$(head -c 65536 "$dir/http.hdr" 2>/dev/null | sed -n 's/^HTTP\/[0-9.]* \([0-9][0-9][0-9]\).*/\1/p' | tail -n 1)
  elif command -v wget > /dev/null 2>&1; then
    printf 'header = Authorization: Bearer %s\n' "$4" > "$dir/wgetrc"
    WGETRC="$dir/wgetrc" limited "$HTTP_MAX_S" wget -q -S -T "$HTTP_MAX_S" -O - --content-on-error \
      --method="$1" --body-data="$3" --header='Content-Type: application/json' "$2" 2> "$dir/http.err" \
      | head -c 65536 > "$dir/http.out"
    rm -f "$dir/wgetrc"
    code=$(head -c 65536 "$dir/http.err" | sed -n 's/^ *HTTP\/[0-9.]* \([0-9][0-9][0-9]\).*/\1/p' | tail -n 1)
  else
    echo "neither curl nor wget is installed" > "$dir/http.err"
    : > "$dir/http.out"
    code=''
  fi
  printf '%s' "${code:-000}"
}

# The provider's own words about its last answer: RFC 9457 "detail"/"title" (RunPod v2), "error"
# and "msg" (Vast.ai), else the start of the answer, else the transport's complaint. Bounded.
answer_words() {
  w=''
  for f in detail error msg message title; do
    v=$(json_str "$f" "$dir/http.out")
    [ -z "$v" ] || w="${w:+$w; }$v"
  done
  [ -n "$w" ] || w=$(clean < "$dir/http.out" 2>/dev/null)
  [ -n "$w" ] || w=$(grep -v '^ ' "$dir/http.err" 2>/dev/null | clean)
  printf '%s' "$w" | clean
}

http_words() {  # CODE -> "HTTP 503: the provider's words" / "no answer: curl's words"
  if [ "$1" = 000 ]; then printf 'no answer: %s' "$(answer_words)"; else printf 'HTTP %s: %s' "$1" "$(answer_words)"; fi
}

key_for() {  # the per-instance key: gpudesk's key file (mode 600), else the platform's variable
  k=$(cat "$dir/key" 2>/dev/null)
  [ -n "$k" ] || k=$(env_of "$1")
  printf '%s' "$k"
}

redact() {  # TEXT KEY -> TEXT with every copy of KEY replaced: a provider may echo what it got
  t=$1
  r=''
  if [ -n "$2" ]; then
    while :; do
      case $t in *"$2"*) r="$r${t%%"$2"*}[key]"; t=${t#*"$2"} ;; *) break ;; esac
    done
  fi
  printf '%s' "$r$t"
}

run_cmd() {  # COMMAND...: CMD_RC and CMD_OUT (its output, bounded, one line), limited to CMD_MAX_S
  { limited "${CMD_MAX_S:-120}" "$@" < /dev/null 2>&1; echo "$?" > "$dir/cmd.rc"; } | head -c 65536 > "$dir/cmd.out"
  CMD_RC=$(cat "$dir/cmd.rc" 2>/dev/null)
  CMD_OUT=$(clean < "$dir/cmd.out")
  rm -f "$dir/cmd.rc" "$dir/cmd.out"
}

# Did a runpodctl command do what it was asked? RC OUTPUT -> accepted, failed or unknown (this
# runpodctl does not know that syntax). Its exit status alone does not tell: the legacy
# runpodctl prints 'pod "ID" stop failed; status is RUNNING' and exits 0 (runpod/runpodctl
# cmd/pod/stopPod.go). "accepted" is not "done": the pod's state, read afterwards, decides.
judge_ctl() {
  case $2 in
    *'unknown command'*|*'unknown flag'*|*'unknown shorthand'*) echo unknown; return ;;
  esac
  if [ "$1" != 0 ]; then echo failed; return; fi
  case $2 in
    *[Ff]ailed*|*FAILED*|*[Ee]rror*|*ERROR*|*'not found'*|*[Uu]nauthori[sz]ed*|*[Ff]orbidden*) echo failed ;;
    *) echo accepted ;;
  esac
}

# --- Per provider: ask (sets RESULT accepted/failed, DETAIL, VIA) and read back (verify) --------

# RunPod: two ways, each sets RESULT (accepted/failed) and WORDS. The REST v2 action comes first,
# with the pod's own key: GraphQL (which every runpodctl before its "pod" commands uses) is
# rate-limited since 17 Sep 2026 and answers 410 in early 2027. runpodctl is the fallback, and
# goes first when the last v2 stop was accepted but never showed (LAST_UNDONE): the guard does
# not repeat the same non-working way all night.
runpod_v2() {  # WHAT ID KEY
  VIA="RunPod v2 API"
  [ -n "$3" ] || { RESULT=failed; WORDS="RunPod v2 API: no RunPod key (RUNPOD_API_KEY is not set)"; return; }
  code=$(http POST "${API_URL:-https://api.runpod.io}/v2/pods/$2/action" "{\"action\":\"$1\"}" "$3")
  case $code in
    2??) RESULT=accepted; WORDS="RunPod v2 API accepted the $1 (HTTP $code)" ;;
    *) RESULT=failed; WORDS="RunPod v2 API: $(http_words "$code")" ;;
  esac
}

runpod_ctl() {  # WHAT ID KEY: today's "runpodctl pod stop|delete ID", else the legacy "stop|remove pod ID"
  VIA=runpodctl
  if ! command -v runpodctl > /dev/null 2>&1; then RESULT=failed; WORDS="runpodctl: not installed"; return; fi
  if [ -n "$API_URL" ]; then  # runpodctl talks to RunPod itself, never to the address given
    RESULT=failed; WORDS="runpodctl: not used with the API address $API_URL"; return
  fi
  if [ -n "$3" ]; then RUNPOD_API_KEY=$3; export RUNPOD_API_KEY; fi
  verb=stop
  [ "$1" != terminate ] || verb=delete
  run_cmd runpodctl pod "$verb" "$2"
  judged=$(judge_ctl "$CMD_RC" "$CMD_OUT")
  VIA="runpodctl pod $verb"
  if [ "$judged" = unknown ]; then
    old=stop
    [ "$1" != terminate ] || old=remove
    run_cmd runpodctl "$old" pod "$2"
    judged=$(judge_ctl "$CMD_RC" "$CMD_OUT")
    VIA="runpodctl $old pod"
  fi
  WORDS="$VIA exited $CMD_RC${CMD_OUT:+: $CMD_OUT}"
  if [ "$judged" = accepted ]; then RESULT=accepted; else RESULT=failed; fi
}

runpod_act() {
  id=${INSTANCE_ID:-$(env_of RUNPOD_POD_ID)}
  [ -n "$id" ] || { RESULT=failed; DETAIL="no pod id (RUNPOD_POD_ID is not set)"; return; }
  key=$(key_for RUNPOD_API_KEY)
  first=runpod_v2; second=runpod_ctl
  case $LAST_UNDONE in "RunPod v2 API") first=runpod_ctl; second=runpod_v2 ;; esac
  $first "$1" "$id" "$key"
  DETAIL=$WORDS
  [ "$RESULT" = failed ] || return 0
  $second "$1" "$id" "$key"
  DETAIL="$DETAIL; $WORDS"
}

# Is the pod stopped (EXITED) or gone (TERMINATED, or 404 after a terminate)? Sets STATE and
# returns 0 (yes), 1 (read, and no) or 2 (could not read it: STATE says why).
runpod_verify() {
  id=${INSTANCE_ID:-$(env_of RUNPOD_POD_ID)}
  key=$(key_for RUNPOD_API_KEY)
  [ -n "$id" ] || { STATE="cannot read the pod: no pod id"; return 2; }
  [ -n "$key" ] || { STATE="cannot read the pod: no RunPod key"; return 2; }
  code=$(http GET "${API_URL:-https://api.runpod.io}/v2/pods/$id" "" "$key")
  case $code in
    2??) s=$(json_str status "$dir/http.out")
         [ -n "$s" ] || { STATE="cannot read the pod: no status in $(answer_words)"; return 2; }
         STATE="status $s"
         case "$1:$s" in stop:EXITED|stop:TERMINATED|terminate:TERMINATED) return 0 ;; esac
         return 1 ;;
    404) STATE="the pod no longer exists (HTTP 404)"
         [ "$1" = terminate ] && return 0
         return 2 ;;
    *) STATE="cannot read the pod: $(http_words "$code")"; return 2 ;;
  esac
}

vast_act() {
  what=$1
  id=${INSTANCE_ID:-$(env_of CONTAINER_ID)}
  [ -n "$id" ] || { RESULT=failed; DETAIL="no instance id (CONTAINER_ID is not set)"; return; }
  key=$(key_for CONTAINER_API_KEY)
  [ -n "$key" ] || { RESULT=failed; DETAIL="no Vast.ai key (CONTAINER_API_KEY is not set)"; return; }
  VIA="Vast.ai API"
  if [ "$what" = terminate ]; then
    code=$(http DELETE "${API_URL:-https://console.vast.ai}/api/v0/instances/$id/" "" "$key")
  else
    code=$(http PUT "${API_URL:-https://console.vast.ai}/api/v0/instances/$id/" '{"state":"stopped"}' "$key")
  fi
  # A 200 is not a yes: Vast.ai answers 200 {"success": false, "error": …, "msg": …} too (its CLI
  # treats that as a failure and prints msg).
  case $code in
    2??) if [ "$(json_lit success "$dir/http.out")" = false ]; then
           RESULT=failed; DETAIL="Vast.ai API refused the $what: $(http_words "$code")"
         else
           RESULT=accepted; DETAIL="Vast.ai API accepted the $what (HTTP $code)"
         fi ;;
    *) RESULT=failed; DETAIL="Vast.ai API: $(http_words "$code")" ;;
  esac
}

# Stopped: actual_status stopped (or exited with intended_status stopped), or the contract
# (cur_state) stopped. Destroyed: 404, {"instances": null} or cur_state unloaded ("released on
# destroy").
vast_verify() {
  id=${INSTANCE_ID:-$(env_of CONTAINER_ID)}
  key=$(key_for CONTAINER_API_KEY)
  [ -n "$id" ] || { STATE="cannot read the instance: no instance id"; return 2; }
  [ -n "$key" ] || { STATE="cannot read the instance: no Vast.ai key"; return 2; }
  code=$(http GET "${API_URL:-https://console.vast.ai}/api/v0/instances/$id/" "" "$key")
  case $code in
    2??) if [ "$(json_lit instances "$dir/http.out")" = null ]; then
           STATE="the instance no longer exists"
           [ "$1" = terminate ] && return 0
           return 2
         fi
         a=$(json_str actual_status "$dir/http.out")
         i=$(json_str intended_status "$dir/http.out")
         c=$(json_str cur_state "$dir/http.out")
         [ -n "$a$i$c" ] || { STATE="cannot read the instance: $(answer_words)"; return 2; }
         STATE="actual_status ${a:-null}, intended_status ${i:-null}, cur_state ${c:-null}"
         if [ "$1" = terminate ]; then
           [ "$c" = unloaded ] && return 0
         else
           # "exited" alone is a crash the platform may restart: it counts once a stop is intended.
           case "$a:$i:$c" in stopped:*|exited:stopped:*|*:*:stopped) return 0 ;; esac
         fi
         return 1 ;;
    404) STATE="the instance no longer exists (HTTP 404)"
         [ "$1" = terminate ] && return 0
         return 2 ;;
    *) STATE="cannot read the instance: $(http_words "$code")"; return 2 ;;
  esac
}

# The provider's own way to stop (or terminate) this instance from inside it. Sets RESULT
# (accepted, requested or failed), DETAIL and VIA.
provider_act() {
  VIA=$METHOD
  case $METHOD in
    runpod) runpod_act "$1" ;;
    vast) vast_act "$1" ;;
    autodl)
      if [ "$1" = terminate ]; then RESULT=failed; DETAIL="AutoDL cannot release an instance from inside it"; return; fi
      VIA=shutdown
      run_cmd shutdown
      if [ "$CMD_RC" = 0 ]; then RESULT=requested; else RESULT=failed; fi
      DETAIL="shutdown exited $CMD_RC${CMD_OUT:+: $CMD_OUT}" ;;
    command)
      GPUDESK_GUARD_ACTION=$1; GPUDESK_GUARD_REASON=$REASON
      export GPUDESK_GUARD_ACTION GPUDESK_GUARD_REASON
      VIA="your stop command"
      CMD_MAX_S=300
      run_cmd sh -c "$STOP_COMMAND" gpudesk-guard "$1"
      CMD_MAX_S=120
      if [ "$CMD_RC" = 0 ]; then RESULT=requested; else RESULT=failed; fi
      DETAIL="the stop command exited $CMD_RC${CMD_OUT:+: $CMD_OUT}" ;;
    poweroff)
      VIA=poweroff
      if command -v poweroff > /dev/null 2>&1; then run_cmd poweroff; else VIA=shutdown; run_cmd shutdown -h now; fi
      if [ "$CMD_RC" = 0 ]; then RESULT=requested; else RESULT=failed; fi
      DETAIL="$VIA exited $CMD_RC${CMD_OUT:+: $CMD_OUT}" ;;
    *) RESULT=failed; DETAIL="no way to stop this server is configured" ;;
  esac
}

# Read the instance's state back through the same provider. 0 confirmed, 1 not (yet), 2 could
# not be read, 3 this method has no way to read it (AutoDL from inside, a command, power-off).
verify() {
  STATE=''
  case $METHOD in
    runpod) runpod_verify "$1" ;;
    vast) vast_verify "$1" ;;
    *) STATE="$PROVIDER offers the guard no way to read the instance's state"; return 3 ;;
  esac
}

backoff() {  # the wait before the next try after FAILS failures in a row: doubling, at most 1 h
  d=$RETRY_S
  n=1
  cap=3600
  [ "$cap" -ge "$RETRY_S" ] || cap=$RETRY_S
  while [ "$n" -lt "$FAILS" ] && [ "$d" -lt "$cap" ]; do d=$((d * 2)); n=$((n + 1)); done
  [ "$d" -le "$cap" ] || d=$cap
  printf '%s' "$d"
}

# ACTION REASON RESULT DETAIL [REQUESTED_AT]: one JSON line, kept for the app's billing audit log.
# RESULT is "confirmed" (the provider's state, read back, shows it stopped/gone), "requested"
# (accepted, not confirmed), "failed", or "ok" (a remind: nothing to confirm).
record() {
  k=''
  [ -z "$KEY_VAR" ] || k=$(key_for "$KEY_VAR")
  detail=$(redact "$(printf '%s' "$4" | tr -d '\000-\037\177' | cut -c1-700)" "$k")
  state=$(redact "$(printf '%s' "$STATE" | tr -d '\000-\037\177' | cut -c1-200)" "$k")
  line="{\"t\": $now, \"action\": $(jstr "$1"), \"reason\": $(jstr "$2"), \"result\": $(jstr "$3"), \"detail\": $(jstr "$detail"), \"method\": $(jstr "$METHOD"), \"provider\": $(jstr "$PROVIDER"), \"via\": $(jstr "$VIA"), \"state\": $(jstr "$state"), \"requested_at\": $(num_or_null "${5:-}"), \"idle_s\": $(num_or_null "$idle_for"), \"spend\": $spend, \"automatic\": true, \"by\": \"server-guard\", \"format\": 2}"
  printf '%s\n' "$line" > "$dir/last_action.json"
  printf '%s\n' "$line" >> "$dir/actions.jsonl"
  if [ "$(wc -l < "$dir/actions.jsonl")" -gt 400 ]; then
    tail -n 200 "$dir/actions.jsonl" > "$dir/actions.tmp" && mv -f "$dir/actions.tmp" "$dir/actions.jsonl"
  fi
  log "ACTION $1 ($2): $3 - $detail${state:+ [$state]}"
}

done_ok() {  # ACTION REASON: the bill is over (or a remind was logged): not again in this episode
  ACTED=1; NEXT_TRY=0; FAILS=0; PENDING=''; LAST_UNDONE=''
  [ "$2" != budget ] || BUDGET_DONE=1
}

failed_try() {  # a failure: try again after a bounded, growing wait, never in a tight loop
  ACTED=0; PENDING=''
  FAILS=$((FAILS + 1))
  NEXT_TRY=$((now + $(backoff)))
}

act() {  # ACTION REASON: ask the provider once, read the state back, record what is true
  REASON=$2
  VIA=''; STATE=''
  if [ "$1" = remind ]; then
    record remind "$2" ok "remind only: nothing stopped, the app shows it at the next connection"
    done_ok "$1" "$2"
    return
  fi
  provider_act "$1"
  asked=$now
  if [ "$RESULT" = accepted ]; then
    # Written down at once: a stop may take this very machine, and the guard with it, down
    # before it can read anything back. The provider's state then tells the app the rest.
    rm -f "$dir/http.out" "$dir/http.err" "$dir/http.hdr"
    record "$1" "$2" requested "$DETAIL"
    RESULT=requested
    sleep "$SETTLE_S"
    if verify "$1"; then
      RESULT=confirmed
      DETAIL="$DETAIL; its state, read back, shows it done"
      stamp_after "$asked"
    fi
  elif [ "$RESULT" = failed ] && verify_possible; then
    # A refusal whose state shows it done (an earlier try got through) is confirmed all the same.
    if verify "$1"; then RESULT=confirmed; DETAIL="$DETAIL; yet $PROVIDER shows it done"; fi
  fi
  rm -f "$dir/http.out" "$dir/http.err" "$dir/http.hdr"  # raw answers (which may echo anything) are not kept
  case $RESULT in
    confirmed)
      if [ "$now" != "$asked" ]; then record "$1" "$2" confirmed "$DETAIL" "$asked"; else record "$1" "$2" confirmed "$DETAIL"; fi
      done_ok "$1" "$2" ;;
    requested)
      if verify_possible; then  # no second stop while the first one may still be under way
        ACTED=1; PENDING=$1; PENDING_REASON=$2; PENDING_SINCE=$asked; PENDING_VIA=$VIA
        NEXT_RECHECK=$((now + RECHECK_S))
      else
        record "$1" "$2" requested "$DETAIL"
        done_ok "$1" "$2"  # nothing more the guard can know here: not again
      fi ;;
    *) record "$1" "$2" failed "$DETAIL"; failed_try ;;
  esac
}

stamp_after() {  # now := the clock, and later than $1: each record of one action has its own time
  now=$(date +%s)
  [ "$now" -gt "$1" ] || now=$(($1 + 1))
}

verify_possible() { [ "$METHOD" = runpod ] || [ "$METHOD" = vast ]; }

# A stop the provider accepted but did not yet show: read the state again every RECHECK_S, for
# VERIFY_S. Confirmed: a second record says so. Still running after that: failed, tried again.
# Never readable: it stays "requested" (nothing more the guard can know).
recheck() {
  [ "$now" -ge "$NEXT_RECHECK" ] || return 0
  VIA=$PENDING_VIA
  DETAIL=''
  verify "$PENDING"
  rc=$?
  rm -f "$dir/http.out" "$dir/http.err" "$dir/http.hdr"
  waited=$((now - PENDING_SINCE))
  if [ "$rc" = 0 ]; then
    stamp_after "$PENDING_SINCE"
    record "$PENDING" "$PENDING_REASON" confirmed "$PROVIDER confirmed the $PENDING ${waited}s after it was requested" "$PENDING_SINCE"
    done_ok "$PENDING" "$PENDING_REASON"
  elif [ "$waited" -ge "$VERIFY_S" ]; then
    if [ "$rc" = 1 ]; then
      LAST_UNDONE=$PENDING_VIA  # accepted and never done: the other way first next time
      stamp_after "$PENDING_SINCE"
      record "$PENDING" "$PENDING_REASON" failed "$PROVIDER accepted the $PENDING but did not do it within ${VERIFY_S}s" "$PENDING_SINCE"
      failed_try
    else
      stamp_after "$PENDING_SINCE"
      record "$PENDING" "$PENDING_REASON" requested "$PROVIDER accepted the $PENDING; its state could not be read for ${VERIFY_S}s" "$PENDING_SINCE"
      done_ok "$PENDING" "$PENDING_REASON"
    fi
  else
    NEXT_RECHECK=$((now + RECHECK_S))
  fi
}

save_state() {
  {
    printf 'IDLE_SINCE=%s\nACTED=%s\nBUDGET_DONE=%s\nNEXT_TRY=%s\nIO_LAST=%s\nLAST_CHECK=%s\n' \
      "$IDLE_SINCE" "$ACTED" "$BUDGET_DONE" "$NEXT_TRY" "$IO_LAST" "$now"
    printf 'FAILS=%s\nPENDING=%s\nPENDING_REASON=%s\nPENDING_SINCE=%s\nNEXT_RECHECK=%s\n' \
      "$FAILS" "$PENDING" "$PENDING_REASON" "$PENDING_SINCE" "$NEXT_RECHECK"
    printf "PENDING_VIA='%s'\nLAST_UNDONE='%s'\n" "$PENDING_VIA" "$LAST_UNDONE"  # our own words: no quote in them
    printf 'IDE_LAST=%s\nGPU_IDLE_SINCE=%s\n' "$IDE_LAST" "$GPU_IDLE_SINCE"
  } > "$dir/state.tmp" && mv -f "$dir/state.tmp" "$dir/state"
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
  # An editor at work counts as typing, until the GPU has idled IDE_CEILING_S: then it is idle all the same.
  if [ -n "$GPU" ] && [ "$GPU" -lt "$THRESHOLD" ]; then GPU_IDLE_SINCE=${GPU_IDLE_SINCE:-$now}; else GPU_IDLE_SINCE=''; fi
  ide_note=''
  case " $WATCH " in
    *" tty "*)
      ide=$(ide_cpu)
      if [ -n "$IDE_LAST" ] && [ "$ide" != "$IDE_LAST" ]; then
        if [ -n "$GPU_IDLE_SINCE" ] && [ $((now - GPU_IDLE_SINCE)) -ge "$IDE_CEILING_S" ]; then
          ide_note="; an IDE is at work, but the GPU has idled past its ${IDE_CEILING_S}s limit"
        else
          held="$held ide"
        fi
      fi
      IDE_LAST=$ide ;;
  esac
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
  if [ -n "$PENDING" ]; then
    p=$PENDING
    recheck
    if [ -n "$PENDING" ]; then
      decision="$p requested; waiting for $PROVIDER to confirm it (${STATE:-not read yet})"
    else
      decision="$p requested earlier: $(sed -n 's/.*"result": "\([a-z]*\)".*/\1/p' "$dir/last_action.json") (${STATE:-})"
    fi
  elif [ -n "$pause" ]; then
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
  decision="$decision$ide_note"
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
  printf '{"version": %s, "pid": %s, "t": %s, "interval_s": %s, "decision": %s, "held_by": [%s], "jobs": [%s], "gpu_util": %s, "idle_since": %s, "idle_s": %s, "heartbeat_age_s": %s, "paused_until": %s, "spend": %s, "acted": %s, "pending": %s, "problems": [%s], "last_action": %s}\n' \
    "$(jstr "$GUARD_VERSION")" "$$" "$now" "$INTERVAL_S" "$(jstr "$decision")" "${held_json#,}" "${jobs_json#,}" \
    "$(num_or_null "$GPU")" "$(num_or_null "$IDLE_SINCE")" "$(num_or_null "$idle_for")" "$(num_or_null "$hb_age")" \
    "$(num_or_null "$pause")" "$spend" "$acted" "$(if [ -n "$PENDING" ]; then jstr "$PENDING"; else printf null; fi)" "${problems#,}" "$last" > "$dir/status.tmp" \
    && mv -f "$dir/status.tmp" "$dir/status.json"
  save_state
}


# A test reads the functions above without running the guard.
[ "${GPUDESK_GUARD_LIB:-0}" != 1 ] || return 0

dir=$(cd "$(dirname "$0")" && pwd) || exit 1
ONCE=0
[ "${1:-}" != "--once" ] || ONCE=1

# Defaults; ./config (written by gpudesk) sets the user's policy.
INTERVAL_S=60; IDLE_S=900; THRESHOLD=5; GRACE_S=300; ACTION=remind; RETRY_S=300
VERIFY_S=120; RECHECK_S=20; SETTLE_S=2; HTTP_MAX_S=30
BUDGET_MILLI=0; RATE_MILLI=0; BUDGET_ACTION=remind; STARTED_AT=0
METHOD=none; INSTANCE_ID=''; API_URL=''; STOP_COMMAND=''; NVIDIA_SMI=nvidia-smi
JOBS_DIR="$HOME/.gpudesk/jobs"; LOG_MAX=262144; GUARD_PATH=''; WATCH='tty transfer'
IDE_CEILING_S=14400  # an IDE at work holds an idle GPU off at most this long (the app's billing.ide_ceiling_minutes)
[ -r "$dir/config" ] || { echo "gpudesk guard: no config in $dir" >&2; exit 2; }
# shellcheck source=/dev/null
. "$dir/config"
if [ -n "$GUARD_PATH" ]; then PATH=$GUARD_PATH; export PATH; fi
case $METHOD in  # who is asked (for the records' words) and which variable holds its key
  runpod) PROVIDER=RunPod; KEY_VAR=RUNPOD_API_KEY ;;
  vast) PROVIDER=Vast.ai; KEY_VAR=CONTAINER_API_KEY ;;
  autodl) PROVIDER=AutoDL; KEY_VAR='' ;;
  command) PROVIDER='your stop command'; KEY_VAR='' ;;
  poweroff) PROVIDER='power off'; KEY_VAR='' ;;
  *) PROVIDER='no provider'; KEY_VAR='' ;;
esac

IDLE_SINCE=''; ACTED=0; BUDGET_DONE=0; NEXT_TRY=0; IO_LAST=''; LAST_CHECK=0; IDE_LAST=''; GPU_IDLE_SINCE=''
FAILS=0; PENDING=''; PENDING_REASON=''; PENDING_SINCE=0; NEXT_RECHECK=0; PENDING_VIA=''; LAST_UNDONE=''
VIA=''; STATE=''; REASON=''; idle_for=''; spend=null; now=$(date +%s)
# shellcheck source=/dev/null
[ ! -r "$dir/state" ] || . "$dir/state"

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
  nap=$INTERVAL_S
  if [ -n "$PENDING" ] && [ "$RECHECK_S" -lt "$nap" ]; then nap=$RECHECK_S; fi  # a stop to confirm
  sleep "$nap" &
  wait $!
done
