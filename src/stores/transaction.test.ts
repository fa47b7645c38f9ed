import { afterEach, describe, expect, it } from 'vitest'
import { TransactionError } from '../errors/transaction.ts'
import { subscribe } from '../events/bus.ts'
import { TxController, type TxDriver } from './transaction.ts'
import { startRequest } from '../transactions/run.ts'
import { $txPrompt } from './txPrompt.ts'

type Step = { step: number }

/** A driver over nothing: each call is logged; `failAt` makes that step's confirmation revert once. */
function fakeDriver(o: { total?: number; signOnly?: boolean; headless?: boolean; failAt?: number; short?: boolean } = {}) {
  const calls: string[] = []
  let failAt = o.failAt
  const driver: TxDriver<Step, number, string, string> & { calls: string[] } = {
    kind: 'ethereum',
    total: o.total ?? 1,
    signOnly: o.signOnly ?? false,
    uiOptions: o.headless ? { showWalletUIs: false } : {},
    calls,
    review: async (step, retryFrom) => (calls.push(`review ${step}${retryFrom === null ? '' : ` retry ${retryFrom}`}`), { step }),
    prepare: async (i) => (calls.push(`prepare ${i}`), i),
    sign: async (i) => (calls.push(`sign ${i}`), `signed ${i}`),
    submit: async (i) => (calls.push(`submit ${i}`), `0xhash${i}`),
    confirm: async (i, hash) => {
      calls.push(`confirm ${i}`)
      if (failAt === i) {
        failAt = undefined
        throw new TransactionError('Transaction failed', { code: 'TRANSACTION_FAILURE', hash })
      }
    },
    result: (_i, signed, hash) => hash ?? signed,
    explorer: (_step, hash) => `https://explorer.test/tx/${hash}`,
    insufficient: () => (o.short ? new TransactionError('Add funds on Local to complete transaction.', { code: 'INSUFFICIENT_BALANCE' }) : null),
    successDetail: (results) => ({ method: 'eth_sendTransaction', address: '0xa', chainId: 1, hash: results.at(-1)!, signature: null }),
    errorDetail: (error, hash) => ({ method: 'eth_sendTransaction', address: '0xa', chainId: 1, hash, code: error.code, message: error.shortMessage }),
  }
  return driver
}

const phaseOf = (c: TxController<ReturnType<typeof fakeDriver>>) => c.$state.get().phase.name
const until = async (c: TxController<ReturnType<typeof fakeDriver>>, name: string) => {
  for (let i = 0; i < 50 && phaseOf(c) !== name; i++) await new Promise((r) => setTimeout(r, 0))
  expect(phaseOf(c)).toBe(name)
}
function events() {
  const seen: [string, unknown][] = []
  const stop = subscribe((name, detail) => void seen.push([name, detail]))
  return { seen, stop }
}

afterEach(() => $txPrompt.set(null))

describe('the transaction controller (spec part 3 §4)', () => {
  it('review → approve → submitting → success; the host has its hash and tx-success while the success screen still shows', async () => {
    const { seen, stop } = events()
    const controller = new TxController(fakeDriver())
    const result = startRequest(controller)
    expect($txPrompt.get()).toBe(controller)
    await until(controller, 'ready')
    controller.approve()
    expect(phaseOf(controller)).toBe('submitting')
    expect(await result).toEqual(['0xhash0'])
    expect(phaseOf(controller)).toBe('success')
    expect($txPrompt.get()).toBe(controller)
    expect(seen).toEqual([['tx-success', expect.objectContaining({ hash: '0xhash0' })]])
    // 'All Done' only closes.
    controller.close()
    expect($txPrompt.get()).toBeNull()
    stop()
  })

  it("a batch: 'Continue' reviews the next step, back returns; approve on the last step signs every step in order", async () => {
    const driver = fakeDriver({ total: 2 })
    const controller = new TxController(driver)
    const result = startRequest(controller)
    await until(controller, 'ready')
    controller.approve()
    await until(controller, 'ready')
    expect(controller.$state.get().step).toBe(1)
    controller.step(0)
    await until(controller, 'ready')
    controller.approve()
    await until(controller, 'ready')
    controller.approve()
    expect(await result).toEqual(['0xhash0', '0xhash1'])
    expect(driver.calls).toEqual([
      'review 0',
      'review 1',
      'review 0',
      'review 1',
      'prepare 0',
      'sign 0',
      'submit 0',
      'confirm 0',
      'prepare 1',
      'sign 1',
      'submit 1',
      'confirm 1',
    ])
  })

  it('a combined batch (a smart wallet: one user operation): every step is reviewed, approve signs and sends once; the success hash is the one confirm answers', async () => {
    const driver = { ...fakeDriver({ total: 3 }), combined: true }
    driver.confirm = async (i, hash) => (driver.calls.push(`confirm ${i}`), `0xcarried-${hash}`)
    const controller = new TxController(driver)
    const result = startRequest(controller)
    for (let step = 0; step < 3; step++) {
      await until(controller, 'ready')
      expect(controller.$state.get().step).toBe(step)
      controller.approve()
    }
    expect(await result).toEqual(['0xcarried-0xhash2'])
    expect(driver.calls).toEqual(['review 0', 'review 1', 'review 2', 'prepare 2', 'sign 2', 'submit 2', 'confirm 2'])
    expect(controller.$state.get().phase).toMatchObject({ name: 'success', hash: '0xcarried-0xhash2' })
  })

  it('error: a revert shows the error screen with the hash; retry reviews again and sends only the steps not done', async () => {
    const driver = fakeDriver({ total: 2, failAt: 1 })
    const controller = new TxController(driver)
    const result = startRequest(controller)
    await until(controller, 'ready')
    controller.approve()
    await until(controller, 'ready')
    controller.approve()
    await until(controller, 'error')
    expect(controller.$state.get().phase).toMatchObject({ hash: '0xhash1', at: 1, error: { code: 'TRANSACTION_FAILURE' } })
    controller.retry()
    await until(controller, 'ready')
    expect(driver.calls).toContain('review 1 retry 1')
    controller.approve()
    expect(await result).toEqual(['0xhash0', '0xhash1'])
    expect(driver.calls.filter((c) => c === 'submit 0')).toHaveLength(1)
  })

  it("error: 'Not now' rejects USER_REJECTED with tx-error and closes", async () => {
    const { seen, stop } = events()
    const controller = new TxController(fakeDriver())
    const result = startRequest(controller)
    await until(controller, 'ready')
    controller.decline()
    await expect(result).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(seen).toEqual([['tx-error', expect.objectContaining({ code: 'USER_REJECTED', hash: null })]])
    expect($txPrompt.get()).toBeNull()
    stop()
  })

  it('error: leaving a step that lacks funds rejects INSUFFICIENT_BALANCE (the reason), not a plain decline', async () => {
    const { seen, stop } = events()
    const controller = new TxController(fakeDriver({ short: true }))
    const result = startRequest(controller)
    await until(controller, 'ready')
    controller.decline()
    await expect(result).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', shortMessage: 'Add funds on Local to complete transaction.' })
    expect(seen).toEqual([['tx-error', expect.objectContaining({ code: 'INSUFFICIENT_BALANCE' })]])
    stop()
  })

  it('error: a newer request replaces (declines) the shown one', async () => {
    const first = new TxController(fakeDriver())
    const firstResult = startRequest(first)
    const second = new TxController(fakeDriver())
    void startRequest(second)
    await expect(firstResult).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect($txPrompt.get()).toBe(second)
  })

  it('headless approves by itself without a review or a screen; a failure rejects at once', async () => {
    const driver = fakeDriver({ total: 2, headless: true })
    const controller = new TxController(driver)
    expect(await startRequest(controller)).toEqual(['0xhash0', '0xhash1'])
    expect($txPrompt.get()).toBeNull()
    expect(driver.calls.some((c) => c.startsWith('review'))).toBe(false)
    const failing = new TxController(fakeDriver({ headless: true, failAt: 0 }))
    await expect(startRequest(failing)).rejects.toMatchObject({ code: 'TRANSACTION_FAILURE', hash: '0xhash0' })
  })

  it('sign-only: signs every step, sends nothing', async () => {
    const driver = fakeDriver({ total: 2, signOnly: true, headless: true })
    expect(await startRequest(new TxController(driver))).toEqual(['signed 0', 'signed 1'])
    expect(driver.calls.some((c) => c.startsWith('submit'))).toBe(false)
  })
})
