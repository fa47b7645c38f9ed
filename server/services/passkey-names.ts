/**
 * Display names of well-known passkey providers by AAGUID (from the community list
 * passkeydeveloper/passkey-authenticator-aaguids): the spec names a passkey 'authenticator on
 * browser'. Unknown or zero AAGUIDs (attestation 'none' often sends zeros) give null: the title
 * falls back to 'browser on OS'.
 */
const NAMES: Record<string, string> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
}

export function authenticatorName(aaguid: string | null | undefined): string | null {
  return (aaguid && NAMES[aaguid.toLowerCase()]) || null
}
