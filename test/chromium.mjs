// Launch settings for the machine's Chromium (Debian package), shared by tests and benchmarks.
// No browser is ever downloaded: set CHROMIUM_PATH to use another binary.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]
