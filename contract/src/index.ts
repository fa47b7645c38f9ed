/**
 * The wire contract shared by the widget (src/, frame/) and the server (server/): API error codes,
 * wire types, the e-mail and code rules, and the signed-message builders both sides must agree on
 * byte for byte. No DOM and no Node-only code: it runs in browsers and in Node alike.
 */
export * from './api-codes.ts'
export * from './delegation.ts'
export * from './device-binding.ts'
export * from './email.ts'
export * from './memo-transaction.ts'
export * from './mfa.ts'
export * from './passkey-credential.ts'
export * from './registration.ts'
export * from './share-set.ts'
export * from './siws.ts'
export * from './wire.ts'
export * from './cookie-secure.ts'
