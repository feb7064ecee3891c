/*
| What a server process costs, read from /proc (Linux).
*/

import { readFileSync } from 'node:fs'

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
