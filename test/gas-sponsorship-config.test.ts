/**
 * The sponsored paymaster's defaults (spec part 3 §9: 'Sponsored paymaster defaults for one known
 * paymaster: mode SPONSORED, calculate gas limits true, expiry 300 s') as the server's policy reads
 * an app's gas sponsorship setting (server/services/gas-sponsorship-config.ts, a pure module: no
 * database, so this is a unit test).
 */
import { describe, expect, it } from 'vitest'
import { SPONSORSHIP_DEFAULTS, sponsorshipPolicy, type GasSponsorshipSettings } from '../server/services/gas-sponsorship-config.ts'

const settings: GasSponsorshipSettings = {
  privateKey: `0x${'11'.repeat(32)}`,
  maxWeiPerTransaction: '1000000000000000',
  dailyWeiPerUser: '5000000000000000',
}

describe('gas sponsorship policy defaults (spec part 3 §9)', () => {
  it('an app that names none gets mode SPONSORED, calculated gas limits and a 300 s expiry', () => {
    expect(SPONSORSHIP_DEFAULTS).toMatchObject({ mode: 'SPONSORED', calculateGasLimits: true, expirySeconds: 300 })
    expect(sponsorshipPolicy(settings)).toMatchObject({ mode: 'SPONSORED', calculateGasLimits: true, expirySeconds: 300 })
  })

  it("the app's own values win over the defaults", () => {
    expect(sponsorshipPolicy({ ...settings, calculateGasLimits: false, expirySeconds: 60 })).toMatchObject({
      mode: 'SPONSORED',
      calculateGasLimits: false,
      expirySeconds: 60,
    })
  })

  it('the budgets default from the per-user budget (app 100×, IP 3×), accounts younger than 10 minutes wait, guests are not sponsored', () => {
    expect(sponsorshipPolicy(settings)).toMatchObject({
      maxWeiPerTransaction: 1_000_000_000_000_000n,
      dailyWeiPerUser: 5_000_000_000_000_000n,
      dailyWeiPerApp: 500_000_000_000_000_000n,
      dailyWeiPerIp: 15_000_000_000_000_000n,
      minAccountAgeMs: 600_000,
      allowGuests: false,
      allowedContracts: [],
    })
  })
})
