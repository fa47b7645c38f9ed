// The demo page as a React 19 component: the tags in JSX, attributes bound from state, events as
// `on` + event name props (React 19 adds them as listeners on custom elements), elements through refs.
import type { AuthModalElement, SignPromptElement } from 'gatehouse'
import { useCallback, useRef, useState } from 'react'

const message = 'Hello from the Gatehouse demo'

export function App({ appId, apiUrl }: { appId: string; apiUrl: string }) {
  const modal = useRef<AuthModalElement>(null)
  const prompt = useRef<SignPromptElement>(null)
  const [user, setUser] = useState<AuthModalElement['user']>(null)
  const [wallets, setWallets] = useState<AuthModalElement['wallets']>([])
  const [events, setEvents] = useState<{ type: string; detail: unknown }[]>([])
  const [signature, setSignature] = useState('')
  // The wallet <fund-button> funds: the user's first embedded Ethereum wallet.
  const address = wallets.find((w) => w.chainType === 'ethereum' && 'walletIndex' in w)?.address ?? null

  // One stable handler, so React does not re-add the listeners on every render.
  const record = useCallback((event: Event) => {
    const entry = { type: event.type, detail: (event as CustomEvent).detail ?? null }
    window.gatehouseEvents.push(entry)
    setEvents((list) => [entry, ...list])
    setUser(modal.current?.user ?? null)
    setWallets(modal.current?.wallets ?? [])
  }, [])

  const sign = async () => {
    try {
      setSignature(`personal_sign: ${(await prompt.current!.signMessage({ message })).signature}`)
    } catch (error) {
      setSignature(`personal_sign failed: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`)
    }
  }

  return (
    <>
      <header>
        <h1>Gatehouse demo (React 19)</h1>
        <p>
          The same tags inside a React component: no wrapper. <a href="/">Plain HTML page</a>
        </p>
      </header>
      <auth-modal
        ref={modal}
        app-id={appId}
        api-url={apiUrl}
        onauth-ready={record}
        onauth-success={record}
        onauth-error={record}
        onlogout={record}
        onmodal-open={record}
        onmodal-close={record}
        onwallet-created={record}
        onsign-success={record}
        onsign-error={record}
        ontx-success={record}
        ontx-error={record}
        onfund-success={record}
        onfund-error={record}
      />
      <sign-prompt ref={prompt} cancellable />
      <main>
        <section>
          <button type="button" onClick={() => modal.current?.open()}>
            Log in
          </button>
          <button type="button" onClick={() => modal.current?.logout()}>
            Log out
          </button>
        </section>
        <section>
          <h2>Wallets</h2>
          <ul data-testid="wallets">
            {wallets.map((wallet) => (
              <li key={wallet.address} data-chain={wallet.chainType}>
                {wallet.chainType}: {wallet.address}
              </li>
            ))}
          </ul>
          <button type="button" disabled={!user} onClick={sign}>
            Sign a message
          </button>
          <fund-button address={address} disabled={!address}>
            Add funds
          </fund-button>
          <pre data-testid="signature">{signature}</pre>
        </section>
        <section>
          <h2>Current user</h2>
          <pre data-testid="user">{JSON.stringify(user, null, 2)}</pre>
        </section>
        <section>
          <h2>Events</h2>
          <ol data-testid="event-log">
            {events.map((e, i) => (
              <li key={events.length - i}>
                {e.type} {e.detail ? JSON.stringify(e.detail) : ''}
              </li>
            ))}
          </ol>
        </section>
      </main>
    </>
  )
}
