/**
 * The app owner's analytics (issue #27, point 6): the daily series the owner routes answer, and the
 * daily counters behind some of them. Logins are recorded by the login's own transaction
 * (db/analytics.ts `recordLoginEvent`, called from accounts.ts) and refreshes by the session service;
 * counters (codes sent, widget events) are added up here in memory and written every
 * `FLUSH_INTERVAL_MS`, so an anonymous `POST /analytics_events` costs no database write of its own.
 * A read flushes this instance first; another instance's counts arrive within one interval.
 */
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '@gatehouse/contract/routes'
import { activeUsersByDay, addCount, countsByDay, DAY_MS, dayOf, loginsByDay } from '../db/analytics.js'
import type { Db } from '../db/schema.js'
import { ApiError } from '../errors.js'

export const FLUSH_INTERVAL_MS = 15_000
/** Distinct (app, day, name) keys held between flushes; past it new keys are dropped (counts are indications). */
const MAX_PENDING_KEYS = 10_000

export const CODE_SENT = { email: 'code_sent:email', sms: 'code_sent:sms' } as const
export const WIDGET_PREFIX = 'widget:'

/** A range of whole UTC days, both ends included, as day numbers (days since the epoch). */
export interface DayRange {
  from: number
  to: number
}

export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

function parseDay(raw: string, name: string): number {
  const ms = Date.parse(`${raw}T00:00:00Z`)
  // Date.parse rolls 2026-02-30 over to March: only a day that prints back the same is a day.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) throw new ApiError('invalid_data', `${name} is not a valid day (YYYY-MM-DD)`)
  return dayOf(ms)
}

/** The range a query names: `to` defaults to today, `from` to the 30 days ending at `to`; at most ANALYTICS_MAX_DAYS. */
export function parseRange(query: { from?: string; to?: string }, now: number): DayRange {
  const to = query.to === undefined ? dayOf(now) : parseDay(query.to, 'to')
  const from = query.from === undefined ? to - (ANALYTICS_DEFAULT_DAYS - 1) : parseDay(query.from, 'from')
  if (from > to) throw new ApiError('invalid_data', 'from must not be after to')
  if (to - from + 1 > ANALYTICS_MAX_DAYS) throw new ApiError('invalid_data', `A range spans at most ${ANALYTICS_MAX_DAYS} days`)
  return { from, to }
}

const daysOf = (range: DayRange) => Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i)

export class AnalyticsService {
  private pending = new Map<string, { appId: string; day: number; name: string; count: number }>()
  private timer: ReturnType<typeof setInterval> | null = null
  private flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Adds one to a daily counter of `appId` (held in memory until the next flush). */
  count(appId: string, name: string): void {
    const day = dayOf(this.now())
    const key = `${appId}\n${day}\n${name}`
    const entry = this.pending.get(key)
    if (entry) entry.count++
    else if (this.pending.size < MAX_PENDING_KEYS) this.pending.set(key, { appId, day, name, count: 1 })
  }

  /** Writes the counters held in memory; one flush at a time, counts that failed to write are kept for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = [...this.pending.values()]
      this.pending.clear()
      for (const [i, entry] of batch.entries()) {
        try {
          await addCount(this.db, { app_id: entry.appId, day: entry.day, name: entry.name, count: entry.count })
        } catch (error) {
          for (const rest of batch.slice(i)) {
            const key = `${rest.appId}\n${rest.day}\n${rest.name}`
            const held = this.pending.get(key)
            if (held) held.count += rest.count
            else this.pending.set(key, { ...rest })
          }
          throw error
        }
      }
    })
    return this.flushing
  }

  /** Flushes every `FLUSH_INTERVAL_MS` until `stop()`; `onError` hears a failed flush (the counts wait for the next). */
  start(onError: (error: unknown) => void): void {
    if (this.timer) return
    this.timer = setInterval(() => this.flush().catch(onError), FLUSH_INTERVAL_MS)
    this.timer.unref()
  }

  /** Stops the timer and writes what is held. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.flush()
  }

  async activeUsers(appId: string, range: DayRange) {
    const rows = await activeUsersByDay(this.db, appId, range.from, range.to)
    const byDay = new Map(rows.map((r) => [r.day, r.users]))
    return { ...this.bounds(range), days: daysOf(range).map((d) => ({ date: isoDay(d), active_users: byDay.get(d) ?? 0 })) }
  }

  async logins(appId: string, range: DayRange) {
    const rows = await loginsByDay(this.db, appId, range.from, range.to)
    const methods = [...new Set(rows.map((r) => r.method))].sort()
    const days = daysOf(range).map((d) => {
      const logins: Record<string, number> = {}
      const signUps: Record<string, number> = {}
      for (const r of rows) {
        if (r.day !== d) continue
        logins[r.method] = r.logins
        if (r.signUps > 0) signUps[r.method] = r.signUps
      }
      return { date: isoDay(d), logins, sign_ups: signUps }
    })
    return { ...this.bounds(range), methods, days }
  }

  async codeFunnel(appId: string, range: DayRange) {
    await this.flush()
    const [sent, logins] = await Promise.all([
      countsByDay(this.db, appId, 'code_sent:', range.from, range.to),
      loginsByDay(this.db, appId, range.from, range.to),
    ])
    const sentOn = (d: number, name: string) => sent.find((r) => r.day === d && r.name === name)?.count ?? 0
    // A code login proves the e-mail address or the phone number it was sent to.
    const loginsOn = (d: number, method: string) => logins.find((r) => r.day === d && r.method === method)?.logins ?? 0
    const days = daysOf(range).map((d) => ({
      date: isoDay(d),
      email: { codes_sent: sentOn(d, CODE_SENT.email), logins: loginsOn(d, 'email') },
      sms: { codes_sent: sentOn(d, CODE_SENT.sms), logins: loginsOn(d, 'phone') },
    }))
    const total = (channel: 'email' | 'sms') => {
      const codesSent = days.reduce((n, d) => n + d[channel].codes_sent, 0)
      const loggedIn = days.reduce((n, d) => n + d[channel].logins, 0)
      return { codes_sent: codesSent, logins: loggedIn, conversion: codesSent === 0 ? null : loggedIn / codesSent }
    }
    return { ...this.bounds(range), days, totals: { email: total('email'), sms: total('sms') } }
  }

  async widgetEvents(appId: string, range: DayRange) {
    await this.flush()
    const rows = await countsByDay(this.db, appId, WIDGET_PREFIX, range.from, range.to)
    const days = daysOf(range).map((d) => ({
      date: isoDay(d),
      events: Object.fromEntries(rows.filter((r) => r.day === d).map((r) => [r.name.slice(WIDGET_PREFIX.length), r.count])),
    }))
    return { ...this.bounds(range), days }
  }

  private bounds(range: DayRange) {
    return { from: isoDay(range.from), to: isoDay(range.to) }
  }
}
