import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { json } from '../testing/harness.ts'
import { accessTokenHash, apiEndpoint, createApiClient, RETRY_STATUSES, retryDelay } from './client.ts'

const base = { apiUrl: 'https://auth.example.com/', appId: 'clgatehouse00000000000001', clientId: 'uuid-1' }

function sequence(...responses: (() => Response | Promise<Response>)[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = responses.length > 1 ? responses.shift()! : responses[0]!
    return next()
  })
  return fetch
}

describe('createApiClient', () => {
  it('sends the wire headers, cookies and JSON body', async () => {
    const fetch = sequence(() => json(200, { ok: true }))
    const api = createApiClient({ ...base, fetch, getAccessToken: () => 'access-1' })
    await expect(api.request('/passwordless/init', { body: { email: 'a@b.co' } })).resolves.toEqual({ ok: true })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://auth.example.com/api/v1/passwordless/init')
    expect(init!.method).toBe('POST')
    expect(init!.credentials).toBe('include')
    expect(init!.headers).toEqual({
      'privy-app-id': base.appId,
      'privy-client-id': 'uuid-1',
      'privy-client': 'react-auth:2.21.1',
      'privy-ca-id': 'uuid-1',
      Authorization: 'Bearer access-1',
      'Content-Type': 'application/json',
    })
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'a@b.co' })
  })

  it('login and refresh requests carry a fresh device proof per attempt; other requests none', async () => {
    const fetch = sequence(
      () => json(503, {}),
      () => json(200, { token: 't' }),
    )
    let n = 0
    const deviceProof = vi.fn(async () => `proof-${++n}`)
    const api = createApiClient({ ...base, fetch, deviceProof, sleep: async () => undefined })
    await api.request('/passwordless/authenticate', { body: { email: 'a@b.co', code: '123456' } })
    expect(deviceProof).toHaveBeenCalledWith('POST', 'https://auth.example.com/api/v1/passwordless/authenticate')
    // The server spends each proof once: the retry signs a new one.
    expect(fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>).DPoP)).toEqual(['proof-1', 'proof-2'])

    for (const path of ['/sessions', '/siwe/authenticate', '/passkeys/register']) {
      fetch.mockClear()
      await api.request(path, { body: {} })
      expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).DPoP).toMatch(/^proof-/)
    }
    deviceProof.mockClear()
    for (const path of ['/passwordless/init', '/passwordless/link', '/embedded_wallets/0xabc/recovery/key_material', '/passkeys/register/init']) {
      await api.request(path, { body: {} })
    }
    expect(deviceProof).not.toHaveBeenCalled()
  })

  it('a login goes on without a proof when the frame has none to give', async () => {
    const fetch = sequence(() => json(200, { token: 't' }))
    const api = createApiClient({ ...base, fetch, deviceProof: async () => null })
    await api.request('/passwordless/authenticate', { body: {} })
    expect(fetch.mock.calls[0]![1]!.headers).not.toHaveProperty('DPoP')
  })

  it("a signed-in session's changes carry a proof bound to the access token, asked per attempt; reads, logout and analytics do not", async () => {
    const fetch = sequence(
      () => json(503, {}),
      () => json(200, {}),
    )
    let n = 0
    const deviceProof = vi.fn(async () => `proof-${++n}`)
    const api = createApiClient({ ...base, fetch, deviceProof, getAccessToken: () => 'access-token', sleep: async () => undefined })
    await api.request('/passwordless/update', { body: { oldAddress: 'a@b.co', newAddress: 'c@d.co', code: '123456' } })
    const ath = await accessTokenHash('access-token')
    expect(ath).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(deviceProof).toHaveBeenCalledWith('POST', 'https://auth.example.com/api/v1/passwordless/update', ath)
    expect(fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>).DPoP)).toEqual(['proof-1', 'proof-2'])
    deviceProof.mockClear()
    for (const [path, body] of [
      ['/users/me', undefined],
      ['/sessions/logout', {}],
      ['/analytics_events', {}],
    ] as const) {
      fetch.mockImplementation(async () => json(200, {}))
      await api.request(path, { body })
    }
    expect(deviceProof).not.toHaveBeenCalled()
  })

  it('omits Authorization when logged out and uses GET without a body', async () => {
    const fetch = sequence(() => json(200, {}))
    await createApiClient({ ...base, fetch }).request('/apps/x')
    const init = fetch.mock.calls[0]![1]!
    expect(init.method).toBe('GET')
    expect(init.headers).not.toHaveProperty('Authorization')
    expect(init.body).toBeUndefined()
  })

  it('uses an explicit bearer override', async () => {
    const fetch = sequence(() => json(200, {}))
    await createApiClient({ ...base, fetch, getAccessToken: () => 'current' }).request('/sessions', { body: {}, bearer: 'stored' })
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer stored')
  })

  it('answers undefined for 204', async () => {
    const fetch = sequence(() => new Response(null, { status: 204 }))
    await expect(createApiClient({ ...base, fetch }).request('/analytics_events', { body: {} })).resolves.toBeUndefined()
  })

  it('joins base URLs with or without a trailing slash, or none', () => {
    expect(apiEndpoint('https://a.example/', '/x')).toBe('https://a.example/api/v1/x')
    expect(apiEndpoint('', '/x')).toBe('/api/v1/x')
  })
})

describe('retry policy', () => {
  it('retries on exactly 408, 409, 425, 500, 502, 503, 504', () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 500, 502, 503, 504])
  })

  it('delays 500 ms, then tripled', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([500, 1500, 4500])
  })

  for (const status of [408, 409, 425, 500, 502, 503, 504]) {
    it(`retries ${status} three times, then throws the ApiError`, async () => {
      const fetch = sequence(() => json(status, { error: 'busy', code: 'internal_error' }))
      const sleep = vi.fn(async () => undefined)
      const error = await createApiClient({ ...base, fetch, sleep })
        .request('/x')
        .catch((e) => e)
      expect(fetch).toHaveBeenCalledTimes(4)
      expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([500, 1500, 4500])
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ status, code: 'internal_error', shortMessage: 'busy' })
    })
  }

  it('succeeds when a retry succeeds', async () => {
    const fetch = sequence(
      () => json(503, {}),
      () => json(200, { ok: 1 }),
    )
    await expect(createApiClient({ ...base, fetch, sleep: async () => undefined }).request('/x')).resolves.toEqual({ ok: 1 })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('waits on real timers: the retry happens only after 500 ms (fake timers)', async () => {
    vi.useFakeTimers()
    try {
      const fetch = sequence(
        () => json(500, {}),
        () => json(200, { ok: 1 }),
      )
      const promise = createApiClient({ ...base, fetch }).request('/x')
      await vi.advanceTimersByTimeAsync(499)
      expect(fetch).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await expect(promise).resolves.toEqual({ ok: 1 })
      expect(fetch).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  for (const status of [400, 401, 403, 404, 422, 429]) {
    it(`error: does not retry ${status}`, async () => {
      const fetch = sequence(() => json(status, { error: 'nope', code: 'invalid_data' }))
      const sleep = vi.fn(async () => undefined)
      await expect(createApiClient({ ...base, fetch, sleep }).request('/x')).rejects.toBeInstanceOf(ApiError)
      expect(fetch).toHaveBeenCalledTimes(1)
      expect(sleep).not.toHaveBeenCalled()
    })
  }

  for (const code of [
    'linked_to_another_user',
    'cannot_link_more_of_type',
    'account_transfer_required',
    'user_already_exists',
    'account_has_embedded_wallet',
  ]) {
    it(`error: does not retry a 409 that is a verdict about the account (${code})`, async () => {
      const fetch = sequence(() => json(409, { error: 'no', code }))
      await expect(createApiClient({ ...base, fetch, sleep: async () => undefined }).request('/x')).rejects.toMatchObject({ code, status: 409 })
      expect(fetch).toHaveBeenCalledTimes(1)
    })
  }

  it('retries a 409 without a code, or with a code that is no verdict, as the spec says', async () => {
    for (const body of [{}, { error: 'busy', code: 'conflict' }]) {
      const fetch = sequence(
        () => json(409, body),
        () => json(200, { ok: 1 }),
      )
      await expect(createApiClient({ ...base, fetch, sleep: async () => undefined }).request('/x')).resolves.toEqual({ ok: 1 })
      expect(fetch).toHaveBeenCalledTimes(2)
    }
  })

  it('honours retries: 0 (analytics)', async () => {
    const fetch = sequence(() => json(503, {}))
    await expect(createApiClient({ ...base, fetch }).request('/x', { retries: 0 })).rejects.toBeInstanceOf(ApiError)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('error: maps a body without JSON to an ApiError with the status', async () => {
    const fetch = sequence(() => new Response('<html>', { status: 400 }))
    await expect(createApiClient({ ...base, fetch }).request('/x')).rejects.toMatchObject({
      status: 400,
      code: 'unknown_error',
      shortMessage: 'Request failed with status 400',
    })
  })
})

describe('timeout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const hanging = vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
  )

  it('error: aborts each attempt after 20 s and gives a TimeoutError after the retries', async () => {
    hanging.mockClear()
    const promise = createApiClient({ ...base, fetch: hanging })
      .request('/x')
      .catch((e) => e)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(hanging).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1 + 500)
    expect(hanging).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(20_000 + 1500 + 20_000 + 4500 + 20_000)
    const error = await promise
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).code).toBe('TIMEOUT')
    expect(hanging).toHaveBeenCalledTimes(4)
  })

  it('error: a network failure becomes a NetworkError after the retries', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const error = await createApiClient({ ...base, fetch, sleep: async () => undefined })
      .request('/x')
      .catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(fetch).toHaveBeenCalledTimes(4)
  })
})
