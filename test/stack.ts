/**
 * The whole product for end-to-end tests: the real API server (the server's bundle,
 * server/dist/main.mjs, in its own process, on SQLite or PostgreSQL), a real SMTP sink receiving its
 * mail, and the demo host pages on another origin. Tests create one app per scenario through the
 * admin API.
 *
 * One stack per configuration serves every test file of the run: the e2e project runs its files one
 * after another in one process (vitest.config.ts, `isolate: false`), and starting a server costs
 * tens of seconds on a slow machine. Each file still starts afresh: its own app (`createApp`), no
 * unread mail from an earlier file (`stop()` releases the stack and forgets its mail), and its own
 * browser context per page. The servers go when the run's process ends.
 */
import { rmSync } from 'node:fs'
import { startSmtpSink, type SmtpSink } from './smtp.ts'
import { createPostgresDatabase, dropPostgresDatabase } from './postgres.ts'
import { PAYMASTER_SIGNER_KEY, startAccountAbstractionStack, type AccountAbstractionStack } from './aa.ts'
// @ts-expect-error plain ES modules shared with `npm start` and the benchmarks
import { startScratchServer } from '../scripts/lib/server-process.mjs'
// @ts-expect-error plain ES module
import { ensureServerBundle } from '../scripts/lib/server-bundle.mjs'
// @ts-expect-error plain ES module
import { startDemoServer } from '../demo/serve.mjs'

export type Database = 'sqlite' | 'postgres'

export interface Stack {
  apiUrl: string
  /** The demo host origin; pages served from now on name the app last given to `useApp`. */
  demoUrl: string
  smtp: SmtpSink
  /** The server's state folder (console-link.json: the console's one-time development sign-in link). */
  stateDir: string
  /** The server's admin token: the owner API (`/api/v1/apps/:app_id/…`) accepts it. */
  adminToken: string
  /** Creates an app through the admin API; the demo pages then use it. */
  createApp(config?: Record<string, unknown>): Promise<{ id: string }>
  /** Changes an app's configuration through the admin API. */
  patchApp(id: string, config: Record<string, unknown>): Promise<unknown>
  /** The six-digit code of the next mail for `email`, received over SMTP. */
  nextCode(email: string): Promise<string>
  /**
   * ERC-4337 on a local chain (EntryPoint, factory, paymaster, bundler; test/aa.ts), one per run:
   * give an app `smartWallets` with its addresses. The server signs for its paymaster.
   */
  accountAbstraction(): Promise<AccountAbstractionStack>
  stop(): Promise<void>
}

/**
 * Per-IP limits count every request of the run (all from 127.0.0.1) against one server shared by
 * many files; a file that tests a limit sets it in `env` and gets a server of its own.
 */
const SHARED_LIMITS = { GATEHOUSE_RATE_LIMIT_IP_INIT: '100000', GATEHOUSE_RATE_LIMIT_IP_AUTHENTICATE: '100000', GATEHOUSE_RATE_LIMIT_IP_PAID_CALLS: '100000' }

const stacks = new Map<string, Promise<Stack>>()

/** The stack for this configuration: started on first use, shared by the files that ask for the same. */
export function startStack({ database = 'sqlite', env = {} }: { database?: Database; env?: Record<string, string> } = {}): Promise<Stack> {
  const key = JSON.stringify([database, Object.entries(env).sort()])
  let stack = stacks.get(key)
  if (!stack) {
    stack = launchStack({ database, env: { ...SHARED_LIMITS, ...env } })
    stacks.set(key, stack)
    // A start that failed is not remembered: the next file tries again and reports its own error.
    stack.catch(() => stacks.delete(key))
  }
  return stack
}

async function launchStack({ database, env }: { database: Database; env: Record<string, string> }): Promise<Stack> {
  const [smtp, databaseUrl, entry] = await Promise.all([
    startSmtpSink(),
    database === 'postgres' ? createPostgresDatabase() : Promise.resolve(null),
    ensureServerBundle() as Promise<string>,
  ])
  if (database === 'postgres' && !databaseUrl) throw new Error('PostgreSQL is not available')
  const server = await startScratchServer({
    entry,
    exitWithParent: true,
    env: { SMTP_URL: smtp.url, DATABASE_URL: databaseUrl ?? '', GATEHOUSE_CHECK_RESPONSES: '1', GATEHOUSE_PAYMASTER_SIGNER_KEY: PAYMASTER_SIGNER_KEY, ...env },
  })
  const demo = await startDemoServer({ port: 0, appId: 'no-app-yet', apiUrl: server.base })
  // What the server leaves on disk goes with this process: the server itself exits with it.
  process.once('exit', () => {
    server.child.kill('SIGKILL')
    if (server.dir) rmSync(server.dir, { recursive: true, force: true })
    if (databaseUrl) void dropPostgresDatabase(databaseUrl).catch(() => {})
  })
  return {
    apiUrl: server.base,
    demoUrl: demo.url,
    smtp,
    stateDir: server.dir,
    adminToken: server.adminToken,
    async createApp(config = {}) {
      const app = await server.createApp({ name: 'E2E App', ...config })
      demo.setAppId(app.id)
      return app
    },
    patchApp: (id, config) => server.patchApp(id, config),
    accountAbstraction: startAccountAbstractionStack,
    async nextCode(email) {
      // Login codes only: other mail to the address (the new-device notice) waits for its own reader.
      const mail = await smtp.nextMessage(email.toLowerCase(), 15000, (m) => /\b\d{6}\b/.test(m.subject))
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
      if (!code) throw new Error(`no code in the mail to ${email}: ${mail.text}`)
      return code
    },
    // Shared: the next file gets the same servers, without this file's unread mail.
    async stop() {
      smtp.forget()
    },
  }
}
