// `npm test`: every test — unit, server (SQLite and PostgreSQL), element tests in Chromium through
// Web Test Runner, and end-to-end tests driving Chromium through the demo against the real server.
// Ends with one plain line 'tests: N passed, N failed, N skipped'.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './lib/server-process.mjs'

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const work = mkdtempSync(join(tmpdir(), 'gatehouse-test-'))
const vitestJson = join(work, 'vitest.json')
const wtrJson = join(work, 'wtr.json')
const failures = []

console.log('\n== formatting (prettier --check; `npm run format` rewrites)')
if (run('npx', ['prettier', '--check', '--log-level', 'warn', '.']) !== 0) failures.push('formatting')

console.log('\n== build (rollup + custom-elements manifest)')
if (run('npm', ['run', '--silent', 'build']) !== 0) failures.push('build')

console.log('\n== unit, server and end-to-end tests (vitest)')
if (run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]) !== 0) failures.push('vitest')

console.log('\n== element tests in Chromium (web-test-runner)')
if (run('npx', ['wtr'], { GATEHOUSE_WTR_SUMMARY: wtrJson }) !== 0) failures.push('web-test-runner')

// The same rule as test/postgres.ts: whether the PostgreSQL suites could run at all. Skipped
// tests inside a suite whose set-up failed must not read as "PostgreSQL not found".
const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0
const postgresSkipped =
  !process.env.DATABASE_URL_TEST && (process.env.GATEHOUSE_TEST_POSTGRES === 'off' || !['psql', 'pg_ctlcluster', 'pg_lsclusters'].every(hasCommand))

let passed = 0
let failed = 0
let skipped = 0
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
} else failed += 1
if (existsSync(wtrJson)) {
  const report = JSON.parse(readFileSync(wtrJson, 'utf8'))
  passed += report.passed
  failed += report.failed
  skipped += report.skipped
} else failed += 1
rmSync(work, { recursive: true, force: true })

console.log('')
if (postgresSkipped) console.log('NOTE: PostgreSQL was not found on this machine: the PostgreSQL suites were SKIPPED (CI always runs them).')
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failures.length || failed ? 1 : 0)
