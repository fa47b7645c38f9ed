/**
 * Which entries the landing screen shows, in which order (spec part 1 §2, §5, §9). Pure, so every
 * layout rule is unit-tested without a DOM; LandingScreen only renders the result.
 */
import type { AppConfig } from '../api/types.ts'
import type { LoginPrefill } from '../stores/landing.ts'

export type { LoginPrefill }

export const SOCIAL_PROVIDERS = ['google', 'apple', 'twitter', 'discord', 'github', 'linkedin', 'spotify', 'instagram', 'tiktok', 'line'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Order of layout A within each group. */
const WEB2_ORDER = ['email', 'sms', ...SOCIAL_PROVIDERS, 'telegram', 'farcaster', 'passkey'] as const
const WEB3_ORDER = ['wallet'] as const
export const LANDING_METHODS: readonly string[] = [...WEB2_ORDER, ...WEB3_ORDER]

/** Spec §9: web2-first shows 3 entries plus overflow; layout B at most 5 (4 + 'More options'). */
export const WEB2_FIRST_VISIBLE = 3
export const LAYOUT_B_MAX = 5
export const LAYOUT_B_PRIMARY_WITH_OVERFLOW = 4
export const RECOMMENDED_PRIMARY_MAX = 4
export const NO_LOGIN_METHOD_MESSAGE = 'You must enable at least one login method'

export interface LandingInputs {
  app: AppConfig | null
  /** The method of this browser's most recent login for the app. */
  recentMethod?: string | null
  prefill?: LoginPrefill | null
}

export interface LandingLayout {
  /** Which code method gets the inline input (or null: none, or hideDirectWeb2Inputs). */
  inline: 'email' | 'sms' | null
  /** Entries shown on the landing screen, in order; 'email'/'sms' equal to `inline` render as the input. */
  visible: string[]
  /** Entries behind 'More options' / 'Other socials'. */
  overflow: string[]
  overflowLabel: 'More options' | 'Other socials'
  /** Wallet comes first (web3-first, or nothing but wallets enabled). */
  walletFirst: boolean
  /** Configuration problems for the developer (duplicates, too many primary methods). */
  warnings: string[]
  /** 'You must enable at least one login method' when nothing is enabled. */
  error: string | null
}

const isSocial = (m: string) => (SOCIAL_PROVIDERS as readonly string[]).includes(m)

/** The methods an app enables: layout B's lists when set, else the switches. */
export function enabledMethods(app: AppConfig | null): string[] {
  const order = app?.loginMethodsAndOrder
  if (order) return [...new Set([...(order.primary ?? []), ...(order.overflow ?? [])])].filter((m) => LANDING_METHODS.includes(m))
  const flags = app?.loginMethods ?? {}
  return LANDING_METHODS.filter((m) => flags[m as keyof typeof flags])
}

/** Spec §2: inline e-mail or SMS by the most recent login type, then prefill, then availability. */
function chooseInline(candidates: string[], inputs: LandingInputs): 'email' | 'sms' | null {
  const has = (m: 'email' | 'sms') => candidates.includes(m)
  const recent = inputs.recentMethod
  if ((recent === 'email' || recent === 'sms') && has(recent)) return recent
  if (inputs.prefill?.type === 'email' && has('email')) return 'email'
  if (inputs.prefill?.type === 'phone' && has('sms')) return 'sms'
  return (candidates.find((m) => m === 'email' || m === 'sms') as 'email' | 'sms' | undefined) ?? null
}

export function landingLayout(inputs: LandingInputs): LandingLayout {
  const { app } = inputs
  const warnings: string[] = []
  const order = app?.loginMethodsAndOrder
  const enabled = enabledMethods(app)
  const empty: LandingLayout = {
    inline: null,
    visible: [],
    overflow: [],
    overflowLabel: 'More options',
    walletFirst: false,
    warnings,
    error: NO_LOGIN_METHOD_MESSAGE,
  }
  if (enabled.length === 0) return empty

  const hasWallet = enabled.includes('wallet')
  const hasWeb2 = enabled.some((m) => m === 'email' || m === 'sms' || isSocial(m))
  // Spec §5: forced off without wallet login, forced on when only wallets (and the like) remain.
  const walletFirst = !hasWallet ? false : !hasWeb2 ? true : app?.loginGroupPriority === 'web3-first'

  let visible: string[]
  let overflow: string[]
  if (order) {
    const seen = new Set<string>()
    const dedupe = (list: string[] = []) =>
      list.filter((m) => {
        if (seen.has(m)) {
          warnings.push(`Login method "${m}" is listed more than once in loginMethodsAndOrder; later entries are ignored.`)
          return false
        }
        seen.add(m)
        return LANDING_METHODS.includes(m)
      })
    const primary = dedupe(order.primary)
    const rest = dedupe(order.overflow)
    if (primary.length > RECOMMENDED_PRIMARY_MAX)
      warnings.push(`At most ${RECOMMENDED_PRIMARY_MAX} primary login methods are recommended; ${primary.length} are set.`)
    if (rest.length === 0 && primary.length <= LAYOUT_B_MAX) {
      visible = primary
      overflow = []
    } else {
      visible = primary.slice(0, LAYOUT_B_PRIMARY_WITH_OVERFLOW)
      overflow = [...primary.slice(LAYOUT_B_PRIMARY_WITH_OVERFLOW), ...rest]
    }
  } else {
    const web2 = WEB2_ORDER.filter((m) => enabled.includes(m))
    const all = walletFirst ? ['wallet', ...web2] : [...web2, ...(hasWallet ? ['wallet'] : [])]
    // The inline input leads its group and counts as one of the 3 entries.
    const inline = chooseInline(all, inputs)
    const ordered = inline ? moveFirstOfGroup(all, inline, walletFirst) : all
    // Spec §9: slices to 3 plus overflow as soon as a fourth entry exists.
    if (ordered.length > WEB2_FIRST_VISIBLE) {
      visible = ordered.slice(0, WEB2_FIRST_VISIBLE)
      overflow = ordered.slice(WEB2_FIRST_VISIBLE)
    } else {
      visible = ordered
      overflow = []
    }
  }

  const inline = app?.hideDirectWeb2Inputs ? null : chooseInline(visible, inputs)
  const overflowLabel = overflow.length > 0 && overflow.every(isSocial) ? 'Other socials' : 'More options'
  return { inline, visible, overflow, overflowLabel, walletFirst, warnings, error: null }
}

/** Puts the inline method first among the web2 entries (after the wallet when wallet-first). */
function moveFirstOfGroup(list: string[], method: string, walletFirst: boolean): string[] {
  const rest = list.filter((m) => m !== method)
  if (walletFirst && rest[0] === 'wallet') return ['wallet', method, ...rest.slice(1)]
  return [method, ...rest]
}
