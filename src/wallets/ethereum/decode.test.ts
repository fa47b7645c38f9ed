import { encodeFunctionData, erc20Abi, erc721Abi, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCall } from './decode.ts'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const MAX = 2n ** 256n - 1n

describe('decoded call info (spec part 3 §3)', () => {
  it('ERC-20 approve and transfer: action, spender or recipient, amount', () => {
    expect(decodeCall(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [A, MAX] }), true)).toMatchObject({
      action: 'approve',
      isErc20Ish: true,
      spender: A,
      amount: MAX,
    })
    expect(decodeCall(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [B, 5n] }), true)).toMatchObject({
      action: 'transfer',
      transferTo: B,
      amount: 5n,
    })
  })
  it('NFT transfers and operator approvals when the target is not an ERC-20', () => {
    const transfer = encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [A, B, 7n] })
    expect(decodeCall(transfer, false)).toMatchObject({ action: 'transfer', isNFTIsh: true, transferFrom: A, transferTo: B, tokenId: 7n })
    const operator = encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [B, true] })
    expect(decodeCall(operator, false)).toMatchObject({ action: 'approve', isNFTIsh: true, operator: B, approved: true })
    const batch = encodeFunctionData({
      abi: parseAbi(['function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)']),
      functionName: 'safeBatchTransferFrom',
      args: [A, B, [1n, 2n], [3n, 4n], '0x'],
    })
    expect(decodeCall(batch, false)).toMatchObject({ action: 'batch transfer', tokenIds: [1n, 2n], amounts: [3n, 4n] })
  })
  it('an ERC-721 approve of one token id, a transferFrom, and an ERC-1155 single transfer with its amount', () => {
    const approve = encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [B, 9n] })
    // The same bytes are an ERC-20 approve when the target answers decimals().
    expect(decodeCall(approve, false)).toMatchObject({ action: 'approve', isNFTIsh: true, isErc20Ish: false, spender: B, tokenId: 9n })
    expect(decodeCall(approve, true)).toMatchObject({ action: 'approve', isErc20Ish: true, isNFTIsh: false, spender: B, amount: 9n })
    const transferFrom = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [A, B, 3n] })
    expect(decodeCall(transferFrom, false)).toMatchObject({ action: 'transfer', functionName: 'transferFrom', transferFrom: A, transferTo: B, tokenId: 3n })
    const single = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)']),
      functionName: 'safeTransferFrom',
      args: [A, B, 5n, 12n, '0x'],
    })
    expect(decodeCall(single, false)).toMatchObject({ action: 'transfer', isNFTIsh: true, transferFrom: A, transferTo: B, tokenId: 5n, amount: 12n })
    const revoke = encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [B, false] })
    expect(decodeCall(revoke, false)).toMatchObject({ action: 'approve', operator: B, approved: false })
  })
  it("anything else is a plain 'transaction'", () => {
    expect(decodeCall(undefined, false)).toMatchObject({ action: 'transaction', isErc20Ish: false, isNFTIsh: false })
    expect(decodeCall('0xdeadbeef', true)).toMatchObject({ action: 'transaction' })
  })
})
