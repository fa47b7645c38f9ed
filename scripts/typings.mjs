// `npm run typings`: types/gatehouse.d.ts from custom-elements.json (run `npm run manifest` first
// when the tags' JSDoc changed). src/typings.test.ts fails while the committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './lib/server-process.mjs'
import { typingsFile } from './lib/typings.mjs'

mkdirSync(join(root, 'types'), { recursive: true })
writeFileSync(join(root, 'types/gatehouse.d.ts'), await typingsFile(root))
