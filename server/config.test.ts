import { describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS, devExposureProblem, isLoopbackHost, loadConfig, productionProblems } from './config.js'

describe('loadConfig', () => {
  it('has development defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8787,
      dev: true,
      dbFile: '.gatehouse/gatehouse.db',
      databaseUrl: null,
      publicUrl: 'http://localhost:8787',
      logLevel: 'warn',
    })
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS)
  })

  it('reads the environment, including rate-limit overrides', () => {
    const config = loadConfig({
      PORT: '9000',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://auth.example/',
      DATABASE_URL: 'postgres://u:p@db/gh',
      GATEHOUSE_STATE_DIR: '/var/lib/gh',
      GATEHOUSE_RATE_LIMIT_IP: '1000',
      GATEHOUSE_RATE_LIMIT_EMAIL_INIT: '9',
      GATEHOUSE_RATE_LIMIT_RESEND_COOLDOWN_SECONDS: '0',
    })
    expect(config).toMatchObject({
      port: 9000,
      dev: false,
      publicUrl: 'https://auth.example',
      databaseUrl: 'postgres://u:p@db/gh',
      dbFile: '/var/lib/gh/gatehouse.db',
    })
    expect(config.rateLimits).toMatchObject({ ipInit: 1000, ipAuthenticate: 1000, emailInit: 9, resendCooldownSeconds: 0 })
    expect(loadConfig({ GATEHOUSE_RATE_LIMIT: 'off' }).rateLimitsDisabled).toBe(true)
  })

  it('error: rejects a non-postgres DATABASE_URL and bad numbers', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/)
    expect(() => loadConfig({ GATEHOUSE_RATE_LIMIT_IP: 'lots' })).toThrow(/GATEHOUSE_RATE_LIMIT_IP/)
  })

  it('error: production needs SMTP_URL and a long GATEHOUSE_SECRET', () => {
    expect(productionProblems(loadConfig({ NODE_ENV: 'production' }))).toHaveLength(2)
    expect(productionProblems(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', GATEHOUSE_SECRET: 'x'.repeat(32) }))).toEqual([])
  })

  it('reads the code guess budget and its window', () => {
    expect(loadConfig({ GATEHOUSE_CODE_GUESS_BUDGET: '10', GATEHOUSE_CODE_GUESS_WINDOW_SECONDS: '86400' }).rateLimits).toMatchObject({
      codeGuessBudget: 10,
      codeGuessWindowSeconds: 86400,
    })
  })
})

describe('development mode on the network', () => {
  it('loopback HOST values are loopback; anything else is not', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host)).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'example.com', '128.0.0.1']) expect(isLoopbackHost(host)).toBe(false)
  })

  it('error: development mode (NODE_ENV unset) on a non-loopback HOST is refused unless GATEHOUSE_DEV_ON_NETWORK=1', () => {
    expect(devExposureProblem(loadConfig({}))).toBeNull()
    expect(devExposureProblem(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/GATEHOUSE_DEV_ON_NETWORK=1/)
    expect(devExposureProblem(loadConfig({ HOST: '0.0.0.0', GATEHOUSE_DEV_ON_NETWORK: '1' }))).toBeNull()
    expect(devExposureProblem(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }))).toBeNull()
  })
})
