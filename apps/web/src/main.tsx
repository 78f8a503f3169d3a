import './styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { hashRedirectTarget } from './app/hashRedirect.ts'
import { applyStartupParams, unregisterServiceWorkers } from './app/startup.ts'

const hashTarget = hashRedirectTarget(new URL(location.href))
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
