/**
 * The server's command line (`npm run owner -- add EMAIL`, or `tsx server/cli.ts owner add EMAIL`):
 * run where the server runs, with its environment (DATABASE_URL or GATEHOUSE_DB_FILE), it writes the
 * database directly, so it needs no token. `owner add EMAIL` makes the console account with that
 * e-mail an owner of the whole server (created when missing; its holder signs in to the console with
 * an e-mail code to that address).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from './config.js'
import { openDatabase } from './db/connect.js'
import type { Db } from './db/schema.js'
import { AppStore } from './services/apps.js'
import { ensureConsoleApp } from './services/console-app.js'
import { consoleUserByEmail, grantServerOwner } from './services/console-owners.js'

const USAGE = 'Usage: npm run owner -- add EMAIL'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** `owner add EMAIL` on an open database: the user id made owner. */
export async function addOwner(
  db: Db,
  apps: AppStore,
  config: Parameters<typeof ensureConsoleApp>[1] & { consoleAppId: string | null },
  email: string,
  now = Date.now,
) {
  if (!EMAIL.test(email)) throw new Error(`Not an e-mail address: ${email}`)
  if (!config.consoleAppId) throw new Error('This server has no console app (GATEHOUSE_CONSOLE_APP_ID)')
  await ensureConsoleApp(apps, config)
  const userId = await consoleUserByEmail(db, config.consoleAppId, email, now, { type: 'system', id: null })
  await grantServerOwner(db, userId, 'cli', now(), false)
  return userId
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [area, verb, email] = argv
  if (area !== 'owner' || verb !== 'add' || !email) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig(env)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbFile: config.dbFile })
  try {
    // Development keeps its secret in the state dir (main.ts); the console app holds no sealed setting anyway.
    const devSecret = join(config.stateDir, 'secret')
    const secret = config.secret ?? (config.dev && existsSync(devSecret) ? readFileSync(devSecret, 'utf8').trim() : null)
    const apps = new AppStore(database.db, { cacheMs: 0, now: Date.now, secret, dev: config.dev })
    const userId = await addOwner(database.db, apps, config, email)
    console.log(`${email} owns this server (console user ${userId}): sign in at ${config.publicUrl}/console/ with an e-mail code.`)
    return 0
  } finally {
    await database.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message)
      process.exit(1)
    },
  )
}
