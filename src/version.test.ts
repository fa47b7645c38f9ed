import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLIENT_NAME, VERSION } from './version.ts'

describe('version', () => {
  it('matches package.json so error details report the released version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(VERSION).toBe(pkg.version)
  })

  it("the client header carries the spec's SDK version string 'react-auth 2.21.1' as name:version", () => {
    expect(CLIENT_NAME).toBe('react-auth:2.21.1')
  })
})
