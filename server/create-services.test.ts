/** The services are built without Fastify (a server SDK's tests, webhooks and the console need them so). */
import { expect, it } from 'vitest'
import { resolveConfig } from './config.js'
import { createServices, sweepExpired } from './create-services.js'
import { forEachDatabase, TEST_SECRET } from './testing.js'

forEachDatabase((target) => {
  it('createServices builds every service on a database alone: a login code is issued, checked once, and swept', async () => {
    const { database, remove } = await target.open()
    let t = Date.now()
    const services = await createServices(resolveConfig({ secret: TEST_SECRET, printMail: false }), database, { now: () => t, log: { warn() {} } })
    try {
      const to = { kind: 'email', email: 'no-http@example.com' } as const
      const code = await services.codes.issue('app-without-http', to, '10.1.2.3')
      expect(await services.codes.check('app-without-http', to, code)).toBe(true)
      expect(await services.codes.check('app-without-http', to, code)).toBe(false)
      await services.codes.issue('app-without-http', { kind: 'phone', phone: '+14155550100' }, '10.1.2.3')
      t += 24 * 3600 * 1000
      await sweepExpired(services, t)
      expect(await services.db.selectFrom('login_codes').selectAll().execute()).toEqual([])
    } finally {
      await services.mailer.close()
      await database.close()
      await remove()
    }
  })
})
