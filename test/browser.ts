/**
 * Headless Chromium for the end-to-end tests: one browser process for the whole run (the e2e files
 * run one after another in one process, vitest.config.ts), started on first use. Every page a file
 * opens with `newPage()` lives in a context of its own (Playwright's rule), and the file's
 * `close()` closes the contexts it opened, not the browser: each file starts with nothing left by
 * another. Playwright ends the browser when the process ends.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
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

/**
 * `waitForFunction` checks every 100 ms unless the call says otherwise. Playwright's default checks
 * on every animation frame, which keeps the renderer painting frames for as long as the wait lasts:
 * measured here, five times the browser's CPU of a 100 ms check while waiting, on a machine where
 * the end-to-end run is bound by CPU. A state a person waits for is not missed by 100 ms.
 */
const POLL_MS = 100
function checkEvery100ms(page: Page) {
  const waitForFunction = page.waitForFunction.bind(page) as (...args: unknown[]) => unknown
  page.waitForFunction = ((fn: unknown, arg?: unknown, options?: Record<string, unknown>) =>
    waitForFunction(fn, arg, { polling: POLL_MS, ...options })) as Page['waitForFunction']
  return page
}

/**
 * Pages ask for reduced motion unless a test says otherwise (`reducedMotion: 'no-preference'`): the
 * widget then does not animate, so a test sees each state as soon as it is rendered. Tests of the
 * animations themselves opt back in.
 */
const withReducedMotion = (options?: BrowserContextOptions): BrowserContextOptions => ({ reducedMotion: 'reduce', ...options })

/** The shared browser, seen through a handle whose `close()` closes what this handle opened. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedBrowser()
  const opened = new Set<BrowserContext>()
  const track = (context: BrowserContext) => {
    // Waits for a state end when it comes; on a busy 2-core machine it may come after
    // Playwright's 30 s default. A wait with its own timeout keeps it.
    context.setDefaultTimeout(WAIT_MS)
    context.on('page', checkEvery100ms)
    opened.add(context)
    context.once('close', () => opened.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (options?: BrowserContextOptions) => track(await target.newContext(withReducedMotion(options)))
      if (property === 'newPage')
        return async (options?: BrowserContextOptions) => {
          const page = await target.newPage(withReducedMotion(options))
          track(page.context())
          return checkEvery100ms(page)
        }
      if (property === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close().catch(() => {}))))
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
