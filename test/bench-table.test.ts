/** The table `npm run bench` prints after its JSON lines: value, target and whether it is within. */
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module of the benchmarks
import { benchTable } from '../bench/table.mjs'

describe('the bench table', () => {
  it('lists each figure with its value, its target where it has one, and whether it is within', () => {
    const table: string = benchTable([
      { bench: 'landing-js', gzipBytes: 92262, targetBytes: 81920, withinTarget: false },
      { bench: 'fund-button-js', gzipBytes: 4107, targetBytes: 15360, withinTarget: true, files: ['fund-button.js'] },
      { bench: 'console-js', gzipBytes: 76800, targetBytes: 153600, withinTarget: true, files: ['assets/main.js'], widgetGzipBytes: 92262 },
      { bench: 'dist-size', files: 120, gzipBytes: 1200000 },
      { bench: 'sign-warm-solana', samples: 30, p50Ms: 12.3, p95Ms: 20.1, targetP50Ms: 20, withinTarget: true },
      {
        bench: 'email-login-throughput',
        database: 'sqlite',
        loginsPerSecond: 412.5,
        p99Ms: 84.2,
        deviceBoundLoginsPerSecond: 395.1,
        deviceBindingCostPercent: 4.2,
        target: { loginsPerSecond: 500, p99Ms: 100, deviceBindingCostPercent: 10 },
      },
      { bench: 'tx-screen-js', files: ['chunks/TransactionView.js'], gzipBytes: 22486 },
      { bench: 'tx-screen-open', firstMs: 479.9, samples: 30, p50Ms: 72.8, p95Ms: 85 },
      { bench: 'something-new', value: 1 },
    ])
    const rows = table.split('\n').map((line) => line.split(/ {3,}/).map((cell) => cell.trim()))
    expect(rows).toEqual([
      ['figure', 'value', 'target', 'within target'],
      ['landing JavaScript (gzip)', '90.1 KB', '80.0 KB', 'NO'],
      ['<fund-button> JavaScript before the button paints (gzip)', '4.0 KB', '15.0 KB', 'yes'],
      ['console first page JavaScript (gzip)', '75.0 KB', '150.0 KB', 'yes'],
      ['console first page with the login widget (gzip)', '165.1 KB', '-', '-'],
      ['dist/ (120 files, gzip)', '1171.9 KB', '-', '-'],
      ['warm signing p50, solana', '12.3 ms', '20 ms', 'yes'],
      ['warm signing p95, solana', '20.1 ms', '-', '-'],
      ['e-mail logins per second (sqlite)', '412.5', '500', 'NO'],
      ['e-mail login p99', '84.2 ms', '100 ms', 'yes'],
      ['e-mail logins per second, device-bound', '395.1', '-', '-'],
      ['cost of device binding', '4.2 %', '≤ 10 %', 'yes'],
      ['confirmation screen JavaScript (gzip)', '22.0 KB', '-', '-'],
      ['sendTransaction → screen painted, first', '479.9 ms', '-', '-'],
      ['sendTransaction → screen painted, p50', '72.8 ms', '-', '-'],
      ['sendTransaction → screen painted, p95', '85 ms', '-', '-'],
    ])
  })

  it('shows the owner API user figures per database: both search p95s against 20 ms, and the export peak RSS against flat', () => {
    const table: string = benchTable([
      {
        bench: 'owner-users-postgres',
        users: 1000000,
        searchEmailP95Ms: 12.5,
        searchWalletP95Ms: 25,
        targetP95Ms: 20,
        exportPeakRssMiB: 300.5,
        exportMemoryFlat: true,
      },
    ])
    const rows = table.split('\n').map((line) => line.split(/ {3,}/).map((cell) => cell.trim()))
    expect(rows.slice(1)).toEqual([
      ['user search by e-mail p95, 1000000 users (postgres)', '12.5 ms', '20 ms', 'yes'],
      ['user search by wallet address p95, 1000000 users (postgres)', '25 ms', '20 ms', 'NO'],
      ['user export, peak RSS during (postgres)', '300.5 MiB', 'flat', 'yes'],
    ])
  })

  it('shows the smart-wallet figures: user operation latency and the sponsor cost beside the top-up relay', () => {
    const table: string = benchTable([
      {
        bench: 'smart-wallet-userop',
        samples: 10,
        firstMs: 8403,
        medianMs: 1646,
        paymasterCostWei: '272814309284200',
        topUpCostWei: '58216108091516',
        topUpUserLeftoverWei: '536406556896',
      },
    ])
    const rows = table.split('\n').map((line) => line.split(/ {3,}/).map((cell) => cell.trim()))
    expect(rows.slice(1)).toEqual([
      ['user operation → receipt, first (deploys the account)', '8403 ms', '-', '-'],
      ['user operation → receipt, median of 10', '1646 ms', '-', '-'],
      ['sponsor cost per token transfer, paymaster (operation gas)', '272814309284200 wei', '-', '-'],
      ['sponsor cost per token transfer, top-up relay (user keeps the rest)', '58216108091516 wei (user keeps 536406556896 wei)', '-', '-'],
    ])
  })
})
