/**
 * Outgoing mail. SMTP through nodemailer when SMTP_URL is set; in development every message
 * also lands in an in-memory outbox (GET /dev/outbox) and on stdout, so the login flow works
 * with no mail server at all.
 */
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The login code, kept in the dev outbox so tests and demos need not parse the text. */
  code?: string
}

export interface OutboxEntry {
  to: string
  subject: string
  text: string
  code: string | null
  sentAt: string
}

/**
 * A bounded ring buffer (a long benchmark must not grow memory without end), indexed by
 * address because every login of the benchmark and the e2e tests looks up one address.
 */
export class Outbox {
  private entries: (OutboxEntry | undefined)[]
  private next = 0
  private byAddress = new Map<string, OutboxEntry[]>()

  constructor(private readonly size: number) {
    this.entries = new Array(size)
  }

  add(entry: OutboxEntry) {
    const evicted = this.entries[this.next]
    if (evicted) {
      const list = this.byAddress.get(evicted.to)
      list?.shift() // the evicted entry is always the oldest one of its address
      if (list?.length === 0) this.byAddress.delete(evicted.to)
    }
    this.entries[this.next] = entry
    this.next = (this.next + 1) % this.size
    const list = this.byAddress.get(entry.to)
    if (list) list.push(entry)
    else this.byAddress.set(entry.to, [entry])
  }

  /** Newest first, optionally only messages to one address (case-insensitive). */
  list(to?: string): OutboxEntry[] {
    if (to !== undefined) return [...(this.byAddress.get(to.trim().toLowerCase()) ?? [])].reverse()
    const out: OutboxEntry[] = []
    for (let i = 1; i <= this.size; i++) {
      const entry = this.entries[(this.next - i + this.size) % this.size]
      if (!entry) break
      out.push(entry)
    }
    return out
  }
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Present in development only. */
  readonly outbox: Outbox | null
  close(): Promise<void>
}

export interface MailerOptions {
  smtpUrl: string | null
  smtpFrom: string
  dev: boolean
  outboxSize: number
  /** Print each message on stdout (the dev stand-in for an inbox). */
  print: boolean
  now?: () => number
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const outbox = options.dev ? new Outbox(Math.max(1, options.outboxSize)) : null
  const now = options.now ?? Date.now
  return {
    outbox,
    async send(message) {
      const to = message.to.toLowerCase()
      if (outbox) {
        outbox.add({ to, subject: message.subject, text: message.text, code: message.code ?? null, sentAt: new Date(now()).toISOString() })
      }
      if (options.print) console.log(`[gatehouse mail] to=${to} subject="${message.subject}"${message.code ? ` code=${message.code}` : ''}`)
      if (transport) {
        await transport.sendMail({ from: options.smtpFrom, to, subject: message.subject, text: message.text })
      }
    },
    async close() {
      transport?.close()
    },
  }
}

export function loginCodeMessage(to: string, code: string, appName: string, ttlMinutes: number): MailMessage {
  return {
    to,
    code,
    subject: `${code} is your login code for ${appName}`,
    text: `Your login code for ${appName} is ${code}\n\n` + `It expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.\n`,
  }
}

/** Sent when a device that never held the user's wallet recovers it: the user learns of a login they did not make. */
export function newDeviceMessage(to: string, appName: string, when: Date): MailMessage {
  return {
    to,
    subject: `Your ${appName} wallet was opened on a new device`,
    text:
      `Your ${appName} wallet was recovered on a new device on ${when.toUTCString()}.\n\n` +
      `If this was you, there is nothing to do. If it was not, someone else can log in as you: secure the account you ` +
      `log in with (your e-mail, phone or social account), then log in to ${appName} and move your funds to a new wallet.\n`,
  }
}
