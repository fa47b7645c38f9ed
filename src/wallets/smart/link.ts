/**
 * Links the user's smart wallet to the account (spec: the smart-wallet link, `POST
 * /siwe/link_smart_wallet`): a SIWE message for the smart account's address, signed by the account
 * (ERC-6492 before its first operation deploys it, ERC-1271 after), so the server lists it in the
 * user's `smart_wallet` linked accounts (`smartWallets`). Once per address; a failure leaves the
 * wallet usable (the paymaster knows the account from the embedded wallet that owns it).
 */
import { createSiweMessage } from 'viem/siwe'
import { getApiClient } from '../../api/instance.ts'
import { toUser, type WireUser } from '../../api/user.ts'
import { setSessionUser } from '../../stores/session.ts'
import { signSmartMessage, type SmartWalletContext } from './client.ts'
import { linkedSmartWallets } from './config.ts'

const linking = new Map<string, Promise<void>>()

export const LINK_STATEMENT = 'Link this smart wallet to your account. This does not initiate a transaction or cost any fees.'

export function linkSmartWallet(context: SmartWalletContext): Promise<void> {
  const key = context.address.toLowerCase()
  if (linkedSmartWallets().some((w) => w.address.toLowerCase() === key)) return Promise.resolve()
  let pending = linking.get(key)
  if (!pending) {
    pending = (async () => {
      const api = getApiClient() as unknown as { post(path: string, body: unknown): Promise<unknown> }
      const { nonce } = (await api.post('/siwe/init', { address: context.address })) as { nonce: string }
      const message = createSiweMessage({
        domain: location.host,
        address: context.address,
        statement: LINK_STATEMENT,
        uri: location.origin,
        version: '1',
        chainId: context.settings.chain.id,
        nonce,
        issuedAt: new Date(),
      })
      const signature = await signSmartMessage(context, message)
      const wire = await api.post('/siwe/link_smart_wallet', {
        message,
        signature,
        smart_wallet_type: context.settings.accountType,
        smart_wallet_version: null,
      })
      setSessionUser(toUser(wire as WireUser))
    })()
    pending.catch(() => linking.delete(key))
    linking.set(key, pending)
  }
  return pending
}
