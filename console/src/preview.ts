/**
 * The live preview page (preview.html, in the settings page's frame): the app's real `<auth-modal>`,
 * shown inline, fed the console's unsaved draft. The page answers the widget's read of the app's
 * public configuration with the stored one overlaid by the draft's fields of the same names, so the
 * preview shows what saving would publish. Accent colour and theme follow each keystroke through the
 * tag's attributes; any other change re-renders the page (the draft kept in sessionStorage).
 */
const appId = new URLSearchParams(location.search).get('app_id') ?? ''
const KEY = `gatehouse-console-preview:${appId}`
const APPEARANCE = new Set(['accentColor', 'theme'])
let draft = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null

const realFetch = window.fetch.bind(window)
const configPath = `/api/v1/apps/${encodeURIComponent(appId)}`
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href)
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
  const response = await realFetch(input, init)
  if (url.pathname !== configPath || method !== 'GET' || !response.ok || !draft) return response
  const stored = (await response.json()) as Record<string, unknown>
  const shown = { ...stored }
  for (const key of Object.keys(stored)) if (key !== 'id' && key in draft) shown[key] = draft[key]
  return new Response(JSON.stringify(shown), { status: 200, headers: { 'content-type': 'application/json' } })
}

const modal = document.createElement('auth-modal')
modal.setAttribute('app-id', appId)
modal.setAttribute('standalone', '')
function appearance() {
  const accent = draft?.accentColor
  if (typeof accent === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(accent)) modal.setAttribute('accent-color', accent)
  else modal.removeAttribute('accent-color')
  const theme = draft?.theme
  if (theme === 'light' || theme === 'dark') modal.setAttribute('theme', theme)
  else modal.removeAttribute('theme')
}
appearance()
document.getElementById('preview')!.append(modal)

let rerender: ReturnType<typeof setTimeout> | undefined
window.addEventListener('message', (event: MessageEvent<{ type?: string; draft?: Record<string, unknown> }>) => {
  if (event.origin !== location.origin || event.data?.type !== 'gatehouse-console-draft' || !event.data.draft) return
  const next = event.data.draft
  const changed = Object.keys({ ...next, ...draft }).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(draft?.[k]))
  const first = draft === null
  draft = next
  sessionStorage.setItem(KEY, JSON.stringify(next))
  appearance()
  if (first || changed.every((k) => APPEARANCE.has(k))) return
  clearTimeout(rerender)
  rerender = setTimeout(() => location.reload(), 400)
})
