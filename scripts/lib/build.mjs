// The widget build (rollup with rollup.config.mjs, then the custom-elements manifest) as a function
// that returns rollup's warnings instead of printing them, so `npm run build`, `npm start` and
// `npm test` can each decide how to show them, and test/build.test.ts can require that none is left.
import { execFile } from 'node:child_process'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { rollup } from 'rollup'
import { root } from './server-process.mjs'

export { root }

const rel = (id) => (id.startsWith(root) ? relative(root, id) : id)

/** One warning as text, the way rollup's command line shows it. */
export function formatWarning(warning) {
  const file = warning.loc?.file ?? warning.id
  const where = file ? `${rel(file)}${warning.loc ? `:${warning.loc.line}:${warning.loc.column}` : ''}` : ''
  return [`(!) ${warning.plugin ? `[plugin ${warning.plugin}] ` : ''}${warning.message}`, where, warning.frame].filter(Boolean).join('\n')
}

/** A failed build as text: rollup's message, where and the code frame, or the stack of anything else. */
export function formatBuildError(error) {
  if (!error.code) return String(error.stack ?? error)
  return [
    `[!] ${error.plugin ? `[plugin ${error.plugin}] ` : ''}${error.message}`,
    error.loc ? `${rel(error.loc.file ?? error.id)}:${error.loc.line}:${error.loc.column}` : '',
    error.frame,
    error.stderr,
  ]
    .filter(Boolean)
    .join('\n')
}

/**
 * Builds from the repository root (the rollup configuration names its paths relative to it).
 * `write: false` builds in memory: dist/ is neither cleaned nor written (other tests read it) and
 * the manifest is not regenerated.
 * @returns {Promise<string[]>} the warnings rollup left, formatted
 */
export async function buildWidget({ write = true } = {}) {
  if (process.cwd() !== root.replace(/\/$/, '')) throw new Error(`build from the repository root (${root}), not ${process.cwd()}`)
  const { default: configs } = await import(pathToFileURL(join(root, 'rollup.config.mjs')).href)
  const warnings = []
  for (const config of configs) {
    const bundle = await rollup({
      ...config,
      plugins: write ? config.plugins : config.plugins.filter((plugin) => plugin.name !== 'clean-dist'),
      onwarn: (warning) => warnings.push(formatWarning(warning)),
    })
    try {
      for (const output of [config.output].flat()) await (write ? bundle.write(output) : bundle.generate(output))
    } finally {
      await bundle.close()
    }
  }
  if (write) {
    try {
      await promisify(execFile)(join(root, 'node_modules/.bin/cem'), ['analyze', '--config', 'custom-elements-manifest.config.mjs'], { cwd: root })
    } catch (error) {
      throw Object.assign(new Error(`the custom-elements manifest failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`), { code: 'MANIFEST' })
    }
  }
  return warnings
}
