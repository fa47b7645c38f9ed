// `npm run typings` (also the end of `npm run manifest`): the package's types/.
// - types/gatehouse.d.ts from custom-elements.json: the tags, their events, the framework maps;
// - types/api.d.ts from src/index.ts: the module's actions, stores, errors and types
//   (tsc declarations bundled by rollup-plugin-dts, scripts/lib/declarations.mjs);
// - types/index.d.ts: the entry's types, both of them.
// src/typings.test.ts fails while a committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './lib/server-process.mjs'
import { typingsFile } from './lib/typings.mjs'
import { apiDeclarations, indexFile } from './lib/declarations.mjs'

mkdirSync(join(root, 'types'), { recursive: true })
const tags = await typingsFile(root)
writeFileSync(join(root, 'types/gatehouse.d.ts'), tags)
writeFileSync(join(root, 'types/index.d.ts'), indexFile(tags))
writeFileSync(join(root, 'types/api.d.ts'), await apiDeclarations(root))
