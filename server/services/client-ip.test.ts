/**
 * Which address a per-IP throttle counts: behind a proxy only the entries the configured proxies
 * added are believed, and IPv6 clients count per /64.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'
import { ipThrottleKey } from './throttle.js'

const INIT = '/api/v1/passwordless/init'
const SIWE_INIT = '/api/v1/siwe/init'
const ADDRESS = '0x0000000000000000000000000000000000000001'

let n = 0
const forged = () => `203.0.113.${++n % 250}`

describe('ipThrottleKey', () => {
  it('keeps IPv4, maps IPv4-mapped IPv6 to IPv4, and cuts IPv6 to its /64', () => {
    expect(ipThrottleKey('192.0.2.7')).toBe('192.0.2.7')
    expect(ipThrottleKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
    expect(ipThrottleKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(ipThrottleKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(ipThrottleKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(ipThrottleKey('::1')).toBe('0:0:0:0::/64')
    expect(ipThrottleKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(ipThrottleKey('64:ff9b:1:2:3:4:192.0.2.1')).toBe('64:ff9b:1:2::/64')
    expect(ipThrottleKey('not an ip')).toBe('not an ip')
  })
})

describe('TRUST_PROXY', () => {
  it('reads a number of hops or a list of proxy addresses; never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,fd00::/8' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', 'fd00::/8'])
  })
  it('error: TRUST_PROXY=true and malformed entries stop the server with the variable named', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any X-Forwarded-For/)
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.local']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/)
  })
})

forEachDatabase((target) => {
  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    let h: Harness
    let appId: string
    beforeAll(async () => {
      h = await startHarness(target, { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, rateLimits: { ipInit: 3 } })
      appId = await h.createApp({ loginMethods: { email: true, wallet: true } })
    })
    afterAll(() => h?.close())

    // The proxy (127.0.0.1 here) appends the address it saw to whatever the client sent.
    const viaProxy = (path: string, body: unknown, clientIp: string) =>
      h.post(path, body, { appId, ip: '127.0.0.1', headers: { 'x-forwarded-for': `${forged()}, ${clientIp}` } })

    it('error: rotating a forged X-Forwarded-For entry does not reset the per-IP throttle', async () => {
      for (let i = 0; i < 3; i++) expect((await viaProxy(INIT, { email: `xff${i}@example.com` }, '198.51.100.7')).statusCode).toBe(200)
      const res = await viaProxy(INIT, { email: 'xff-last@example.com' }, '198.51.100.7')
      expect(res.statusCode).toBe(429)
      expect(res.json().code).toBe('too_many_requests')
      // Another client behind the same proxy has its own budget.
      expect((await viaProxy(INIT, { email: 'xff-last@example.com' }, '198.51.100.8')).statusCode).toBe(200)
    })

    it('error: every per-IP throttle counts the same client (wallet nonces too)', async () => {
      for (let i = 0; i < 3; i++) expect((await viaProxy(SIWE_INIT, { address: ADDRESS }, '198.51.100.9')).statusCode).toBe(200)
      expect((await viaProxy(SIWE_INIT, { address: ADDRESS }, '198.51.100.9')).statusCode).toBe(429)
    })
  })

  describe('TRUST_PROXY=<proxy addresses>', () => {
    let h: Harness
    let appId: string
    beforeAll(async () => {
      h = await startHarness(target, { trustProxy: loadConfig({ TRUST_PROXY: '10.9.0.0/16' }).trustProxy, rateLimits: { ipInit: 2 } })
      appId = await h.createApp()
    })
    afterAll(() => h?.close())

    it('error: entries after the last trusted proxy count; a client reaching the server directly cannot forge its address', async () => {
      // Two proxies of the list in a row: the client is the entry before them.
      const chained = () => ({ appId, ip: '10.9.0.1', headers: { 'x-forwarded-for': `${forged()}, 198.51.100.20, 10.9.0.2` } })
      for (let i = 0; i < 2; i++) expect((await h.post(INIT, { email: `chain${i}@example.com` }, chained())).statusCode).toBe(200)
      expect((await h.post(INIT, { email: 'chain-last@example.com' }, chained())).statusCode).toBe(429)
      // Straight from the internet, the header is ignored: the socket address counts.
      const direct = () => ({ appId, ip: '198.51.100.21', headers: { 'x-forwarded-for': forged() } })
      for (let i = 0; i < 2; i++) expect((await h.post(INIT, { email: `direct${i}@example.com` }, direct())).statusCode).toBe(200)
      expect((await h.post(INIT, { email: 'direct-last@example.com' }, direct())).statusCode).toBe(429)
    })
  })

  describe('IPv6 clients', () => {
    let h: Harness
    let appId: string
    beforeAll(async () => {
      h = await startHarness(target, { rateLimits: { ipInit: 3, ipAuthenticate: 3 } })
      appId = await h.createApp()
    })
    afterAll(() => h?.close())

    it('error: addresses of one /64 share the per-IP budgets; another /64 has its own', async () => {
      const ips = ['2001:db8:a:b::1', '2001:db8:a:b::2', '2001:db8:a:b:ffff:1:2:3']
      for (const [i, ip] of ips.entries()) expect((await h.post(INIT, { email: `v6-${i}@example.com` }, { appId, ip })).statusCode).toBe(200)
      expect((await h.post(INIT, { email: 'v6-last@example.com' }, { appId, ip: '2001:db8:a:b::99' })).statusCode).toBe(429)
      expect((await h.post(INIT, { email: 'v6-last@example.com' }, { appId, ip: '2001:db8:a:c::1' })).statusCode).toBe(200)
      const guess = (ip: string) => h.post('/api/v1/passwordless/authenticate', { email: 'v6-0@example.com', code: '000000' }, { appId, ip })
      for (const ip of ips) expect((await guess(ip)).statusCode).toBe(401)
      expect((await guess('2001:db8:a:b::4')).statusCode).toBe(429)
    })
  })
})
