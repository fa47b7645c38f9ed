// Smart wallets (ERC-4337, issue 32): user operation sendUserOperation → receipt through the real
// bundler on the local chain with our paymaster (first, deploying the account, and the median of
// 10), and what the sponsor pays per operation beside the top-up relay's cost for the same token
// transfer. The work is bench/smart-wallets-run.ts (TypeScript: it drives the server in process
// through the test harness), run with tsx; its last line is the figure.
import { spawn } from 'node:child_process'
import { root } from '../scripts/lib/server-process.mjs'

export async function smartWalletFigures() {
  const output = await new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/smart-wallets-run.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new Error(`smart-wallets bench exited ${code}:\n${err.slice(-4000)}`))))
  })
  const line = output.trim().split('\n').pop()
  return JSON.parse(line)
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await smartWalletFigures()))
