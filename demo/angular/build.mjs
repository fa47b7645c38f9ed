// Builds this app with Angular's esbuild application builder (`@angular/build:application`, the
// target in angular.json) through Architect, the API `ng build` itself calls: the same build
// without the Angular CLI package and its ~200 dependencies in every `npm ci`. A host project runs
// `ng build`. Prints only what Angular reports (warnings, errors); exits 1 when the build fails.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

// CommonJS packages with directory entries (`…/node`), which ESM imports cannot name.
const require = createRequire(import.meta.url)
const { Architect } = require('@angular-devkit/architect')
const { WorkspaceNodeModulesArchitectHost } = require('@angular-devkit/architect/node')
const { schema, workspaces } = require('@angular-devkit/core')
const { NodeJsSyncHost, createConsoleLogger } = require('@angular-devkit/core/node')

const root = fileURLToPath(new URL('.', import.meta.url))
process.chdir(root)
const logger = createConsoleLogger(false, process.stdout, process.stderr)
const registry = new schema.CoreSchemaRegistry()
registry.addPostTransform(schema.transforms.addUndefinedDefaults)
registry.useXDeprecatedProvider((message) => logger.warn(message))
const { workspace } = await workspaces.readWorkspace(root, workspaces.createWorkspaceHost(new NodeJsSyncHost()))
const architect = new Architect(new WorkspaceNodeModulesArchitectHost(workspace, root), registry)
const run = await architect.scheduleTarget({ project: 'gatehouse-demo', target: 'build' }, {}, { logger })
const { success } = await run.lastOutput
await run.stop()
process.exit(success ? 0 : 1)
