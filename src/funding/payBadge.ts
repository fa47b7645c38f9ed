/** Spec §2: 'Pay with card' carries an Apple Pay or Google Pay badge where the browser can make a payment. */
export async function payBadge(): Promise<'Apple Pay' | 'Google Pay' | null> {
  const apple = (window as unknown as { ApplePaySession?: { canMakePayments(): boolean } }).ApplePaySession
  try {
    if (apple?.canMakePayments()) return 'Apple Pay'
  } catch {
    // Not allowed in this context (an iframe without permission).
  }
  if (typeof PaymentRequest !== 'function') return null
  try {
    const request = new PaymentRequest(
      [
        {
          supportedMethods: 'https://google.com/pay',
          data: {
            apiVersion: 2,
            apiVersionMinor: 0,
            allowedPaymentMethods: [{ type: 'CARD', parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['VISA', 'MASTERCARD'] } }],
          },
        },
      ],
      { total: { label: 'Total', amount: { currency: 'USD', value: '1.00' } } },
    )
    return (await request.canMakePayment()) ? 'Google Pay' : null
  } catch {
    return null
  }
}
