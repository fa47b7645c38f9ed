/**
 * Security notices: every change to how an account logs in or reaches its wallet (a login method
 * linked, unlinked or changed, a second factor enrolled, the wallet recovered on a new device) is
 * announced to every verified contact the account had **before** the change. Announcing to the
 * contacts after it would tell an attacker who just swapped the e-mail address, and nobody else.
 *
 *   const before = await notices.contacts(userId)   // read before the change
 *   … make the change …
 *   await notices.announce(appId, before, { kind: 'linked', what: 'the e-mail address a@b.c' })
 *
 * A notice must never cost the user the change they made when mail or SMS is down: `announce`
 * logs failures and does not throw.
 */
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db } from '../db/schema.js'
import type { MailMessage, Mailer } from './mailer.js'
import type { SmsSender } from './sms-sender.js'

/** A verified channel that reaches the account's owner. */
export interface Contact {
  type: 'email' | 'phone'
  address: string
}

export type AccountEventKind = 'linked' | 'unlinked' | 'address_changed' | 'new_device' | 'mfa_enrolled'

export interface AccountEvent {
  kind: AccountEventKind
  /** What changed, in words for the owner ('the e-mail address a@b.c', 'a passkey'); none for new_device. */
  what?: string
}

export interface AccountNoticesDeps {
  db: Db
  mailer: Mailer
  sms: SmsSender
  now: () => number
  log?: { warn(details: object, message: string): void }
}

const SENTENCES: Record<AccountEventKind, (what: string) => string> = {
  linked: (what) => `${what} was added as a way to log in to your account`,
  unlinked: (what) => `${what} was removed from your account`,
  address_changed: (what) => `the login address of your account was changed to ${what}`,
  new_device: () => 'your wallet was recovered on a new device',
  mfa_enrolled: (what) => `${what} was set up as the second factor of your account`,
}

/** The line every notice ends with: what to do when it was not the owner. */
const IF_NOT_YOU =
  'If this was you, there is nothing to do. If it was not, someone else may be able to log in as you: log in now, remove what you do not recognise, and move your funds to a new wallet.'

export function accountNoticeMessage(to: string, appName: string, event: AccountEvent, when: Date): MailMessage {
  const sentence = SENTENCES[event.kind](event.what ?? 'a login method')
  return {
    to,
    subject: event.kind === 'new_device' ? `Your ${appName} wallet was opened on a new device` : `Security alert for your ${appName} account`,
    text: `On ${when.toUTCString()}, ${sentence}.\n\n${IF_NOT_YOU}\n`,
  }
}

/** A linked account in words for its owner: 'the e-mail address a@b.c', 'a passkey', 'a Google account'. */
export function describeAccount(type: string, address: string): string {
  if (type === 'email') return `the e-mail address ${address}`
  if (type === 'phone') return `the phone number ${address}`
  if (type === 'wallet') return `the wallet ${address}`
  if (type === 'passkey') return 'a passkey'
  if (type === 'custom_auth') return "an account of the app's own login"
  const name = type.replace(/_oauth$/, '')
  return `a ${name.charAt(0).toUpperCase()}${name.slice(1)} account`
}

export class AccountNotices {
  constructor(private readonly deps: AccountNoticesDeps) {}

  /** Makes `change`, then announces `event` to the contacts the user had before it. */
  async around<T>(appId: string, userId: string, event: AccountEvent, change: () => Promise<T>): Promise<T> {
    const before = await this.contacts(userId)
    const result = await change()
    await this.announce(appId, before, event)
    return result
  }

  /** The user's verified e-mail addresses and phone numbers now. Call it before the change. */
  async contacts(userId: string): Promise<Contact[]> {
    const accounts = await listLinkedAccounts(this.deps.db, userId)
    return accounts
      .filter((a) => (a.type === 'email' || a.type === 'phone') && Number(a.verified_at) > 0)
      .map((a) => ({ type: a.type as Contact['type'], address: a.address }))
  }

  /** Sends the notice to each contact (mail or SMS). Failures are logged, never thrown. */
  async announce(appId: string, contacts: Contact[], event: AccountEvent): Promise<void> {
    if (contacts.length === 0) return
    const { db, mailer, sms, now, log } = this.deps
    const app = await db.selectFrom('apps').select('name').where('id', '=', appId).executeTakeFirst()
    const appName = app?.name ?? 'your app'
    const when = new Date(now())
    await Promise.all(
      contacts.map(async (contact) => {
        const message = accountNoticeMessage(contact.address, appName, event, when)
        try {
          if (contact.type === 'email') await mailer.send(message)
          else await sms.send({ to: contact.address, body: `${appName}: ${message.text.split('\n')[0]} If it was not you, log in now.`, channel: 'sms' })
        } catch (error) {
          log?.warn({ err: error, event: event.kind }, 'account notice not sent')
        }
      }),
    )
  }
}
