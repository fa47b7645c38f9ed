/**
 * PKCE and state for OAuth (spec §5): the verifier is base64url of 36 secure random bytes, the
 * challenge its SHA-256 (S256), the state code 36 more random bytes. WebCrypto only: no library.
 */
export function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function randomCode(bytes = 36): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}

export interface Pkce {
  codeVerifier: string
  codeChallenge: string
  stateCode: string
}

export async function createPkce(): Promise<Pkce> {
  const codeVerifier = randomCode(36)
  return { codeVerifier, codeChallenge: await s256(codeVerifier), stateCode: randomCode(36) }
}
