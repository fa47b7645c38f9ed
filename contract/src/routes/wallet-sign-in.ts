/**
 * The routes of a wallet-signature login (SIWE, SIWS; spec part 1 §3, §5): init (a nonce),
 * authenticate, link and unlink. Both chains share the form and differ in their name and the
 * properties of their signed input; siwe.ts and siws.ts list the routes this builds. (Their
 * `…/transfer` routes are wallet-transfer.ts's.)
 */
import type { JSONSchema } from 'json-schema-to-ts'
import { defineRoute } from './define.ts'
import { authMode, bearerHeaders, captchaToken } from './headers.ts'
import { authResponseSchema, userResponseSchema } from './shared.ts'

const address = { type: 'string', minLength: 1, maxLength: 128 } as const

export function walletSignInRoutes<const Name extends 'siwe' | 'siws', const Signed extends Readonly<Record<string, JSONSchema>>>(
  name: Name,
  chainName: 'Ethereum' | 'Solana',
  /** What authenticate trades for a session, for its summary. */
  signedWhat: string,
  /** JSON-schema properties of the signed input (message, signature and the chain's extras). */
  signed: Signed,
) {
  const label = name.toUpperCase()
  return {
    init: defineRoute({
      method: 'POST',
      path: `/${name}/init` as const,
      schema: {
        summary: `${label}: a single-use nonce for the address (expires in 10 minutes)`,
        body: { type: 'object', required: ['address'], properties: { address, token: captchaToken } },
        response: {
          200: {
            description: 'The nonce the signed message must carry',
            type: 'object',
            required: ['nonce'],
            properties: { nonce: { type: 'string' } },
            additionalProperties: false,
          },
        },
      },
    }),
    authenticate: defineRoute({
      method: 'POST',
      path: `/${name}/authenticate` as const,
      schema: {
        summary: `${label}: trade ${signedWhat} for a session (auth response)`,
        body: {
          type: 'object',
          required: ['message', 'signature'],
          properties: { ...signed, mode: authMode },
        },
        response: { 200: authResponseSchema },
      },
    }),
    link: defineRoute({
      method: 'POST',
      path: `/${name}/link` as const,
      schema: {
        summary: `${label}: link the signing wallet to the signed-in user (answers the user)`,
        headers: bearerHeaders,
        body: { type: 'object', required: ['message', 'signature'], properties: signed },
        response: { 200: userResponseSchema },
      },
    }),
    unlink: defineRoute({
      method: 'POST',
      path: `/${name}/unlink` as const,
      schema: {
        summary: `${label}: unlink an external ${chainName} wallet from the signed-in user (answers the user)`,
        headers: bearerHeaders,
        body: { type: 'object', required: ['address'], properties: { address } },
        response: { 200: userResponseSchema },
      },
    }),
  }
}
