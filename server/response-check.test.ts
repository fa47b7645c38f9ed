import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { checkResponses, closed } from './response-check.js'
import { installErrorHandlers } from './errors.js'

async function appAnswering(payload: unknown, status = 200) {
  const app = Fastify({ logger: false })
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  checkResponses(app)
  installErrorHandlers(app, () => new Map())
  const schema = {
    response: {
      200: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, extra: { type: 'object', additionalProperties: true } } },
      204: { type: 'null' },
    },
  }
  app.get('/thing', { schema }, async (_request, reply) => reply.code(status as 200).send(payload))
  app.get('/undocumented', async () => ({ id: 'x' }))
  await app.ready()
  return app
}

describe('response schemas are held to in tests', () => {
  it('an answer as declared goes out unchanged, and an open object may carry anything', async () => {
    const app = await appAnswering({ id: 'a', extra: { anything: 1 } })
    const res = await app.inject({ method: 'GET', url: '/thing' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: 'a', extra: { anything: 1 } })
  })

  it('a field the schema does not declare fails the request, naming the route and the field', async () => {
    const app = await appAnswering({ id: 'a', secret: 'oops' })
    const res = await app.inject({ method: 'GET', url: '/thing' })
    expect(res.statusCode).toBe(500)
    expect(res.json().error).toContain("GET /thing answered outside its response schema: / must NOT have additional properties 'secret'")
  })

  it('a missing required field or a status the route does not declare fails too', async () => {
    expect((await (await appAnswering({})).inject({ method: 'GET', url: '/thing' })).json().error).toContain("must have required property 'id'")
    expect((await (await appAnswering({ id: 'a' }, 201)).inject({ method: 'GET', url: '/thing' })).json().error).toContain(
      'answered 201, a status its schema does not declare',
    )
  })

  it('closes objects that list properties and leave additionalProperties unsaid, and only those', () => {
    expect(closed({ type: 'object', properties: { a: { type: 'object', properties: { b: {} } }, c: { type: 'object' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: {} }, additionalProperties: false }, c: { type: 'object' } },
      additionalProperties: false,
    })
  })

  it('checks a declared format too (the createdAt of an admin answer is a date-time)', async () => {
    const app = Fastify({ logger: false })
    app.setSerializerCompiler(() => (data) => JSON.stringify(data))
    checkResponses(app)
    installErrorHandlers(app, () => new Map())
    const schema = { response: { 200: { type: 'object', properties: { createdAt: { type: 'string', format: 'date-time' } } } } }
    app.get('/good', { schema }, async () => ({ createdAt: '2026-11-27T05:00:00.000Z' }))
    app.get('/bad', { schema }, async () => ({ createdAt: 'yesterday' }))
    await app.ready()
    expect((await app.inject({ method: 'GET', url: '/good' })).statusCode).toBe(200)
    const bad = await app.inject({ method: 'GET', url: '/bad' })
    expect(bad.statusCode).toBe(500)
    expect(bad.json().error).toContain('/createdAt must match format "date-time"')
  })
})
