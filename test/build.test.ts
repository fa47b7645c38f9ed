/**
 * The build prints no warning: rollup's warnings about third-party code under node_modules are
 * dropped (rollup.config.mjs), a warning about our own sources stays and fails here. Under
 * `npm test` this reads what its build step left (GATEHOUSE_BUILD_WARNINGS) rather than building a
 * second time; run alone, it builds in memory (dist/ is left as it is).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with `npm run build`, `npm start` and `npm test`
import { buildWidget, root } from '../scripts/lib/build.mjs'
// @ts-expect-error plain ES module (the rollup configuration)
import { quietThirdParty } from '../rollup.config.mjs'

type Log = { code: string; message?: string; id?: string; ids?: string[]; plugin?: string }
const ours = (path: string) => join(root, path)
const theirs = (path: string) => join(root, 'node_modules', path)

/** Whether the plugin lets a warning through (rollup drops a log when onLog returns false). */
function shown(log: Log, plugin = quietThirdParty()): boolean {
  return plugin.onLog('warn', { message: '', ...log }) !== false
}

describe('the build', () => {
  it('prints no warning', async () => {
    const file = process.env.GATEHOUSE_BUILD_WARNINGS
    if (file && !existsSync(file)) throw new Error(`the build step of npm test wrote no ${file}: it failed, see its output`)
    const warnings: string[] = file ? JSON.parse(readFileSync(file, 'utf8')) : await buildWidget({ write: false })
    expect(warnings.join('\n\n')).toBe('')
  }, 600_000)

  it('drops the known warnings about files under node_modules, and shows the same warnings about ours', () => {
    const cycle = (...ids: string[]) => ({ code: 'CIRCULAR_DEPENDENCY', ids: [...ids, ids[0]] })
    expect(shown(cycle(theirs('viem/_esm/errors/abi.js'), theirs('viem/_esm/utils/abi/formatAbiItem.js')))).toBe(false)
    expect(shown(cycle(ours('src/screens/ScreenRouter.tsx'), ours('src/screens/login/LandingScreen.tsx')))).toBe(true)
    // A cycle through our code and a package's is ours to break.
    expect(shown(cycle(ours('src/wallets/viem.ts'), theirs('viem/_esm/index.js')))).toBe(true)
    for (const code of ['THIS_IS_UNDEFINED', 'INVALID_ANNOTATION', 'UNRESOLVED_IMPORT']) {
      expect(shown({ code, id: theirs('@wagmi/core/dist/esm/errors/base.js') }), code).toBe(false)
      expect(shown({ code, id: ours('src/index.ts') }), code).toBe(true)
    }
    // Categories not known to be harmless stay loud wherever they point.
    expect(shown({ code: 'EVAL', id: theirs('some-package/index.js') })).toBe(true)
    expect(shown({ code: 'MISSING_EXPORT', id: theirs('some-package/index.js') })).toBe(true)
  })

  it("attributes esbuild's minification warnings, which name only a chunk line, to the module on that line", () => {
    const plugin = quietThirdParty()
    const socket = 'const W=typeof WebSocket<"u"?WebSocket:require("ws");\n'
    const mine = 'export const x=require("./mine.js");\n'
    plugin.buildStart()
    plugin.renderChunk(`${socket}${mine}`, { modules: { [theirs('ws-connection/index.es.js')]: { code: socket }, [ours('src/mine.ts')]: { code: mine } } })
    const minifyWarning = (line: number, column: number) => ({
      code: 'PLUGIN_WARNING',
      plugin: 'esbuild',
      message: `\x1b[33m▲ [WARNING] Converting "require" to "esm" is currently not supported\x1b[0m\n\n    <stdin>:${line}:${column}:\n`,
    })
    expect(shown(minifyWarning(1, socket.indexOf('require')), plugin)).toBe(false)
    expect(shown(minifyWarning(2, mine.indexOf('require')), plugin)).toBe(true)
    // A warning from esbuild compiling one of our files names that file, not <stdin>: shown.
    expect(shown({ code: 'PLUGIN_WARNING', plugin: 'esbuild', id: ours('src/mine.ts'), message: 'src/mine.ts:1:2: something' }, plugin)).toBe(true)
  })
})
