// The widget's tags, as a host app imports them (resolved to the built dist/ bundles, see vite.config.js).
import 'gatehouse/elements'
import 'gatehouse/fund-button'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'

const root = document.getElementById('app')!
window.gatehouseEvents = []
createRoot(root).render(
  <StrictMode>
    <App appId={root.dataset.appId!} apiUrl={root.dataset.apiUrl!} />
  </StrictMode>,
)
