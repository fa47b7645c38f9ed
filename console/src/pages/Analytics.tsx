/**
 * Analytics over a chosen range of UTC days: daily active users, sign-ups and logins per login
 * method, and the code funnel (codes sent by e-mail and SMS, then logins by code). Charts are drawn
 * by uPlot, loaded with this page only (the first page stays small, bench: console-js); each chart
 * has the same numbers as a table beside it for screen readers and keyboard users.
 */
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '@gatehouse/contract/routes/owner-analytics'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type uPlotType from 'uplot'
import type { Answer, ConsoleApi } from '../api.ts'
import { Empty, ErrorNote, Loading, useLoad, utcDay } from '../ui.tsx'

type ActiveUsers = Answer<'GET', '/apps/:app_id/analytics/active_users'>
type Logins = Answer<'GET', '/apps/:app_id/analytics/logins'>
type Funnel = Answer<'GET', '/apps/:app_id/analytics/code_funnel'>
type PaymasterSpend = Answer<'GET', '/apps/:app_id/analytics/paymaster_spend'>

/** Distinct on light and dark backgrounds (Tableau 10). */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac']
const RANGES = [7, 30, 90] as const
/** The x axis' tick steps, in seconds: a day, then a week, a fortnight, about a month. */
const DAY_STEPS = [1, 2, 7, 14, 28].map((days) => days * 86_400)

/** uPlot, fetched the first time a chart is drawn. */
let uplot: Promise<typeof uPlotType> | null = null
const loadUplot = () => (uplot ??= import('uplot').then((m) => m.default))

interface Series {
  label: string
  values: number[]
}

const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000
const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1

export default function AnalyticsPage({ api, appId }: { api: ConsoleApi; appId: string }) {
  const [range, setRange] = useState({ from: utcDay(-(ANALYTICS_DEFAULT_DAYS - 1)), to: utcDay() })
  const [draft, setDraft] = useState(range)
  const [rangeError, setRangeError] = useState<string | null>(null)
  const params = { app_id: appId }
  const [data, reload] = useLoad(
    () =>
      Promise.all([
        api.get('/apps/:app_id/analytics/active_users', { params, query: range }),
        api.get('/apps/:app_id/analytics/logins', { params, query: range }),
        api.get('/apps/:app_id/analytics/code_funnel', { params, query: range }),
      ]),
    [appId, range.from, range.to],
  )
  // A new range keeps the charts of the old one on screen (and any table left open) until it arrives.
  const shown = useRef<[ActiveUsers, Logins, Funnel] | null>(null)
  if (data.status === 'done') shown.current = data.value
  const apply = (next: { from: string; to: string }) => {
    setDraft(next)
    if (!next.from || !next.to) return setRangeError('Choose both days.')
    const days = dayCount(next.from, next.to)
    if (days < 1) return setRangeError('The first day comes after the last.')
    if (days > ANALYTICS_MAX_DAYS) return setRangeError(`At most ${ANALYTICS_MAX_DAYS} days at a time.`)
    setRangeError(null)
    setRange(next)
  }
  return (
    <>
      <h1>Analytics</h1>
      <form
        className="card inline"
        aria-label="Range"
        onSubmit={(event) => {
          event.preventDefault()
          apply(draft)
        }}
      >
        <label htmlFor="range-from">From (UTC day)</label>
        <input id="range-from" type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
        <label htmlFor="range-to">To</label>
        <input id="range-to" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
        <button type="submit">Show</button>
        <span className="quick" role="group" aria-label="Quick ranges">
          {RANGES.map((days) => (
            <button
              key={days}
              type="button"
              className="secondary small"
              aria-pressed={range.to === utcDay() && dayCount(range.from, range.to) === days}
              onClick={() => apply({ from: utcDay(-(days - 1)), to: utcDay() })}
            >
              Last {days} days
            </button>
          ))}
        </span>
        {rangeError && (
          <p className="field-error" role="alert">
            {rangeError}
          </p>
        )}
      </form>
      {data.status === 'loading' && <Loading what="analytics" />}
      {data.status === 'error' && <ErrorNote error={data.error} retry={reload} />}
      {data.status !== 'error' && shown.current && <Charts active={shown.current[0]} logins={shown.current[1]} funnel={shown.current[2]} />}
      <SponsoredGas api={api} appId={appId} />
    </>
  )
}

/** Wei (a decimal string) as ether, up to 9 decimals. */
const ether = (wei: string) => {
  const value = BigInt(wei)
  const whole = value / 10n ** 18n
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').slice(0, 9).replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} ETH`
}

/** What the app's paymaster paid for its users' smart-wallet operations over the last 24 hours (ERC-4337, issue 32). */
function SponsoredGas({ api, appId }: { api: ConsoleApi; appId: string }) {
  const id = useId()
  const [data, reload] = useLoad(() => api.get('/apps/:app_id/analytics/paymaster_spend', { params: { app_id: appId } }), [appId])
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sponsored gas (smart wallets)</h2>
      <p className="subtle">
        What the paymaster paid for user operations over the last 24 hours, per chain: settled at what the EntryPoint charged, pending at their maximum.
      </p>
      {data.status === 'loading' && <Loading what="sponsored gas" />}
      {data.status === 'error' && <ErrorNote error={data.error} retry={reload} />}
      {data.status === 'done' && <SpendTable spend={data.value} />}
    </section>
  )
}

function SpendTable({ spend }: { spend: PaymasterSpend }) {
  if (spend.chains.length === 0) return <Empty>No sponsored operations in the last 24 hours.</Empty>
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Sponsored gas per chain">
      <table>
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col">Operations</th>
            <th scope="col">Paid</th>
            <th scope="col">Pending (at most)</th>
          </tr>
        </thead>
        <tbody>
          {spend.chains.map((c) => (
            <tr key={c.chain_id}>
              <th scope="row">{c.chain_id}</th>
              <td>{c.operations}</td>
              <td>{ether(c.settled_wei)}</td>
              <td>{ether(c.pending_max_wei)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Charts({ active, logins, funnel }: { active: ActiveUsers; logins: Logins; funnel: Funnel }) {
  const days = active.days.map((d) => d.date)
  const perMethod = (key: 'logins' | 'sign_ups'): Series[] =>
    logins.methods.map((method) => ({ label: method, values: logins.days.map((d) => d[key][method] ?? 0) }))
  const percent = (value: number | null) => (value === null ? 'no code sent' : `${Math.round(value * 1000) / 10}% of codes led to a login`)
  return (
    <>
      <ChartCard
        title="Daily active users"
        caption="Distinct users who logged in or refreshed a session, per UTC day."
        days={days}
        series={[{ label: 'Active users', values: active.days.map((d) => d.active_users) }]}
      />
      <ChartCard title="Sign-ups per method" caption="New users per login method, per UTC day." days={days} series={perMethod('sign_ups')} bars />
      <ChartCard
        title="Logins per method"
        caption="Logins per login method, per UTC day (a sign-up counts as a login too)."
        days={days}
        series={perMethod('logins')}
      />
      <ChartCard
        title="Code funnel"
        caption="Codes sent by e-mail and SMS, then logins by those codes, per UTC day."
        days={days}
        series={[
          { label: 'E-mail codes sent', values: funnel.days.map((d) => d.email.codes_sent) },
          { label: 'E-mail code logins', values: funnel.days.map((d) => d.email.logins) },
          { label: 'SMS codes sent', values: funnel.days.map((d) => d.sms.codes_sent) },
          { label: 'SMS code logins', values: funnel.days.map((d) => d.sms.logins) },
        ]}
      >
        <dl className="facts">
          <dt>E-mail</dt>
          <dd>
            {funnel.totals.email.codes_sent} sent, {funnel.totals.email.logins} logins: {percent(funnel.totals.email.conversion)}
          </dd>
          <dt>SMS</dt>
          <dd>
            {funnel.totals.sms.codes_sent} sent, {funnel.totals.sms.logins} logins: {percent(funnel.totals.sms.conversion)}
          </dd>
        </dl>
      </ChartCard>
    </>
  )
}

/** One chart: the canvas (hidden from screen readers), a legend, and the same numbers as a table. */
function ChartCard({
  title,
  caption,
  days,
  series,
  bars = false,
  children,
}: {
  title: string
  caption: string
  days: string[]
  series: Series[]
  bars?: boolean
  children?: ReactNode
}) {
  const id = useId()
  const total = series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0)
  return (
    <section className="card chart-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="subtle">{caption}</p>
      {children}
      {series.length === 0 || total === 0 ? (
        <Empty>Nothing in this range.</Empty>
      ) : (
        <>
          <Chart days={days} series={series} bars={bars} />
          <ul className="legend" aria-label={`Series of ${title}`}>
            {series.map((s, i) => (
              <li key={s.label}>
                <span className="swatch" style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" /> {s.label}:{' '}
                {s.values.reduce((a, b) => a + b, 0)} in total
              </li>
            ))}
          </ul>
        </>
      )}
      <details>
        <summary>{title} as a table</summary>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={`${title} by day`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, row) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[row]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  )
}

/** The uPlot chart, sized to its box (and again when the box changes), in the page's colours. */
function Chart({ days, series, bars }: { days: string[]; series: Series[]; bars: boolean }) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState<unknown>(null)
  // Drawn again only when the numbers change, not on every render of the page (typing a day).
  const drawn = JSON.stringify([days, series, bars])
  useEffect(() => {
    const element = box.current
    if (!element) return
    let chart: uPlotType | null = null
    let observer: ResizeObserver | null = null
    let live = true
    loadUplot().then(
      (uPlot) => {
        if (!live) return
        const style = getComputedStyle(document.documentElement)
        const text = style.getPropertyValue('--text').trim() || '#16161a'
        const grid = style.getPropertyValue('--border').trim() || '#d0d0d7'
        const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
        const size = () => ({ width: Math.max(240, element.clientWidth), height: element.clientWidth < 500 ? 200 : 260 })
        const paths = bars ? uPlot.paths.bars!({ size: [0.6, 40] }) : undefined
        chart = new uPlot(
          {
            ...size(),
            tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            // Half a day either side, so the first and last day's bars are whole.
            scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
            axes: [
              // Whole days only (MM-DD, UTC): the series has one point a day.
              { ...axis, space: 56, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)) },
              { ...axis, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
            ],
            series: [
              {},
              ...series.map((s, i) => ({
                label: s.label,
                stroke: PALETTE[i % PALETTE.length],
                width: 2,
                ...(bars ? { fill: PALETTE[i % PALETTE.length], paths } : { points: { show: days.length <= 31 } }),
              })),
            ],
          },
          [days.map(daySeconds), ...series.map((s) => s.values)],
          element,
        )
        observer = new ResizeObserver(() => chart?.setSize(size()))
        observer.observe(element)
      },
      (error: unknown) => live && setFailed(error),
    )
    return () => {
      live = false
      observer?.disconnect()
      chart?.destroy()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn])
  if (failed) return <ErrorNote error={new Error('The chart could not be drawn; the table below has the same numbers.')} />
  return <div ref={box} className="chart" aria-hidden="true" />
}
