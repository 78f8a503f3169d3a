import { lazy, Suspense } from 'react'
import { useAccountDrawerOpen, useTransactionToasts } from '../../wallet/index.ts'

/**
 * The drawer (connect view and connected views) and the send form are one lazily loaded chunk: each
 * extra lazy entry point splits the modules the initial load shares with it into more small chunks.
 */
export const loadAccountDrawer = () => import('./AccountDrawer.tsx')
const AccountDrawer = lazy(() => loadAccountDrawer().then((module) => ({ default: module.AccountDrawer })))

const TransactionToasts = lazy(() =>
  import('./TransactionToasts.tsx').then((module) => ({ default: module.TransactionToasts })),
)

/** The transaction toasts: nothing (no code) until the app sends its first transaction. */
function TransactionToastHost() {
  const toasts = useTransactionToasts()
  if (toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <TransactionToasts />
    </Suspense>
  )
}

/**
 * Where the header (and the landing's top bar) keeps the account drawer: nothing until it opens, so
 * the drawer's code stays out of the initial chunk and no closed drawer sits in the DOM. The
 * transaction toasts live here too, as a lazy chunk of their own.
 */
export function AccountDrawerSlot() {
  const open = useAccountDrawerOpen()
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <AccountDrawer />
        </Suspense>
      ) : null}
      <TransactionToastHost />
    </>
  )
}
