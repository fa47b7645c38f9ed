import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase, dropPostgresDatabase, postgresAvailable } from '../../test/postgres.js'
import { openDatabase, type DatabaseHandle } from '../db/connect.js'
import { loadKeyRing } from './tokens.js'

describe.skipIf(!postgresAvailable())('signing key (postgres)', () => {
  let url: string | null = null
  let handles: DatabaseHandle[] = []
  beforeAll(async () => {
    url = await createPostgresDatabase()
    // Four instances, each with its own connection pool, as four server processes would have.
    handles = await Promise.all([0, 1, 2, 3].map(() => openDatabase({ databaseUrl: url })))
  })
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()))
    await dropPostgresDatabase(url)
  })

  it('instances starting together on an empty database all sign with one and the same key', async () => {
    // One clock for all: the moment several instances come up behind a load balancer.
    const rings = await Promise.all(
      handles.map((h) => loadKeyRing(h.db, { secret: 'k'.repeat(40), issuer: 'http://gatehouse.test', now: () => 1000, dialect: h.dialect })),
    )
    const jwks = rings.map((r) => r.publicJwks())
    expect(jwks[0].keys).toHaveLength(1)
    for (const other of jwks.slice(1)) expect(other).toEqual(jwks[0])
    expect(await handles[0].db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(1)
    // A token one signs, every other verifies.
    const token = await rings[3].signAccessToken({ appId: 'app', userId: 'u', sessionId: 's' })
    for (const ring of rings) await expect(ring.verifyAccessToken(token, 'app')).resolves.toMatchObject({ sub: 'u' })
  })
})
