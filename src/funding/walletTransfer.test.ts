import { describe, expect, it } from 'vitest'
import type { ExternalWallet } from '../stores/externalWallets.ts'
import type { FundingConfig } from './config.ts'
import { sendFromWallet } from './walletTransfer.ts'

const ethereumWallet = { address: '0x1111111111111111111111111111111111111111', chainType: 'ethereum', chainId: 'eip155:1' } as ExternalWallet

describe("'Transfer from wallet' (spec part 3 §8)", () => {
  it("error: a transfer across chain types, or from a wallet without a provider, reads 'Funding wallet is not enabled' (FUNDING_NOT_ENABLED)", async () => {
    const toSolana = { chainType: 'solana', address: 'So1ana1111111111111111111111111111111111111' } as FundingConfig
    await expect(sendFromWallet(ethereumWallet, toSolana, 1n)).rejects.toMatchObject({
      code: 'FUNDING_NOT_ENABLED',
      shortMessage: 'Funding wallet is not enabled',
    })
    const toEthereum = { chainType: 'ethereum', address: ethereumWallet.address } as FundingConfig
    await expect(sendFromWallet(ethereumWallet, toEthereum, 1n)).rejects.toMatchObject({
      code: 'FUNDING_NOT_ENABLED',
      shortMessage: 'Funding wallet is not enabled',
    })
  })
})
