import { afterAll, beforeAll, expect, it } from 'vitest'
import { webAppData as signWebAppData, widgetResult as signWidget } from '../../test/telegram.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const BOT = { botToken: '123456:AAE-test_bot_token_for_gatehouse', botUsername: 'gatehouse_test_bot' }

const widgetResult = (user: Record<string, string | number>, authDate: number, token = BOT.botToken) => signWidget(user, authDate, token)
const webAppData = (user: Record<string, unknown>, authDate: number, token = BOT.botToken) => signWebAppData(user, authDate, token)

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(async () => h?.close())

  const app = (settings: Record<string, unknown> = {}) => h.createApp({ loginMethods: { email: true, telegram: true }, telegram: BOT, ...settings })
  const nowS = () => Math.floor(h.clock.now() / 1000)

  it('logs in with a login-widget result; the same Telegram id is the same user; the bot username is public, the token is not', async () => {
    const appId = await app()
    const config = (await h.get(`/api/v1/apps/${appId}`)).json()
    expect(config.telegramAuth).toEqual({ botUsername: 'gatehouse_test_bot' })
    expect(JSON.stringify(config)).not.toContain(BOT.botToken)

    const result = widgetResult({ id: 777001, first_name: 'Ada', username: 'ada_l', photo_url: 'https://t.me/i/userpic/320/ada.jpg' }, nowS())
    const first = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result: result, mode: 'login-or-sign-up' }, { appId })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      is_new_user: true,
      user: {
        linked_accounts: [
          {
            type: 'telegram',
            address: '777001',
            telegram_user_id: '777001',
            first_name: 'Ada',
            username: 'ada_l',
            photo_url: 'https://t.me/i/userpic/320/ada.jpg',
          },
        ],
      },
    })
    const again = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result: widgetResult({ id: 777001, first_name: 'Ada' }, nowS()) }, { appId })
    expect(again.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
  })

  it('logs in with Mini App telegram_web_app_data (WebAppData key derivation)', async () => {
    const appId = await app()
    const res = await h.post(
      '/api/v1/telegram/authenticate',
      { telegram_web_app_data: webAppData({ id: 777002, first_name: 'Grace', username: 'grace_h' }, nowS()) },
      { appId },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().user.linked_accounts[0]).toMatchObject({ type: 'telegram', address: '777002', username: 'grace_h' })
  })

  it("error: a tampered result, another bot's signature, a widget hash used as Mini App data, and a stale auth_date are refused", async () => {
    const appId = await app()
    const good = widgetResult({ id: 777003, first_name: 'Eve' }, nowS())
    const tampered = { ...good, id: 777004 }
    const otherBot = widgetResult({ id: 777003, first_name: 'Eve' }, nowS(), '999:other')
    const stale = widgetResult({ id: 777003, first_name: 'Eve' }, nowS() - 2 * 24 * 3600)
    for (const telegram_auth_result of [tampered, otherBot, stale]) {
      const res = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result }, { appId })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('invalid_credentials')
    }
    const wrongScheme = webAppData({ id: 777003 }, nowS()).replace(/hash=[0-9a-f]+/, `hash=${good.hash}`)
    expect((await h.post('/api/v1/telegram/authenticate', { telegram_web_app_data: wrongScheme }, { appId })).statusCode).toBe(401)
  })

  it('error: an app without a bot refuses Telegram login', async () => {
    const appId = await h.createApp({ loginMethods: { email: true } })
    const res = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result: widgetResult({ id: 1, first_name: 'A' }, nowS()) }, { appId })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('disallowed_login_method')
  })

  it("error: a configured bot with the Telegram switch off refuses login as 'Login with Telegram not allowed.'", async () => {
    const appId = await h.createApp({ loginMethods: { email: true }, telegram: BOT })
    const res = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result: widgetResult({ id: 2, first_name: 'B' }, nowS()) }, { appId })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'disallowed_login_method', error: 'Login with Telegram not allowed.' })
  })

  it('links Telegram to an e-mail user, offers a transfer when it is on another user, transfers, and unlinks', async () => {
    const appId = await app()
    const owner = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result: widgetResult({ id: 777010, first_name: 'Owner' }, nowS()) }, { appId })
    const me = await h.login(appId, 'tg.linker@example.com')
    const link = await h.post(
      '/api/v1/telegram/link',
      { telegram_auth_result: widgetResult({ id: 777010, first_name: 'Owner', username: 'owner' }, nowS()) },
      { appId, token: me.token },
    )
    expect(link.statusCode).toBe(409)
    expect(link.json()).toMatchObject({ code: 'account_transfer_required', data: { display_name: '@owner' } })
    // The spec's payload (part 1 §7): the nonce plus the Telegram result. The server kept the proven
    // account under the nonce, so the nonce alone decides; the repeated result is accepted, not needed.
    const moved = await h.post(
      '/api/v1/telegram/transfer',
      { nonce: link.json().data.nonce, telegram_auth_result: widgetResult({ id: 777010, first_name: 'Owner', username: 'owner' }, nowS()) },
      { appId, token: me.token },
    )
    expect(moved.statusCode).toBe(200)
    expect(
      moved
        .json()
        .linked_accounts.map((a: { type: string }) => a.type)
        .sort(),
    ).toEqual(['email', 'telegram'])
    // The previous owner is gone: logging in with that Telegram account now finds the linker.
    const relog = await h.post('/api/v1/telegram/authenticate', { telegram_auth_result: widgetResult({ id: 777010, first_name: 'Owner' }, nowS()) }, { appId })
    expect(relog.json().user.id).toBe(me.user.id)
    expect(relog.json().user.id).not.toBe(owner.json().user.id)

    const unlinked = await h.post('/api/v1/telegram/unlink', { telegram_user_id: '777010' }, { appId, token: me.token })
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.json().linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
  })
  it('error: one Telegram account past its limit per window answers too_many_requests marked provider_rate_limited; other accounts are unaffected', async () => {
    const appId = await app()
    const login = (id: number) => h.post('/api/v1/telegram/authenticate', { telegram_auth_result: widgetResult({ id, first_name: 'Rate' }, nowS()) }, { appId })
    for (let i = 0; i < h.server.gatehouse.throttle.limits.telegramAccount; i++) expect((await login(777020)).statusCode).toBe(200)
    const limited = await login(777020)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', data: { provider_rate_limited: true } })
    expect((await login(777021)).statusCode).toBe(200)
    h.clock.advance(h.server.gatehouse.throttle.limits.windowSeconds * 1000)
    expect((await login(777020)).statusCode).toBe(200)
  })
})
