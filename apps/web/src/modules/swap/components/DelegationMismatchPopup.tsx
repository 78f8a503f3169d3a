import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAnalyticsClient } from '../../analytics/index.ts'
import { Button } from '../../ui/index.ts'
import { hasDelegationMismatch } from '../services/delegationMismatch.ts'
import { callApi } from '../services/tradingApi.ts'
import { dismissMismatch, isMismatchDismissed } from '../state/mismatchDismissals.ts'
import { mismatchMessages as m } from './mismatchMessages.ts'
import { SwapDialog } from './SwapDialog.tsx'
import trade from './TradeBox.module.css'

/** The analytics event the spec's mismatch detection raises. */
export const MISMATCH_EVENT = 'smart_wallet_mismatch_detected'

/**
 * The spec's delegation mismatch (mounted only with the mismatch UX flag on): the connected wallet
 * is delegated on its current network but cannot batch atomically there. Detection raises the
 * mismatch event; the popup shows unless the user dismissed it for this address before, and it
 * never closes by itself: only the user's Got it (or Escape) dismisses it, for good.
 * The check is the one that hides gasless orders (same query, shared cache).
 */
export default function DelegationMismatchPopup(props: { address: `0x${string}`; chainId: number }) {
  const { address, chainId } = props
  const intl = useIntl()
  const analytics = useAnalyticsClient()
  const [dismissed, setDismissed] = useState(() => isMismatchDismissed(address))
  // Another account reads its own dismissal.
  useEffect(() => setDismissed(isMismatchDismissed(address)), [address])
  const mismatch = useQuery({
    queryKey: ['gasless-mismatch', address.toLowerCase(), chainId],
    queryFn: () => hasDelegationMismatch(chainId, address, callApi),
    staleTime: 30_000,
  })
  const detected = mismatch.data === true
  useEffect(() => {
    if (detected) analytics.track(MISMATCH_EVENT, { chainId })
  }, [detected, chainId, analytics])
  const dismiss = () => {
    dismissMismatch(address)
    setDismissed(true)
  }
  if (!detected || dismissed) return null
  return (
    <SwapDialog open onClose={dismiss} label={intl.formatMessage(m.title)} testId="delegation-mismatch">
      <div className={trade.dialogBody}>
        <h2 className={trade.dialogTitle}>{intl.formatMessage(m.title)}</h2>
        <p>{intl.formatMessage(m.body)}</p>
        <Button data-testid="delegation-mismatch-dismiss" onClick={dismiss}>
          {intl.formatMessage(m.dismiss)}
        </Button>
      </div>
    </SwapDialog>
  )
}
