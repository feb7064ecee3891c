#!/usr/bin/env bash
# Restores the events-api stanza into a NEW data folder, to a moment, and starts
# PostgreSQL on it (docs/operations.md, "Restore"). The live cluster is not
# touched: point the API at the copy, or copy rows back from it.
#
#   ops/backup/restore.sh --to 'time:2026-12-04 14:01:00+00' --into /var/lib/postgresql/15/restored --port 5433
#   ops/backup/restore.sh --to xid:48213 --into ... --port ...       # stop after this transaction
#   ops/backup/restore.sh --to name:before-v2-migrations --into ...  # pg_create_restore_point()
#   ops/backup/restore.sh --to latest --into ...                     # the newest archived change
#
# Options:
#   --to KIND:TARGET   time:<timestamp with zone> | xid:<txid> | name:<restore point> | lsn:<lsn> | latest
#   --into DIR         the new data folder (must not exist or be empty)
#   --port N           the restored server's port (default 5433)
#   --before           stop just BEFORE the target (time, xid, lsn) instead of just after it
#   --set LABEL        the base backup to start from (default: the newest that precedes the target)
#   --config FILE      pgBackRest's configuration (default /etc/pgbackrest/pgbackrest.conf)
#   --stanza NAME      default events-api
# Run as root or postgres (PostgreSQL runs as postgres). Exits non-zero if the
# target was not reached: PostgreSQL then refuses to open the copy.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
config=/etc/pgbackrest/pgbackrest.conf
stanza=events-api
port=5433
to=''
into=''
exclusive=n
set_label=''

while [ $# -gt 0 ]; do
  case "$1" in
    --to) to=$2; shift 2 ;;
    --into) into=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --before) exclusive=y; shift ;;
    --set) set_label=$2; shift 2 ;;
    --config) config=$2; shift 2 ;;
    --stanza) stanza=$2; shift 2 ;;
    *) echo "restore.sh: unknown option $1 (see the comments at the top)" >&2; exit 2 ;;
  esac
done
[ -n "$to" ] && [ -n "$into" ] || { echo 'restore.sh: --to and --into are required' >&2; exit 2; }

# PostgreSQL refuses to run as root.
if [ "$(id -u)" -eq 0 ]; then
  mkdir -p "$into" && chown postgres: "$into" && chmod 700 "$into"
  exec runuser -u postgres -- "$0" --to "$to" --into "$into" --port "$port" --config "$config" \
    --stanza "$stanza" ${set_label:+--set "$set_label"} $([ $exclusive = y ] && echo --before)
fi

kind=${to%%:*}
target=${to#*:}
recovery=()
case "$kind" in
  time | xid | name | lsn)
    # promote: the copy opens for reads and writes once the target is reached.
    recovery=(--type="$kind" --target="$target" --target-action=promote)
    [ $exclusive = y ] && recovery+=(--target-exclusive)
    ;;
  latest) recovery=(--type=default) ;;
  *) echo "restore.sh: --to must be time:, xid:, name:, lsn: or latest" >&2; exit 2 ;;
esac

started=$(date +%s)
mkdir -p "$into" && chmod 700 "$into"
# --archive-mode=off: the copy must never push its WAL into the live stanza.
pgbackrest --config="$config" --stanza="$stanza" --pg1-path="$into" --archive-mode=off \
  ${set_label:+--set="$set_label"} "${recovery[@]}" restore

# The copy's own port, after whatever the backed-up configuration said.
printf "port = %s\n" "$port" >>"$into/postgresql.auto.conf"
log="$into/restore.log"
"$PG_BIN/pg_ctl" -D "$into" -l "$log" -w -t 3600 start >/dev/null

# pg_ctl returns once read-only connections are allowed; recovery then runs
# up to the target and promotes ("ready to accept connections"), or stops
# with a FATAL when the archive ends before the target.
until grep -q 'database system is ready to accept connections' "$log"; do
  if ! "$PG_BIN/pg_ctl" -D "$into" status >/dev/null 2>&1; then
    echo "restore.sh: PostgreSQL stopped before reaching $to:" >&2
    grep -E 'FATAL|PANIC|recovery' "$log" | tail -5 >&2
    exit 1
  fi
  sleep 0.2
done
grep -E 'recovery stopping|redo done|selected new timeline' "$log" | sed 's/^/  /' || true
echo "restored to $to into $into, PostgreSQL on port $port, in $(($(date +%s) - started)) s"
