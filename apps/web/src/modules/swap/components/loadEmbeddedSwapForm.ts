/**
 * The embedded swap box's code (`EmbeddedSwapForm`, the token page's box): its own chunk, loaded
 * by the page that shows it, so neither that page's chunk nor / and /swap grow.
 */
export const loadEmbeddedSwapForm = () => import('./EmbeddedSwapForm.tsx')
