// The short table `npm run bench` prints after its JSON lines, for a person: each figure with its
// value, its target where it has one, and whether it is within. The JSON lines stay the record.

const kb = (bytes) => (bytes == null ? 'missing' : `${(bytes / 1024).toFixed(1)} KB`)
const ms = (value) => `${value} ms`

/**
 * Rows [figure, value, target?, within target?] for the bench lines it knows; others stay JSON only.
 * @param {Record<string, any>[]} figures
 * @returns {[string, string, string?, boolean?][]}
 */
export function benchRows(figures) {
  return figures.flatMap((f) => {
    if (f.bench === 'landing-js') return [['landing JavaScript (gzip)', kb(f.gzipBytes), kb(f.targetBytes), f.withinTarget]]
    if (f.bench === 'landing-js-base') return [[`landing JavaScript (gzip), ${f.build}`, kb(f.gzipBytes)]]
    if (f.bench === 'landing-paint')
      return [
        [`cold open → landing painted, 1.6 Mbps / 150 ms, ${f.build}`, ms(f.paintMs)],
        [`landing → code screen, e-mail submitted at once, ${f.build}`, ms(f.codeAtOnceMs)],
        [`landing → code screen, after 3 s of typing, ${f.build}`, ms(f.codeAfterTypingMs)],
      ]
    if (f.bench === 'fund-button-js') return [['<fund-button> JavaScript before the button paints (gzip)', kb(f.gzipBytes), kb(f.targetBytes), f.withinTarget]]
    if (f.bench === 'console-js')
      return [
        ['console first page JavaScript (gzip)', kb(f.gzipBytes), kb(f.targetBytes), f.withinTarget],
        ['console first page with the login widget (gzip)', kb(f.gzipBytes + (f.widgetGzipBytes ?? 0))],
      ]
    if (f.bench === 'dist-size') return [[`dist/ (${f.files} files, gzip)`, kb(f.gzipBytes)]]
    if (f.bench === 'connector-chunks')
      return [
        ['WalletConnect chunk (gzip)', kb(f.walletConnectGzipBytes)],
        ['Coinbase Wallet chunk (gzip)', kb(f.coinbaseGzipBytes)],
      ]
    if (f.bench === 'wallet-create')
      return [
        ['wallet creation, Ethereum', ms(f.ethereumMs)],
        ['wallet creation, Solana', ms(f.solanaMs)],
      ]
    if (f.bench.startsWith('sign-warm-')) {
      const chain = f.bench.slice('sign-warm-'.length)
      return [
        [`warm signing p50, ${chain}`, ms(f.p50Ms), ms(f.targetP50Ms), f.withinTarget],
        [`warm signing p95, ${chain}`, ms(f.p95Ms)],
      ]
    }
    if (f.bench === 'server-sign')
      return [
        [`server-side ${f.method} round trip p50 (${f.database})`, ms(f.p50Ms), ms(f.target.p50Ms), f.p50Ms <= f.target.p50Ms],
        [
          `server-side signatures per second (${f.database})`,
          `${f.signaturesPerSecond}/s`,
          `${f.target.signaturesPerSecond}/s`,
          f.signaturesPerSecond >= f.target.signaturesPerSecond,
        ],
      ]
    if (f.bench === 'tx-screen-js') return [['confirmation screen JavaScript (gzip)', kb(f.gzipBytes)]]
    if (f.bench === 'smart-wallet-userop')
      return [
        ['user operation → receipt, first (deploys the account)', ms(f.firstMs)],
        [`user operation → receipt, median of ${f.samples}`, ms(f.medianMs)],
        ['sponsor cost per token transfer, paymaster (operation gas)', `${f.paymasterCostWei} wei`],
        ['sponsor cost per token transfer, top-up relay (user keeps the rest)', `${f.topUpCostWei} wei (user keeps ${f.topUpUserLeftoverWei} wei)`],
      ]
    if (f.bench === 'solana-tx-screen-js') return [['Solana confirmation screen JavaScript (gzip)', kb(f.gzipBytes)]]
    if (f.bench === 'tx-screen-open')
      return [
        ['sendTransaction → screen painted, first', ms(f.firstMs)],
        ['sendTransaction → screen painted, p50', ms(f.p50Ms)],
        ['sendTransaction → screen painted, p95', ms(f.p95Ms)],
      ]
    if (f.bench === 'email-login-throughput')
      return [
        [
          `e-mail logins per second (${f.database})`,
          String(f.loginsPerSecond),
          String(f.target.loginsPerSecond),
          f.loginsPerSecond >= f.target.loginsPerSecond,
        ],
        ['e-mail login p99', ms(f.p99Ms), ms(f.target.p99Ms), f.p99Ms <= f.target.p99Ms],
        ['e-mail logins per second, device-bound', String(f.deviceBoundLoginsPerSecond)],
        [
          'cost of device binding',
          `${f.deviceBindingCostPercent} %`,
          `≤ ${f.target.deviceBindingCostPercent} %`,
          f.deviceBindingCostPercent <= f.target.deviceBindingCostPercent,
        ],
      ]
    if (f.bench.startsWith('owner-users-')) {
      const db = f.bench.slice('owner-users-'.length)
      return [
        [`user search by e-mail p95, ${f.users} users (${db})`, ms(f.searchEmailP95Ms), ms(f.targetP95Ms), f.searchEmailP95Ms <= f.targetP95Ms],
        [`user search by wallet address p95, ${f.users} users (${db})`, ms(f.searchWalletP95Ms), ms(f.targetP95Ms), f.searchWalletP95Ms <= f.targetP95Ms],
        [`user export, peak RSS during (${db})`, `${f.exportPeakRssMiB} MiB`, 'flat', f.exportMemoryFlat],
      ]
    }
    if (f.bench === 'webhook-deliveries')
      return [
        [
          `webhook deliveries per second (${f.database}, ${f.delivered}/${f.events})`,
          String(f.deliveriesPerSecond),
          String(f.target.deliveriesPerSecond),
          f.withinTarget,
        ],
      ]
    if (f.bench === 'outbox-login-cost')
      return [
        [`e-mail ${f.kind === 'login' ? 'logins of existing users' : 'sign-ups'} per second with the webhook outbox`, String(f.loginsPerSecondWithOutbox)],
        [`e-mail ${f.kind === 'login' ? 'logins of existing users' : 'sign-ups'} per second without it`, String(f.loginsPerSecondWithoutOutbox)],
        [
          `cost of the outbox write, ${f.kind} (rounds ${f.roundCostPercent[0]} … ${f.roundCostPercent[f.roundCostPercent.length - 1]} %)`,
          `${f.outboxCostPercent} %`,
          `≤ ${f.target.outboxCostPercent} %`,
          f.withinTarget,
        ],
        [
          `server CPU per ${f.kind}, with / without the outbox (its share)`,
          `${f.cpuMsPerLoginWithOutbox} / ${f.cpuMsPerLoginWithoutOutbox} ms (${f.outboxCpuCostPercent} %)`,
        ],
      ]
    return []
  })
}

/** The rows as aligned text columns under a header. */
export function benchTable(figures) {
  const rows = benchRows(figures).map(([figure, value, target, within]) => [figure, value, target ?? '-', within === undefined ? '-' : within ? 'yes' : 'NO'])
  const all = [['figure', 'value', 'target', 'within target'], ...rows]
  const widths = all[0].map((_, i) => Math.max(...all.map((row) => row[i].length)))
  return all
    .map((row) =>
      row
        .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
        .join('   ')
        .trimEnd(),
    )
    .join('\n')
}
