/**
 * An in-process SMTP sink for tests: loopback, random port, no TLS, any login accepted.
 * Collects every message so a test can prove mail really left through SMTP.
 *
 *   const sink = await startSmtpSink()
 *   buildServer({ smtpUrl: sink.url, … })
 *   const mail = await sink.nextMessage('ada@example.com')   // { to, from, subject, text, raw }
 *   await sink.close()
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SmtpMessage {
  /** Envelope recipients, lower-cased. */
  to: string[]
  from: string
  subject: string
  text: string
  raw: string
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, ready for SMTP_URL. */
  url: string
  port: number
  messages: SmtpMessage[]
  /**
   * The next message for `to` (and, with `match`, of that kind) not yet returned by this function;
   * waits for it if needed. Messages of other kinds stay for a later call.
   */
  nextMessage(to: string, timeoutMs?: number, match?: (message: SmtpMessage) => boolean): Promise<SmtpMessage>
  /** Counts every message received so far as read: a sink shared across test files starts each file afresh. */
  forget(): void
  close(): Promise<void>
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** RFC 2047 encoded words (=?utf-8?Q?…?= / =?utf-8?B?…?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

/** Enough MIME for single-part text mail, which is all the server sends. */
export function parseMessage(raw: string): { headers: Map<string, string>; subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split === -1 ? raw : raw.slice(0, split)
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n') }
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SmtpMessage[] = []
  const taken = new Set<SmtpMessage>()
  const waiters: { to: string; match: (m: SmtpMessage) => boolean; resolve: (m: SmtpMessage) => void }[] = []

  const take = (to: string, match: (m: SmtpMessage) => boolean): SmtpMessage | undefined => {
    const found = messages.find((m) => !taken.has(m) && m.to.includes(to) && match(m))
    if (found) taken.add(found)
    return found
  }

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const parsed = parseMessage(raw)
        const message: SmtpMessage = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject,
          text: parsed.text,
          raw,
        }
        messages.push(message)
        for (const waiter of [...waiters]) {
          if (!message.to.includes(waiter.to) || taken.has(message) || !waiter.match(message)) continue
          taken.add(message)
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(message)
        }
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    nextMessage(to, timeoutMs = 5000, match = () => true) {
      const address = to.toLowerCase()
      const ready = take(address, match)
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const waiter = {
          to: address,
          match,
          resolve: (m: SmtpMessage) => {
            clearTimeout(timer)
            resolve(m)
          },
        }
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`no mail for ${address} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.push(waiter)
      })
    },
    forget() {
      for (const message of messages) taken.add(message)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
