// The demo's scheduled payment: for each user who enabled offline access and subscribed, the host
// backend sends a small payment from the user's embedded wallet on the local chain every minute,
// within a daily cap. Two caps hold it: the wallet's policy on the server (native_value.per_day,
// set here at subscription; the server refuses with the rule's code above it) and this scheduler's
// own count, so it stops asking once the day's budget is spent.
//
// It runs only when the app has an authorization key (GATEHOUSE_AUTHORIZATION_KEY) and its app
// secret (GATEHOUSE_APP_SECRET): without them the server would refuse every call.

/** @typedef {{ walletId: string, userId: string, address: string }} Subscription */
/** @typedef {{ at: number, walletId: string, userId: string, ok: boolean, hash?: string, code?: string, message?: string }} Payment */

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * @param {{
 *   gatehouse: import('@gatehouse/node').GatehouseClient,
 *   recipient: string,
 *   amountWei: bigint,
 *   dailyCapWei: bigint,
 *   chainId?: number,
 *   intervalMs?: number,
 *   now?: () => number,
 * }} o
 */
export function createScheduledPayments(o) {
  const chainId = o.chainId ?? 31337
  /** @type {Map<string, Subscription>} */
  const subscriptions = new Map()
  /** @type {Payment[]} */
  const payments = []
  const now = o.now ?? Date.now
  let timer = null

  /** What this scheduler sent from the wallet over the last 24 hours. */
  const spentToday = (walletId) => payments.filter((p) => p.ok && p.walletId === walletId && p.at > now() - DAY_MS).reduce((sum) => sum + o.amountWei, 0n)

  /** The policy the wallet gets: only sends, only on this chain, only to the recipient, within the caps. */
  const policy = () => ({
    methods: ['eth_sendTransaction'],
    chain_ids: [chainId],
    recipients: [o.recipient],
    native_value: { per_transaction: String(o.amountWei), per_day: String(o.dailyCapWei) },
  })

  async function payOnce(sub) {
    if (spentToday(sub.walletId) + o.amountWei > o.dailyCapWei) return null
    const at = now()
    try {
      const answer = await o.gatehouse.wallets.rpc(sub.walletId, {
        method: 'eth_sendTransaction',
        caip2: `eip155:${chainId}`,
        params: { transaction: { to: o.recipient, value: `0x${o.amountWei.toString(16)}`, chain_id: chainId } },
      })
      const payment = { at, walletId: sub.walletId, userId: sub.userId, ok: true, hash: answer.data.hash }
      payments.push(payment)
      return payment
    } catch (error) {
      const payment = { at, walletId: sub.walletId, userId: sub.userId, ok: false, code: error.code ?? 'error', message: error.message }
      payments.push(payment)
      // Refused because the owner revoked offline access: stop paying from this wallet.
      if (error.code === 'not_delegated' || error.status === 404) subscriptions.delete(sub.walletId)
      return payment
    }
  }

  return {
    policy,
    payments: (userId) => payments.filter((p) => !userId || p.userId === userId).slice(-50),
    subscriptions: () => [...subscriptions.values()],
    /**
     * Subscribes the user's delegated Ethereum wallet (by address; default their first delegated
     * one): finds it among the user's wallets, sets its policy, and pays the first time at once.
     */
    async subscribe(userId, address) {
      const wallets = (await o.gatehouse.wallets.list({ userId })).filter((w) => w.chain_type === 'ethereum')
      const wallet = address ? wallets.find((w) => w.address.toLowerCase() === String(address).toLowerCase()) : (wallets.find((w) => w.delegated) ?? wallets[0])
      if (!wallet) throw Object.assign(new Error('No such Ethereum wallet of yours'), { status: 404, code: 'wallet_not_found' })
      if (!wallet.delegated) throw Object.assign(new Error('Enable offline access for this wallet first'), { status: 409, code: 'not_delegated' })
      await o.gatehouse.wallets.update(wallet.id, { policy: policy() })
      const sub = { walletId: wallet.id, userId, address: wallet.address }
      subscriptions.set(wallet.id, sub)
      return payOnce(sub)
    },
    unsubscribe(userId) {
      for (const sub of subscriptions.values()) if (sub.userId === userId) subscriptions.delete(sub.walletId)
    },
    /** One round: a payment from every subscribed wallet still under its daily cap. */
    async tick() {
      return (await Promise.all([...subscriptions.values()].map(payOnce))).filter(Boolean)
    },
    start() {
      timer ??= setInterval(() => void this.tick(), o.intervalMs ?? 60_000)
      timer.unref?.()
    },
    stop() {
      clearInterval(timer)
      timer = null
    },
  }
}
