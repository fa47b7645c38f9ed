import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLIENT_NAME, VERSION } from './version.ts'

describe('version', () => {
  it('matches package.json so privy-client reports the released version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(VERSION).toBe(pkg.version)
    expect(CLIENT_NAME).toBe(`gatehouse:${pkg.version}`)
  })
})
