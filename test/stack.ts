/**
 * The whole product for end-to-end tests: the real API server (server/main.ts in its own
 * process, on SQLite or PostgreSQL), a real SMTP sink receiving its mail, and the demo host pages
 * on another origin. Tests create one app per scenario through the admin API.
 */
import { startSmtpSink, type SmtpSink } from './smtp.ts'
import { createPostgresDatabase, dropPostgresDatabase } from './postgres.ts'
// @ts-expect-error plain ES modules shared with `npm start` and the benchmarks
import { startScratchServer } from '../scripts/lib/server-process.mjs'
// @ts-expect-error plain ES module
import { startDemoServer } from '../demo/serve.mjs'

export type Database = 'sqlite' | 'postgres'

export interface Stack {
  apiUrl: string
  /** The demo host origin; pages served from now on name the app last given to `useApp`. */
  demoUrl: string
  smtp: SmtpSink
  /** Creates an app through the admin API; the demo pages then use it. */
  createApp(config?: Record<string, unknown>): Promise<{ id: string }>
  /** Changes an app's configuration through the admin API. */
  patchApp(id: string, config: Record<string, unknown>): Promise<unknown>
  /** The six-digit code of the next mail for `email`, received over SMTP. */
  nextCode(email: string): Promise<string>
  stop(): Promise<void>
}

export async function startStack({ database = 'sqlite', env = {} }: { database?: Database; env?: Record<string, string> } = {}): Promise<Stack> {
  const smtp = await startSmtpSink()
  const databaseUrl = database === 'postgres' ? await createPostgresDatabase() : null
  if (database === 'postgres' && !databaseUrl) throw new Error('PostgreSQL is not available')
  const server = await startScratchServer({
    env: { SMTP_URL: smtp.url, DATABASE_URL: databaseUrl ?? '', ...env },
  })
  const demo = await startDemoServer({ port: 0, appId: 'no-app-yet', apiUrl: server.base })
  return {
    apiUrl: server.base,
    demoUrl: demo.url,
    smtp,
    async createApp(config = {}) {
      const app = await server.createApp({ name: 'E2E App', ...config })
      demo.setAppId(app.id)
      return app
    },
    patchApp: (id, config) => server.patchApp(id, config),
    async nextCode(email) {
      // Login codes only: other mail to the address (the new-device notice) waits for its own reader.
      const mail = await smtp.nextMessage(email.toLowerCase(), 15000, (m) => /\b\d{6}\b/.test(m.subject))
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
      if (!code) throw new Error(`no code in the mail to ${email}: ${mail.text}`)
      return code
    },
    async stop() {
      await demo.close()
      await server.stop()
      await smtp.close()
      await dropPostgresDatabase(databaseUrl)
    },
  }
}
