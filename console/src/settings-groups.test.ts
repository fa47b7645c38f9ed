import { appUpdateSchema } from '@gatehouse/contract/routes/app-config'
import { describe, expect, it } from 'vitest'
import { ConsoleApiError, routeUrl } from './api.ts'
import { groupsFor, isSecretKey, labelOf, SETTINGS_GROUPS } from './settings-groups.ts'

describe('the settings page covers the one app-config schema', () => {
  const keys = Object.keys(appUpdateSchema.properties)

  it('places every field of the schema in exactly one group, and names no field the schema lacks', () => {
    const placed = groupsFor(keys).flatMap((g) => g.keys)
    expect([...placed].sort()).toEqual([...keys].sort())
    expect(new Set(placed).size).toBe(placed.length)
    expect(SETTINGS_GROUPS.flatMap((g) => g.keys).filter((k) => !keys.includes(k))).toEqual([])
  })

  it('a field the schema gains later lands in "Other settings"', () => {
    const groups = groupsFor([...keys, 'someNewSetting'])
    expect(groups.at(-1)).toEqual({ id: 'other', title: 'Other settings', keys: ['someNewSetting'] })
  })

  it('treats secrets as write-only and labels fields in words', () => {
    expect(['captchaSecretKey', 'clientSecret', 'privateKey', 'apiKey'].every(isSecretKey)).toBe(true)
    expect(['accentColor', 'clientId', 'siteKey'].some(isSecretKey)).toBe(false)
    expect(labelOf('accentColor')).toBe('Accent color')
    expect(labelOf('privacyPolicyUrl')).toBe('Privacy policy URL')
    expect(labelOf('mfa')).toBe('MFA')
  })
})

describe('the console client', () => {
  it('fills a route of the map in, encoded, with its query', () => {
    expect(routeUrl('/apps/:app_id/users/:user_id', { params: { app_id: 'a', user_id: 'did:privy:x/y' } })).toBe('/api/v1/apps/a/users/did%3Aprivy%3Ax%2Fy')
    expect(routeUrl('/apps/:app_id/users/search', { params: { app_id: 'a' }, query: { email: 'a+b@example.com' } })).toBe(
      '/api/v1/apps/a/users/search?email=a%2Bb%40example.com',
    )
  })

  it('reads the field a server validation message names, for the form to show beside it', () => {
    expect(new ConsoleApiError(400, 'invalid_data', 'Invalid field legal.privacyPolicyUrl: must match pattern').field).toBe('legal.privacyPolicyUrl')
    expect(new ConsoleApiError(400, 'invalid_data', 'Unknown field: colour').field).toBe('colour')
    expect(new ConsoleApiError(400, 'invalid_data', 'You must enable at least one login method').field).toBe(null)
  })
})
