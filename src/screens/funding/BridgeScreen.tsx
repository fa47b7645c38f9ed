import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { BRIDGE_TEXT, bridgeOptions, bridgeStatus, type BridgeOption } from '../../funding/bridge.ts'
import { parseUnits } from '../../funding/balance.ts'
import { FUNDING_TIMING } from '../../funding/flows.ts'
import { $funding, completeFunding, fundingResult } from '../../funding/session.ts'
import { sendBridgeTransaction } from '../../funding/walletTransfer.ts'
import { $config } from '../../stores/config.ts'
import { $externalWallets } from '../../stores/externalWallets.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { formatUnits } from '../../funding/balance.ts'

type Phase =
  | { name: 'quoting' }
  | { name: 'choose'; options: BridgeOption[] }
  | { name: 'submitting' }
  | { name: 'polling'; hash: string }
  | { name: 'success'; hash: string }
  | { name: 'failed'; hash: string | null }
  | { name: 'error'; message: string }

/**
 * Bridge funding (spec part 3 §2, §4): Solana from an Ethereum wallet, or Ethereum from a Solana
 * wallet (its own prompt signs the quote's Solana instructions); quotes per source chain,
 * the choice, chain switch and send through the connected wallet, the relay status every 1 s;
 * 'Success!' closes after 4 s, refund and failure show the failure screen.
 */
export default function BridgeScreen({ source, amount }: { source: string; amount: string }) {
  const config = useStore($funding)
  const { app } = useStore($config)
  const apiUrl = app?.funding?.bridgeApiUrl ?? ''
  const wallet = $externalWallets.get().find((w) => w.address === source)
  const [phase, setPhase] = useState<Phase>({ name: 'quoting' })
  const [sourceChain, setSourceChain] = useState<string | null>(null)

  useEffect(() => {
    if (!config) return
    bridgeOptions(apiUrl, config, source, wallet?.chainType ?? 'ethereum', parseUnits(amount, config.decimals ?? 18)).then(
      (options) => setPhase({ name: 'choose', options }),
      (error) => setPhase({ name: 'error', message: error.shortMessage ?? BRIDGE_TEXT.quotes }),
    )
  }, [])

  useEffect(() => {
    if (phase.name !== 'polling') return
    const timer = setInterval(async () => {
      const status = await bridgeStatus(apiUrl, phase.hash).catch(() => 'pending' as const)
      if (status === 'success') setPhase({ name: 'success', hash: phase.hash })
      else if (status === 'refund' || status === 'failure') setPhase({ name: 'failed', hash: phase.hash })
    }, FUNDING_TIMING.bridgePollMs)
    return () => clearInterval(timer)
  }, [phase])

  useEffect(() => {
    if (phase.name !== 'success' || !config) return
    completeFunding(
      fundingResult(config, { provider: 'relay', status: 'success', txHash: phase.hash, sourceAddress: source, sourceChain, destinationValue: amount }),
    )
    const timer = setTimeout(() => closeModal(), FUNDING_TIMING.bridgeSuccessCloseMs)
    return () => clearTimeout(timer)
  }, [phase])

  if (!config) return null
  const choose = async (option: BridgeOption) => {
    setPhase({ name: 'submitting' })
    try {
      const hash = await sendBridgeTransaction(wallet!, option)
      setSourceChain(option.source.key)
      setPhase({ name: 'polling', hash })
    } catch (error) {
      setPhase({ name: 'error', message: (error as { shortMessage?: string }).shortMessage ?? (error as Error).message })
    }
  }
  const body = (() => {
    switch (phase.name) {
      case 'quoting':
      case 'submitting':
      case 'polling':
        return <Spinner label={phase.name} />
      case 'choose':
        return (
          <ul className="wallet-list" part="wallet-list">
            {phase.options.map((option) => (
              <li key={option.source.key}>
                <button type="button" className="wallet-row" part="bridge-option" onClick={() => choose(option)}>
                  <span className="wallet-name">{option.source.name}</span>{' '}
                  <span className="detail">{`${formatUnits(option.amountIn, option.source.decimals)} ${option.source.symbol}`}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      case 'success':
        return <p className="detail">{BRIDGE_TEXT.success}</p>
      case 'failed':
        return (
          <>
            <p className="error-message" role="alert">
              {BRIDGE_TEXT.failedDetail}
            </p>
            {phase.hash ? (
              <a href={`${apiUrl}/requests/v2?hash=${phase.hash}`} target="_blank" rel="noopener noreferrer">
                Refund status
              </a>
            ) : null}
            <PrimaryButton onClick={() => closeModal()}>Close</PrimaryButton>
          </>
        )
      case 'error':
        return (
          <p className="error-message" role="alert">
            {phase.message}
          </p>
        )
    }
  })()
  const title = phase.name === 'success' ? BRIDGE_TEXT.success : phase.name === 'failed' ? BRIDGE_TEXT.failedTitle : `Receive ${amount} ${config.symbol}`
  return (
    <div className="body" part="body" data-screen="funding-bridge" data-phase={phase.name}>
      <ScreenTitle>{title}</ScreenTitle>
      {body}
    </div>
  )
}
