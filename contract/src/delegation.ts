/**
 * Delegated actions (spec part 3 `createDelegatedAction`; SECURITY.md "Delegated actions"): the
 * frame seals a secret's device share to the signing service's X25519 key with HPKE, and this
 * `info` names what the sealed share belongs to, so it opens for that secret and split only.
 */
export function delegationInfo(p: { appId: string; userId: string; entropyId: string; shareSet: string }): string {
  return `gatehouse:delegation:v1\n${p.appId}\n${p.userId}\n${p.entropyId}\n${p.shareSet}`
}

/** Only these chains delegate (spec part 3 §5). */
export const DELEGATION_CHAIN_TYPES = ['ethereum', 'solana'] as const
