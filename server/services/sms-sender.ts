/**
 * Outgoing SMS / WhatsApp through a Twilio-compatible Messages API (configured by environment);
 * in development every message also lands in the dev outbox, so SMS login works offline.
 */
import type { SmsConfig } from '../config.js'
import { ApiError } from '../errors.js'
import type { Outbox } from './mailer.js'

export type SmsChannel = 'sms' | 'whatsapp'

export interface SmsMessage {
  /** E.164 number. */
  to: string
  body: string
  channel: SmsChannel
  /** Kept in the dev outbox so tests and demos need not parse the text. */
  code?: string
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>
}

export const SMS_FAILED_MESSAGE = 'Phone login code request failure'

export function createSmsSender(options: {
  config: SmsConfig | null
  outbox: Outbox | null
  print: boolean
  now: () => number
  fetch?: typeof fetch
}): SmsSender {
  const doFetch = options.fetch ?? globalThis.fetch
  return {
    async send(message) {
      options.outbox?.add({
        to: message.to,
        subject: message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS',
        text: message.body,
        code: message.code ?? null,
        sentAt: new Date(options.now()).toISOString(),
      })
      if (options.print) console.log(`[gatehouse ${message.channel}] to=${message.to}${message.code ? ` code=${message.code}` : ''}`)
      const config = options.config
      if (!config) return
      const from = message.channel === 'whatsapp' ? config.whatsappFrom : config.from
      if (!from) throw new ApiError('not_supported', 'WhatsApp delivery is not configured on this server.')
      const prefix = message.channel === 'whatsapp' ? 'whatsapp:' : ''
      const body = new URLSearchParams({ To: `${prefix}${message.to}`, From: `${prefix}${from}`, Body: message.body })
      let response: Response
      try {
        response = await doFetch(`${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
          signal: AbortSignal.timeout(15_000),
        })
      } catch {
        throw new ApiError('sms_verification_failed', SMS_FAILED_MESSAGE)
      }
      if (response.ok) return
      // Twilio answers { code, message }; 21408/21612 mean the destination region cannot be reached.
      const problem = (await response.json().catch(() => ({}))) as { code?: number; message?: string }
      if (problem.code === 21408 || problem.code === 21612) {
        throw new ApiError('not_supported', 'SMS authentication from this region is not available')
      }
      throw new ApiError('sms_verification_failed', SMS_FAILED_MESSAGE)
    },
  }
}
