/**
 * The on-ramp popup: opened synchronously inside the user's click (a popup opened after an await is
 * blocked), navigated once the server answered the provider's URL. Spec §9: 440×680.
 */
let popup: Window | null = null

export function openFundingPopup(): Window | null {
  const width = 440
  const height = 680
  const left = Math.max(0, (window.screenX ?? 0) + (window.outerWidth - width) / 2)
  const top = Math.max(0, (window.screenY ?? 0) + (window.outerHeight - height) / 2)
  popup = window.open('', 'gatehouse-funding', `width=${width},height=${height},left=${left},top=${top}`)
  return popup
}

/** The popup of the current flow: the one the click opened, else one opened now (a default method's flow). */
export function takeFundingPopup(): Window | null {
  const current = popup && !popup.closed ? popup : openFundingPopup()
  popup = null
  return current
}
