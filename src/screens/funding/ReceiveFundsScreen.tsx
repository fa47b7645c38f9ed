import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { formatUnits, parseUnits, readBalance } from '../../funding/balance.ts'
import { FUNDING_TIMING } from '../../funding/flows.ts'
import { receiveQrText } from '../../funding/config.ts'
import { $funding, completeFunding, fundingResult } from '../../funding/session.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ChainIcon } from '../../ui/ChainIcon.tsx'
import { space as s } from '../../ui/theme.ts'
import { qrSvgDataUrl } from '../../platform/qr.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { FUNDING_TEXT } from './texts.ts'

/** Spec §9: receive QR size 200; copy confirmation 2 s. */
const QR_SIZE = 200
const COPIED_MS = 2000

/**
 * 'Receive funds' (spec part 3 §2, §4): the address as a QR code (Solana USDC with its token
 * parameter), the balance polled every 2 s; Continue once it rose above the first read, green once
 * it reaches the requested amount.
 */
export default function ReceiveFundsScreen() {
  const config = useStore($funding)
  const [qr, setQr] = useState<string | null>(null)
  const [first, setFirst] = useState<bigint | null>(null)
  const [balance, setBalance] = useState<bigint | null>(null)
  const [copied, setCopied] = useState(false)
  const network = config ? (config.chainType === 'solana' ? config.cluster!.label : config.chain!.name) : ''
  const qrText = config ? receiveQrText(config) : ''

  useEffect(() => {
    if (qrText) void qrSvgDataUrl(qrText, { width: QR_SIZE }).then(setQr)
  }, [qrText])

  useEffect(() => {
    if (!config) return
    let stopped = false
    let firstRead: bigint | null = null
    const poll = async () => {
      try {
        const value = await readBalance(config)
        if (stopped) return
        if (firstRead === null) setFirst((firstRead = value))
        setBalance(value)
      } catch {
        // The next poll tries again; a read failure shows the last balance.
      }
    }
    void poll()
    const timer = setInterval(poll, FUNDING_TIMING.receivePollMs)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [config?.address, config?.erc20Address, config?.chain?.id, config?.cluster?.rpcUrl])

  if (!config) return null
  const decimals = config.decimals ?? 18
  const received = first !== null && balance !== null && balance > first
  const reached = Boolean(config.amount && balance !== null && balance >= parseUnits(config.amount, decimals))
  const title = config.uiConfig.receiveFundsTitle ?? FUNDING_TEXT.receiveTitle(config.amount, config.symbol)
  const subtitle = config.uiConfig.receiveFundsSubtitle ?? FUNDING_TEXT.receiveSubtitle(network)

  const copy = async () => {
    await navigator.clipboard?.writeText(config.address).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), COPIED_MS)
  }
  const finish = () => {
    const increase = balance !== null && first !== null ? formatUnits(balance - first, decimals) : null
    completeFunding(fundingResult(config, { provider: 'manual', status: 'completed', destinationValue: increase }))
    closeModal()
  }

  return (
    <div className="body" part="body" data-screen="funding-receive">
      {title === '' ? null : <ScreenTitle>{title}</ScreenTitle>}
      {subtitle === '' ? null : <p className="detail">{subtitle}</p>}
      {qr ? (
        <img part="funding-qr" src={qr} width={QR_SIZE} height={QR_SIZE} alt="Wallet address QR code" data-qr-text={qrText} style={{ alignSelf: 'center' }} />
      ) : null}
      {/* Spec §9's chain icon beside the network the funds must be sent on (a generic one for a chain outside the set). */}
      <p className="detail" data-network={network} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: s(1.5) }}>
        <ChainIcon chain={config.chainType === 'solana' ? 'solana' : config.chain!.id} fallback />
        <span>{FUNDING_TEXT.sendOn(network)}</span>
      </p>
      <div part="balance-card" className="secret" data-balance={balance?.toString() ?? ''} data-reached={String(reached)}>
        <span>{config.address}</span>
        <br />
        <span style={{ color: reached ? 'var(--gh-success)' : undefined }}>
          {balance === null ? '…' : `${formatUnits(balance, decimals)} ${config.symbol}`}
          {reached ? ' ✓' : ''}
        </span>
      </div>
      <SecondaryButton onClick={copy}>{copied ? FUNDING_TEXT.copied : FUNDING_TEXT.copy}</SecondaryButton>
      {received ? <PrimaryButton onClick={finish}>{FUNDING_TEXT.continue}</PrimaryButton> : null}
    </div>
  )
}
