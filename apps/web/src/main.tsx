import './styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { applyStartupParams, unregisterServiceWorkers } from './app/startup.ts'
import { pageHashTarget } from './modules/landing/index.ts'

// Before the first render, so the landing never flashes for an old hash-router link.
const hashTarget = pageHashTarget(new URL(location.href))
if (hashTarget) history.replaceState(null, '', hashTarget)
applyStartupParams(new URL(location.href))
void unregisterServiceWorkers()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
