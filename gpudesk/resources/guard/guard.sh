#!/bin/sh
# gpudesk server guard: ends this rented server's bill when it sits idle and the gpudesk app is
# not there to ask, and at the user's hard limits (a deadline, a daily spend cap) whoever is there.
# Installed and upgraded by gpudesk ("gpudesk guard install"); settings in ./config, memory in
# ./state, what it saw in ./status.json, decisions in ./guard.log, alerts sent in ./alerts.jsonl.
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

# --- Alerts from the server: the laptop may be closed -------------------------------------------
# gpudesk writes each channel the user chose for the server as alerts/NAME.ch (mode 600: "kind K",
# "events E …", "escape json|raw", "url U", "header H: V" lines; the URL and headers may hold the
# channel's token) and alerts/NAME.body (the request body, @TITLE@ @TEXT@ @EVENT@ where the words
# go). An alert is queued in ./outbox and sent by a separate process with short timeouts, so a
# receiver that is down, slow or failing never delays a guard action; a failed send is tried
# again (ALERT_TRIES times, waits doubling from 30 s) and every try is written to alerts.jsonl.

subst() {  # TEXT MARK VALUE -> TEXT with every MARK replaced by VALUE (no pattern characters involved)
  t=$1
  r=''
  while :; do
    case $t in *"$2"*) r="$r${t%%"$2"*}$3"; t=${t#*"$2"} ;; *) break ;; esac
  done
  printf '%s' "$r$t"
}

fill() {  # TEMPLATE TITLE TEXT EVENT: one pass over the template, so words that look like a placeholder stay words
  t=$1
  r=''
  while :; do
    case $t in
      *@*)
        r="$r${t%%@*}"
        t=${t#*@}
        case $t in
          TITLE@*) r="$r$2"; t=${t#TITLE@} ;;
          TEXT@*) r="$r$3"; t=${t#TEXT@} ;;
          EVENT@*) r="$r$4"; t=${t#EVENT@} ;;
          *) r="$r@" ;;
        esac ;;
      *) break ;;
    esac
  done
  printf '%s' "$r$t"
}

words() {  # TEXT LIMIT -> the text without control characters (newlines kept), cut to LIMIT bytes
  printf '%s' "$1" | tr -d '\000-\011\013-\037\177' | head -c "$2"
}

json_esc() {  # TEXT -> the inside of a JSON string (newlines as \n)
  printf '%s' "$1" | tr -d '\000-\011\013-\037\177' | sed 's/\\/\\\\/g; s/"/\\"/g' \
    | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
}

header_word() {  # TEXT -> one header-safe line: no quote or backslash; UTF-8 as an RFC 2047 word
  h=$(printf '%s' "$1" | tr -d '\000-\037\177\042\134' | head -c 200)
  if printf '%s' "$h" | LC_ALL=C grep -q '[^ -~]' && command -v base64 > /dev/null 2>&1; then
    h="=?UTF-8?B?$(printf '%s' "$h" | base64 | tr -d '\n')?="
  fi
  printf '%s' "$h"
}

# EVENT KEY TITLE TEXT: queue the alert for every channel that wants EVENT, once per KEY.
alert() {
  [ -d "$dir/alerts" ] || return 0
  set -- "$1" "$2" "$(words "$3" 200)" "$(words "$4" 1200)"
  if grep -qxF -- "$2" "$dir/sent" 2>/dev/null; then return 0; fi
  printf '%s\n' "$2" >> "$dir/sent"
  if [ "$(wc -l < "$dir/sent")" -gt 400 ]; then
    tail -n 200 "$dir/sent" > "$dir/sent.tmp" && mv -f "$dir/sent.tmp" "$dir/sent"
  fi
  mkdir -p "$dir/outbox"
  for c in "$dir"/alerts/*.ch; do
    [ -f "$c" ] || continue
    name=$(basename "$c" .ch)
    case " $(sed -n 's/^events //p' "$c" | head -n 1) " in *" $1 "*) ;; *) continue ;; esac
    queued=$(find "$dir/outbox" -name '*.meta' 2>/dev/null | wc -l)
    if [ "$queued" -ge 50 ]; then log "ALERT $1 to $name dropped: 50 alerts wait already"; continue; fi
    # At most ALERT_PER_HOUR alerts to one channel an hour: a flapping server must not flood a phone.
    hour=$(tail -n 200 "$dir/alerts.jsonl" 2>/dev/null | grep -F "\"channel\": \"$name\"" | grep -F '"attempt": 1,' \
      | sed -n 's/^{"sent_at": \([0-9]*\),.*/\1/p' | awk -v t=$((now - 3600)) '$1 >= t' | wc -l)
    if [ "$hour" -ge "$ALERT_PER_HOUR" ]; then log "ALERT $1 to $name dropped: $hour sent in the last hour"; continue; fi
    body=$(cat "$dir/alerts/$name.body" 2>/dev/null)
    if [ "$(sed -n 's/^escape //p' "$c" | head -n 1)" = json ]; then
      body=$(fill "$body" "$(json_esc "$3")" "$(json_esc "$4")" "$1")
    else
      body=$(fill "$body" "$3" "$4" "$1")
    fi
    SEQ=$((SEQ + 1))
    id="$now-$$-$SEQ-$name"
    printf '%s' "$body" > "$dir/outbox/$id.body"
    printf 'channel %s\nevent %s\ntitle %s\nattempts 0\nnext_at 0\n' "$name" "$1" "$(header_word "$3")" \
      > "$dir/outbox/$id.meta"
    log "ALERT $1 queued for $name: $3"
  done
  kick_sender
}

kick_sender() {  # start the sender unless one is at work
  p=$(cat "$dir/sender.pid" 2>/dev/null)
  if [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then return 0; fi
  ls "$dir"/outbox/*.meta > /dev/null 2>&1 || return 0
  ( send_outbox ) > /dev/null 2>&1 < /dev/null &
  echo "$!" > "$dir/sender.pid"
}

# NAME BODYFILE TITLE: post one alert; prints the HTTP status (000: no answer), the answer in ./alert.out.
post_alert() {
  c="$dir/alerts/$1.ch"
  url=$(sed -n 's/^url //p' "$c" | head -n 1)
  rm -f "$dir/alert.out" "$dir/alert.err" "$dir/alert.hdr"
  if command -v curl > /dev/null 2>&1; then
    # The URL and headers (which may hold the channel's token) reach curl on stdin, never its command line.
    {
      printf 'url = "%s"\n' "$url"
      sed -n 's/^header //p' "$c" | while IFS= read -r h; do printf 'header = "%s"\n' "$(subst "$h" @TITLE@ "$3")"; done
    } | curl -sS -D "$dir/alert.hdr" -o - --connect-timeout 5 --max-time "$ALERT_MAX_S" -X POST \
        --data-binary @"$2" -K - 2> "$dir/alert.err" | head -c 65536 > "$dir/alert.out"
    code=$(head -c 65536 "$dir/alert.hdr" 2>/dev/null | sed -n 's/^HTTP\/[0-9.]* \([0-9][0-9][0-9]\).*/\1/p' | tail -n 1)
  elif command -v wget > /dev/null 2>&1; then
    sed -n 's/^header //p' "$c" | while IFS= read -r h; do printf 'header = %s\n' "$(subst "$h" @TITLE@ "$3")"; done \
      > "$dir/alert.wgetrc"
    printf '%s\n' "$url" > "$dir/alert.url"
    WGETRC="$dir/alert.wgetrc" limited "$ALERT_MAX_S" wget -q -S -T "$ALERT_MAX_S" -t 1 -O - --content-on-error \
      --post-file="$2" -i "$dir/alert.url" 2> "$dir/alert.err" | head -c 65536 > "$dir/alert.out"
    rm -f "$dir/alert.wgetrc" "$dir/alert.url"
    code=$(head -c 65536 "$dir/alert.err" | sed -n 's/^ *HTTP\/[0-9.]* \([0-9][0-9][0-9]\).*/\1/p' | tail -n 1)
  else
    echo "neither curl nor wget is installed" > "$dir/alert.err"
    code=''
  fi
  printf '%s' "${code:-000}"
}

alert_answer() {  # KIND CODE -> "ok", or why not (the group bots answer 200 with an error inside)
  case $2 in
    2??) ;;
    000) printf 'no answer: %s' "$(grep -v '^ ' "$dir/alert.err" 2>/dev/null | clean)"; return ;;
    *) printf 'HTTP %s: %s' "$2" "$(clean < "$dir/alert.out" 2>/dev/null)"; return ;;
  esac
  case $1 in
    telegram) [ "$(json_lit ok "$dir/alert.out")" != false ] || { printf 'Telegram said: %s' "$(json_str description "$dir/alert.out")"; return; } ;;
    feishu|dingtalk|wecom)
      for f in errcode code StatusCode; do
        v=$(json_lit "$f" "$dir/alert.out")
        case $v in ''|0) ;; *) printf 'error %s: %s' "$v" "$(json_str errmsg "$dir/alert.out")$(json_str msg "$dir/alert.out")"; return ;; esac
      done ;;
  esac
  printf ok
}

send_outbox() {  # the sender: each queued alert whose time has come, once; then again while any wait
  echo "$$" > "$dir/sender.pid" 2>/dev/null
  while :; do
    waiting=0
    for m in "$dir"/outbox/*.meta; do
      [ -f "$m" ] || continue
      id=${m%.meta}
      name=$(sed -n 's/^channel //p' "$m"); ev=$(sed -n 's/^event //p' "$m"); title=$(sed -n 's/^title //p' "$m")
      tries=$(sed -n 's/^attempts //p' "$m"); next=$(sed -n 's/^next_at //p' "$m")
      case $tries in ''|*[!0-9]*) tries=0 ;; esac
      case $next in ''|*[!0-9]*) next=0 ;; esac
      if [ "$(date +%s)" -lt "$next" ]; then waiting=1; continue; fi
      if [ ! -f "$dir/alerts/$name.ch" ]; then rm -f "$m" "$id.body"; continue; fi  # channel removed
      kind=$(sed -n 's/^kind //p' "$dir/alerts/$name.ch" | head -n 1)
      code=$(post_alert "$name" "$id.body" "$title")
      why=$(alert_answer "$kind" "$code")
      rm -f "$dir/alert.out" "$dir/alert.err" "$dir/alert.hdr"
      tries=$((tries + 1))
      t=$(date +%s)
      if [ "$why" = ok ]; then ok=true; else ok=false; fi
      printf '{"sent_at": %s, "event": %s, "channel": %s, "ok": %s, "attempt": %s, "detail": %s}\n' \
        "$t" "$(jstr "$ev")" "$(jstr "$name")" "$ok" "$tries" "$(jstr "$why")" >> "$dir/alerts.jsonl"
      if [ "$(wc -l < "$dir/alerts.jsonl")" -gt 200 ]; then
        tail -n 100 "$dir/alerts.jsonl" > "$dir/alerts.tmp" && mv -f "$dir/alerts.tmp" "$dir/alerts.jsonl"
      fi
      final=0
      [ "$ok" = false ] || final=1
      [ "$tries" -lt "$ALERT_TRIES" ] || final=1
      case $code in 4??) [ "$code" = 408 ] || [ "$code" = 429 ] || final=1 ;; esac  # asking again will not help
      if [ "$final" = 1 ]; then
        rm -f "$m" "$id.body"
        if [ "$ok" = true ]; then log "ALERT $ev sent to $name"; else log "ALERT $ev to $name not delivered after $tries tries: $why"; fi
      else
        w=$ALERT_RETRY_S; n=1
        while [ "$n" -lt "$tries" ] && [ "$w" -lt 1800 ]; do w=$((w * 2)); n=$((n + 1)); done
        printf 'channel %s\nevent %s\ntitle %s\nattempts %s\nnext_at %s\n' "$name" "$ev" "$title" "$tries" "$((t + w))" \
          > "$m.tmp" && mv -f "$m.tmp" "$m"
        log "ALERT $ev to $name failed (try $tries, again in ${w}s): $why"
        waiting=1
      fi
    done
    [ "$waiting" = 1 ] || break
    ls "$dir"/outbox/*.meta > /dev/null 2>&1 || break
    sleep "${ALERT_NAP_S:-10}"
  done
  rm -f "$dir/sender.pid"
}

money() {  # MILLI -> 1.234
  printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000))
}

in_words() {  # SECONDS -> "1 h 5 min" / "4 min" / "30 s"
  if [ "$1" -ge 3600 ]; then printf '%s h %s min' $(($1 / 3600)) $(($1 % 3600 / 60))
  elif [ "$1" -ge 60 ]; then printf '%s min' $(($1 / 60))
  else printf '%s s' "$1"; fi
}

# The hard limits: DEADLINE (server epoch, from ./deadline) and the day's spend across the user's
# instances (this one at RATE_MILLI since the later of its start and the user's midnight; the
# others as the app last knew them, in ./day, still billing at their rate since then). Sets
# DEADLINE, DEADLINE_IN, DAY, DAY_SPENT (milli), DAY_LEFT_S (until the cap at today's rates).
limits() {
  DEADLINE=$(cat "$dir/deadline" 2>/dev/null)
  case $DEADLINE in ''|*[!0-9]*) DEADLINE='' ;; esac
  DEADLINE_IN=''
  [ -z "$DEADLINE" ] || DEADLINE_IN=$((DEADLINE - now))
  DAY=''; DAY_SPENT=''; DAY_LEFT_S=''
  [ "$DAY_CAP_MILLI" -gt 0 ] || return 0
  DAY=$(((now + TZ_OFFSET_S) / 86400))
  day_start=$((DAY * 86400 - TZ_OFFSET_S))
  from=$STARTED_AT
  [ "$from" -ge "$day_start" ] || from=$day_start
  mine=0
  [ "$from" -ge "$now" ] || mine=$((RATE_MILLI * (now - from) / 3600))
  others=0; others_rate=0
  if [ -r "$dir/day" ]; then
    read -r o_day o_milli o_rate o_at < "$dir/day" 2>/dev/null
    case "$o_day$o_milli$o_rate$o_at" in ''|*[!0-9]*) o_day='' ;; esac
    if [ -n "$o_day" ]; then
      others_rate=$o_rate
      if [ "$o_day" = "$DAY" ]; then
        [ "$o_at" -le "$now" ] || o_at=$now
        others=$((o_milli + o_rate * (now - o_at) / 3600))
      else  # the app's figures are from an earlier day: the others billed on since midnight
        others=$((o_rate * (now - day_start) / 3600))
      fi
    fi
  fi
  DAY_SPENT=$((mine + others))
  rate=$((RATE_MILLI + others_rate))
  if [ "$DAY_SPENT" -ge "$DAY_CAP_MILLI" ]; then DAY_LEFT_S=0
  elif [ "$rate" -gt 0 ]; then DAY_LEFT_S=$(((DAY_CAP_MILLI - DAY_SPENT) * 3600 / rate))
  fi
}

# Before a hard limit: an alert at WARN_S (30 min) and at WARN2_S (5 min) before it.
warn_limits() {
  if [ -n "$DEADLINE_IN" ] && [ "$DEADLINE_DONE" != "$DEADLINE" ] && [ "$DEADLINE_IN" -gt 0 ]; then
    for w in "$WARN2_S" "$WARN_S"; do  # the nearer warning first: each is sent once
      [ "$DEADLINE_IN" -le "$w" ] || continue
      alert budget_near "deadline:$DEADLINE:$w" "$SERVER_NAME: deadline in $(in_words "$DEADLINE_IN")" \
        "At its deadline the guard will $DEADLINE_ACTION $SERVER_NAME ($PROVIDER).
To keep it longer: Extend by 1 h in gpudesk, or run: gpudesk guard extend $SERVER_NAME --hours 1"
      break
    done
  fi
  if [ -n "$DAY_LEFT_S" ] && [ "$DAY_DONE" != "$DAY" ] && [ "$DAY_LEFT_S" -gt 0 ]; then
    for w in "$WARN2_S" "$WARN_S"; do  # the nearer warning first: each is sent once
      [ "$DAY_LEFT_S" -le "$w" ] || continue
      alert budget_near "daycap:$DAY:$w" "$SERVER_NAME: daily spend cap in about $(in_words "$DAY_LEFT_S")" \
        "Spent today across your instances: $(money "$DAY_SPENT") of $(money "$DAY_CAP_MILLI").
At the cap the guard will $DAY_ACTION $SERVER_NAME ($PROVIDER)."
      break
    done
  fi
}

# What the guard did, as an alert: a stop or terminate (confirmed, requested or failed), or a remind.
alert_action() {  # ACTION REASON RESULT DETAIL
  [ -d "$dir/alerts" ] || return 0
  why=$2
  case $2 in idle) why="idle for $(in_words "${idle_for:-0}") without the app" ;; day_cap) why="daily spend cap" ;; esac
  if [ "$1" = remind ]; then
    case $2 in
      idle) title="$SERVER_NAME is idle and nobody answers" ;;
      budget) title="$SERVER_NAME has spent its budget" ;;
      deadline) title="$SERVER_NAME has reached its deadline" ;;
      *) title="$SERVER_NAME: daily spend cap reached" ;;
    esac
    alert idle_prompt "remind:$now:$2" "$title" "The guard only reminds ($why): the server still bills.${spend_words}"
    return
  fi
  case $3 in
    confirmed) title="$SERVER_NAME: $1 confirmed by $PROVIDER" ;;
    requested) title="$SERVER_NAME: $1 requested, not yet confirmed by $PROVIDER" ;;
    *) title="$SERVER_NAME: $1 FAILED" ;;
  esac
  alert guard_acted "acted:$now:$1:$3" "$title" "Why: $why.
$4${spend_words}"
}

# Jobs that were running at the last check and ended since: an alert each (only while the app is
# away; the app sends its own, with the log's diagnosis, when it is there).
alert_jobs() {
  for j in $JOBS_LAST; do
    case " $jobs " in *" $j "*) continue ;; esac
    jd="$JOBS_DIR/$j"
    [ -f "$jd/exit" ] || continue
    [ "$app" = 0 ] || continue
    code=$(head -n 1 "$jd/exit" | cut -d' ' -f1 | tr -dc '0-9-' | head -c 6)
    ended=$(head -n 1 "$jd/exit" | cut -d' ' -f2 | tr -dc '0-9' | head -c 12)
    began=$(json_lit start "$jd/meta.json" | tr -dc '0-9' | head -c 12)
    ran=''
    if [ -n "$began" ] && [ -n "$ended" ] && [ "$ended" -ge "$began" ]; then ran="
Run time: $(in_words $((ended - began)))"; fi
    name=$(json_str name "$jd/meta.json")
    [ -n "$name" ] || name=$j
    # No log lines: the server cannot tell a printed token from a loss value, and alerts carry no secret.
    if [ "$code" = 0 ]; then ev=job_finished; w=finished; else ev=job_failed; w=failed; fi
    alert "$ev" "job:$j" "Job '$name' $w on $SERVER_NAME" "Exit code: ${code:-?}$ran"
  done
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
  line="{\"t\": $now, \"action\": $(jstr "$1"), \"reason\": $(jstr "$2"), \"result\": $(jstr "$3"), \"detail\": $(jstr "$detail"), \"method\": $(jstr "$METHOD"), \"provider\": $(jstr "$PROVIDER"), \"via\": $(jstr "$VIA"), \"state\": $(jstr "$state"), \"requested_at\": $(num_or_null "${5:-}"), \"idle_s\": $(num_or_null "$idle_for"), \"spend\": $spend, \"automatic\": true, \"by\": \"server-guard\", \"alerted\": ${ALERTED:-false}, \"format\": 2}"
  printf '%s\n' "$line" > "$dir/last_action.json"
  printf '%s\n' "$line" >> "$dir/actions.jsonl"
  if [ "$(wc -l < "$dir/actions.jsonl")" -gt 400 ]; then
    tail -n 200 "$dir/actions.jsonl" > "$dir/actions.tmp" && mv -f "$dir/actions.tmp" "$dir/actions.jsonl"
  fi
  log "ACTION $1 ($2): $3 - $detail${state:+ [$state]}"
  spend_words=''
  [ "$spend" = null ] || spend_words="
Spent on this server since its start: $spend"
  # A "requested" written the moment the provider accepted is followed by the record that settles it.
  if [ "$3" != requested ] || [ -n "${5:-}" ] || ! verify_possible; then alert_action "$1" "$2" "$3" "$detail"; fi
}

done_ok() {  # ACTION REASON: the bill is over (or a remind was logged): not again in this episode
  ACTED=1; NEXT_TRY=0; FAILS=0; PENDING=''; LAST_UNDONE=''
  [ "$2" != budget ] || BUDGET_DONE=1
  [ "$2" != deadline ] || DEADLINE_DONE=$DEADLINE
  [ "$2" != day_cap ] || DAY_DONE=$DAY
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
    printf 'DEADLINE_DONE=%s\nDAY_DONE=%s\nJOBS_LAST='"'"'%s'"'"'\nSEQ=%s\n' "$DEADLINE_DONE" "$DAY_DONE" "$(printf '%s' "$jobs" | tr -cd 'A-Za-z0-9._ -')" "$SEQ"
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
  limits
  if [ -n "$PENDING" ]; then
    p=$PENDING
    recheck
    if [ -n "$PENDING" ]; then
      decision="$p requested; waiting for $PROVIDER to confirm it (${STATE:-not read yet})"
    else
      decision="$p requested earlier: $(sed -n 's/.*"result": "\([a-z]*\)".*/\1/p' "$dir/last_action.json") (${STATE:-})"
    fi
  elif [ -n "$DEADLINE_IN" ] && [ "$DEADLINE_IN" -le 0 ] && [ "$DEADLINE_DONE" != "$DEADLINE" ]; then
    # A hard limit: neither the app, a pause, a job nor typing holds it off (extending the deadline does).
    if [ "$now" -lt "$NEXT_TRY" ]; then
      decision="deadline passed; the last attempt failed, next try at $NEXT_TRY"
    else
      decision="deadline reached: $DEADLINE_ACTION"
      act "$DEADLINE_ACTION" deadline
    fi
  elif [ "$DAY_LEFT_S" = 0 ] && [ "$DAY_DONE" != "$DAY" ]; then
    if [ "$now" -lt "$NEXT_TRY" ]; then
      decision="daily spend cap reached; the last attempt failed, next try at $NEXT_TRY"
    else
      decision="daily spend cap reached ($(money "$DAY_SPENT") of $(money "$DAY_CAP_MILLI")): $DAY_ACTION"
      act "$DAY_ACTION" day_cap
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
  warn_limits
  alert_jobs
  [ ! -d "$dir/outbox" ] || kick_sender  # what waits to be sent again (after a restart too)
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
  printf '{"version": %s, "pid": %s, "t": %s, "interval_s": %s, "decision": %s, "held_by": [%s], "jobs": [%s], "gpu_util": %s, "idle_since": %s, "idle_s": %s, "heartbeat_age_s": %s, "paused_until": %s, "spend": %s, "acted": %s, "pending": %s, "problems": [%s], "last_action": %s, "deadline": %s, "deadline_action": %s, "day_spent": %s, "day_cap": %s, "day_left_s": %s}\n' \
    "$(jstr "$GUARD_VERSION")" "$$" "$now" "$INTERVAL_S" "$(jstr "$decision")" "${held_json#,}" "${jobs_json#,}" \
    "$(num_or_null "$GPU")" "$(num_or_null "$IDLE_SINCE")" "$(num_or_null "$idle_for")" "$(num_or_null "$hb_age")" \
    "$(num_or_null "$pause")" "$spend" "$acted" "$(if [ -n "$PENDING" ]; then jstr "$PENDING"; else printf null; fi)" "${problems#,}" "$last" \
    "$(num_or_null "$DEADLINE")" "$(jstr "$DEADLINE_ACTION")" "$(if [ -n "$DAY_SPENT" ]; then money "$DAY_SPENT"; else printf null; fi)" \
    "$(if [ "$DAY_CAP_MILLI" -gt 0 ]; then money "$DAY_CAP_MILLI"; else printf null; fi)" "$(num_or_null "$DAY_LEFT_S")" > "$dir/status.tmp" \
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
DEADLINE_ACTION=stop; DAY_CAP_MILLI=0; DAY_ACTION=stop; TZ_OFFSET_S=0; SERVER_NAME='this server'
WARN_S=1800; WARN2_S=300; ALERT_TRIES=5; ALERT_MAX_S=10; ALERT_NAP_S=10; ALERT_RETRY_S=30; ALERT_PER_HOUR=20
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
DEADLINE_DONE=''; DAY_DONE=''; JOBS_LAST=''; SEQ=0; DEADLINE=''; DAY=''; DAY_SPENT=''; DAY_LEFT_S=''; app=0; jobs=
# shellcheck source=/dev/null
[ ! -r "$dir/state" ] || . "$dir/state"

# Does a record's alert go out from here? Yes when a channel on this server takes the guard's actions.
ALERTED=false
if grep -qs '^events .*guard_acted' "$dir"/alerts/*.ch; then ALERTED=true; fi

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
  # shellcheck source=/dev/null
  [ ! -r "$dir/limits" ] || . "$dir/limits"  # the hard limits and the alerts' wording (gpudesk writes them)
  check
  [ "$ONCE" = 0 ] || break
  nap=$INTERVAL_S
  if [ -n "$PENDING" ] && [ "$RECHECK_S" -lt "$nap" ]; then nap=$RECHECK_S; fi  # a stop to confirm
  sleep "$nap" &
  wait $!
done
