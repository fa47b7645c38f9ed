import { useState } from 'react'
import { TRANSACTION_MESSAGES } from '../../errors/transaction.ts'
import { ChainIcon } from '../../ui/ChainIcon.tsx'
import { fundsMissing, type StepView } from '../../transactions/drivers/ethereum.ts'
import type { TxParameters } from '../../transactions/types.ts'
import { explorerLink, type ChainConfig } from '../../wallets/ethereum/chains.ts'
import type { DecodedCallInfo } from '../../wallets/ethereum/decode.ts'
import type { ScanInsight } from '../../wallets/ethereum/insights.ts'
import { formatCrypto, formatUnits, formatUsd, MAX_UINT256, shortAddress } from '../../wallets/ethereum/format.ts'
import { FUNDS_REASON_ID, Row } from './parts.tsx'
import { TX_TEXTS } from './texts.ts'

/** An address, shortened, linked to the chain's explorer; plain text when the chain has no explorer. */
function AddressLink({ chain, address }: { chain: ChainConfig; address: string }) {
  const href = explorerLink(chain, 'address', address)
  if (!href) return <span title={address}>{shortAddress(address)}</span>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={address}>
      {shortAddress(address)}
    </a>
  )
}

/** Spec part 3 §3 for NFTs: token id(s), amount(s) of ERC-1155, the operator and whether it is approved or revoked. */
function NftRows({ info, chain }: { info: DecodedCallInfo; chain: ChainConfig }) {
  return (
    <>
      {info.tokenId !== undefined ? <Row label={TX_TEXTS.tokenId}>{`#${info.tokenId}`}</Row> : null}
      {info.tokenIds ? <Row label={TX_TEXTS.tokenIds}>{info.tokenIds.map((id) => `#${id}`).join(', ')}</Row> : null}
      {info.amount !== undefined ? <Row label={TX_TEXTS.amount}>{String(info.amount)}</Row> : null}
      {info.amounts ? <Row label={TX_TEXTS.amounts}>{info.amounts.map(String).join(', ')}</Row> : null}
      {info.operator ? (
        <Row label={TX_TEXTS.operator}>
          <AddressLink chain={chain} address={info.operator} />
        </Row>
      ) : null}
      {info.approved !== undefined ? <Row label={TX_TEXTS.approved}>{info.approved ? TX_TEXTS.yes : TX_TEXTS.no}</Row> : null}
    </>
  )
}

/** 'amount symbol' for each amount of a scan change, joined. */
const withSymbol = (amounts: string[], symbol: string, sign = '') => amounts.map((a) => `${sign}${a} ${symbol}`)

/**
 * Spec part 3 §2 'a scan details view': the verdict, its description and reason, what each asset
 * moves in and out for the user, and the allowances the transaction grants (exposures).
 */
function ScanDetails({ scan, chain }: { scan: ScanInsight; chain: ChainConfig }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="tx-details-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {TX_TEXTS.scanDetails}
      </button>
      {open ? (
        <dl className="tx-rows tx-details" part="scan-details">
          <Row label={TX_TEXTS.scanResult}>{scan.verdict ?? TX_TEXTS.scanUnknown}</Row>
          {scan.description ? <Row label={TX_TEXTS.scanDescription}>{scan.description}</Row> : null}
          {scan.reason ? <Row label={TX_TEXTS.scanReason}>{scan.reason}</Row> : null}
          {scan.assets.map((asset, i) => (
            <Row key={`a${i}`} label={asset.symbol}>
              {[...withSymbol(asset.in, asset.symbol, '+'), ...withSymbol(asset.out, asset.symbol, '-')].join(', ')}
            </Row>
          ))}
          {scan.exposures.map((exposure, i) => (
            <Row key={`e${i}`} label={TX_TEXTS.allowance}>
              {`${withSymbol(exposure.amounts, exposure.symbol).join(', ') || exposure.symbol} ${TX_TEXTS.to.toLowerCase()} `}
              <AddressLink chain={chain} address={exposure.spender} />
            </Row>
          ))}
        </dl>
      ) : null}
    </>
  )
}

export function Summary({ view, request, step }: { view: StepView; request: TxParameters; step: number }) {
  const [open, setOpen] = useState(false)
  const { prepared, info, token, tokenBalance, balance, usd, sponsored } = view
  const { chain } = prepared
  const native = chain.nativeCurrency
  // Spec §9: USD beside native amounts when a price is known.
  const inUsd = (wei: bigint) => (usd === null ? '' : ` (${formatUsd(Number(formatUnits(wei, native.decimals)) * usd)})`)
  const tx = request.requests[step]!
  const tokenAmount = (amount: bigint) =>
    amount === MAX_UINT256 ? TX_TEXTS.maximum : `${formatCrypto(amount, token?.decimals ?? 18)}${token?.symbol ? ` ${token.symbol}` : ''}`
  const fee = sponsored ? TX_TEXTS.sponsored : `${formatCrypto(prepared.maxFee, native.decimals)} ${native.symbol}${inUsd(prepared.maxFee)}`
  const total = prepared.value + (sponsored ? 0n : prepared.maxFee)
  const tokenCall = info.isErc20Ish || info.isNFTIsh
  // A token call's target is the token: shown once, as 'Token address' with its symbol, not again as 'To'.
  const to = info.transferTo ?? (tokenCall ? null : (tx.to ?? null))
  const symbol = token?.symbol ?? null
  const unlimited = info.isErc20Ish && info.action === 'approve' && info.amount !== undefined && info.amount >= MAX_UINT256 / 2n
  const nativeBalance = `${formatCrypto(balance, native.decimals)} ${native.symbol}`
  // Spec part 3 §2/§5: a scan that did not fail shows what the user sends and receives (its asset
  // changes) in place of the basic amount view.
  const changes = view.scan?.assets ?? []
  const sent = changes.flatMap((c) => withSymbol(c.out, c.symbol))
  const received = changes.flatMap((c) => withSymbol(c.in, c.symbol))
  const basicAmounts = changes.length === 0
  return (
    <>
      {unlimited && info.spender ? (
        <p className="tx-warning" part="allowance-warning" role="note">
          {TX_TEXTS.unlimitedAllowance(symbol ?? TX_TEXTS.thisToken, shortAddress(info.spender))}
        </p>
      ) : null}
      <dl className="tx-rows" part="transaction-summary">
        {basicAmounts && prepared.value > 0n ? (
          <Row label={TX_TEXTS.amount}>{`${formatCrypto(prepared.value, native.decimals)} ${native.symbol}${inUsd(prepared.value)}`}</Row>
        ) : null}
        {basicAmounts && info.isErc20Ish && info.amount !== undefined ? <Row label={TX_TEXTS.amount}>{tokenAmount(info.amount)}</Row> : null}
        {sent.length ? <Row label={TX_TEXTS.youSend}>{sent.join(', ')}</Row> : null}
        {received.length ? <Row label={TX_TEXTS.youReceive}>{received.join(', ')}</Row> : null}
        {info.isNFTIsh ? <NftRows info={info} chain={chain} /> : null}
        {info.spender ? (
          <Row label={TX_TEXTS.spender}>
            <AddressLink chain={chain} address={info.spender} />
          </Row>
        ) : null}
        {info.transferFrom ? (
          <Row label={TX_TEXTS.from}>
            <AddressLink chain={chain} address={info.transferFrom} />
          </Row>
        ) : null}
        {to ? (
          <Row label={TX_TEXTS.to}>
            <AddressLink chain={chain} address={to} />
          </Row>
        ) : null}
        {tokenCall && tx.to ? (
          <Row label={TX_TEXTS.tokenAddress}>
            {symbol ? <span className="tx-token-symbol">{symbol}</span> : null}
            <AddressLink chain={chain} address={tx.to} />
          </Row>
        ) : null}
        <Row label={TX_TEXTS.network}>
          <ChainIcon chain={chain.id} />
          {chain.name}
        </Row>
        <Row label={TX_TEXTS.estimatedFee}>{fee}</Row>
      </dl>
      <button type="button" className="tx-details-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {TX_TEXTS.details}
      </button>
      {open ? (
        <dl className="tx-rows tx-details" part="transaction-details">
          <Row label={TX_TEXTS.from}>
            <AddressLink chain={chain} address={request.address} />
          </Row>
          {tx.to ? (
            <Row label={TX_TEXTS.to}>
              <AddressLink chain={chain} address={tx.to} />
            </Row>
          ) : null}
          <Row label={TX_TEXTS.action}>{info.functionName ?? info.action}</Row>
          <Row label={TX_TEXTS.estFees}>{fee}</Row>
          <Row label={TX_TEXTS.total}>{`${formatCrypto(total, native.decimals)} ${native.symbol}`}</Row>
        </dl>
      ) : null}
      {view.scan ? <ScanDetails scan={view.scan} chain={chain} /> : null}
      <div className="tx-balance" part="balance-card">
        <span>{shortAddress(request.address)}</span>
        <span>
          {TX_TEXTS.balance}{' '}
          {info.isErc20Ish && tokenBalance !== null
            ? `${formatCrypto(tokenBalance, token?.decimals ?? 18)}${symbol ? ` ${symbol}` : ''} · ${nativeBalance}`
            : nativeBalance}
        </span>
      </div>
      {fundsMissing(view) ? (
        <p className="error-message" role="alert" id={FUNDS_REASON_ID}>
          {TRANSACTION_MESSAGES.addFunds(chain.name)}
        </p>
      ) : null}
    </>
  )
}
