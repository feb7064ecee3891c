import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'
import { indexPolicies } from '@adonisjs/bouncer'

export default defineConfig({
  experimental: {},

  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/mail/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    // Must boot before Lucid: it decides which PostgreSQL server the connection points at.
    () => import('#providers/database_server_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('#providers/bindings_provider'),
    () => import('#providers/lifecycle_provider'),
    () => import('#providers/telemetry_provider'),
    () => import('#providers/jobs_provider'),
    () => import('#providers/read_replicas_provider'),
  ],

  preloads: [
    () => import('#start/validator'),
    () => import('#start/i18n'),
    () => import('#start/health'),
    () => import('#start/routes'),
    () => import('#start/kernel'),
  ],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.{ts,js}'],
        name: 'unit',
        timeout: 10000,
      },
      {
        files: ['tests/functional/**/*.spec.{ts,js}'],
        name: 'functional',
        timeout: 60000,
      },
      {
        // The tests that start processes (the server in production, the export
        // command, npm, Chromium) or break a dependency on purpose.
        files: ['tests/system/**/*.spec.{ts,js}'],
        name: 'system',
        timeout: 60000,
      },
    ],
    // The runner is spawned with an IPC channel that would otherwise keep it alive.
    forceExit: true,
  },

  // patches/ travels with the build: its `npm ci` re-applies them (postinstall).
  metaFiles: [
    { pattern: 'patches/**', reloadServer: false },
    { pattern: 'resources/lang/**/*.{json,yaml,yml}', reloadServer: false },
  ],

  hooks: {
    init: [indexEntities({ transformers: { enabled: true } }), indexPolicies()],
  },
})
