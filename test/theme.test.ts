/**
 * Theming stays a contract: no literal colour, radius, font or spacing outside the one place the
 * defaults are written (src/ui/theme.ts), and the README table, custom-elements.json, the
 * properties the stylesheets define and read, and the parts the screens render all agree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { hostDefaults, paletteRules, space, tagProperties, THEME_PARTS, THEME_PROPERTIES, type ThemedTag } from '../src/ui/theme.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const THEME_FILE = 'src/ui/theme.ts'
const TAGS: ThemedTag[] = ['auth-modal', 'sign-prompt', 'fund-button']

function walk(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return walk(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('testing') ? [path] : []
  })
}
const widgetFiles = [...walk('src'), ...walk('elements')]
const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** The `/* css *\/` template literals of a file, each `${…}` replaced by a placeholder value. */
function cssTemplates(source: string): string[] {
  return [...source.matchAll(/\/\* css \*\/ `((?:[^`\\]|\\.)*)`/g)].map((m) => m[1]!.replace(/\$\{[^}]*\}/g, 'var(--interpolated)'))
}

const COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color-mix)\(|\b(?:white|black|red|green|blue|gr[ae]y|orange|yellow|purple|pink|silver)\b/i
const SIZED = /^(?:border(?:-[a-z]+)*-radius|font|font-size|font-family|padding(?:-[a-z]+)?|margin(?:-[a-z]+)?|gap|row-gap|column-gap)$/

/** Every declaration that writes a literal colour, radius, font or spacing (or defines a --gh-* property). */
export function literals(css: string): string[] {
  const found: string[] = []
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const block of bare.matchAll(/\{([^{}]*)\}/g)) {
    for (const declaration of block[1]!.split(';')) {
      const colon = declaration.indexOf(':')
      if (colon < 0) continue
      const property = declaration.slice(0, colon).trim()
      const value = declaration.slice(colon + 1).trim()
      if (property.startsWith('--gh-')) found.push(`${property}: ${value} (defined outside ${THEME_FILE})`)
      if (COLOUR.test(value)) found.push(`${property}: ${value}`)
      if (!SIZED.test(property)) continue
      let rest = value
      for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/var\([^()]*\)/g, 'V').replace(/calc\([^()]*V[^()]*\)/g, 'V')]
      const allowed = new Set(['V', '0', 'auto', 'inherit', 'none', ...(property.includes('radius') ? ['50%'] : [])])
      if (rest.split(/[\s,]+/).some((token) => token && !allowed.has(token))) found.push(`${property}: ${value}`)
    }
  }
  return found
}

/** Literal colours, radii, fonts and spacing in React `style={{ … }}` objects. */
function inlineLiterals(source: string): string[] {
  const found: string[] = []
  for (const style of source.matchAll(/style=\{\{([^}]*(?:\}[^}][^}]*)*)\}\}/g)) {
    for (const m of style[1]!.matchAll(
      /\b(gap|margin\w*|padding\w*|fontSize|fontFamily|font|borderRadius|color|background\w*|border\w*|outline\w*)\s*:\s*([^,]+)/g,
    )) {
      const value = m[2]!.trim()
      if ((/^\d+(\.\d+)?$/.test(value) && value !== '0') || /#[0-9a-f]{3,8}\b|\d+(px|rem|em)\b|rgba?\(/i.test(value)) found.push(`${m[1]}: ${value}`)
    }
  }
  return found
}

const styleFiles = widgetFiles.filter((file) => file !== THEME_FILE && cssTemplates(read(file)).length > 0)

describe('no literal colour, radius, font or spacing outside src/ui/theme.ts', () => {
  it('the scanner catches each kind of literal and lets theme references through', () => {
    expect(literals('.x { color: #fff; padding: 8px 0; border-radius: 3px; font-size: 12px; font-family: Arial; gap: 4px; }')).toHaveLength(6)
    expect(literals('.x { background: rgba(0, 0, 0, 0.2); border: 1px solid white; --gh-accent: red; }')).toHaveLength(4)
    expect(literals('.x:hover { padding: var(--a) 0; margin: calc(var(--gh-spacing) * 2) auto; border-radius: 50%; font: inherit; width: 32px; }')).toEqual([])
    expect(inlineLiterals(`<p style={{ gap: 16, margin: '10px 0 0', color: '#fff', padding: 0, fontSize: 'var(--gh-font-size)' }} />`)).toHaveLength(3)
  })

  it('finds the stylesheets of all three tags and the lazily loaded screens', () => {
    expect(styleFiles.sort()).toEqual(
      expect.arrayContaining([
        'elements/auth-modal/auth-modal.styles.ts',
        'elements/fund-button/fund-button.styles.ts',
        'src/screens/transactions/styles.ts',
        'src/screens/wallets/WalletStyles.tsx',
      ]),
    )
  })

  it('every CSS template literal in the widget is marked /* css */ (so the scan sees it)', () => {
    const unmarked = widgetFiles.filter((file) => {
      const source = read(file).replace(/\/\* css \*\/ `(?:[^`\\]|\\.)*`/g, '')
      return [...source.matchAll(/`((?:[^`\\]|\\.)*)`/g)].some((m) => /[.#:a-z\])][^`{};]*\{[^{}]*[a-z-]+\s*:[^{}]*;/i.test(m[1]!))
    })
    expect(unmarked).toEqual([])
  })

  for (const file of styleFiles) {
    it(`${file}: reads --gh-* properties only`, () => {
      expect(cssTemplates(read(file)).flatMap(literals)).toEqual([])
    })
  }

  it('every .styles.ts module exports CSS strings only (the build evaluates it and ships the minified strings)', async () => {
    const modules = widgetFiles.filter((file) => file.endsWith('.styles.ts'))
    expect(modules).toEqual(expect.arrayContaining(['elements/auth-modal/auth-modal.styles.ts', 'elements/fund-button/fund-button.styles.ts']))
    for (const file of modules) {
      for (const [name, value] of Object.entries(await import(join(root, file)))) expect(typeof value, `${file}: ${name}`).toBe('string')
    }
  })

  it('React inline styles read --gh-* properties only', () => {
    const found = widgetFiles.filter((f) => f.endsWith('.tsx')).flatMap((file) => inlineLiterals(read(file)).map((l) => `${file}: ${l}`))
    expect(found).toEqual([])
  })
})

const readme = read('README.md')
const theming = readme.slice(readme.indexOf('### Theming'), readme.indexOf('\n### ', readme.indexOf('### Theming') + 1))
const rows = (header: string) => {
  const start = theming.indexOf(header)
  return theming
    .slice(start)
    .split('\n')
    .slice(2)
    .filter((_, i, all) => all.slice(0, i + 1).every((line) => line.startsWith('|')))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
}
const manifest = JSON.parse(read('custom-elements.json')) as {
  modules: { declarations?: { tagName?: string; cssProperties?: { name: string; default?: string }[]; cssParts?: { name: string }[] }[] }[]
}
const declaration = (tag: string) => manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag)!
const code = (cell: string) => cell.replace(/^`|`$/g, '')

/** The parts rendered by these files (`part="a b"`, `part={x ? 'a' : 'b'}`). */
function partsIn(files: string[]): Set<string> {
  const names = new Set<string>()
  for (const file of files) {
    for (const m of read(file).matchAll(/\bpart=(?:"([^"]+)"|\{([^}]+)\})/g)) {
      const text = m[1] ?? [...m[2]!.matchAll(/'([^']+)'/g)].map((q) => q[1]).join(' ')
      for (const name of text.split(/\s+/)) if (name) names.add(name)
    }
  }
  return names
}

describe('the theming contract agrees everywhere', () => {
  const names = THEME_PROPERTIES.map((p) => p.name)

  it('each property is listed once and every non-derived one is declared on :host', () => {
    expect(new Set(names).size).toBe(names.length)
    const declared = new Set(TAGS.flatMap((tag) => [...hostDefaults(tag).matchAll(/(--gh-[a-z-]+):/g)].map((m) => m[1])))
    expect([...declared].sort()).toEqual(
      THEME_PROPERTIES.filter((p) => !p.derived)
        .map((p) => p.name)
        .sort(),
    )
  })

  it('every --gh-* property the widget reads is listed, and every listed one is read (none stale)', () => {
    const sources = [paletteRules, space(1), ...widgetFiles.filter((f) => f !== THEME_FILE).map(read)].join('\n')
    const used = new Set([...sources.matchAll(/--gh-[a-z-]+/g)].map((m) => m[0]))
    expect([...used].filter((name) => !names.includes(name as never))).toEqual([])
    expect(names.filter((name) => !used.has(name))).toEqual([])
  })

  it("README's property table lists every property with its light and dark defaults", () => {
    const table = rows('| property | light default | dark default |')
    expect(table.map((r) => code(r[0]!))).toEqual(names)
    for (const [i, p] of THEME_PROPERTIES.entries()) {
      expect(table[i]!.slice(1, 3).map(code), p.name).toEqual([p.theme === 'dark' ? '—' : p.value, p.theme === 'light' ? '—' : p.value])
      expect(table[i]![3], `${p.name} says what it styles`).toBeTruthy()
    }
  })

  it("README's part table lists every part and its tags", () => {
    const table = rows('| part | tags |')
    expect(table.map((r) => [code(r[0]!), [...r[1]!.matchAll(/<([a-z-]+)>/g)].map((m) => m[1])])).toEqual(THEME_PARTS.map((p) => [p.name, p.tags]))
  })

  for (const tag of TAGS) {
    it(`custom-elements.json has <${tag}>'s cssProperties and cssParts`, () => {
      const d = declaration(tag)
      expect(d.cssProperties?.map((p) => [p.name, p.default])).toEqual(tagProperties(tag).map((p) => [p.name, p.derived ? undefined : p.value]))
      expect(d.cssParts?.map((p) => p.name)).toEqual(THEME_PARTS.filter((p) => p.tags.includes(tag)).map((p) => p.name))
    })
  }

  it('the parts the screens render are the documented ones, none missing and none stale', () => {
    expect([...partsIn(widgetFiles)].sort()).toEqual(THEME_PARTS.map((p) => p.name).sort())
    const signPrompt = widgetFiles.filter((f) => /^src\/screens\/(sign|transactions)\//.test(f))
    const documented = THEME_PARTS.filter((p) => p.tags.includes('sign-prompt')).map((p) => p.name)
    expect([...partsIn(signPrompt)].filter((name) => !documented.includes(name))).toEqual([])
    expect([...partsIn(['elements/fund-button/fund-button.element.ts'])].sort()).toEqual(['button', 'primary-button'])
  })
})
