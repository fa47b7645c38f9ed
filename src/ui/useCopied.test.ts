import { describe, expect, it } from 'vitest'
import type { Later } from '../flows/completion.ts'
import { COPY_CONFIRMATION_MS, copyWithConfirmation } from './useCopied.ts'

/** A clock the test advances by hand: `later` only queues, `advance` runs what is due. */
function fakeClock() {
  let now = 0
  const queue: { at: number; run: () => void }[] = []
  const later: Later = (ms, run) => void queue.push({ at: now + ms, run })
  const advance = (ms: number) => {
    now += ms
    for (const entry of queue.filter((e) => e.at <= now)) {
      queue.splice(queue.indexOf(entry), 1)
      entry.run()
    }
  }
  return { later, advance }
}

describe('copy confirmation (spec part 3: copy confirmation 2 s)', () => {
  it('confirms the copy, keeps it until 2 s have passed, then resets', async () => {
    const written: string[] = []
    const states: boolean[] = []
    const clock = fakeClock()
    await copyWithConfirmation('0xabc', { writeText: async (t) => void written.push(t) }, (c) => states.push(c), clock.later)
    expect(written).toEqual(['0xabc'])
    expect(states).toEqual([true])
    clock.advance(COPY_CONFIRMATION_MS - 1)
    expect(states).toEqual([true])
    clock.advance(1)
    expect(states).toEqual([true, false])
    expect(COPY_CONFIRMATION_MS).toBe(2000)
  })

  it('a refused clipboard write confirms nothing', async () => {
    const states: boolean[] = []
    const clock = fakeClock()
    await copyWithConfirmation('x', { writeText: () => Promise.reject(new Error('denied')) }, (c) => states.push(c), clock.later)
    clock.advance(COPY_CONFIRMATION_MS)
    expect(states).toEqual([])
  })
})
