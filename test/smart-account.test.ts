/**
 * scripts/lib/smart-account.json (what `npm start` and the tests deploy) is the compiled
 * scripts/lib/contracts/SmartAccount.sol with the solady and solc versions installed now.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
// @ts-expect-error plain ES module
import { compileSmartAccount, OUTPUT } from '../scripts/lib/compile-smart-account.mjs'

it('the committed smart-account artifacts are the compiled source (run node scripts/lib/compile-smart-account.mjs after a change)', () => {
  const committed = JSON.parse(readFileSync(OUTPUT, 'utf8'))
  const fresh = compileSmartAccount()
  expect(committed.solady).toBe(fresh.solady)
  expect(committed.solc).toBe(fresh.solc)
  expect(committed.SmartAccount.bytecode).toBe(fresh.SmartAccount.bytecode)
  expect(committed.SmartAccountFactory.bytecode).toBe(fresh.SmartAccountFactory.bytecode)
  expect(committed.SmartAccountFactory.abi.map((f: { name?: string }) => f.name)).toContain('createAccount')
})
