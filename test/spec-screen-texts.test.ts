/**
 * Every quoted text of the spec's screen lists for recovery, MFA and login (part 2 §2 'Creation,
 * recovery and password', 'MFA verification', 'MFA enrollment'; part 1 §2) is quoted by some test
 * file, as spec part 1 §8's error texts are (src/errors/catalogue.test.ts). Reads the spec beside the
 * repo (`../shared/spec/`, or GATEHOUSE_SPEC_DIR; skipped with a warning when absent). A placeholder (`X`, `{provider}`)
 * matches any filled-in value ('Backing up with iCloud...').
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
/** The spec folder beside the repo; GATEHOUSE_SPEC_DIR points elsewhere (a worktree one level deeper). */
const SPEC = process.env.GATEHOUSE_SPEC_DIR ?? join(ROOT, '../shared/spec')
const SELF = fileURLToPath(import.meta.url)

/** The sections audited: a spec file and the headings that open and close each section. */
const SECTIONS = [
  { file: '2-wallets-recovery-mfa.md', from: '### Creation, recovery and password', to: '### Delegated actions' },
  { file: '1-login.md', from: '## 2. Screens and routes', to: '## 3.' },
]

/** Quoted words that name flows or values, not texts a user reads. */
const NOT_TEXTS = new Set(['auth', 'txn'])

/** The single-quoted texts between two headings; an apostrophe inside a word ("it's") does not end a quote. */
export function quotedTexts(spec: string, from: string, to: string): string[] {
  const start = spec.indexOf(from)
  const end = spec.indexOf(to, start + from.length)
  if (start < 0 || end < 0) throw new Error(`spec has no '${from}' … '${to}' section`)
  const quotes = spec.slice(start, end).matchAll(/(?<![\w])'((?:[^'\n]|'(?=[a-z]))+)'(?![a-z])/g)
  return [...new Set([...quotes].map((m) => m[1]!))].filter((t) => !NOT_TEXTS.has(t))
}

/** A quoted occurrence of `text` in a test; `X` and `{name}` placeholders match any value within the same string. */
export function quotedPattern(text: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const body = text
    .split(/\{[a-zA-Z]+\}|\bX\b/)
    .map(escape)
    .join('[^\'"`\\n]+?')
  return new RegExp(`['"\`]${body}['"\`]`)
}

function testFiles(): { path: string; text: string }[] {
  return ['test', 'src', 'elements', 'server', 'frame', 'console']
    .flatMap((dir) => (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).map((p) => join(ROOT, dir, p)))
    .filter((p) => /\.test\.tsx?$/.test(p) && p !== SELF && !p.includes('node_modules'))
    .map((p) => ({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') }))
}

describe('the text extraction', () => {
  it('keeps apostrophes inside words, drops flow names, and fills placeholders within one string', () => {
    const spec = "## A\n- 'Confirm it's really you' with 'Confirm with X'; flows 'auth' and 'txn'; 'You don't have access'.\n## B 'Later'"
    expect(quotedTexts(spec, '## A', '## B')).toEqual(["Confirm it's really you", 'Confirm with X', "You don't have access"])
    expect(quotedPattern('Backing up with X...').test(`getByText('Backing up with iCloud...')`)).toBe(true)
    expect(quotedPattern('Backing up with X...').test(`getByText('Backing up with iCloud')`)).toBe(false)
    expect(quotedPattern('X is associated with another account').test(`'ada@example.com is associated with another account'`)).toBe(true)
    expect(quotedPattern('Success').test(`'Success!'`)).toBe(false)
  })
})

const present = existsSync(SPEC)
if (!present) console.warn(`[spec screen texts] skipped: ${SPEC} not found (the spec folder lives beside the repo in CI).`)

describe.skipIf(!present)('spec screen texts (part 2 §2 recovery and MFA, part 1 §2): each is quoted by a test', () => {
  const texts = present ? SECTIONS.flatMap((s) => quotedTexts(readFileSync(join(SPEC, s.file), 'utf8'), s.from, s.to)) : []
  const files = present ? testFiles() : []

  it('the sections yield their texts (sanity)', () => {
    expect(texts.length).toBeGreaterThan(80)
    for (const t of ["Confirm it's really you", 'Recovering with X...', 'Enable passkeys', 'Unknown device', 'Add more security', 'All set!']) {
      expect(texts).toContain(t)
    }
  })

  it.each([...new Set(texts)])('%s', (text) => {
    const pattern = quotedPattern(text)
    expect(
      files.filter((f) => pattern.test(f.text)).map((f) => f.path),
      `no test file quotes '${text}'`,
    ).not.toEqual([])
  })
})
