// `npm test`: every test — formatting, the build, the vitest projects (unit, server on SQLite and
// PostgreSQL, end-to-end through the demo against the real server, and whatever else
// vitest.config.ts declares), element tests in Chromium through Web Test Runner. Prints one line per
// suite with its counts and time; a failing suite's output follows its line in full, a passing
// suite's is not shown. Ends with one plain line 'tests: N passed, N failed, N skipped'.
//
// `node scripts/test.mjs [step ...] [-- vitest arguments]` runs only the named steps (formatting,
// build, vitest, elements), e.g. `node scripts/test.mjs vitest -- --project unit test/build.test.ts`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './lib/server-process.mjs'

const STEPS = ['formatting', 'build', 'vitest', 'elements']
const dashes = process.argv.indexOf('--')
const named = process.argv.slice(2, dashes < 0 ? undefined : dashes)
const vitestArgs = dashes < 0 ? [] : process.argv.slice(dashes + 1)
const unknown = named.filter((step) => !STEPS.includes(step))
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}: the steps are ${STEPS.join(', ')}`)
  process.exit(2)
}
const runs = (step) => named.length === 0 || named.includes(step)

const work = mkdtempSync(join(tmpdir(), 'gatehouse-test-'))
const files = { build: join(work, 'build-warnings.json'), vitest: join(work, 'vitest.json'), wtr: join(work, 'wtr.json') }
const bin = (name) => join(root, 'node_modules/.bin', name)

/** Runs a command with its output kept (both streams, in order) for when it is needed. */
// GATEHOUSE_TEST_PROGRESS=1 (CI sets it): the vitest step also shows a line per finished file as
// it goes, its descriptor 3 being this process's standard output.
const progress = process.env.GATEHOUSE_TEST_PROGRESS === '1'
const quietly = (command, args, env = {}, { showProgress = false } = {}) =>
  new Promise((ok) => {
    const started = performance.now()
    const stdio = showProgress ? ['ignore', 'pipe', 'pipe', 1] : ['ignore', 'pipe', 'pipe']
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', (error) => (output += `${error.message}\n`))
    child.on('close', (code) => ok({ code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }))
  })

const counts = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`
const line = (suite, result, seconds) => console.log(`  ${suite.padEnd(12)} ${result.padEnd(40)} ${seconds.toFixed(1).padStart(6)} s`)
const show = (text) => text.trim() && console.log(`\n${text.trimEnd()}\n`)

const failures = []
let passed = 0
let failed = 0
let skipped = 0

if (runs('formatting')) {
  const { code, output, seconds } = await quietly(bin('prettier'), ['--check', '--log-level', 'warn', '.'])
  line('formatting', code === 0 ? 'ok' : 'failed (`npm run format` rewrites)', seconds)
  if (code !== 0) {
    failures.push('formatting')
    show(output)
  }
}

if (runs('build')) {
  const { code, output, seconds } = await quietly(process.execPath, ['scripts/build.mjs'], { GATEHOUSE_BUILD_WARNINGS: files.build })
  line('build', code === 0 ? (output.trim() ? 'warnings (test/build.test.ts fails)' : 'ok') : 'failed', seconds)
  if (code !== 0) failures.push('build')
  // Warnings too: a warning about our own code is to be read (and fails test/build.test.ts).
  show(output)
}

if (runs('vitest')) {
  const { code, output, seconds } = await quietly(
    bin('vitest'),
    ['run', `--reporter=${join(root, 'scripts/lib/vitest-summary-reporter.mjs')}`, ...vitestArgs],
    // Without the build step the build test builds for itself.
    {
      GATEHOUSE_VITEST_SUMMARY: files.vitest,
      ...(runs('build') ? { GATEHOUSE_BUILD_WARNINGS: files.build } : {}),
      ...(progress ? { GATEHOUSE_VITEST_PROGRESS_FD: '3' } : {}),
    },
    { showProgress: progress },
  )
  const summary = existsSync(files.vitest) ? JSON.parse(readFileSync(files.vitest, 'utf8')) : null
  for (const project of summary?.projects ?? []) {
    line(project.name, counts(project), project.seconds)
    passed += project.passed
    failed += project.failed
    skipped += project.skipped
    for (const failure of project.failures) show(failure)
  }
  if (summary?.unhandled.length) {
    failed += summary.unhandled.length
    line('vitest', `${summary.unhandled.length} unhandled error(s) outside the tests`, seconds)
    for (const error of summary.unhandled) show(error)
  }
  const explained = summary && (summary.projects.some((p) => p.failed > 0) || summary.unhandled.length > 0)
  if (code !== 0) {
    failures.push('vitest')
    // Failed with no failing test to show for it: a configuration error or a crash.
    if (!explained) {
      if (!summary) failed += 1
      line('vitest', `failed (exit code ${code})`, seconds)
    }
    // What no test file owns: vitest's own messages, and what child processes (the servers of the
    // end-to-end stack) wrote straight to the terminal. Part of a failure's story, so shown with it.
    const unowned = `${output}${summary?.stray ?? ''}`
    if (unowned.trim()) show(`--- printed outside the test files' console:\n${unowned.trimEnd()}`)
  }
}

if (runs('elements')) {
  const { code, output, seconds } = await quietly(bin('wtr'), [], { GATEHOUSE_WTR_SUMMARY: files.wtr })
  const summary = existsSync(files.wtr) ? JSON.parse(readFileSync(files.wtr, 'utf8')) : null
  if (summary) {
    passed += summary.passed
    failed += summary.failed
    skipped += summary.skipped
  } else failed += 1
  line('elements', summary ? counts(summary) : `failed (exit code ${code})`, seconds)
  if (code !== 0 || !summary || summary.failed) {
    failures.push('elements')
    show(output)
  }
}
rmSync(work, { recursive: true, force: true })

// The same rule as test/postgres.ts: whether the PostgreSQL suites could run at all. Skipped
// tests inside a suite whose set-up failed must not read as "PostgreSQL not found".
const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0
const postgresSkipped =
  !process.env.DATABASE_URL_TEST && (process.env.GATEHOUSE_TEST_POSTGRES === 'off' || !['psql', 'pg_ctlcluster', 'pg_lsclusters'].every(hasCommand))

console.log('')
if (postgresSkipped && runs('vitest')) console.log('NOTE: PostgreSQL was not found on this machine: the PostgreSQL suites were SKIPPED (CI always runs them).')
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failures.length || failed ? 1 : 0)
