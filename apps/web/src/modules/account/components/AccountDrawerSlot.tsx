import { lazy, Suspense } from 'react'
import { useAccountDrawerOpen } from '../../wallet/index.ts'

/**
 * The drawer (connect view and connected views) and the send form are one lazily loaded chunk: each
 * extra lazy entry point splits the modules the initial load shares with it into more small chunks.
 */
export const loadAccountDrawer = () => import('./AccountDrawer.tsx')
const AccountDrawer = lazy(() => loadAccountDrawer().then((module) => ({ default: module.AccountDrawer })))

/**
 * Where the header (and the landing's top bar) keeps the account drawer: nothing until it opens, so
 * the drawer's code stays out of the initial chunk and no closed drawer sits in the DOM.
 */
export function AccountDrawerSlot() {
  const open = useAccountDrawerOpen()
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <AccountDrawer />
    </Suspense>
  )
}
