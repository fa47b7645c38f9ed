/**
 * Some of the spec's error texts name the product the spec was written from ('… before signing
 * with a Privy wallet', '… not in PrivyProvider chains list'). The host receives them verbatim (its
 * code may match on them); a screen shows them in our own words through this function, so no
 * visible text names another product.
 */
export function onScreen(text: string): string {
  return text
    .replace(/\bPrivyProvider chains list\b/g, 'configured chains')
    .replace(/\ba Privy wallet\b/gi, 'an embedded wallet')
    .replace(/\bPrivy\b/gi, 'embedded')
}
