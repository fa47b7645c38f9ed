import { Component, type ReactNode } from 'react'
import { GENERIC_ERROR } from '../flows/outcome.ts'
import { ErrorView } from './ErrorView.tsx'

interface Props {
  children?: ReactNode
  /** Called by the CTA; the parent navigates somewhere safe and re-keys the boundary. */
  onReset: () => void
}

/** The user never sees a blank modal or a stack trace: render errors and failed chunk loads end here. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error('[gatehouse] screen failed to render', error)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ErrorView
        {...GENERIC_ERROR}
        onCta={() => {
          this.setState({ failed: false })
          this.props.onReset()
        }}
      />
    )
  }
}
