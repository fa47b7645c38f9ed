/** Spec part 1 §9 'Captcha result wait 20 s overall, polled every 200 ms; screen retries 3, auto-continue 2 s, minimum display 1 s'. */
export const CAPTCHA_TIMING = {
  /** How long one attempt waits for the widget's token. */
  resultWaitMs: 20_000,
  /** How often the waiting side looks at the captcha store. */
  pollMs: 200,
  /** Attempts after the first failed one, before the screen stops retrying by itself. */
  retries: 3,
  /** After a failed attempt the screen shows the failure, then continues with the next attempt by itself. */
  autoContinueMs: 2_000,
  /** The captcha screen never flashes: it stays at least this long before moving on. */
  minDisplayMs: 1_000,
}

/** Cloudflare's script; the server may publish another (GATEHOUSE_CAPTCHA_SCRIPT_URL) in captcha.scriptUrl. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js'
