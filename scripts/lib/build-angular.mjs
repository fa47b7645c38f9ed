// The Angular host page of the demo (demo/angular, an npm workspace): demo/angular/build.mjs runs
// Angular's esbuild application builder into demo/angular/dist/browser, which demo/serve.mjs
// serves at /angular/. Run beside the widget's rollup build (it does not read dist/: the page loads
// /dist/elements.js at run time). No Angular CLI is involved, so nothing prompts (analytics).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { root } from './server-process.mjs'

export const angularDemo = join(root, 'demo/angular')

/**
 * @returns {Promise<string[]>} the warnings Angular printed (none on a clean build)
 */
export function buildAngularDemo() {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(angularDemo, 'build.mjs')], {
      cwd: angularDemo,
      env: { ...process.env, NG_CLI_ANALYTICS: 'false', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', (error) => fail(Object.assign(error, { code: 'ANGULAR' })))
    child.on('close', (code) => {
      if (code !== 0) return fail(Object.assign(new Error(`the Angular demo (demo/angular) failed to build:\n${output.trim()}`), { code: 'ANGULAR' }))
      // Angular marks each warning '▲ [WARNING]'; the chunk table it prints on success is not one.
      ok(
        output
          .split(/\n(?=▲ \[WARNING\])/)
          .filter((part) => part.startsWith('▲ [WARNING]'))
          .map((part) => `(!) [demo/angular] ${part.trim()}`),
      )
    })
  })
}
