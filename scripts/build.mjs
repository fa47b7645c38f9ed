// `npm run build`: the widget bundle into dist/ and custom-elements.json, the operator console into console/dist/, the Svelte, React and
// Angular host demos into demo/<name>/dist/ (built alongside: they import the widget from /dist/ at
// run time, not at build time), and the API server's bundle into server/dist/. Prints nothing unless
// something needs reading: a warning rollup left (those about third-party code under node_modules
// are dropped in rollup.config.mjs) or why the build failed. With GATEHOUSE_BUILD_WARNINGS naming a
// file, also writes the warnings there as JSON (`npm test` does; test/build.test.ts reads them).
import { writeFileSync } from 'node:fs'
import { buildHostDemos } from './lib/build-demos.mjs'
import { buildAngularDemo } from './lib/build-angular.mjs'
import { buildWidget, formatBuildError } from './lib/build.mjs'
import { buildConsole } from './lib/build-console.mjs'
import { buildServerBundle } from './lib/server-bundle.mjs'
import { buildNodeSdk } from './lib/build-node-sdk.mjs'
import { root } from './lib/server-process.mjs'

process.chdir(root)
try {
  // The server's bundle too (server/dist/main.mjs): the end-to-end stacks start their servers from it.
  // And the server SDK (packages/node/dist/): the demo's host backend imports it.
  const warnings = (
    await Promise.all([buildWidget(), buildHostDemos(), buildAngularDemo(), buildConsole(), buildServerBundle().then(() => []), buildNodeSdk()])
  ).flat()
  if (warnings.length) console.log(warnings.join('\n\n'))
  if (process.env.GATEHOUSE_BUILD_WARNINGS) writeFileSync(process.env.GATEHOUSE_BUILD_WARNINGS, JSON.stringify(warnings))
} catch (error) {
  console.error(formatBuildError(error))
  process.exit(1)
}
