import './styles/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppParts } from './app/App.tsx'
import { applyStartupParams, unregisterServiceWorkers } from './app/startup.ts'
import { pageHashTarget } from './modules/landing/index.ts'

// Before the first render, so the landing never flashes for an old hash-router link.
const hashTarget = pageHashTarget(new URL(location.href))
if (hashTarget) history.replaceState(null, '', hashTarget)
applyStartupParams(new URL(location.href))
void unregisterServiceWorkers()

const root = document.getElementById('root')
if (root) {
  const parts = createAppParts()
  // A transition: React renders the first screen in slices, yielding to the browser between them,
  // instead of one long task that blocks input while the app starts.
  const mount = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App {...parts} />
        </StrictMode>,
      ),
    )
  // The server's static shell (server/bootShell.ts: the header bar, or on the landing the hero
  // title) is painted before the app takes over, and the script's evaluation and the first render
  // run as two tasks instead of one long one. On the landing the title then shows with the HTML,
  // not after the script ran. When a hash link moved the landing away, the app renders at once.
  if (location.pathname !== '/' && root.querySelector('.boot-landing')) {
    mount()
  } else {
    requestAnimationFrame(() => setTimeout(mount, 0))
  }
}
