/**
 * A host backend that signs custom-auth tokens for its users (ES256) and publishes its JWKS on a
 * loopback HTTP server, as a real host would. Shared by the server and end-to-end tests.
 */
import { createServer } from 'node:http'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

export interface HostIssuer {
  issuer: string
  jwksUrl: string
  /** A token for `sub`, valid 5 minutes. */
  sign(sub: string): Promise<string>
  close(): Promise<void>
}

export async function startHostIssuer(issuer = 'https://host.example'): Promise<HostIssuer> {
  const keys = await generateKeyPair('ES256', { extractable: true })
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'host-1', alg: 'ES256', use: 'sig' }
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })))
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as { port: number }).port
  return {
    issuer,
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (sub) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'host-1' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(keys.privateKey),
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}
