import { createElement } from 'react'
import { PROPS, RENDER, reactElement } from './r2wc-base.ts'
import { equal, waitFor } from './testing/harness.ts'

// The tags write props and re-render through @r2wc's registry symbols, which are not its public
// API: this fails first if an @r2wc release renames them or stops rendering from them.
const Base = reactElement(({ label }: { label?: string }) => createElement('span', null, label ?? ''), { label: 'string' })
class R2wcProbe extends Base {}
customElements.define('r2wc-probe', R2wcProbe)

describe('r2wc-base (the @r2wc private symbols the tags rely on)', () => {
  it("keeps props under Symbol.for('r2wc.props') and re-renders from them through Symbol.for('r2wc.render')", async () => {
    const element = document.createElement('r2wc-probe') as R2wcProbe
    document.body.append(element)
    equal(PROPS, Symbol.for('r2wc.props'))
    equal(typeof element[PROPS], 'object', 'the props object sits under PROPS')
    equal(typeof element[RENDER], 'function', 'the render method sits under RENDER')

    element.setAttribute('label', 'from the attribute')
    await waitFor(() => element.shadowRoot?.textContent === 'from the attribute', 'attribute rendered')
    equal(element[PROPS].label, 'from the attribute', 'parsed attributes land in PROPS')

    element[PROPS].label = 'set through PROPS'
    element[RENDER]()
    await waitFor(() => element.shadowRoot?.textContent === 'set through PROPS', 'RENDER re-renders with the PROPS value')
    element.remove()
  })
})
