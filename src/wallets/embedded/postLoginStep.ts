import type { PostLoginStep } from '../../flows/postLogin.ts'
import { $config } from '../../stores/config.ts'
import { chainsToCreate } from './config.ts'

/** After terms: create the app's embedded wallets when this login calls for them. */
export const embeddedWalletStep: PostLoginStep = {
  name: 'embedded-wallet',
  screen: ({ user, isNewUser }) => (chainsToCreate($config.get().app, user).length > 0 ? { name: 'embedded-wallet-create', isNewUser } : null),
}
