import env from '#start/env'

const healthConfig = {
  /** Unlocks the full health report. Unset: nobody gets it. */
  monitoringSecret: env.get('MONITORING_SECRET'),
  /** Accepted beside it while the monitor and the API change over, in either order. */
  monitoringPreviousSecrets: env.get('MONITORING_PREVIOUS_SECRETS'),

  /**
   * Disk usage (percent) at which the disk_space check warns, then fails.
   * High by default so an ordinary busy disk does not take the service out
   * of a load balancer.
   */
  disk: {
    warnPercent: env.get('HEALTH_DISK_WARN_PERCENT', 90),
    failPercent: env.get('HEALTH_DISK_FAIL_PERCENT', 97),
  },

  /** Redis is a dependency (and checked) only when sessions or rate limits live there. */
  checkRedis: env.get('SESSION_STORE') === 'redis' || env.get('LIMITER_STORE') === 'redis',

  /** Every check answers within this time, or counts as failed. */
  checkTimeoutMs: 2000,
}

export default healthConfig
