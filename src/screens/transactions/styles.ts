/** Styles of the confirmation screen; loaded with it, so the landing chunk carries none of them. */
export const txStyles = `
.tx { position: relative; }
.tx-back { position: absolute; left: 0; top: 0; border: 0; background: none; font-size: 18px; cursor: pointer; color: inherit; }
.tx-rows { margin: 0; display: flex; flex-direction: column; gap: 6px; text-align: left; font-size: 14px; }
.tx-row { display: flex; justify-content: space-between; gap: 12px; }
.tx-row dt { color: var(--_muted); }
.tx-row dd { margin: 0; font-weight: 500; text-align: right; word-break: break-all; }
.tx-row a, .tx-hash a { color: var(--_accent-text, #585ED9); }
.tx-details-toggle { align-self: flex-start; border: 0; background: none; padding: 0; color: var(--_accent-text, #585ED9); cursor: pointer; font-size: 13px; }
.tx-details { border-top: 1px solid var(--_border, #e5e5ea); padding-top: 8px; }
.tx-balance { display: flex; justify-content: space-between; border: 1px solid var(--_border, #e5e5ea); border-radius: 10px; padding: 10px 12px; font-size: 13px; }
.tx-error-box { border: 1px solid var(--_error, #cc2a35); border-radius: 8px; padding: 8px; }
.tx-hash { display: flex; gap: 8px; justify-content: center; align-items: center; font-size: 13px; }
.tx-warning { margin: 0; padding: 8px; border-radius: 8px; background: #fff4e5; color: #8a4b00; font-size: 13px; }
.tx-malicious { padding: 8px; border-radius: 8px; background: #fdecec; color: var(--gh-error, #cc2a35); font-size: 13px; text-align: left; }
.tx-malicious p { margin: 0 0 6px; font-weight: 600; }
.tx-copy { border: 0; background: none; color: var(--_accent-text, #585ED9); cursor: pointer; }
`
