/**
 * The README's first 'Using the tag' snippet, as written: the first ```html block under
 * '## Using the tag'. Its placeholders (the API origin and the app id) are the only things a reader
 * replaces, and the only things a test replaces.
 */
import { readFileSync } from 'node:fs'

export const README_API_ORIGIN = 'https://your-api.example'
export const README_APP_ID = 'your-25-character-app-id'

export function readmeTagSnippet(readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')): string {
  const section = readme.indexOf('\n## Using the tag\n')
  if (section < 0) throw new Error("README.md has no '## Using the tag' section")
  const block = /```html\n([\s\S]*?)```/.exec(readme.slice(section))
  if (!block) throw new Error("README.md's 'Using the tag' section has no html block")
  return block[1]
}

/** The snippet with the reader's own API origin and app id in place of the placeholders. */
export function fillReadmeSnippet(snippet: string, apiUrl: string, appId: string): string {
  if (!snippet.includes(README_API_ORIGIN) || !snippet.includes(README_APP_ID))
    throw new Error(`the README snippet no longer names ${README_API_ORIGIN} and ${README_APP_ID}`)
  return snippet.split(README_API_ORIGIN).join(apiUrl).split(README_APP_ID).join(appId)
}
