import { describe, expect, it } from 'vitest'
import { recoveryErrors } from './RecoveryOAuthField.tsx'

describe("the cloud recovery form's checks (the server's schema, by field)", () => {
  it('a provider not offered needs nothing; an offered one needs its client', () => {
    expect(recoveryErrors({ 'google-drive': null, icloud: null })).toEqual({})
    expect(recoveryErrors({ 'google-drive': {}, icloud: {} })).toEqual({
      'recoveryOAuth.google-drive.clientId': 'Required',
      'recoveryOAuth.icloud.containerId': 'Required',
      'recoveryOAuth.icloud.apiToken': 'Required',
    })
  })

  it('error: a container id without the iCloud. prefix, an issuer that is no URL, a token too short', () => {
    expect(
      recoveryErrors({
        'google-drive': { clientId: 'id.apps.googleusercontent.com', issuer: 'accounts.google.com' },
        icloud: { containerId: 'com.example.app', apiToken: 'abc' },
      }),
    ).toEqual({
      'recoveryOAuth.google-drive.issuer': 'Must be an http(s) URL',
      'recoveryOAuth.icloud.containerId': "Must be the container's identifier, starting with 'iCloud.' (iCloud.com.example.app)",
      'recoveryOAuth.icloud.apiToken': 'Must NOT have fewer than 4 characters',
    })
    expect(
      recoveryErrors({
        'google-drive': { clientId: 'id.apps.googleusercontent.com', clientSecret: 'GOCSPX-secret', issuer: 'https://accounts.google.com' },
        icloud: { containerId: 'iCloud.com.example.app', environment: 'production', apiToken: 'cloudkit-token' },
      }),
    ).toEqual({})
  })
})
