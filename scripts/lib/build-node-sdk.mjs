// The server SDK's dist/ (packages/node/build.mjs), in a child process: its declaration step runs
// TypeScript and rollup, which the other builds of `npm run build` need not share. Answers no warnings.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { root } from './server-process.mjs'

export function buildNodeSdk() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'packages/node/build.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('close', (code) => (code === 0 ? resolve([]) : reject(new Error(`packages/node/build.mjs failed:\n${output}`))))
  })
}
