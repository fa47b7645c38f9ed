/**
 * The app's gas sponsorship setting and what it means (defaults, budgets as numbers, the owner-facing
 * check): the configuration side of services/gas-sponsorship.ts, below app-config.ts.
 */
import type { ChainInput } from './chains.js'

/** The app's `gasSponsorship` setting (server-only; `privateKey` is sealed at rest, services/app-secrets.ts). */
export interface GasSponsorshipSettings {
  /** The sponsor account's private key (0x and 64 hex digits). Never sent to browsers. */
  privateKey: string
  /** The most gas (wei, decimal) one transaction may be given. */
  maxWeiPerTransaction: string
  /** The most gas (wei, decimal) one user may be given per chain in 24 hours. */
  dailyWeiPerUser: string
  /** The most wei the sponsor gives per chain in 24 hours, all users together. Default: 100 × dailyWeiPerUser. */
  dailyWeiPerApp?: string
  /** The most wei one IP address (IPv6: its /64) is given per chain in 24 hours. Default: 3 × dailyWeiPerUser. */
  dailyWeiPerIp?: string
  /** Accounts younger than this many minutes are not sponsored (0: from the start). Default 10. */
  minAccountAgeMinutes?: number
  /** Whether guest accounts are sponsored. Default false. */
  allowGuests?: boolean
  /** When not empty, only transactions to these addresses are sponsored. */
  allowedContracts?: string[]
  /** Spec part 3 §9 defaults: SPONSORED, calculate gas limits, expiry 300 s. */
  mode?: 'SPONSORED'
  calculateGasLimits?: boolean
  expirySeconds?: number
}

/** Spec part 3 §9: 'Sponsored paymaster defaults … mode SPONSORED, calculate gas limits true, expiry 300 s'. */
export const SPONSORSHIP_DEFAULTS = { mode: 'SPONSORED', calculateGasLimits: true, expirySeconds: 300, minAccountAgeMinutes: 10 } as const

export function sponsorshipPolicy(settings: GasSponsorshipSettings) {
  const dailyWeiPerUser = BigInt(settings.dailyWeiPerUser)
  return {
    mode: settings.mode ?? SPONSORSHIP_DEFAULTS.mode,
    calculateGasLimits: settings.calculateGasLimits ?? SPONSORSHIP_DEFAULTS.calculateGasLimits,
    expirySeconds: settings.expirySeconds ?? SPONSORSHIP_DEFAULTS.expirySeconds,
    maxWeiPerTransaction: BigInt(settings.maxWeiPerTransaction),
    dailyWeiPerUser,
    dailyWeiPerApp: settings.dailyWeiPerApp !== undefined ? BigInt(settings.dailyWeiPerApp) : dailyWeiPerUser * 100n,
    dailyWeiPerIp: settings.dailyWeiPerIp !== undefined ? BigInt(settings.dailyWeiPerIp) : dailyWeiPerUser * 3n,
    minAccountAgeMs: (settings.minAccountAgeMinutes ?? SPONSORSHIP_DEFAULTS.minAccountAgeMinutes) * 60_000,
    allowGuests: settings.allowGuests ?? false,
    allowedContracts: (settings.allowedContracts ?? []).map((a) => a.toLowerCase()),
  }
}

/** Owner-facing problem: a chain marked sponsored needs the sponsor's key. */
export function sponsorshipProblem(chains: ChainInput[] | undefined, settings: { gasSponsorship: GasSponsorshipSettings | null }): string | null {
  const sponsored = (chains ?? []).find((c) => c.sponsored)
  if (sponsored && !settings.gasSponsorship) return `chains: chain ${sponsored.id} is sponsored; set gasSponsorship (the sponsor's key and budgets)`
  return null
}
