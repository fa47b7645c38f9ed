/**
 * How the settings page groups the one app-config schema (contract/src/routes/app-config.ts,
 * `appUpdateSchema`), in the order issue #28 lists them. A field the schema gains later and no group
 * names lands in 'Other settings', so every field of the schema has a place on the page.
 */
export interface SettingsGroup {
  id: string
  title: string
  keys: string[]
}

export const SETTINGS_GROUPS: SettingsGroup[] = [
  { id: 'general', title: 'General', keys: ['name'] },
  {
    id: 'login',
    title: 'Login methods',
    keys: [
      'loginMethods',
      'loginMethodsAndOrder',
      'loginGroupPriority',
      'hideDirectWeb2Inputs',
      'smsChannels',
      'passkeysForSignupEnabled',
      'disablePlusEmails',
      'disableSignup',
      'intl',
    ],
  },
  { id: 'appearance', title: 'Appearance', keys: ['logo', 'accentColor', 'theme', 'landingHeader', 'loginMessage', 'walletChainType', 'walletList'] },
  { id: 'legal', title: 'Legal', keys: ['legal'] },
  { id: 'access', title: 'Allowlist and user limit', keys: ['allowlist', 'allowlistConfig', 'userLimit'] },
  { id: 'captcha', title: 'Captcha', keys: ['captcha', 'captchaSecretKey'] },
  { id: 'mfa', title: 'MFA methods', keys: ['mfa'] },
  { id: 'wallets', title: 'Embedded wallets and recovery', keys: ['embeddedWallets', 'externalWallets', 'recoveryOAuth'] },
  { id: 'chains', title: 'Chains', keys: ['chains', 'defaultChain', 'solanaCluster', 'rpcUrls', 'erc6492Factories', 'transactionScan'] },
  { id: 'funding', title: 'Funding providers', keys: ['funding', 'fundingProviders'] },
  { id: 'sponsorship', title: 'Gas sponsorship and its budgets', keys: ['gasSponsorship'] },
  { id: 'smartWallets', title: 'Smart wallets (ERC-4337) and the paymaster', keys: ['smartWallets'] },
  { id: 'oauth', title: 'OAuth providers', keys: ['oauth', 'oauthProviderLabels', 'telegram', 'customAuth'] },
  { id: 'origins', title: 'Allowed origins', keys: ['allowedOrigins'] },
  { id: 'crossApp', title: 'Cross-app accounts', keys: ['crossAppProvider', 'crossAppConnections'] },
  { id: 'farcasterSigner', title: "Farcaster signer (the app's Farcaster account)", keys: ['farcasterSigner'] },
]

/** The groups, with every schema key no group names gathered into a last one. */
export function groupsFor(schemaKeys: string[]): SettingsGroup[] {
  const named = new Set(SETTINGS_GROUPS.flatMap((g) => g.keys))
  const rest = schemaKeys.filter((k) => !named.has(k))
  const groups = SETTINGS_GROUPS.map((g) => ({ ...g, keys: g.keys.filter((k) => schemaKeys.includes(k)) })).filter((g) => g.keys.length)
  return rest.length ? [...groups, { id: 'other', title: 'Other settings', keys: rest }] : groups
}

/** Secrets are write-only: shown as set or not, never read back (the admin API masks them anyway). */
export const isSecretKey = (key: string) => /secret|privateKey|apiKey|apiToken|signingKey|botToken|password/i.test(key)

/** `accentColor` → 'Accent color'; `legal.privacyPolicyUrl` → 'Privacy policy URL'. */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\bUrl\b/g, 'URL')
    .replace(/\bUrls\b/g, 'URLs')
    .replace(/\bMfa\b/g, 'MFA')
    .replace(/\bSms\b/g, 'SMS')
    .replace(/\bId\b/g, 'ID')
    .toLowerCase()
    .replace(/\burl(s?)\b/g, 'URL$1')
    .replace(/\bmfa\b/g, 'MFA')
    .replace(/\bsms\b/g, 'SMS')
    .replace(/\boauth\b/g, 'OAuth')
    .replace(/\brpc\b/g, 'RPC')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
