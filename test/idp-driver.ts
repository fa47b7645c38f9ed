/**
 * Drives the development identity provider's sign-in pages over HTTP (server tests): follows
 * redirects with a cookie jar, signs in with any login name, consents (or cancels, the user's
 * denial), and stops at the redirect to `stopAt` (our OAuth callback), returning that URL.
 */
import { createHash, randomBytes } from 'node:crypto'

/** What the browser does before an OAuth redirect: a verifier from 36 random bytes, its S256 challenge, a state code. */
export function pkce() {
  const verifier = randomBytes(36).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), state: randomBytes(36).toString('base64url') }
}

export async function driveIdp(authorizationUrl: string, stopAt: string, options: { login?: string; deny?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>()
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  let url = authorizationUrl
  let method = 'GET'
  let body: URLSearchParams | undefined
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(stopAt)) return new URL(url)
    const response = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: cookieHeader() } })
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1))
    }
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      method = 'GET'
      body = undefined
      continue
    }
    const html = await response.text()
    if (response.status !== 200) throw new Error(`IdP answered ${response.status}: ${html.slice(0, 300)}`)
    const abort = /href="([^"]*abort[^"]*)"/.exec(html)?.[1]
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    if (options.deny && abort) {
      url = new URL(abort.replace(/&amp;/g, '&'), url).href
      continue
    }
    if (!action) throw new Error(`No form on the IdP page: ${html.slice(0, 300)}`)
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login'
    body = new URLSearchParams(prompt === 'login' ? { prompt, login: options.login ?? 'alice', password: 'any' } : { prompt })
    url = new URL(action, url).href
    method = 'POST'
  }
  throw new Error('Too many steps at the IdP')
}
