/**
 * The HTTP process's side of the signer process (SECURITY.md "Delegated actions"): connects to the
 * operator's signer socket (GATEHOUSE_SIGNER_SOCKET), or starts a signer process of its own on
 * first use, on a socket in a private temporary directory, and stops it on close. Requests in,
 * answers out; no key ever comes back.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { decode, encode, type SignerAnswer } from './wire.js'

export interface SignerClientOptions {
  /** An operator's signer socket; without it the server starts its own process. */
  socket?: string
  /** Passed to a process the server starts (GATEHOUSE_SIGNER_KEY_FILE). */
  keyFile?: string
  /** Passed to a process the server starts (GATEHOUSE_SIGNER_KEY_TTL_MS): how long it may keep a rebuilt key. */
  keyTtlMs?: number
}

export class SignerUnavailableError extends Error {}

/** Why the signer refused (its `code`): `delegation_unavailable` or `invalid_data`. */
export class SignerRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

type Request = { op: 'public_key' } | { op: 'sign'; material: unknown; request: unknown } | { op: 'forget'; infos: string[] }

const START_TIMEOUT_MS = 60_000

/** The signer's entry beside this module: the .ts under tsx/vitest, the bundle's signer.mjs in server/dist. */
function signerEntry(): { path: string; execArgv: string[] } {
  // tsx's tsImport adds a query to the module's URL: only the path tells.
  if (new URL(import.meta.url).pathname.endsWith('.ts'))
    return { path: fileURLToPath(new URL('./signer-main.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
  return { path: fileURLToPath(new URL('./signer.mjs', import.meta.url)), execArgv: [] }
}

export class SignerClient {
  private connection: Promise<Socket> | null = null
  private child: ChildProcess | null = null
  private dir: string | null = null
  private nextId = 1
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  private closed = false

  constructor(private readonly options: SignerClientOptions = {}) {}

  async request<T>(message: Request): Promise<T> {
    const socket = await this.connect()
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      socket.write(`${encode({ id, ...message })}\n`)
    })
  }

  private connect(): Promise<Socket> {
    if (this.closed) return Promise.reject(new SignerUnavailableError('The signer is closed'))
    this.connection ??= this.open().catch((error) => {
      this.connection = null
      throw error instanceof SignerUnavailableError ? error : new SignerUnavailableError(`The signer is not reachable: ${(error as Error).message}`)
    })
    return this.connection
  }

  private async open(): Promise<Socket> {
    const path = this.options.socket ?? (await this.start())
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(path, () => resolve(s))
      s.once('error', reject)
    })
    createInterface({ input: socket }).on('line', (line) => {
      const answer = decode<SignerAnswer>(line)
      const waiting = this.pending.get(answer.id)
      if (!waiting) return
      this.pending.delete(answer.id)
      if (answer.ok) waiting.resolve(answer.result)
      else waiting.reject(new SignerRefusal(answer.code, answer.message))
    })
    socket.on('close', () => {
      this.connection = null
      for (const waiting of this.pending.values()) waiting.reject(new SignerUnavailableError('The signer closed the connection'))
      this.pending.clear()
    })
    socket.on('error', () => socket.destroy())
    return socket
  }

  /** Starts the server's own signer process and waits until it listens. */
  private async start(): Promise<string> {
    if (this.child && this.dir) return join(this.dir, 'signer.sock')
    // A process that died left its folder: a new one gets a new folder.
    if (this.dir) rmSync(this.dir, { recursive: true, force: true })
    this.dir = mkdtempSync(join(tmpdir(), 'gh-signer-'))
    const socketPath = join(this.dir, 'signer.sock')
    const entry = signerEntry()
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: process.env.NODE_ENV }
    if (this.options.keyFile) env.GATEHOUSE_SIGNER_KEY_FILE = this.options.keyFile
    if (this.options.keyTtlMs !== undefined) env.GATEHOUSE_SIGNER_KEY_TTL_MS = String(this.options.keyTtlMs)
    const child = fork(entry.path, ['--socket', socketPath], { execArgv: entry.execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    this.child = child
    child.on('exit', () => {
      if (this.child === child) this.child = null
    })
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SignerUnavailableError('The signer did not start')), START_TIMEOUT_MS)
      child.once('message', () => {
        clearTimeout(timer)
        resolve()
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new SignerUnavailableError(`The signer exited (${code})`))
      })
    })
    return socketPath
  }

  async close(): Promise<void> {
    this.closed = true
    const connection = this.connection
    this.connection = null
    if (connection) (await connection.catch(() => null))?.destroy()
    const child = this.child
    this.child = null
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true })
    this.dir = null
  }
}
