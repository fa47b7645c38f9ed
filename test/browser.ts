/**
 * Headless Chromium for the end-to-end tests: one browser process for the whole run (the e2e files
 * run one after another in one process, vitest.config.ts), started on first use. Every page a file
 * opens with `newPage()` lives in a context of its own (Playwright's rule), and the file's
 * `close()` closes the contexts it opened, not the browser: each file starts with nothing left by
 * another. Playwright ends the browser when the process ends.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
// @ts-expect-error plain ES module shared with the benchmark scripts
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'

let shared: Promise<Browser> | null = null
/** The default of every Playwright wait (locators, navigations, waitForFunction) on these pages. */
const WAIT_MS = 60_000

function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    shared = chromium.launch({ executablePath: CHROMIUM_PATH as string, headless: true, args: CHROMIUM_ARGS as string[] })
    shared.then(
      (browser) => browser.once('disconnected', () => (shared = null)),
      () => (shared = null),
    )
  }
  return shared
}

/** The shared browser, seen through a handle whose `close()` closes what this handle opened. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedBrowser()
  const opened = new Set<BrowserContext>()
  const track = (context: BrowserContext) => {
    // Waits for a state end when it comes; on a busy 2-core machine it may come after
    // Playwright's 30 s default. A wait with its own timeout keeps it.
    context.setDefaultTimeout(WAIT_MS)
    opened.add(context)
    context.once('close', () => opened.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args))
      if (property === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args)
          track(page.context())
          return page
        }
      if (property === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close().catch(() => {}))))
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
