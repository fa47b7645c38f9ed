/**
 * README.md's member tables list every public method and property each tag has, as the generated
 * custom-elements.json describes them: a newcomer reading the README misses nothing.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readmeTagSnippet } from './readme-snippet.ts'

interface Member {
  kind: string
  name: string
  privacy?: string
  static?: boolean
}
interface Declaration {
  tagName?: string
  members?: Member[]
}

const manifest = JSON.parse(readFileSync(new URL('../custom-elements.json', import.meta.url), 'utf8')) as { modules: { declarations?: Declaration[] }[] }
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const tags = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName)

/** The README section of one tag: from its `### \`<tag>\`` heading to the next heading. */
function section(tag: string): string {
  const start = readme.indexOf(`### \`<${tag}>\``)
  if (start < 0) return ''
  const next = readme.slice(start + 1).search(/\n#{1,3} /)
  return next < 0 ? readme.slice(start) : readme.slice(start, start + 1 + next)
}

describe('README member tables', () => {
  it('cover every tag', () => {
    expect(tags.map((t) => t.tagName).sort()).toEqual(['auth-modal', 'fund-button', 'sign-prompt'])
  })

  for (const tag of tags) {
    it(`list every public method and property of <${tag.tagName}>`, () => {
      const text = section(tag.tagName!)
      expect(text, `README.md has no '### \`<${tag.tagName}>\`' section`).not.toBe('')
      const rows = text.split('\n').filter((line) => line.startsWith('| `'))
      const named = (member: Member) =>
        rows.some((row) => (member.kind === 'method' ? row.includes(`\`${member.name}(`) : new RegExp(`\`${member.name}\`[^(]`).test(row.split('|')[1] ?? '')))
      const missing = (tag.members ?? []).filter(
        (m) => (m.kind === 'method' || m.kind === 'field') && (m.privacy ?? 'public') === 'public' && !m.static && !named(m),
      )
      expect(missing.map((m) => `${m.kind} ${m.name}`)).toEqual([])
    })
  }
})

describe("README 'Using the tag'", () => {
  it('loads the widget from the API server under the version this package builds (routes/widget.ts)', () => {
    const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
    expect(readmeTagSnippet()).toContain(`<script type="module" src="https://your-api.example/widget/${version}/elements.js"></script>`)
  })
})
