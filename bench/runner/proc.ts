/*
| What a server process costs, read from /proc (Linux).
*/

import { readdirSync, readFileSync } from 'node:fs'

/**
 * A process's parent and the CPU time (user + system) it has used so far, in
 * ms, from one read of /proc/<pid>/stat; null once gone.
 */
function readStat(pid: number | undefined) {
  try {
    // The fields after the command's name: ppid is the 4th of stat, utime and stime the 14th
    // and 15th, in clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 }
  } catch {
    return null
  }
}

/** CPU time (user + system) a process has used so far, in ms; 0 once gone. */
export function cpuMs(pid: number | undefined) {
  return readStat(pid)?.cpuMs ?? 0
}

/** A field of /proc/<pid>/status in MB (VmRSS = RssAnon + RssFile + RssShmem), null once gone. */
export function statusMb(pid: number | undefined, field: string) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024)
  } catch {
    return null
  }
}

export function rssMb(pid: number | undefined) {
  return statusMb(pid, 'VmRSS')
}

/**
 * CPU time so far (ms) of a server and of each process it started: a
 * PostgreSQL postmaster and its backends, WAL writer, checkpointer, ... by pid.
 */
export function processTreeCpuMs(rootPid: number) {
  const byPid = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    const stat = readStat(pid)
    if (stat && (pid === rootPid || stat.parent === rootPid)) byPid.set(pid, stat.cpuMs)
  }
  return byPid
}

/**
 * The CPU time a process tree used between two readings. A process that
 * ended in between is left out (its last moments cannot be read): the pools
 * keep their connections through a run, and a connection the other side
 * closes after it has been idle has nothing to count.
 */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>) {
  let sum = 0
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0)
  return sum
}
