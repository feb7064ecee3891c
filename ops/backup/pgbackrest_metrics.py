#!/usr/bin/env python3
"""pgBackRest's backups as node_exporter textfile metrics.

Runs `pgbackrest info --output=json` and writes, atomically (a temporary file
renamed over the old one, as node_exporter's textfile collector asks), e.g.

    pgbackrest_backup_last_age_seconds{stanza="events-api",type="full"} 86400
    pgbackrest_backup_last_age_seconds{stanza="events-api",type="diff"} 3600

one series per stanza and backup type that has a backup (full, diff, incr),
the age of the newest one's END, plus whether `pgbackrest info` answered and
when this ran (so an alert can tell a stale file from an old backup).

Python 3 from Debian, standard library only: it runs on the database nodes,
where Patroni already brings Python. Sample timer: pgbackrest-metrics.timer.

    pgbackrest_metrics.py [--output /var/lib/prometheus/node-exporter/pgbackrest.prom]
                          [--config /etc/pgbackrest/pgbackrest.conf] [--info-json FILE]

--info-json reads a saved `pgbackrest info --output=json` instead of running it
(the tests use it); --output - writes to stdout.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HELP = {
    "pgbackrest_backup_last_age_seconds": (
        "gauge",
        "Seconds since the newest backup of this type (full, diff, incr) of the stanza finished",
    ),
    "pgbackrest_backup_last_size_bytes": (
        "gauge",
        "Size in the repository of the newest backup of this type, compressed",
    ),
    "pgbackrest_stanza_status": (
        "gauge",
        "pgBackRest's status code of the stanza: 0 ok, anything else is a problem (see `pgbackrest info`)",
    ),
    "pgbackrest_info_success": (
        "gauge",
        "1 when `pgbackrest info` answered, 0 when it failed (no other series then)",
    ),
    "pgbackrest_metrics_timestamp_seconds": (
        "gauge",
        "When this file was written (Unix time)",
    ),
}


def label(value):
    return str(value).replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def render(info, now, success=True):
    """The textfile's content for `pgbackrest info --output=json` as parsed JSON."""
    samples = {name: [] for name in HELP}
    for stanza in info if success else []:
        name = label(stanza.get("name", ""))
        status = stanza.get("status", {}).get("code", 99)
        samples["pgbackrest_stanza_status"].append(('{stanza="%s"}' % name, status))
        newest = {}
        for backup in stanza.get("backup", []):
            if backup.get("error"):
                continue
            kind = backup.get("type")
            stop = backup.get("timestamp", {}).get("stop")
            if kind is None or stop is None:
                continue
            if kind not in newest or stop > newest[kind]["timestamp"]["stop"]:
                newest[kind] = backup
        for kind in sorted(newest):
            backup = newest[kind]
            labels = '{stanza="%s",type="%s"}' % (name, label(kind))
            age = max(0, now - backup["timestamp"]["stop"])
            samples["pgbackrest_backup_last_age_seconds"].append((labels, age))
            size = backup.get("info", {}).get("repository", {}).get("delta")
            if size is not None:
                samples["pgbackrest_backup_last_size_bytes"].append((labels, size))
    samples["pgbackrest_info_success"].append(("", 1 if success else 0))
    samples["pgbackrest_metrics_timestamp_seconds"].append(("", now))
    lines = []
    for name, (kind, text) in HELP.items():
        if not samples[name]:
            continue
        lines.append("# HELP %s %s" % (name, text))
        lines.append("# TYPE %s %s" % (name, kind))
        lines.extend("%s%s %s" % (name, labels, value) for labels, value in samples[name])
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", default="/var/lib/prometheus/node-exporter/pgbackrest.prom")
    parser.add_argument("--config", default="/etc/pgbackrest/pgbackrest.conf")
    parser.add_argument("--info-json")
    args = parser.parse_args()

    success = True
    try:
        if args.info_json:
            with open(args.info_json, encoding="utf-8") as saved:
                info = json.load(saved)
        else:
            answer = subprocess.run(
                ["pgbackrest", "--config=" + args.config, "info", "--output=json"],
                check=True, capture_output=True, text=True, timeout=120,
            )
            info = json.loads(answer.stdout)
    except (OSError, ValueError, subprocess.SubprocessError) as error:
        print("pgbackrest_metrics: %s" % error, file=sys.stderr)
        info, success = [], False

    text = render(info, int(time.time()), success)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        folder = os.path.dirname(os.path.abspath(args.output))
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".pgbackrest.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, args.output)
    return 0 if success else 1


if __name__ == "__main__":
    sys.exit(main())
