// `node scripts/fix-lockfile.mjs` after changing dependencies (src/lockfile.test.ts fails until then).
// This registry mirror carries only the platform packages this machine uses, so npm leaves the
// other optional platform packages of rollup and litesvm out of package-lock.json, and `npm ci` then refuses
// the lock. Add their entries (platform constraints only): npm never fetches a package whose
// os/cpu/libc do not match, so the lock installs the same everywhere.
import { readFileSync, writeFileSync } from 'node:fs'
const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url).pathname
const lock = JSON.parse(readFileSync(file, 'utf8'))
const cpus = { 'arm-eabi': 'arm', arm: 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' }
function platform(name) {
  const m = /^(?:@rollup\/rollup|litesvm|@msgpackr-extract\/msgpackr-extract)-([a-z0-9]+)-(.+)$/.exec(name)
  if (!m) return null
  const [, os, rest] = m
  const [cpuPart, abi] = rest === 'arm-eabi' ? ['arm-eabi', ''] : rest.split('-')
  const cpu = cpus[cpuPart]
  if (!cpu) return null
  // msgpackr-extract (under lmdb, under the Angular demo's build) publishes one package per os/cpu, any libc.
  const libc = os === 'linux' && !name.startsWith('@msgpackr-extract/') ? (abi?.startsWith('musl') ? 'musl' : 'glibc') : null
  return { os, cpu, libc }
}
let added = 0
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (lock.packages[`node_modules/${name}`] || lock.packages[`${path}/node_modules/${name}`]) continue
    const p = platform(name)
    if (!p) {
      console.log('unknown platform package, left alone:', name)
      continue
    }
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu: [p.cpu],
      ...(entry.dev ? { dev: true } : {}),
      license: lock.packages[`node_modules/${name.replace(/-[^/]*$/, '')}`]?.license ?? 'MIT',
      ...(p.libc ? { libc: [p.libc] } : {}),
      optional: true,
      os: [p.os],
    }
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)))
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`${added} lock entries added`)
