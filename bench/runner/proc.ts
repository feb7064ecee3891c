/*
| What a server process costs, read from /proc (Linux).
*/

import { readdirSync, readFileSync } from 'node:fs'

/** CPU time (user + system) a process has used so far, in ms; 0 once gone. */
export function cpuMs(pid: number | undefined) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime (fields 14 and 15 of stat), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
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

/** The ppid field of /proc/<pid>/stat, or null once gone. */
function parentOf(pid: number) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1])
  } catch {
    return null
  }
}

/**
 * CPU time so far (ms) of a server and of each process it started: a
 * PostgreSQL postmaster and its backends, WAL writer, checkpointer, ... by pid.
 */
export function processTreeCpuMs(rootPid: number) {
  const byPid = new Map<number, number>([[rootPid, cpuMs(rootPid)]])
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (Number.isInteger(pid) && parentOf(pid) === rootPid) byPid.set(pid, cpuMs(pid))
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
