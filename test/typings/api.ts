// A module user: the actions, stores, errors and types of `import … from 'gatehouse'`
// (types/index.d.ts: the tags' typings with the module's declarations, types/api.d.ts).
import {
  $session,
  $wallets,
  ApiError,
  AuthModalElement,
  BaseError,
  fundWallet,
  login,
  loginWithEmailCode,
  logout,
  sendEmailCode,
  signMessage,
  VERSION,
  type FundWalletOptions,
  type SessionState,
  type User,
  type Wallet,
} from 'gatehouse'

export async function run(): Promise<string> {
  const user: User = await login({ method: 'email', prefill: { type: 'email', value: 'ada@example.com' } })
  const session: SessionState = $session.get()
  const unsubscribe = $session.subscribe((state) => void state.user?.id)
  unsubscribe()
  const wallets: Wallet[] = $wallets.get()
  await sendEmailCode({ email: 'ada@example.com' })
  const again: User = (await loginWithEmailCode({ code: '123456' })).user
  const options: FundWalletOptions = { chain: 8453, asset: 'USDC', amount: '0.05' }
  const funded = await fundWallet(wallets[0]!.address, options)
  const { signature } = await signMessage({ message: 'hello' })
  await logout()
  try {
    await login()
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`
    if (error instanceof BaseError) return error.shortMessage
  }
  const tag = document.querySelector('auth-modal')
  const isTag: boolean = tag instanceof AuthModalElement
  return [user.id, session.status, again.id, funded, signature.startsWith('0x'), isTag, VERSION].join()
}

// @ts-expect-error the method is a string
void login({ method: 42 })
// @ts-expect-error fundWallet takes the wallet's address, not a number
void fundWallet(8453)
// @ts-expect-error sendEmailCode needs an e-mail
void sendEmailCode({})
// @ts-expect-error the session store is read-only for hosts: actions change it
$session.set({ status: 'unauthenticated', user: null, tokens: null })
