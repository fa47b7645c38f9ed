// Compiles scripts/lib/contracts/SmartAccount.sol (Solady's ERC-4337 account and factory from the
// `solady` npm package) with solc-js into scripts/lib/smart-account.json, which `npm start` and the
// tests deploy (compiling takes half a minute on a slow machine). Run after changing the source or
// the solady/solc versions: `node scripts/lib/compile-smart-account.mjs`; test/smart-account.test.ts
// fails while the JSON is out of step.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
export const SOURCE = fileURLToPath(new URL('./contracts/SmartAccount.sol', import.meta.url))
export const OUTPUT = fileURLToPath(new URL('./smart-account.json', import.meta.url))

export function compileSmartAccount() {
  const solc = require('solc')
  const input = {
    language: 'Solidity',
    sources: { 'SmartAccount.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { 'SmartAccount.sol': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const findImports = (path) => {
    try {
      return { contents: readFileSync(require.resolve(path.replace(/^solady\//, 'solady/src/')), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const pick = (name) => ({
    abi: output.contracts['SmartAccount.sol'][name].abi,
    bytecode: `0x${output.contracts['SmartAccount.sol'][name].evm.bytecode.object}`,
  })
  return {
    solady: require('solady/package.json').version,
    solc: require('solc/package.json').version,
    SmartAccount: pick('SmartAccount'),
    SmartAccountFactory: pick('SmartAccountFactory'),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, JSON.stringify(compileSmartAccount()) + '\n')
  console.log(`wrote ${OUTPUT}`)
}
