/**
 * Sealing of server secrets at rest. Each purpose has its own AES-256-GCM key, derived with
 * HKDF-SHA256 from its own secret: the wallet auth share and the apps' secret settings (OAuth
 * client secrets, the Apple key, the Telegram bot token, the captcha secret) from
 * GATEHOUSE_SECRET, the recovery share from GATEHOUSE_RECOVERY_SECRET (falling back to
 * GATEHOUSE_SECRET with a different label). A leaked database alone opens none of them; the
 * row's identity is bound as associated data, so a sealed value copied onto another row (another
 * user's, another app's or another field) does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export type SharePurpose = 'auth-share' | 'recovery-share'
export type SealPurpose = SharePurpose | 'app-setting' | 'mfa-totp' | 'webhook-secret'

const INFO: Record<SealPurpose, string> = {
  'auth-share': 'gatehouse:wallet:auth-share',
  'recovery-share': 'gatehouse:wallet:recovery-share',
  'app-setting': 'gatehouse:app-setting',
  'mfa-totp': 'gatehouse:mfa:totp',
  'webhook-secret': 'gatehouse:webhook:secret',
}

export class ShareBox {
  private readonly key: Buffer

  constructor(secret: string, purpose: SealPurpose) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'gatehouse', INFO[purpose], 32))
  }

  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    cipher.setAAD(Buffer.from(context))
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
  }

  open(boxed: string, context: string): string {
    const [version, iv, tag, data] = boxed.split('.')
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown share-box format')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  }
}
