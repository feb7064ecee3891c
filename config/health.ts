import env from '#start/env'

/**
 * The secret that unlocks the full health report. Unset: nobody gets it.
 */
export const monitoringSecret = env.get('MONITORING_SECRET')

/**
 * Disk usage (percent) at which the disk_space check warns, then fails. High
 * by default so an ordinary busy disk does not take the service out of a
 * load balancer.
 */
export const diskThresholds = {
  warnPercent: env.get('HEALTH_DISK_WARN_PERCENT', 90),
  failPercent: env.get('HEALTH_DISK_FAIL_PERCENT', 97),
}

/** Every check answers within this time, or counts as failed. */
export const checkTimeoutMs = 2000
