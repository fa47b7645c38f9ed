import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildServer } from './app.js'
import { DEV_IDP_PATH } from './routes/dev-idp.js'
import { TEST_SECRET } from './testing.js'

let app: Awaited<ReturnType<typeof buildServer>>
let base: string
beforeAll(async () => {
  app = await buildServer({ logger: false, dev: true, dbFile: ':memory:', publicUrl: 'http://localhost:9' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
})
afterAll(async () => app?.close())

it('development mounts a local OpenID provider under /dev/idp whose endpoints keep the prefix', async () => {
  const metadata = await (await fetch(`${base}${DEV_IDP_PATH}/.well-known/openid-configuration`)).json()
  expect(metadata.issuer).toBe(`http://localhost:9${DEV_IDP_PATH}`)
  expect(metadata.authorization_endpoint).toBe(`${base}${DEV_IDP_PATH}/auth`)
  expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
})

it('error: production has no development identity provider', async () => {
  const prod = await buildServer({ logger: false, dev: false, dbFile: ':memory:', smtpUrl: 'smtp://127.0.0.1:9', secret: TEST_SECRET, printMail: false })
  const res = await prod.inject({ method: 'GET', url: `${DEV_IDP_PATH}/.well-known/openid-configuration` })
  expect(res.statusCode).toBe(404)
  await prod.close()
})
