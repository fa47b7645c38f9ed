import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHAIN_ICONS } from './chainIcons.ts'
import { chainIconName } from './chainNames.ts'

const SPEC_SET = ['arbitrum', 'avalanche', 'base', 'celo', 'linea', 'mainnet', 'optimism', 'polygon', 'zora', 'solana']

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : []
  })

describe('chain icons (spec part 3 §9)', () => {
  it('the set is exactly the spec list, each a path on the 24-unit grid', () => {
    expect(Object.keys(CHAIN_ICONS).sort()).toEqual([...SPEC_SET].sort())
    for (const shape of Object.values(CHAIN_ICONS)) expect(shape.d).toMatch(/^[Mm][-0-9.,\sA-Za-z]+$/)
  })

  it('chain ids name their icon; a chain outside the set has none', () => {
    expect([1, 10, 137, 8453, 42161, 42220, 43114, 59144, 7777777].map(chainIconName)).toEqual([
      'mainnet',
      'optimism',
      'polygon',
      'base',
      'arbitrum',
      'celo',
      'avalanche',
      'linea',
      'zora',
    ])
    expect(chainIconName('solana')).toBe('solana')
    expect(chainIconName(31337)).toBeNull()
  })

  it('stays out of the first paint: no module imports the marks statically, ChainIcon loads them on demand', () => {
    const root = join(import.meta.dirname, '..', '..')
    const staticImports = sources(root).filter((file) => /^import[^(]*from '[^']*chainIcons\.ts'/m.test(readFileSync(file, 'utf8')))
    expect(staticImports).toEqual([])
    expect(readFileSync(join(root, 'ui', 'ChainIcon.tsx'), 'utf8')).toContain("import('./icons/chainIcons.ts')")
  })
})
