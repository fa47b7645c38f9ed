import { createElement } from 'react'
import { PROPS, RENDER, reactElement } from './r2wc-base.ts'
import { equal, waitFor } from './testing/harness.ts'

// The tags write props and re-render through the registry symbols r2wc used (r2wc-base.ts keeps
// them): this fails first if the base class stops rendering from them.
const Base = reactElement(({ label }: { label?: string }) => createElement('span', null, label ?? ''), { label: 'string' })
class R2wcProbe extends Base {}
customElements.define('r2wc-probe', R2wcProbe)

describe('r2wc-base (the props and render symbols the tags rely on)', () => {
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

  it('reflects a prop property to its kebab-case attribute and back; removal and empty values leave the prop', async () => {
    const Probe = reactElement(({ someLabel }: { someLabel?: string }) => createElement('span', null, someLabel ?? ''), { someLabel: 'string' })
    customElements.define('r2wc-reflect-probe', class extends Probe {})
    const element = document.createElement('r2wc-reflect-probe') as InstanceType<typeof Probe> & { someLabel?: string }
    document.body.append(element)
    element.someLabel = 'from the property'
    equal(element.getAttribute('some-label'), 'from the property', 'the property sets the attribute')
    await waitFor(() => element.shadowRoot?.textContent === 'from the property', 'property rendered')
    element.setAttribute('some-label', '')
    element.removeAttribute('some-label')
    equal(element[PROPS].someLabel, 'from the property', 'an empty or removed attribute leaves the prop')
    element.remove()
    element.setAttribute('some-label', 'while detached')
    document.body.append(element)
    await waitFor(() => element.shadowRoot?.textContent === 'while detached', 'rendered again after reconnecting')
    element.remove()
  })
})
