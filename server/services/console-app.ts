/**
 * The operator console (console/, served at /console) is an app of this server: operators log in
 * to it with `<auth-modal>` like any user of any app (e-mail code or passkey). Its app row is
 * created at start when missing, under a reserved id, and the admin API refuses to delete it.
 */
import { CONSOLE_APP_ID } from '@gatehouse/contract/routes'
import type { ServerConfig } from '../config.js'
import type { AppStore } from './apps.js'

export { CONSOLE_APP_ID }

/** The origins the console is opened from: the public URL's, and in development the loopback forms of it. */
export function consoleOrigins(config: Pick<ServerConfig, 'publicUrl' | 'dev' | 'port'>): string[] {
  const origins = new Set([new URL(config.publicUrl).origin])
  if (config.dev) for (const host of ['localhost', '127.0.0.1']) origins.add(`http://${host}:${config.port}`)
  return [...origins]
}

/** Creates the console's app when missing, and keeps its allowed origins in step with the configuration. */
export async function ensureConsoleApp(apps: AppStore, config: Pick<ServerConfig, 'publicUrl' | 'dev' | 'port'>) {
  const allowedOrigins = consoleOrigins(config)
  let found = await apps.get(CONSOLE_APP_ID)
  if (!found) {
    try {
      return await apps.create({
        id: CONSOLE_APP_ID,
        name: 'Gatehouse Console',
        loginMethods: { email: true, passkey: true },
        passkeysForSignupEnabled: true,
        landingHeader: 'Sign in to the Gatehouse console',
        allowedOrigins,
      })
    } catch (error) {
      // Instances of one deployment starting together on an empty database: another one created
      // the row first. Theirs is as good as ours; anything else is a real failure. (The miss
      // above is cached: read past it.)
      apps.invalidate(CONSOLE_APP_ID)
      found = await apps.get(CONSOLE_APP_ID)
      if (!found) throw error
    }
  }
  const missing = allowedOrigins.filter((o) => !found.settings.allowedOrigins.includes(o))
  if (!missing.length) return found
  return (await apps.update(CONSOLE_APP_ID, { allowedOrigins: [...found.settings.allowedOrigins, ...missing] }))!
}
