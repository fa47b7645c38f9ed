import { space as s } from '../../ui/theme.ts'

/** Styles of the confirmation screen; loaded with it, so the landing chunk carries none of them. */
export const txStyles = /* css */ `
.tx { position: relative; }
.tx-back { position: absolute; left: 0; top: 0; border: 0; background: none; font-size: var(--gh-font-size-lg); cursor: pointer; color: inherit; }
.tx-close {
  position: absolute; right: 0; top: 0; width: 32px; height: 32px; display: inline-flex; align-items: center; justify-content: center;
  border: 0; border-radius: var(--gh-radius-sm); background: none; color: var(--_muted); cursor: pointer;
}
.tx-close:hover { background: var(--_surface); }
.tx > .title { padding: 0 ${s(9)}; }
.tx-rows { margin: 0; display: flex; flex-direction: column; gap: ${s(1.5)}; text-align: left; font-size: var(--gh-font-size-md); }
.tx-row { display: flex; justify-content: space-between; gap: ${s(3)}; }
.tx-row dt { color: var(--_muted); }
.tx-row dd { margin: 0; font-weight: 500; text-align: right; word-break: break-all; }
.chain-icon { display: inline-flex; width: 16px; height: 16px; margin-right: ${s(1.5)}; vertical-align: -3px; }
.tx-row a, .tx-hash a { color: var(--_accent-text); }
.tx-details-toggle {
  align-self: flex-start; border: 0; background: none; padding: 0; color: var(--_accent-text); cursor: pointer;
  font-size: var(--gh-font-size-sm);
}
.tx-details { border-top: 1px solid var(--_border); padding-top: ${s(2)}; }
.tx-balance {
  display: flex; justify-content: space-between; border: 1px solid var(--_border); border-radius: var(--gh-radius-md);
  padding: ${s(2.5)} ${s(3)}; font-size: var(--gh-font-size-sm);
}
.tx-error-box { border: 1px solid var(--_error); border-radius: var(--gh-radius-sm); padding: ${s(2)}; }
.tx-hash { display: flex; gap: ${s(2)}; justify-content: center; align-items: center; font-size: var(--gh-font-size-sm); }
.tx-warning {
  margin: 0; padding: ${s(2)}; border-radius: var(--gh-radius-sm); background: var(--gh-warning-background);
  color: var(--gh-warning-foreground); font-size: var(--gh-font-size-sm);
}
.tx-malicious {
  padding: ${s(2)}; border-radius: var(--gh-radius-sm); background: var(--gh-error-background); color: var(--gh-error);
  font-size: var(--gh-font-size-sm); text-align: left;
}
.tx-malicious p { margin: 0 0 ${s(1.5)}; font-weight: 600; }
.tx-token-symbol { margin-right: ${s(1.5)}; }
.tx-copy { border: 0; background: none; color: var(--_accent-text); cursor: pointer; }
`
