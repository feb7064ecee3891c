import { safeEqual, type Secret } from '@adonisjs/core/helpers'
import config from '@adonisjs/core/services/config'

/**
 * Whether a caller presented the monitoring secret or one of
 * MONITORING_PREVIOUS_SECRETS, each compared in constant time, all of them
 * every time. With no secret configured, nobody does.
 */
export function isMonitoringSecret(presented: string | undefined) {
  const secret = monitoringSecret()
  if (!secret || presented === undefined) return false
  const accepted = [secret, ...config.get<Secret<string>[]>('health.monitoringPreviousSecrets', [])]
  return accepted.map((each) => safeEqual(presented, each.release())).includes(true)
}

/** Whether a monitoring secret is configured at all (without it, /metrics does not exist). */
export function isMonitoringConfigured() {
  return monitoringSecret() !== undefined
}

function monitoringSecret() {
  return config.get<Secret<string> | undefined>('health.monitoringSecret')
}
