import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { defaultReporter } from '@web/test-runner'
import { chromeLauncher } from '@web/test-runner-chrome'
import { summaryFileReporter } from './scripts/lib/wtr-summary-reporter.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/chromium.mjs'

const require = createRequire(import.meta.url)
const REACT_MODULES = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client']
// ES-module packages served as one file instead of hundreds (libphonenumber-js is ~400 modules:
// loaded file by file it took more than a minute on a slow machine).
const ESM_MODULES = ['libphonenumber-js']
const BUNDLED = [...REACT_MODULES, ...ESM_MODULES]
const PREFIX = '/__react-esm__/'

/**
 * React ships CommonJS whose exports no per-file transform can see, so React is pre-bundled once
 * into ES modules (one shared chunk: a single React instance) with explicit named exports taken
 * from the real module objects.
 */
function reactEsm() {
  let files
  const fileName = (name) => `${name.replace(/\//g, '__')}.js`
  async function bundle() {
    const entries = Object.fromEntries([
      ...ESM_MODULES.map((name) => [name, `export * from '${name}'\n`]),
      ...REACT_MODULES.map((name) => {
        const keys = Object.keys(require(name)).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default')
        const contents = `import m from '${name}'\nexport default m\nexport const { ${keys.join(', ')} } = m\n`
        return [name, contents]
      }),
    ])
    const result = await build({
      entryPoints: Object.fromEntries(BUNDLED.map((name) => [fileName(name).slice(0, -3), `virtual:${name}`])),
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/out',
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [
        {
          name: 'virtual-entries',
          setup(b) {
            b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice(8), namespace: 'virtual' }))
            b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({ contents: entries[args.path], resolveDir: process.cwd() }))
          },
        },
      ],
    })
    files = new Map(result.outputFiles.map((file) => [file.path.replace(/^\/out\//, ''), file.text]))
  }
  return {
    name: 'react-esm',
    async serverStart() {
      await bundle()
    },
    resolveImport({ source }) {
      if (BUNDLED.includes(source)) return `${PREFIX}${fileName(source)}`
    },
    // Other packages (nanostores) read process.env.NODE_ENV, which browsers do not have.
    transform(context) {
      if (context.response.is('js') && typeof context.body === 'string' && context.body.includes('process.env.NODE_ENV')) {
        return { body: context.body.replace(/process\.env\.NODE_ENV/g, '"development"') }
      }
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return
      const body = files.get(context.path.slice(PREFIX.length))
      if (body !== undefined) return { body, type: 'js' }
    },
  }
}

/** `npm run test:elements`: element tests in the system Chromium (never a downloaded browser). */
export default {
  files: ['elements/**/*.test.ts'],
  nodeResolve: { browser: true },
  concurrency: 1,
  reporters: [defaultReporter(), summaryFileReporter()],
  testFramework: { config: { timeout: 90000 } },
  plugins: [reactEsm(), esbuildPlugin({ ts: true, tsx: true, target: 'auto', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) })],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        // No animation unless a test asks for it (emulateMedia({ reducedMotion: 'no-preference' })):
        // the other tests see each state as soon as it renders.
        args: [...CHROMIUM_ARGS, '--force-prefers-reduced-motion'],
      },
    }),
  ],
}
