import { describe, expect, it } from 'vitest'
import {
  assertionFromWire,
  assertionToWire,
  registrationFromWire,
  registrationToWire,
  type WebAuthnAssertionJSON,
  type WebAuthnRegistrationJSON,
} from './passkey-credential.ts'

const registration: WebAuthnRegistrationJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: 'AA', transports: ['internal'], publicKey: 'pk', publicKeyAlgorithm: -7 },
  authenticatorAttachment: 'platform',
  clientExtensionResults: { credProps: { rk: true }, appid: false, hmacCreateSecret: true, largeBlob: { supported: false } },
}
const assertion: WebAuthnAssertionJSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
}

describe('passkey credential wire format', () => {
  it("a new credential goes out in the spec's snake_case, field by field (clientDataJSON → client_data_json, appid → app_id)", () => {
    expect(registrationToWire(registration)).toEqual({
      id: 'Y3JlZC0x',
      raw_id: 'Y3JlZC0x',
      type: 'public-key',
      response: {
        client_data_json: 'e30',
        attestation_object: 'oA',
        authenticator_data: 'AA',
        transports: ['internal'],
        public_key: 'pk',
        public_key_algorithm: -7,
      },
      authenticator_attachment: 'platform',
      client_extension_results: { cred_props: { rk: true }, app_id: false, hmac_create_secret: true, largeBlob: { supported: false } },
    })
  })

  it('an assertion goes out with user_handle; an absent optional field stays absent', () => {
    expect(assertionToWire(assertion)).toEqual({
      id: 'Y3JlZC0x',
      raw_id: 'Y3JlZC0x',
      type: 'public-key',
      response: { client_data_json: 'e30', authenticator_data: 'AA', signature: 'c2ln', user_handle: 'dXNlcg' },
      client_extension_results: {},
    })
  })

  it('the server gets back exactly what WebAuthn answered, from either shape', () => {
    expect(registrationFromWire(registrationToWire(registration))).toEqual(registration)
    expect(assertionFromWire(assertionToWire(assertion))).toEqual(assertion)
    expect(assertionFromWire(assertion as never)).toBe(assertion)
    expect(
      assertionFromWire({ ...assertionToWire(assertion), response: { ...assertionToWire(assertion).response, user_handle: null } }).response,
    ).not.toHaveProperty('userHandle')
  })
})
