/**
 * No visible text or element id of the widget or the demo names another product. The spec's wire
 * and code values stay ('privy' as a recovery method / wallet client type, the `privy-*` request
 * headers): they are data, never shown. Texts the spec gives with such a name reach a screen only
 * through onScreen().
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FUNDING_MESSAGES } from '../errors/funding.ts'
import { WALLET_MESSAGES } from '../errors/wallet.ts'
import { onScreen } from './onScreen.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const OTHER_PRODUCT = /privy/i

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(join(root, path)).isDirectory()) return walk(path, keep)
    return keep(name) ? [path] : []
  })
}

/** Code values of the spec's wire format: compared and sent, never displayed. */
const WIRE_VALUES = new Set(['privy', 'privy-v2', 'privy-app-id', 'privy-client-id', 'privy-client', 'privy-ca-id', 'privy_access_token'])

describe('no other product named on screen', () => {
  it("onScreen() words every spec message without the other product's name, and leaves ours alone", () => {
    const messages = [
      ...Object.values(WALLET_MESSAGES),
      ...Object.values(FUNDING_MESSAGES).map((m) => (typeof m === 'function' ? (m as (x: string) => string)('8453') : m)),
    ]
    expect(messages.some((m) => OTHER_PRODUCT.test(m))).toBe(true)
    for (const message of messages) expect(onScreen(message)).not.toMatch(OTHER_PRODUCT)
    expect(onScreen(WALLET_MESSAGES.mustBeAuthenticatedToSign)).toBe('User must be authenticated before signing with an embedded wallet')
    expect(onScreen(FUNDING_MESSAGES.chainNotConfigured('8453'))).toBe('Funding chain 8453 is not in configured chains')
    expect(onScreen(WALLET_MESSAGES.genericRetry)).toBe(WALLET_MESSAGES.genericRetry)
  })

  it('screens, elements and demo pages hold no such name in a text, string or id (wire values aside)', () => {
    const files = [
      ...walk('src/screens', (n) => /\.tsx?$/.test(n) && !/\.test\./.test(n)),
      ...walk('src/ui', (n) => /\.tsx?$/.test(n) && !/\.test\./.test(n)),
      ...walk('elements', (n) => /\.ts$/.test(n) && !/\.test\./.test(n)),
      ...walk('demo', (n) => /\.(html|vue|svelte|tsx?|jsx?)$/.test(n)),
    ]
    expect(files.length).toBeGreaterThan(50)
    const found: string[] = []
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8')
        // Comments are for developers (the spec is cited there by its own words).
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1')
      // Quoted strings, template strings and JSX text between tags (markup files only: in plain
      // TypeScript, `>` and `<` are generics and arrows, and text between them is code).
      const markup = /\.(tsx|jsx|html|vue|svelte)$/.test(file)
      for (const m of source.matchAll(markup ? /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`|>([^<>{}]+)</g : /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
        const text = m[1] ?? m[2] ?? m[3] ?? m[4] ?? ''
        if (OTHER_PRODUCT.test(text) && !WIRE_VALUES.has(text.trim())) found.push(`${file}: ${text.trim()}`)
      }
    }
    expect(found).toEqual([])
  })
})
