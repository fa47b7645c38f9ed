// Starts the API server (server/main.ts) as a child process and waits until it answers.
// Used by `npm start` and the benchmarks, so both run the server exactly as an operator would.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** How long a started server may take to answer /healthz before it counts as failed to start. */
const STARTUP_DEADLINE_MS = 180_000

export const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer()
      .once('error', fail)
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address()
        srv.close(() => ok(port))
      })
  })

/**
 * `entry`: a built server (scripts/lib/server-bundle.mjs) to run instead of server/main.ts through tsx.
 * With `exitWithParent`, the server shuts down when this process ends, however it ends (an IPC
 * channel it watches closes): servers shared by a whole test run outlive no test run.
 * With `onOutput`, the server's stdout and stderr go to that function instead of the terminal.
 * With `onProgress`, the server reports each start-up step ({ step, ms }) over an IPC channel and
 * leaves its start-up banner to the caller.
 * @param {{ port: number, env?: Record<string, string>, entry?: string, exitWithParent?: boolean, stdio?: 'inherit' | 'ignore', onOutput?: (chunk: Buffer, stream: 'stdout' | 'stderr') => void, onProgress?: (p: { step: string, ms: number }) => void }} options
 */
export async function startServerProcess({ port, env = {}, stdio = 'inherit', onOutput, onProgress, entry, exitWithParent = false }) {
  const child = spawn(process.execPath, entry ? [entry] : ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env, ...(exitWithParent ? { GATEHOUSE_EXIT_WITH_PARENT: '1' } : {}) },
    stdio: ['ignore', onOutput ? 'pipe' : stdio, onOutput ? 'pipe' : 'inherit', ...(onProgress || exitWithParent ? ['ipc'] : [])],
  })
  // The channel must not keep this process alive on its own.
  if (exitWithParent && !onProgress) child.channel?.unref()
  if (onOutput) {
    child.stdout.on('data', (chunk) => onOutput(chunk, 'stdout'))
    child.stderr.on('data', (chunk) => onOutput(chunk, 'stderr'))
  }
  if (onProgress) child.on('message', (message) => typeof message?.step === 'string' && onProgress(message))
  // Resolves once the output streams are drained too: a failure is reported after its last words.
  const closed = new Promise((ok) => child.once('close', ok))
  const base = `http://localhost:${port}`
  // A deadline, not a count of tries: on a busy 2-core machine, compiling the server alone can take
  // most of a minute.
  const deadline = Date.now() + STARTUP_DEADLINE_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await closed
      throw new Error(`the API server exited (${child.exitCode ?? child.signalCode})`)
    }
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      await closed
      throw new Error(`the API server did not answer /healthz within ${STARTUP_DEADLINE_MS / 1000} s`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const stop = () =>
    new Promise((ok) => {
      if (child.exitCode !== null) return ok()
      child.once('exit', () => ok())
      child.kill('SIGTERM')
    })
  return { child, base, stop }
}

/**
 * A throwaway server for benchmarks: its own SQLite file and state folder under the system temp
 * folder, removed on stop, and an admin token to create apps with.
 * @param {{ env?: Record<string, string>, stdio?: 'inherit' | 'ignore', entry?: string, exitWithParent?: boolean }} options
 */
export async function startScratchServer({ env = {}, stdio = 'ignore', entry, exitWithParent = false } = {}) {
  const { mkdtemp, rm } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { randomBytes } = await import('node:crypto')
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-scratch-'))
  const adminToken = randomBytes(24).toString('base64url')
  const server = await startServerProcess({
    port: await freePort(),
    stdio,
    entry,
    exitWithParent,
    env: {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      GATEHOUSE_DB_FILE: join(dir, 'gatehouse.db'),
      GATEHOUSE_STATE_DIR: dir,
      GATEHOUSE_ADMIN_TOKEN: adminToken,
      ...env,
    },
  })
  const admin = async (method, path, body) => {
    const res = await fetch(`${server.base}/api/v1/admin/apps${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`admin ${method} apps${path} failed: ${res.status} ${await res.text()}`)
    return res.json()
  }
  return {
    ...server,
    /** Its SQLite file and state folder. */
    dir,
    /** Its GATEHOUSE_ADMIN_TOKEN (for calls to the owner API). */
    adminToken,
    /** Creates an app through the admin API and returns its JSON (with `id`). */
    createApp: (config) => admin('POST', '', config),
    /** Changes an app's configuration through the admin API. */
    patchApp: (id, config) => admin('PATCH', `/${id}`, config),
    stop: async () => {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
