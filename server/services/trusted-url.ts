/**
 * Below app-config.ts and the config pieces it gathers (chains, funding, Solana cluster), which all
 * check the URLs an owner gives the server to fetch.
 */

/** Whether a URL the server fetches trust from may be used: https, or anything in development. */
export function isTrustedFetchUrl(url: string, dev: boolean): boolean {
  try {
    return new URL(url).protocol === 'https:' || dev
  } catch {
    return false
  }
}
