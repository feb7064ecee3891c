import { safeEqual, type Secret } from '@adonisjs/core/helpers'
import config from '@adonisjs/core/services/config'

/**
 * Whether a caller presented the monitoring secret (compared in constant
 * time). With no secret configured, nobody does.
 */
export function isMonitoringSecret(presented: string | undefined) {
  const secret = monitoringSecret()
  if (!secret || presented === undefined) return false
  return safeEqual(presented, secret.release())
}

/** Whether a monitoring secret is configured at all (without it, /metrics does not exist). */
export function isMonitoringConfigured() {
  return monitoringSecret() !== undefined
}

function monitoringSecret() {
  return config.get<Secret<string> | undefined>('health.monitoringSecret')
}
