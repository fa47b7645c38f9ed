/**
 * The demo's theme switcher: a theme choice (the app's setting, light, dark) and an accent colour
 * that set the `theme` / `accent-color` attributes of every Gatehouse tag on the page. The choice is
 * kept in localStorage so every demo page shows it; tags a framework renders later get it too.
 * Include it with
 * `<div data-theme-switcher></div>` and `<script type="module" src="/theme-switcher.js"></script>`.
 */
const KEY = 'gatehouse-demo-theme'
const TAGS = 'auth-modal, sign-prompt, fund-button'

function load() {
  try {
    return { theme: '', accent: '', ...JSON.parse(localStorage.getItem(KEY) ?? '{}') }
  } catch {
    return { theme: '', accent: '' }
  }
}

function apply({ theme, accent }) {
  for (const tag of document.querySelectorAll(TAGS)) {
    if (theme && tag.localName !== 'fund-button') tag.setAttribute('theme', theme)
    else tag.removeAttribute('theme')
    if (accent) tag.setAttribute('accent-color', accent)
    else tag.removeAttribute('accent-color')
  }
}

for (const slot of document.querySelectorAll('[data-theme-switcher]')) {
  const state = load()
  slot.innerHTML = `
    <fieldset class="theme-switcher">
      <legend>Theme</legend>
      <label>Colour scheme
        <select data-testid="theme-select">
          <option value="">App setting</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>Accent <input type="color" data-testid="accent-input" value="${state.accent || '#676fff'}" /></label>
      <button type="button" data-testid="accent-reset">App accent</button>
    </fieldset>`
  const select = slot.querySelector('select')
  const color = slot.querySelector('input')
  select.value = state.theme
  const save = (next) => {
    Object.assign(state, next)
    localStorage.setItem(KEY, JSON.stringify(state))
    apply(state)
  }
  select.addEventListener('change', () => save({ theme: select.value }))
  color.addEventListener('input', () => save({ accent: color.value }))
  slot.querySelector('button').addEventListener('click', () => {
    color.value = '#676fff'
    save({ accent: '' })
  })
  apply(state)
  // Framework pages render their tags after this script runs: give those the choice too.
  new MutationObserver((records) => {
    if (records.some((r) => [...r.addedNodes].some((n) => n.nodeType === 1 && (n.matches(TAGS) || n.querySelector(TAGS))))) apply(state)
  }).observe(document.body, { childList: true, subtree: true })
}
