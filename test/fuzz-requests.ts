/**
 * Generated requests for every operation of the server's own OpenAPI document (fast-check), so a
 * route added tomorrow is fuzzed without touching the suite. Each request mixes well-formed
 * values (from the route's JSON schema, the live app id and access token) with wrong types,
 * unicode and control characters, huge and deeply nested bodies, malformed JSON and escapes.
 */
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { CompactSign, type JWK } from 'jose'
import type { HttpRequest } from './api-process.ts'

type Schema = {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
}

export interface Operation {
  method: string
  /** OpenAPI template, e.g. /api/v1/apps/{app_id}. */
  path: string
  parameters: { in: string; name: string; schema?: Schema }[]
  body: Schema | null
  /** The security schemes the operation names (adminToken, accessToken, metricsToken…). */
  security: string[]
}

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: Schema }> }; security?: Record<string, string[]>[] }
    >
  >
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      security: (op.security ?? []).flatMap((scheme) => Object.keys(scheme)),
    })),
  )
}

export interface FuzzContext {
  /** The app most requests name (every login method on). */
  appId: string
  /** An app the admin routes may reconfigure freely (the fuzz must not switch the main app off). */
  scratchAppId: string
  /** A live access token of a user of `appId`, and the refresh token of its session. */
  accessToken: string
  refreshToken: string
  adminToken: string
  /** GATEHOUSE_METRICS_TOKEN of the server, when it serves GET /metrics. */
  metricsToken?: string
  /** A live app secret of `scratchAppId` (the owner routes' `Basic appId:secret` caller). */
  appSecret?: string
  /** The server's own origin (some routes compare Origin with it). */
  origin: string
  /** Strings the server knows (the user's e-mail, id, refresh token…): reach past "not found". */
  known: string[]
  /** A device key (the wallet frame's, in the browser): signs the generated DPoP proofs. */
  device: { privateKey: CryptoKey; publicJwk: JWK }
}

/**
 * A DPoP proof to sign when the request is sent (it needs the clock and the final URL): the right
 * claims, or any of them wrong, an unknown header, or a `jti` the database cannot store.
 */
export interface ProofSpec {
  header: 'good' | 'alg-none' | 'typ' | 'private-jwk' | 'bad-jwk'
  htm: string | null
  htu: string | null
  iat: unknown
  jti: unknown
  ath: 'right' | string | null
}

export type FuzzRequest = HttpRequest & { proof?: ProofSpec | string }

/** The request as sent: its `DPoP` header signed now, by the context's device key. */
export async function withProof(req: FuzzRequest, ctx: FuzzContext): Promise<HttpRequest> {
  const { proof, ...rest } = req
  if (proof === undefined) return rest
  if (typeof proof === 'string') return { ...rest, headers: { ...rest.headers, dpop: headerValue(proof) } }
  const path = req.path.split('?')[0]
  const bearer = /^Bearer (\S+)$/.exec(req.headers?.authorization ?? '')?.[1] ?? ''
  const claims: Record<string, unknown> = {
    htm: proof.htm ?? req.method,
    htu: proof.htu ?? `${ctx.origin}${path}`,
    iat: proof.iat === null ? Math.floor(Date.now() / 1000) : proof.iat,
    jti: proof.jti,
  }
  if (proof.ath !== null) claims.ath = proof.ath === 'right' ? createHash('sha256').update(bearer).digest('base64url') : proof.ath
  const jwk =
    proof.header === 'private-jwk'
      ? { ...ctx.device.publicJwk, d: 'AAAA' }
      : proof.header === 'bad-jwk'
        ? { ...ctx.device.publicJwk, x: 'AAAA' }
        : ctx.device.publicJwk
  const header = { typ: proof.header === 'typ' ? 'JWT' : 'dpop+jwt', alg: 'ES256', jwk }
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  const dpop =
    proof.header === 'alg-none'
      ? `${encode({ ...header, alg: 'none' })}.${encode(claims)}.`
      : await new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader(header).sign(ctx.device.privateKey)
  return { ...rest, headers: { ...rest.headers, dpop } }
}

function proofOf(ctx: FuzzContext): fc.Arbitrary<ProofSpec> {
  const mostly = <T>(good: T, bad: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: bad })
  return fc.record({
    header: mostly<ProofSpec['header']>('good', fc.constantFrom('alg-none', 'typ', 'private-jwk', 'bad-jwk')),
    htm: mostly<string | null>(null, fc.constantFrom('GET', 'POST', 'get', '')),
    htu: mostly<string | null>(null, fc.oneof(text(ctx), fc.webUrl())),
    iat: mostly<unknown>(null, fc.oneof(fc.integer(), fc.constantFrom('now', 1e300, -1), anyJson)),
    jti: fc.oneof(
      { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/) },
      // Long enough to pass the length check, with what a database may refuse to store.
      {
        weight: 1,
        arbitrary: fc.oneof(
          text(ctx),
          anyJson,
          text(ctx).map((t) => `proof-${t}-0123456789`),
          fc.constant('proof-\u0000-0123456789'),
        ),
      },
    ),
    ath: fc.oneof(fc.constant<'right' | string | null>('right'), fc.constant(null), text(ctx)),
  })
}

const SPECIALS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202E',
  '💥🧨',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'0'.repeat(64)}`,
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'did:privy:',
  'eip155:1',
  'eip155:99999999999999999999',
  'http://127.0.0.1:1/',
  'https://example.invalid/',
  'a@b.c',
  'user+tag@example.com',
  '+14155550123',
  'Bearer',
]

const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 4 })

/** Any text: ASCII, unicode graphemes, any code point, lone surrogates, special values. */
function text(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    loneSurrogates,
    fc.constantFrom(...SPECIALS),
    fc.constantFrom(...ctx.known),
    fc.integer({ min: 200, max: 5000 }).map((n) => 'x'.repeat(n)),
  )
}

/** Any JSON value, unicode included, shallow enough to stay readable in a failure report. */
const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme' })

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type] : []
}

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString('hex'))
const b64url = (json: fc.Arbitrary<unknown>) => json.map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'))

/** An EIP-4361 message with any field possibly garbled: reaches the SIWE parser and its checks. */
function siweMessage(ctx: FuzzContext): fc.Arbitrary<string> {
  const field = (good: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: text(ctx) })
  return fc
    .record({
      domain: field(fc.constantFrom(new URL(ctx.origin).host, 'evil.example')),
      address: field(hex(20).map((h) => `0x${h}`)),
      uri: field(fc.constant(ctx.origin)),
      chain: field(fc.constantFrom('1', '0', '99999999999999999999999', '-1')),
      nonce: field(fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/)),
      issued: field(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
      expires: fc.option(field(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()))),
    })
    .map(
      (m) =>
        `${m.domain} wants you to sign in with your Ethereum account:\n${m.address}\n\nSign in\n\nURI: ${m.uri}\nVersion: 1\nChain ID: ${m.chain}\nNonce: ${m.nonce}\nIssued At: ${m.issued}` +
        (m.expires === null ? '' : `\nExpiration Time: ${m.expires}`),
    )
}

/** What a field of this name usually holds, so bodies get past the first check into the service. */
function hinted(name: string, ctx: FuzzContext): fc.Arbitrary<string> | null {
  const email = fc.oneof(fc.emailAddress(), fc.constantFrom(...ctx.known.filter((k) => k.includes('@'))))
  if (/^(email|oldAddress|newAddress)$/.test(name)) return email
  if (name === 'address')
    return fc.oneof(
      email,
      hex(20).map((h) => `0x${h}`),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => base58(b)),
    )
  if (/phone/i.test(name)) return fc.oneof(fc.stringMatching(/^\+1[2-9][0-9]{9}$/), fc.stringMatching(/^\+[0-9]{6,15}$/))
  if (name === 'code') return fc.stringMatching(/^[0-9]{6}$/)
  if (name === 'message') return siweMessage(ctx)
  if (name === 'signature')
    return fc.oneof(
      hex(65).map((h) => `0x${h}`),
      fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Buffer.from(b).toString('base64')),
    )
  // A JWT's three parts with any header and claims: reaches the token parsers.
  if (name === 'token' || name === 'channel_token')
    return fc
      .tuple(b64url(fc.oneof(fc.constant({ alg: 'ES256' }), fc.constant({ alg: 'none' }), anyJson)), b64url(anyJson), fc.base64String())
      .map((p) => p.join('.'))
  if (name === 'refresh_token')
    return fc.oneof({ weight: 4, arbitrary: fc.constant(ctx.refreshToken) }, { weight: 1, arbitrary: fc.constantFrom(...ctx.known) })
  if (/^(redirect_to|siweUri|relying_party|uri)$/.test(name)) return fc.oneof(fc.constant(ctx.origin), fc.webUrl())
  return null
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out
    n /= 58n
  }
  return out
}

/**
 * A value shaped by `schema`. Half the time everything is well formed (so the request reaches the
 * service behind the schema); otherwise any value may be wrong (any type), at every level.
 */
export function fromSchema(schema: Schema, ctx: FuzzContext): fc.Arbitrary<unknown> {
  return fc.oneof(shaped(schema, ctx, 0, false, ''), shaped(schema, ctx, 0, true, ''))
}

function shaped(schema: Schema, ctx: FuzzContext, depth: number, mutate: boolean, name: string): fc.Arbitrary<unknown> {
  const right = wellFormed(schema, ctx, depth, mutate, name)
  if (!mutate) return right
  return fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: fc.oneof(anyJson, text(ctx)) })
}

function wellFormed(schema: Schema, ctx: FuzzContext, depth: number, mutate: boolean, name: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((s) => shaped(s, ctx, depth, mutate, name)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const types = typesOf(schema)
  if (types.length === 0) return anyJson
  return fc.oneof(...types.map((type) => ofType(type, schema, ctx, depth, mutate, name)))
}

function ofType(type: string, schema: Schema, ctx: FuzzContext, depth: number, mutate: boolean, name: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      const max = schema.maxLength ?? 2048
      const min = schema.minLength ?? 0
      // Padded or cut to the schema's length, never filtered: a hint that can never fit (a 6-digit code for a
      // field of at least 10 characters) would make a filter spin for ever.
      const fits = (arb: fc.Arbitrary<string>) => arb.map((v) => (v.length < min ? v.padEnd(min, 'x') : v.slice(0, max)))
      const matching = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length <= max) : null
      if (matching && !mutate) return matching
      const options: fc.Arbitrary<string>[] = [fits(text(ctx)), fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 64) })]
      if (matching) options.push(matching)
      const hint = hinted(name, ctx)
      if (hint) options.push(fits(hint), fits(hint), fits(hint))
      if (mutate && schema.maxLength) options.push(fc.constant('é'.repeat(schema.maxLength)), fc.constant('x'.repeat(schema.maxLength + 1)))
      return fc.oneof(...options)
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 }),
        fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2),
      )
    case 'number':
      return fc.double({ noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      if (depth > 4) return fc.constant([])
      // Fewer items the deeper it goes: arrays of objects of arrays (a wallet policy's rules and their
      // conditions) would otherwise grow to millions of values per request and never finish generating.
      const cap = depth >= 3 ? 1 : depth >= 2 ? 2 : 4
      if (schema.uniqueItems) {
        return fc.uniqueArray(schema.items ? shaped(schema.items, ctx, depth + 1, mutate, name) : anyJson, {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? cap, cap)),
          selector: (v) => JSON.stringify(v),
        })
      }
      return fc.array(schema.items ? shaped(schema.items, ctx, depth + 1, mutate, name) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? cap, cap)),
      })
    }
    case 'object': {
      if (depth > 4) return fc.constant({})
      const properties = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, shaped(s, ctx, depth + 1, mutate, k)]))
      // Optional fields present either all together or each at random.
      // (Deep down, each at random only: every optional field of every nested object at once is what explodes.)
      const some = fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) })
      const known = depth >= 3 ? some : fc.oneof(fc.record(model), some)
      if (!mutate) return known
      // Now and then a required field goes missing or an unknown one comes along.
      return fc
        .tuple(known, fc.option(fc.dictionary(text(ctx), anyJson, { maxKeys: 2 })), fc.option(fc.constantFrom(...required, '_')))
        .map(([obj, extra, drop]) => {
          const out: Record<string, unknown> = { ...(obj as Record<string, unknown>), ...extra }
          if (drop) delete out[drop]
          return out
        })
    }
    default:
      return anyJson
  }
}

const nested = (n: number, open: string, close: string, inner = '1') => open.repeat(n) + inner + close.repeat(n)

/** The body of a request: well-formed, wrong, huge, nested, unparsable, or of another media type. */
function bodyOf(op: Operation, ctx: FuzzContext): fc.Arbitrary<Pick<HttpRequest, 'body' | 'headers'>> {
  const json = (body: unknown) => ({ body, headers: {} })
  const raw = (body: string, type = 'application/json') => ({ body, headers: { 'content-type': type } })
  const shaped = op.body ? fromSchema(op.body, ctx) : anyJson
  return fc.oneof(
    { weight: op.body ? 8 : 1, arbitrary: shaped.map(json) },
    { weight: 2, arbitrary: anyJson.map(json) },
    { weight: 1, arbitrary: fc.constant({ body: undefined, headers: {} }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer({ min: 100, max: 20_000 }).map((n) => raw(nested(n, '[', ']'))),
        fc.integer({ min: 100, max: 5_000 }).map((n) => raw(nested(n, '{"a":', '}'))),
        fc.integer({ min: 60_000, max: 200_000 }).map((n) => raw(JSON.stringify({ email: 'x'.repeat(n), code: '1' }))),
        fc.integer({ min: 1_000, max: 60_000 }).map((n) => json(Object.fromEntries(Array.from({ length: n / 50 }, (_, i) => [`k${i}`, i])))),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 30 }).map((s) => raw(s)),
        fc
          .constantFrom('{"a":', '{', '[', '"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', 'nul', '\uFEFF{}', '{"email":"\\ud800"}')
          .map((s) => raw(s)),
        fc
          .constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
            'application/xml',
            '*/*',
            'application/jsonx',
          )
          .map((t) => raw('{}', t)),
      ),
    },
  )
}

/** A header value Node will send: UTF-8 bytes as latin1, control characters dropped, bounded. */
function headerValue(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '')
    .slice(0, 2000)
}

function pathValue(name: string, ctx: FuzzContext): fc.Arbitrary<string> {
  const real = name === 'app_id' ? [ctx.appId, ctx.scratchAppId] : ctx.known
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real).map(encodeURIComponent) },
    { weight: 3, arbitrary: text(ctx).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) || '%20') },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00', '%2F', 'a%2Fb', '~', ';x=1') },
  )
}

/** The app owner's routes (`/apps/{app_id}/users…` and the like; not the public app and its keys): the admin token reaches them too. */
const OWNER_ROUTE = /^\/api\/v1\/apps\/\{app_id\}\/(?!jwks\.json$)/

/** A request for `op`; the admin token only ever reaches the scratch app's admin and owner routes. */
export function requestFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  const headerParams = op.parameters.filter((p) => p.in === 'header' && p.name !== 'privy-app-id')
  const admin = op.path.startsWith('/api/v1/admin/') || OWNER_ROUTE.test(op.path)
  const bearer = admin ? ctx.adminToken : op.security.includes('metricsToken') && ctx.metricsToken ? ctx.metricsToken : ctx.accessToken
  // The owner routes' other callers: the scratch app's secret (with its app-id header), and forms of it that must fail.
  const appSecret = admin && ctx.appSecret ? `Basic ${Buffer.from(`${ctx.scratchAppId}:${ctx.appSecret}`).toString('base64')}` : null
  const secretForms = appSecret
    ? [appSecret, `Basic ${Buffer.from(`${ctx.appId}:${ctx.appSecret}`).toString('base64')}`, `Basic ${Buffer.from(`${ctx.scratchAppId}:`).toString('base64')}`]
    : []
  const tampered = `${ctx.accessToken.slice(0, -4)}AAAA`
  return fc
    .record({
      params: fc.tuple(...pathParams.map((p) => (admin && p.name === 'app_id' ? fc.constantFrom(ctx.scratchAppId, 'x', '%') : pathValue(p.name, ctx)))),
      query: fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...(queryParams.length ? queryParams.map((p) => p.name) : ['q'])), fc.string({ maxLength: 8 })), text(ctx)),
        { maxLength: 4 },
      ),
      appId: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | undefined>(ctx.appId) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.oneof(text(ctx), fc.stringMatching(/^[a-z0-9]{25}$/)) },
      ),
      authorization: fc.oneof(
        { weight: 4, arbitrary: fc.constant<string | undefined>(`Bearer ${bearer}`) },
        ...(secretForms.length ? [{ weight: 3, arbitrary: fc.constantFrom<string | undefined>(...secretForms) }] : []),
        { weight: 2, arbitrary: fc.constant(undefined) },
        {
          weight: 2,
          arbitrary: fc.oneof(
            fc.constantFrom(
              `Bearer ${tampered}`,
              `Bearer ${ctx.adminToken}`,
              `Bearer ${ctx.accessToken}`,
              'Bearer',
              'Bearer ',
              'Basic YTpi',
              `bearer  ${bearer}`,
            ),
            text(ctx).map((s) => `Bearer ${s}`),
            text(ctx),
          ),
        },
      ),
      origin: fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.constant(ctx.origin),
        fc.constantFrom('null', 'http://evil.example', 'http://localhost:1'),
      ),
      headers: fc.tuple(...headerParams.map(() => fc.option(text(ctx)))),
      // The server trusts one proxy hop: every client address form reaches the per-IP throttles.
      forwarded: fc.oneof(
        { weight: 4, arbitrary: fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended()) },
        {
          weight: 1,
          arbitrary: fc.oneof(
            fc.constant<string | undefined>(undefined),
            text(ctx),
            fc.array(fc.ipV6(), { minLength: 2, maxLength: 3 }).map((a) => a.join(', ')),
          ),
        },
      ),
      // The refresh cookie of same-site pages: this session's, made up, or not a cookie at all.
      cookie: fc.oneof(
        { weight: 4, arbitrary: fc.constant<string | undefined>(undefined) },
        { weight: 1, arbitrary: fc.constant(`gatehouse-refresh-${ctx.appId}=${ctx.refreshToken}`) },
        { weight: 1, arbitrary: text(ctx).map((t) => `a=1; gatehouse-refresh-${ctx.appId}=${t}`) },
        { weight: 1, arbitrary: text(ctx) },
      ),
      proof: fc.oneof(
        { weight: 3, arbitrary: fc.constant<ProofSpec | string | undefined>(undefined) },
        { weight: 3, arbitrary: proofOf(ctx) },
        { weight: 1, arbitrary: text(ctx) },
      ),
      body:
        op.method === 'GET'
          ? fc.oneof({ weight: 9, arbitrary: fc.constant({ body: undefined, headers: {} }) }, { weight: 1, arbitrary: bodyOf(op, ctx) })
          : bodyOf(op, ctx),
    })
    .map(({ params, query, appId, authorization, origin, headers, forwarded, cookie, proof, body }) => {
      let path = op.path
      pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, params[i])))
      if (query.length) path += `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`).join('&')}`
      const out: Record<string, string> = { ...body.headers }
      headerParams.forEach((p, i) => {
        if (headers[i] !== null) out[p.name] = headerValue(headers[i] as string)
      })
      if (appId !== undefined) out['privy-app-id'] = headerValue(appId)
      if (appSecret && authorization === appSecret && appId === ctx.appId) out['privy-app-id'] = ctx.scratchAppId
      if (authorization !== undefined) out.authorization = headerValue(authorization)
      if (origin !== undefined) out.origin = origin
      if (forwarded !== undefined) out['x-forwarded-for'] = headerValue(forwarded)
      if (cookie !== undefined) out.cookie = headerValue(cookie)
      return { method: op.method, path, headers: out, body: body.body, proof }
    })
}
