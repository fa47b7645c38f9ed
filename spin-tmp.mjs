import { chromium } from 'playwright-core'
import { readFileSync, readdirSync } from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/main/test/chromium.mjs'
const extra = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--spin-probe-xyz', ...extra] })
function tree() {
  const procs = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map((pid) => { try { const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); return { pid: +pid, ppid: +f[1], cpu: +f[11] + +f[12], cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') } } catch { return null } }).filter(Boolean)
  const root = procs.filter((p) => p.cmd.includes('--spin-probe-xyz')).map((p) => p.pid)
  const set = new Set(root); let grew = true
  while (grew) { grew = false; for (const p of procs) if (set.has(p.ppid) && !set.has(p.pid)) { set.add(p.pid); grew = true } }
  return Object.fromEntries(procs.filter((p) => set.has(p.pid)).map((p) => [p.pid + ' ' + ((p.cmd.match(/--type=([a-z-]+)/) || [, 'browser'])[1]) + (p.cmd.includes('utility-sub-type') ? ':' + p.cmd.match(/--utility-sub-type=([a-zA-Z.]+)/)?.[1] : ''), p.cpu]))
}
const page = await browser.newPage()
await page.setContent(`<div>hi</div>`)
await new Promise((r) => setTimeout(r, 2000))
const a = tree()
await new Promise((r) => setTimeout(r, 8000))
const b = tree()
for (const k of Object.keys(b)) console.log(k, ((b[k] - (a[k] ?? 0)) / 100).toFixed(2))
await browser.close()
