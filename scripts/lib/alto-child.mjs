// The bundler's process (scripts/lib/account-abstraction.mjs starts it): Alto's own command line,
// which ends with the process that started it when that one watches it over IPC (tests, `npm start`).
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

if (process.channel) process.on('disconnect', () => process.exit(0))
const require = createRequire(import.meta.url)
const cli = require.resolve('@pimlico/alto').replace(/index\.js$/, 'cli/alto.js')
await import(pathToFileURL(cli).href)
